// The Generate view's issue-60 parts, fetched after the view's first paint (their code, styles and words are not in
// it): "Open GPT-2" (gpt2-opener.js), the inside view (inside-view.js) and the papers on the model written with
// (gpt2-papers.js). Here only their places on the page, and what the view tells them; each is fetched when the
// first of the places nears the screen, or at once when the address names an inside part.
import { element } from '../common/controls.js';
import { watchNearScreen } from '../common/draw-when-visible.js';
import { busyStatuses } from '../common/worker-run.js';
import { afterNextPaint } from '../common/next-task.js';
import { loadMessages } from '../i18n/messages.js';
import { gpt2RefusalText } from './refusal-text.js';

export class Gpt2Parts {
  /** @param {import('./generate-view.js').GenerateView} view */
  constructor(view) {
    this.view = view;
    this.places = {
      gpt2: element('div', { id: 'generate-gpt2-place' }),
      inside: element('div', { id: 'generate-inside-place' }),
      papers: element('div', { id: 'generate-papers-place' }),
    };
    this.parts = null; // once fetched: { opener, inside, papers }
    this.loading = null;
    this.generation = null;
    const now = view.state.inside || view.state.gpt2; // an inside part, or GPT-2's folder, named by the address
    const due = now ? [afterNextPaint()] : Object.values(this.places).map((p) => watchNearScreen(p).near);
    void Promise.race(due).then(() => view.settling.during(this.load()));
  }

  /** The parts, fetched and built once (resolves when they are on the page). */
  load() {
    this.loading ??= Promise.all([
      import('./gpt2-opener.js'),
      import('./inside-view.js'),
      import('./gpt2-papers.js'),
      import('./gpt2-text.js'),
      loadMessages('generateGpt2'),
      loadMessages('inside'),
    ]).then(([{ Gpt2Opener, openGpt2InWorker }, { InsideView }, { PapersPanel }, { gpt2Text }]) => {
      const { view } = this;
      const { errors } = view;
      const opener = new Gpt2Opener({
        errorPlace: errors.places.gpt2,
        showError: (error) => errors.show(error, 'gpt2', gpt2RefusalText),
        hideError: () => errors.hide(),
        open: (files, watch) =>
          view.openInWorker(
            (session) => openGpt2InWorker(session, files, watch),
            (config) => gpt2Text.opened(config, files.folder ?? files.weights.name ?? 'model.safetensors'),
            (error) => {
              if (!watch.signal.aborted) errors.show(error, 'gpt2', gpt2RefusalText);
            },
          ),
      });
      const inside = new InsideView({
        ask: (...args) => view.session.ask(...args),
        onChange: (changes) => view.set(changes),
        onError: (error) => errors.show(error, 'inside'),
        settling: view.settling,
      });
      const papers = new PapersPanel({
        ask: (...args) => view.session.ask(...args),
        onError: (e) => errors.show(e, 'papers'),
      });
      this.places.gpt2.replaceChildren(opener.element);
      this.places.inside.replaceChildren(inside.element);
      this.places.papers.replaceChildren(papers.element);
      this.parts = { opener, inside, papers };
      this.update();
      // GPT-2 from the folder the address names (an embedding page's link), resolved against the page: the worker's
      // own address is another
      if (view.state.gpt2) void opener.openFolder(new URL(view.state.gpt2, location.href).href);
    });
    return this.loading;
  }

  /** The view's model or writing changed (generate-view.js's render and the writing's): the parts follow. */
  update() {
    if (!this.parts) return;
    const { view } = this;
    const { generation } = view.writer;
    const gpt2 = view.opened?.config.architecture === 'gpt2' && !view.run;
    const wasOpen = this.parts.opener.element.dataset.state === 'open';
    this.parts.opener.modelChanged(gpt2, busyStatuses.includes(view.element.dataset.status));
    // the address stops naming GPT-2's folder once the model written with is another
    if (wasOpen && !gpt2 && view.state.gpt2 !== null) view.set({ gpt2: null });
    this.parts.inside.update({ state: view.state, generation, ready: view.ready && !view.opening });
    this.parts.papers.update({ generation, ready: view.ready && !view.opening });
  }
}

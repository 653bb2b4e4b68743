// "Attention, step by step": the lecture notes' pipeline on editable matrices. Every control redraws every
// stage at once (the first render alone goes a step per task); all arithmetic runs in the wasm module
// (step-compute.js → web/lib). This file holds the state and the rendering; its parts are the controls
// (step-controls.js), the inputs (step-inputs.js) and the stages (stage-blocks.js, drawn with stage-maps.js).
import { computeStages } from './step-compute.js';
import { watchNearScreen } from '../common/draw-when-visible.js';
import { nextTask, widthInNextFrame } from '../common/next-task.js';
import { element, keepChildren } from '../common/controls.js';
import { Settling } from '../common/settled.js';
import { saveView } from './export.js';
import { partsAtOnce, partsInSlices } from '../drawing/heatmap.js';
import { StageBlocks } from './stage-blocks.js';
import { StepControls } from './step-controls.js';
import { StepInputs } from './step-inputs.js';
import { defaultState, resize } from './step-state.js';
import { t } from '../i18n/messages.js';

export class StepView {
  /**
   * @param {{ api: import('../../lib/index.js').Attention | Promise<import('../../lib/index.js').Attention>
   *           | (() => Promise<import('../../lib/index.js').Attention>),
   *           state: object, notice: string | null, onStateChange: (state: object) => void }} options
   *   `api`: the module, its promise, or a function that loads it (called when the stages are first drawn; the
   *   controls and inputs are shown before)
   */
  constructor({ api, state, notice, onStateChange }) {
    this.api = null; // the stages wait for it; the controls and inputs do not
    this.loadApi = typeof api === 'function' ? api : () => api;
    this.apiReady = null; // asked for when the stages are first drawn
    this.state = state;
    this.onStateChange = onStateChange;
    this.lastStages = null; // what the exports save
    const set = (changes) => this.set(changes);
    this.controls = new StepControls({
      set,
      resizeTo: (changes) => this.resizeTo(changes),
      randomise: () => this.#randomise(),
      restore: () => this.#restore(),
      save: (format) => this.#save(format),
    });
    this.inputs = new StepInputs({ onEdit: (name, values) => this.set({ [name]: values }) });
    this.stageBlocks = new StageBlocks({ getState: () => this.state, set });
    this.element = element('section', { id: 'step-view', className: 'view', 'aria-labelledby': 'step-view-title' });
    this.settling = new Settling(this.element); // busy while the stages are drawn (the first time, a step per task)
    this.notice = element('p', { className: 'notice', role: 'status', hidden: !notice, textContent: notice ?? '' });
    this.errorLine = element('p', { className: 'error', role: 'alert', hidden: true });
    this.stages = element('div', { className: 'stages' });
    this.element.append(
      element('h2', { id: 'step-view-title', textContent: t('steps.view.title') }),
      this.notice,
      this.controls.element,
      this.errorLine,
      this.inputs.element,
      this.stages,
    );
    // The maps' sizes follow the stages' width (read here and before the first render, never during a render,
    // where it would force a layout); their height changes with every render and needs nothing. Until the first
    // render has finished, the observer only notes the width (a redraw then would undo the first render's slices).
    this.stagesWidth = 0;
    this.rendered = false;
    new ResizeObserver(() => {
      const width = Math.round(this.stages.getBoundingClientRect().width); // layout is clean here: no cost
      if (width === this.stagesWidth) return;
      this.stagesWidth = width;
      if (this.rendered) this.render();
    }).observe(this.stages);
  }

  // ---- state changes ----

  set(changes) {
    this.state = { ...this.state, ...changes };
    this.onStateChange(this.state);
    this.render();
  }

  resizeTo(changes) {
    this.state = resize(this.state, changes);
    this.onStateChange(this.state);
    this.render();
  }

  #randomise() {
    const randomInts = (n) => Array.from({ length: n }, () => Math.floor(Math.random() * 5) - 2);
    const changes = {};
    for (const name of ['x', 'wq', 'wk', 'wv', 'wo']) changes[name] = randomInts(this.state[name].length);
    this.inputs.clearMessages();
    this.set(changes);
  }

  #restore() {
    const { digits } = this.state;
    this.notice.hidden = true;
    this.inputs.clearMessages();
    this.set({ ...defaultState(), digits });
  }

  #save(format) {
    if (this.lastStages)
      saveView(format, {
        state: this.state,
        stages: this.lastStages,
        pictures: () => this.stageBlocks.maps.pictures(this.stages),
      });
  }

  // ---- rendering ----

  render() {
    this.settling.after(() => partsAtOnce(this.#renderParts()));
    this.rendered = true;
  }

  /**
   * The first render, a part per task (controls and inputs at once, then, with the module, each step's maps), so
   * that opening the view never blocks the page for long; the maps are sized to the stages' width read once,
   * before any is drawn. Rejects if the module does not load.
   */
  renderInSlices() {
    return this.settling.during(() => this.#renderInSlices());
  }

  async #renderInSlices() {
    this.#renderParts().next(); // the controls and the inputs, at once: they need no module
    const { onScreen, near } = watchNearScreen(this.stages);
    if (await onScreen) return this.#firstStages();
    // Below the screen (a phone shows the controls and the inputs first): the module loads and the stages are
    // drawn when the person scrolls towards them.
    near.then(() => this.settling.during(() => this.#firstStages())).catch((error) => this.#say(error));
  }

  /** A failure no caller is waiting for (the module, asked for when the person scrolled): said on the page. */
  #say(error) {
    this.errorLine.textContent = t('steps.view.stagesError', { message: error.message });
    this.errorLine.hidden = false;
  }

  async #firstStages() {
    this.apiReady ??= Promise.resolve(this.loadApi()).then((loaded) => {
      this.api = loaded;
    });
    await this.apiReady;
    this.stagesWidth = await widthInNextFrame(this.stages);
    await nextTask();
    const parts = this.#renderParts(); // the inputs as they are now (they may have changed while waiting)
    parts.next();
    await partsInSlices(parts, () => !this.element.isConnected); // stopped if replaced (an element given new inputs)
    this.rendered = true;
  }

  *#renderParts() {
    const s = this.state;
    this.controls.sync(s);
    this.inputs.update(s);
    yield;
    if (!this.api) return; // the first render computes the stages once the module is here

    let stages;
    try {
      stages = computeStages(this.api, s);
      this.errorLine.hidden = true;
    } catch (error) {
      this.errorLine.textContent = error.message; // e.g. a value the module refuses: say so, keep the page
      this.errorLine.hidden = false;
      return;
    }
    this.lastStages = stages;
    // One head: the four steps fit two by two on a wide screen, each step's controls and maps in view together.
    this.stages.classList.toggle('stages-two-by-two', s.heads === 1);
    const blocks = [];
    const fromEmpty = this.stages.children.length === 0; // a first render shows each step as it is drawn
    for (const drawStep of this.stageBlocks.steps(stages, this.stagesWidth)) {
      blocks.push(drawStep());
      if (fromEmpty) this.stages.append(blocks.at(-1));
      yield;
    }
    keepChildren(this.stages, blocks);
  }
}

// The Generate view's writing: the model written with writes the prompt on (again shortly after a setting changes),
// the strip and the chosen token's details are drawn from it, the model's own distribution at a token is asked for,
// and the same writing is timed with the cache and without. Its own file because the writing is one job; the view
// (generate-view.js) holds the state, the run and which model is open.
import { generationOptions } from './generate-state.js';
import { generationTime } from './generate-text.js';
import { headWeights } from './generation-maps.js';

export class Writing {
  /** @param {import('./generate-view.js').GenerateView} view */
  constructor(view) {
    this.view = view;
    this.generation = null; // the last generation, with the options and prompt it was written with
    this.answer = undefined; // the model's own distribution at the chosen token (undefined: not yet known)
    this.writing = null; // the write under way (a promise), and whether another was asked for meanwhile
    this.writeAgain = false;
    this.writeTimer = undefined;
  }

  /** Writes again shortly after the last change (typing a prompt or dragging a slider asks for one write). */
  soon() {
    clearTimeout(this.writeTimer);
    if (!this.view.ready) return this.view.settling.hold('write soon', false);
    this.view.settling.hold('write soon', true);
    this.writeTimer = setTimeout(() => {
      void this.write();
      this.view.settling.hold('write soon', false);
    }, 150);
  }

  /** Writes with the current settings; a write asked for while one is under way follows it. */
  write() {
    return this.view.settling.during(() => this.#now());
  }

  async #now() {
    if (!this.view.ready) return;
    if (this.writing) {
      this.writeAgain = true;
      return this.writing;
    }
    const options = this.#options();
    const { prompt } = this.view.state;
    const { run } = this.view;
    this.view.element.dataset.writing = 'writing';
    this.writing = this.view.session
      .ask('generate', prompt, options)
      .then((result) => {
        if (run !== this.view.run) return; // a new run started meanwhile: this was the old model's writing
        this.generation = { ...result, options, prompt };
        this.answer = undefined;
        this.view.controls.showComparison(null); // a comparison of other settings would be read as this one's
        delete this.view.element.dataset.compared;
        const last = result.steps.length - 1;
        if (this.view.state.step > last) {
          this.view.state = { ...this.view.state, step: last }; // a shorter generation: its last token is the one shown
          this.view.onStateChange(this.view.state);
        }
        this.view.errors.hide();
        this.view.element.dataset.written = String(Number(this.view.element.dataset.written) + 1);
      })
      .catch((error) => this.view.errors.show(error, 'writing'))
      .finally(() => {
        this.writing = null;
        this.view.element.dataset.writing = 'done';
      });
    await this.writing;
    this.render();
    if (this.writeAgain) {
      this.writeAgain = false;
      return this.#now();
    }
    await this.askModelDistribution();
  }

  /** The model's own distribution at the chosen token, asked of the worker (drawn-from already is, at temperature 1). */
  async askModelDistribution() {
    const { generation } = this;
    const { state } = this.view;
    if (!generation || !generation.steps[state.step]) return;
    const { decoding, outputTemperature, topK, topP } = generation.options;
    if (decoding === 'sample' && outputTemperature === 1 && topK === 0 && topP === 1) {
      this.answer = { top: generation.steps[state.step].top, exact: true, same: true };
    } else {
      this.answer = undefined;
      const answer = await this.view.session.ask('modelDistribution', generation.id, state.step).catch(() => null);
      if (generation !== this.generation || state.step !== this.view.state.step) return; // asked again since
      this.answer = answer;
    }
    this.render({ strip: false }); // the strip has not changed: only the token's details
  }

  /**
   * lm.generate()'s options for the view's settings, and its threads: the count the view trains on (generate.threads,
   * or this machine's default; one where the page is not isolated) shares each token's large products too.
   */
  #options() {
    return { ...generationOptions(this.view.state), threads: this.view.session.trainingThreads() };
  }

  async compare() {
    if (!this.view.ready) return;
    this.view.controls.showComparison(null);
    delete this.view.element.dataset.compared;
    const { generation } = this;
    try {
      const result = await this.view.session.ask('compare', this.view.state.prompt, this.#options());
      this.view.controls.showComparison(result);
      // The same writing timed again: the line by the strip says the comparison's time, not the older one.
      if (generation && generation === this.generation) generation.comparison = result;
      this.render();
      this.view.element.dataset.compared = result.sameText ? 'same' : 'different';
    } catch (error) {
      this.view.errors.show(error, 'writing');
    }
  }

  /** The strip and the chosen token's details, for the last generation (nothing before the first). */
  render({ strip = true } = {}) {
    const { generation } = this;
    const { state } = this.view;
    if (strip) this.view.strip.update(generation, state.step);
    if (strip) this.view.gpt2.update();
    this.view.details.element.hidden = this.view.stripHint.hidden = !generation;
    this.view.time.textContent = generation ? generationTime(generation) : '';
    if (!generation) return;
    const { config } = generation;
    // The layer and head shown are the generation's model's (the state may already describe the next run's).
    const [layer, head] = [Math.min(state.layer, config.layers - 1), Math.min(state.head, config.heads - 1)];
    const shown = { step: state.step, layer, head };
    const { windowStart } = generation.steps[shown.step];
    if (strip)
      this.view.strip.showAttention(
        windowStart,
        headWeights(generation, shown.step, { ...shown, heads: config.heads }),
      );
    const { answer } = this;
    const { width: maxWidth } = this.view; // drawn near the screen, in a task of its own (a phone shows the writing)
    this.view.detailsDrawing.request(() => this.view.details.update(generation, shown, { answer, maxWidth }));
    if (state.part === 'cache') this.view.part.showCache(generation);
  }
}

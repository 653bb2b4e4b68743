// "Generate": our model (trained on Pride and Prejudice) writes as the view opens, token by token, with every step's
// distribution, attention and key/value cache; below, train one in this tab on a text, then induction heads forming
// (induction-panel.js) and attention sinks (sinks-panel.js). Training and writing run in a Web Worker
// (generate-worker.js), so the page stays responsive; this file holds the view together (the state, the run's life,
// the writing) and its parts each have their own file.
import './generate.css'; // the view's own styles, downloaded with it
import { element } from '../common/controls.js';
import { CorpusFields, sameTokenizer } from './corpus-fields.js';
import { applyChanges, generationOptions, savedState, trainerOptions } from './generate-state.js';
import { GenerateSession } from './generate-session.js';
import { busyStatuses } from '../common/worker-run.js';
import { downloadBytes } from '../common/download.js';
import { hints, labels, languageModelFileName, openedFileText, trainedModelText } from './generate-text.js';
import { GenerationControls } from './generation-controls.js';
import { Writing } from './generate-writing.js';
import { InductionPanel } from './induction-panel.js';
import { LanguageModelRun } from './language-model-run.js';
import { ModelFields } from './model-fields.js';
import { SinksPanel } from './sinks-panel.js';
import { StepDetails } from './step-details.js';
import { fetchAusten, fetchTrainedModel, trainedModel } from './shipped-files.js';
import { TokenStrip } from './token-strip.js';
import { TokenizerPreview } from './tokenizer-preview.js';
import { TrainingPanel } from './training-panel.js';
import { RunKeeper } from './run-keeper.js';
import { openedSavedText } from './saved-models-text.js';
import { YourLanguageModels } from './your-language-models.js';
import { ErrorLine } from './error-line.js';
import { Settling } from '../common/settled.js';
import { DrawWhenVisible, watchNearScreen } from '../common/draw-when-visible.js';
import { afterNextPaint } from '../common/next-task.js';
import { LessonPart } from './lesson-parts.js';
import { ModelFileControls } from './model-file-controls.js';
import { generateLayout } from './generate-layout.js';
import { Gpt2Parts } from './gpt2-parts.js';
import { threadsInUse } from '../common/threads-field.js';

// The settings a generation depends on: changing one writes again.
const writingKeys = ['prompt', 'tokens', 'temperature', 'topK', 'topP', 'seed', 'cache'];
const choiceKeys = ['step', 'layer', 'head'];
// What the tokenizer's summary and the parameter count depend on: a change of one is previewed (tokenizer-preview.js).
const previewKeys = ['corpus', 'ownText', 'tokenizer', 'merges', 'dModel', 'heads', 'kvHeads', 'layers', 'positions'];

export class GenerateView {
  /** @param {{ state: object, onStateChange: (state: object) => void }} options */
  constructor({ state, onStateChange }) {
    this.state = state;
    this.onStateChange = onStateChange;
    this.session = new GenerateSession(() => threadsInUse(this.state.threads));
    this.preview = new TokenizerPreview({
      ask: (options) => this.session.ask('preview', { ...options, threads: this.session.trainingThreads() }),
      onChange: () => this.render(),
    });
    this.run = null;
    this.opened = null; // an opened model's shape, tokenizer and steps (ours, or a file's), until a run replaces it
    this.opening = false; // from a click on "write with our model" (or a file chosen) until it is open or refused
    this.lastOpening = null; // the promise of the last opening that started, until it has written
    this.launching = false; // from a Start click until its run exists (the text may be on its way)
    this.launches = 0; // Start clicks so far: an opening of our model overtaken by one gives way
    this.writer = new Writing(this); // the writing, its strip and its details (generate-writing.js)
    this.width = 900; // what the maps may use, kept up to date without reading layout while drawing

    const set = (changes) => this.#set(changes);
    this.set = set;
    this.corpusFields = new CorpusFields({ onChange: set });
    this.modelFields = new ModelFields({ onChange: set });
    this.trainingPanel = new TrainingPanel({
      onStart: () => void this.#startOrStop(),
      onReset: () => void this.#reset(),
      onKeepBest: (keepBest) => {
        this.#set({ keepBest });
        if (this.run?.info) this.keeper.update(this.run); // saved again, at the step now chosen
      },
    });
    this.controls = new GenerationControls({
      onChange: set,
      onWrite: () => void this.writer.write(),
      onCompare: () => void this.settling.during(this.writer.compare()),
    });
    this.strip = new TokenStrip({ label: labels.strip, onChoose: (step) => this.#set({ step }) });
    this.details = new StepDetails({ onChange: set });
    this.detailsDrawing = new DrawWhenVisible(this.details.element);
    this.errors = new ErrorLine(); // said beside the control whose action failed
    this.part = new LessonPart();
    this.modelFiles = new ModelFileControls({
      onOpenTrained: () => void this.#openTrained(),
      onOpenFile: (file) => void this.#openFile(file),
      onDownload: () => void this.#download(),
    });
    this.time = element('p', { id: 'generate-time', className: 'hint' });
    this.stripHint = element('p', { className: 'hint', textContent: hints.strip });
    // An experiment's failure is said; one that leaves the worker unusable lets it go (the next ask starts another).
    const experimentFailed = (place) => (error) => {
      this.session.dropAfter(error);
      this.#showError(error, place);
    };
    this.induction = new InductionPanel({ session: this.session, onError: experimentFailed('induction') });
    this.sinks = new SinksPanel({ session: this.session, onChange: set, onError: experimentFailed('sinks') });
    this.yourModels = new YourLanguageModels({
      onWrite: (item, files) => this.#writeWithSaved(item, files),
      onContinue: (item, files) => this.#continueSaved(item, files),
    });
    this.keeper = new RunKeeper({
      list: this.yourModels,
      isCurrent: (run) => run === this.run,
      keepBest: () => this.state.keepBest,
    });
    this.gpt2 = new Gpt2Parts(this); // Open GPT-2, the inside view, the papers: fetched after the first paint
    this.element = generateLayout(this);
    this.element.dataset.written = '0';
    this.settling = new Settling(this.element); // busy while a run, an opening or a writing is under way
    this.#openFirst();
    void this.yourModels.open(); // says its own failure
    new ResizeObserver(([entry]) => {
      const width = Math.round(entry.contentRect.width) || 900;
      if (Math.abs(width - this.width) < 16) return;
      this.width = width;
      this.writer.render();
    }).observe(this.element);
    this.render();
  }

  // ---- state ----

  #set(changes) {
    const before = this.state;
    this.state = applyChanges(this.state, changes);
    this.onStateChange(this.state);
    if (previewKeys.some((key) => key in changes && changes[key] !== before[key])) this.preview.request(this.state);
    // A token, layer or head chosen changes only the strip and the details: the forms and charts stay as drawn.
    if (!Object.keys(changes).every((key) => choiceKeys.includes(key))) this.render();
    if (writingKeys.some((key) => key in changes && changes[key] !== before[key])) this.writer.soon();
    else if (choiceKeys.some((key) => key in changes)) {
      if (this.state.step !== before.step) void this.settling.during(this.writer.askModelDistribution());
      this.writer.render();
    }
  }

  get #status() {
    return this.launching ? 'starting' : (this.run?.status ?? 'idle');
  }

  /** Whether there is a model to write with: a run's, trained a step and answering; before a run has one, the opened. */
  get ready() {
    if (!this.run?.info) return this.opened !== null;
    return this.run.step > 0 && this.run.status !== 'failed';
  }

  // ---- the run ----

  async #startOrStop() {
    const status = this.#status;
    if (status === 'running') return this.run.pause();
    if (status === 'paused') return this.run.resume();
    if (status === 'starting' || status === 'pausing') return;
    const own = this.state.corpus === 'own';
    await this.#launch(async () => {
      const corpus = own ? this.state.ownText : await fetchAusten();
      return {
        options: { ...trainerOptions(this.state, corpus), threads: this.session.trainingThreads() },
        kept: { corpus: this.state.corpus, text: own ? corpus : null, options: null },
      };
    });
  }

  /** Continues a saved run where its last save left it (web/lib's createTrainer({ resume })), its settings shown. */
  async #continueSaved({ id, entry }, files) {
    if (this.opening || busyStatuses.includes(this.#status)) return;
    this.#set(savedState(entry, files.text));
    // An unfinished run trains to the end of its schedule; a finished one for as many steps again as its first run.
    const steps = entry.status === 'finished' ? entry.step + entry.options.steps : entry.steps;
    const saved = { ...entry, losses: Array.from(entry.losses) };
    await this.#launch(async () => {
      const corpus = files.text ?? (await fetchAusten());
      return {
        options: { task: { corpus }, resume: files.checkpoint, steps, threads: this.session.trainingThreads() },
        kept: { id, corpus: entry.corpus, text: files.text, options: entry.options },
        saved,
      };
    });
  }

  /**
   * Starts a run in the worker from what `prepare()` resolves to, once its text is there. The model written with
   * stays (its strip, Write) until the run has its own: a refused start (a text too short) leaves it.
   */
  async #launch(prepare) {
    this.launching = true;
    this.launches += 1;
    this.errors.hide();
    this.render();
    let prepared;
    try {
      prepared = await prepare();
    } catch (error) {
      this.launching = false;
      this.render();
      this.#showError(error, 'training');
      return;
    }
    this.session.start();
    this.run = new LanguageModelRun({
      worker: this.session,
      options: prepared.options,
      saved: prepared.saved ?? null,
      // The live sample writes with the learner's settings, a hundred tokens at the most.
      sampleRequest: () => ({
        prompt: this.state.prompt,
        options: { ...generationOptions(this.state), tokens: Math.min(this.state.tokens, 100), top: 1 },
      }),
      onUpdate: (run) => this.#runUpdated(run),
      kept: prepared.kept,
    });
    this.replacing = this.run;
    this.launching = false;
    await this.run.start();
  }

  #runUpdated(run) {
    if (run !== this.run) return;
    if (run.status === 'failed') {
      this.#showError(run.error, 'training');
      if (this.session.dropAfter(run.error)) this.#forgetModel(); // the worker, and the model in it, let go
    }
    if (run.info && this.replacing === run) {
      this.replacing = null; // its trainer has replaced the model written with, in the worker
      this.#forgetModel();
    }
    if (run.info) this.keeper.update(run);
    const settled = this.settling.begin(); // not settled between the run's end and its model's writing
    this.render();
    // A stopped or finished run's model writes at once.
    if ((run.status === 'paused' || run.status === 'done') && this.ready) void this.writer.write();
    settled();
  }

  /** Forgets the model written with and its writing (the worker let it go). */
  #forgetModel() {
    this.opened = null;
    this.writer.generation = null;
    this.writer.render();
  }

  async #reset() {
    const { run } = this;
    if (!run && !this.opened) return;
    await this.#endRun();
    this.#forgetModel();
    if (run?.status === 'failed') this.session.drop();
    else if (this.session.started) await this.session.ask('dispose').catch(() => this.session.drop());
    this.render();
  }

  /** Stops the run, if any, and forgets it once it has settled. */
  async #endRun() {
    const { run } = this;
    if (!run) return;
    run.pause();
    await run.settled();
    this.run = null;
  }

  /** Opens the model the site ships (trained on Pride and Prejudice) in the worker, in place of any run, and writes. */
  #openTrained(automatic = false) {
    const describe = (config) => trainedModelText(config, trainedModel);
    return this.#openModel(fetchTrainedModel, trainedModel.steps, describe, automatic);
  }

  /**
   * The view's first minute: once the writing is on screen (its weights fetched after the first paint), our model
   * opens and writes, unless a run has started by then, and a lesson's part (`part`) is drawn and scrolled to.
   */
  #openFirst() {
    const ask = (...args) => this.session.ask(...args);
    const onError = (error) => this.#showError(error);
    // On a phone the writing is below the introduction: our model comes when the learner does (a lesson's part: now).
    const due = this.state.part ? afterNextPaint() : watchNearScreen(this.controls.element).near;
    void due.then(() =>
      this.settling.during(async () => {
        // GPT-2's folder named by the address is opened instead (gpt2-parts.js)
        if (!this.run && !this.opened && !this.launching && !this.state.gpt2) await this.#openTrained(true);
        if (this.writer.generation)
          await this.part.land(this.state, { ask, causal: this.details.causal.element, onError });
      }),
    );
  }

  /** Opens a model kept in this browser, in place of any run, and writes with it. */
  #writeWithSaved({ entry }, files) {
    const describe = () => openedSavedText(entry);
    return this.#openModel(async () => files.weights, entry.step, describe);
  }

  /** Opens a weight file the learner chose (a download of this view's, or anyone's), in place of any run. */
  #openFile(file) {
    const read = async () => new Uint8Array(await file.arrayBuffer());
    return this.#openModel(read, null, (config) => openedFileText(config, file.name));
  }

  /**
   * Opens `read()`'s weight file in the worker, in place of any run (its trainer and weights are let go), trained for
   * `trainedSteps` (null: not known), says what it is with `describe(config)`, and writes with it. A refused file is
   * said, and leaves no model. An `automatic` opening (the view's first) gives way to a Start clicked meanwhile.
   */
  #openModel(read, trainedSteps, describe, automatic = false, how = {}) {
    const free = !this.opening;
    const opening = this.settling.during(() => this.#openAndWrite(read, trainedSteps, describe, automatic, how));
    if (free && this.opening) this.lastOpening = opening; // this call's opening (not one refused as another's under way)
    return opening;
  }

  /**
   * Opens the model `openIn(session)` opens in the worker (GPT-2 from the learner's files: gpt2-opener.js), in place
   * of any run, says it with `describe(config)` and writes with it; `onError` says a refusal. Answers whether it
   * opened.
   */
  async openInWorker(openIn, describe, onError) {
    // Files chosen while another model opens (ours, which the view opens by itself as it nears the screen) wait until
    // it is open and written with: refused as busy, the learner's choice ended with nothing said (seen in Firefox).
    while (this.opening) await this.lastOpening;
    const how = { openIn: () => openIn(this.session), onError };
    return (await this.#openModel(async () => null, null, describe, false, how)) === true;
  }

  async #openAndWrite(read, trainedSteps, describe, automatic, { openIn = null, onError = null }) {
    if (this.opening || busyStatuses.includes(this.#status)) return;
    this.opening = true;
    this.errors.hide();
    this.render();
    const launches = this.launches;
    const overtaken = () => automatic && this.launches !== launches;
    let done = false;
    try {
      const weights = await read();
      if (overtaken()) return;
      await this.#endRun();
      this.writer.generation = null;
      this.opened = null; // the worker lets the model it had go, whether or not this one opens
      const opened = await (openIn ? openIn() : this.session.ask('open', weights, trainedSteps));
      if (overtaken()) return;
      this.opened = { ...opened, trainedSteps, description: describe(opened.config) };
      done = true;
    } catch (error) {
      if (onError) onError(error);
      else this.#showError(error);
      this.session.dropAfter(error);
    } finally {
      this.opening = false;
      this.render();
      this.writer.render();
    }
    if (this.ready) await this.writer.write();
    return done;
  }

  /** Downloads the weights the view writes with. */
  async #download() {
    if (!this.ready) return;
    try {
      const bytes = await this.session.ask('save');
      const { run } = this; // a run without its model yet (or refused) leaves the opened one written with
      const [config, step] = run?.info ? [run.info.config, run.step] : [this.opened.config, this.opened.trainedSteps];
      // named by the time of the download: two runs (or two saved ones opened) of one shape never share a name
      downloadBytes(bytes, languageModelFileName(config, step, Date.now()));
    } catch (error) {
      this.#showError(error);
    }
  }

  /** The worker started while the learner reads the view (web/src/common/worker-connection.js's warmWhenUsed). */
  prepare() {
    this.session.warmWhenUsed(this.element, { during: (warming) => this.settling.during(warming) });
  }

  /**
   * Says `error` beside the control whose action failed (the writing's unless said), brought into view.
   * @param {import('./error-line.js').ErrorPlace} [place]
   */
  #showError(error, place = 'writing') {
    this.errors.show(error, place);
  }

  // ---- drawing ----

  render() {
    const { state, run } = this;
    const status = this.#status;
    const busy = busyStatuses.includes(status);
    // the run's tokenizer and model while the form asks for them, else the form's own preview (if it has come)
    const info = [run?.info, this.preview.info].find((known) => known && sameTokenizer(known, state)) ?? run?.info;
    this.corpusFields.render(state, { busy, info: info ?? null });
    this.modelFields.render(state, { busy, info: info ?? null });
    this.trainingPanel.render(run, status, state);
    this.sinks.render(state);
    const ready = this.ready;
    this.controls.render(state, { ready });
    this.yourModels.setBusy(this.opening || busy);
    const runModel = Boolean(run?.info) || (run !== null && !this.opened); // the model written with is the run's
    const opened = this.opened && !runModel ? this.opened.description : null;
    this.modelFiles.render({ ready, busy: this.opening || busy, opened });
    this.element.dataset.status = status;
    this.settling.hold('run', ['starting', 'running', 'stopping'].includes(status));
    this.element.dataset.model = runModel ? 'trained-here' : this.opened ? 'opened' : 'none';
    this.element.dataset.step = String(run?.step ?? 0);
    this.gpt2.update();
  }
}

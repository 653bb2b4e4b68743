// "Train": train the translator in this tab and watch cross-attention go from uniform noise to a word
// alignment. Training runs in a Web Worker (train-worker.js) through web/lib's createTrainer, so the page
// stays responsive; this view only draws what the run reports (training-run.js) and never computes.
import * as Comlink from 'comlink';
import {
  backends,
  resolveBackend,
  startWorker,
  supportsRelaxedSimd,
  supportsSimd,
  supportsThreads,
} from '../../lib/index.js';
import { button, element, labelled, select, setOptions, hasFocus } from '../common/controls.js';
import { formatCount, formatNumber, formatWeight } from '../common/format.js';
import { crossAttentionMap, drawingInSlices, Heatmap } from '../drawing/heatmap.js';
import { LineChart } from '../drawing/line-chart.js';
import { ExtrapolationExperiment } from './extrapolation/extrapolation-experiment.js';
import { headName, kvHeadsOptionText } from '../translation/head-names.js';
import { drawSmallMap } from '../drawing/small-map.js';
import { firstSource, samplePairs } from './sample-pairs.js';
import {
  ablationNames,
  effectiveHeads,
  effectiveKvHeads,
  formatDuration,
  isLanguageTask,
  isSequenceTask,
  kvHeadChoices,
  snapshotSteps,
  trainChoices,
  trainerOptions,
  trainTasks,
} from './train-state.js';
import { nextFrame, nextTask, whenIdle } from '../common/next-task.js';
import {
  liveEvaluationSentences,
  ModuleFaultError,
  TrainingRun,
  WorkerLostError,
  WorkerStartError,
} from './training-run.js';
// The worker's own bundle (Vite builds it and gives its URL), started as each engine needs (startWorker).
import trainWorkerUrl from './train-worker.js?worker&url';
import { alignmentAgreement, alignmentCells, pickMap, upToStep } from '../translation/translation-maps.js';
import { trainIntroduction, trainTitle } from '../app/view-text.js';
import { downloadBytes, modelFileName, savedModelContext, savedModelLabel, YourModels } from './your-models.js';

// The position schemes a run's description names (sinusoidal is the default, 'none' an ablation's).
const positionNames = { rope: ', RoPE', alibi: ', ALiBi' };

// Each ablation with what the lecture notes (shared/LECTURES.md, numbered points) say it takes away.
const ablationText = {
  noPositions: [
    'no position encoding',
    'point 8: attention alone ignores order, so “the dog sees the cat” and “the cat sees the dog” look alike',
  ],
  noScaling: [
    'no 1/√d scaling',
    'point 4: raw dot products grow with the width, saturate the softmax and slow training',
  ],
  singleHead: ['a single head', 'point 7: one attention pattern per layer instead of several side by side'],
  sigmoidGates: [
    'sigmoid gates, not softmax',
    'point 1: unnormalised gates open for everything; nothing makes the words compete',
  ],
};

// A run under way is saved this often, so that a reload or a crash loses at most these seconds of training.
const checkpointMilliseconds = 3000;

const percent = (x) => (x === null || x === undefined ? '–' : `${Math.round(100 * x)}%`);

export class TrainView {
  /**
   * @param {{ state: object, onStateChange: (state: object) => void,
   *           onUseModel: (bytes: Uint8Array, label: string, context: object) => Promise<void>,
   *           backend?: string }} options  context: for a sequence task's model, { task, sentence, examples }
   */
  constructor({ state, onStateChange, onUseModel, backend }) {
    this.state = state;
    this.onStateChange = onStateChange;
    this.onUseModel = onUseModel;
    this.backend = backend ?? trainingBackend();
    this.run = null;
    this.pending = new Set(); // the drawings waiting for their task (#later)
    this.previous = null; // the last finished run, drawn faintly behind the current one
    this.launching = false; // from a Start click until its run exists
    this.session = null; // the worker's Comlink proxy, created on the first Start
    this.faultRestarts = 0; // runs started again in a fresh worker after a trap, since the person's last Start

    this.element = element('section', { id: 'train-view', className: 'view', 'aria-labelledby': 'train-view-title' });
    this.element.dataset.status = 'idle';
    this.errorLine = element('p', { className: 'error', role: 'alert', hidden: true });
    this.faultNotice = element('p', { id: 'train-fault-notice', className: 'hint', role: 'status', hidden: true });
    this.lossChart = new LineChart({
      id: 'loss-chart',
      title: 'Training loss (cross-entropy per target word)',
      yLabel: 'loss',
      yScale: 'log',
      formatTick: (y) => formatNumber(y, 2),
    });
    this.scoreChart = new LineChart({
      id: 'score-chart',
      title: `Held-out sentences (first ${liveEvaluationSentences}): exact translations and alignment`,
      yLabel: 'share',
      formatTick: percent,
    });
    this.probeMap = new Heatmap({
      id: 'train-probe-map',
      title: 'cross-attention',
      ...crossAttentionMap,
    });
    this.snapshotStrip = element('ol', {
      className: 'snapshot-strip',
      id: 'snapshots',
      'aria-label': 'the probe’s map at fixed points of the run',
    });

    // The controls go on the page with the view; the charts, the probe and the model's actions follow a frame
    // each on its first showing (renderInSlices), so that no single frame lays the whole view out.
    this.element.append(
      element('h2', { id: 'train-view-title', textContent: trainTitle }),
      element('p', { className: 'intro', textContent: trainIntroduction }),
      this.#optionsForm(),
      this.#runBar(),
      this.errorLine,
      this.faultNotice,
    );
    this.laterParts = [
      element('div', { className: 'maps-row charts' }, this.lossChart.element, this.scoreChart.element),
      (this.scores = element('p', { id: 'train-scores', className: 'hint' })),
      element(
        'section',
        { 'aria-labelledby': 'probe-title' },
        element('h3', { id: 'probe-title', textContent: 'A probe input, answered by the model as it trains' }),
        this.#probeControls(),
        (this.probeOutput = element('p', { id: 'probe-output', className: 'translation-output' })),
        (this.probeNote = element('p', { className: 'hint' })),
        this.probeMap.element,
        element('h4', { textContent: 'Snapshots: the same map at step 0, 10%, 25%, 50% and 100% of the run' }),
        this.snapshotStrip,
      ),
      this.#modelActions(),
      new ExtrapolationExperiment().element,
      (this.yourModels = new YourModels({
        onUse: (entry) => this.#useSaved(entry),
        onCompare: (entry) => this.#compareWith(entry),
      })).element,
    ];
    // The width the maps may use, kept up to date without reading layout while drawing (a forced layout in
    // every update would cost the main thread tens of milliseconds).
    this.width = 900;
    this.drawingWarm = false; // the first canvas text paid for (prepare())
    new ResizeObserver(([entry]) => {
      const width = entry.contentRect.width || 900;
      if (width === this.width) return; // the view grows taller as maps arrive: only its width matters here
      this.width = width;
      if (this.run?.probe) this.#later('probe', () => this.#renderProbe());
    }).observe(this.element);
    this.render();
  }

  // ---- controls ----

  #optionsForm() {
    const choice = (id, values, key, text) =>
      labelled(
        text,
        (this.inputs[key] = select(
          id,
          values.map((v) => [v, String(v)]),
          (v) => this.#set({ [key]: Number(v) }),
        )),
      );
    const number = (id, key, text, { min, max }) => {
      const input = element('input', { type: 'number', id, min, max, step: 1, required: true });
      input.addEventListener('change', () => {
        const value = Number(input.value);
        if (Number.isInteger(value) && value >= min && value <= max) this.#set({ [key]: value });
        else input.value = String(this.state[key]);
      });
      this.inputs[key] = input;
      return labelled(text, input, element('small', { textContent: `${min} to ${max}` }));
    };
    this.inputs = {};
    this.ablationBoxes = {};
    const ablations = Object.entries(ablationText).map(([key, [label, why]]) => {
      const box = element('input', { type: 'checkbox', id: `ablate-${ablationNames[key]}` });
      box.addEventListener('change', () => this.#set({ ablations: { ...this.state.ablations, [key]: box.checked } }));
      this.ablationBoxes[key] = box;
      return element(
        'label',
        { className: 'check' },
        box,
        ` ${label}`,
        element('small', { className: 'check-hint', textContent: ` (${why})` }),
      );
    });
    this.parameterText = element('small', { id: 'train-parameters' });
    this.inputs.task = select(
      'train-task',
      Object.entries(trainTasks).map(([name, { label }]) => [name, label]),
      (task) => {
        // A probe written for the old task would mean nothing to the new one: start from the new task's.
        const probe =
          this.state.probe === trainTasks[this.state.task].probe ? trainTasks[task].probe : this.state.probe;
        this.#set({ task, probe });
      },
    );
    this.lengthFields = element(
      'div',
      { className: 'length-fields' },
      number('train-min-length', 'minLength', 'shortest', trainChoices.sequenceLength),
      number('train-max-length', 'maxLength', 'longest', trainChoices.sequenceLength),
      element('small', {
        className: 'check-hint',
        textContent:
          'Source lengths in words, distractors included; reverse draws an anti-diagonal, sort makes each output look for the next smallest input, copy skips the #.',
      }),
    );
    return element(
      'div',
      { className: 'controls train-controls' },
      element(
        'fieldset',
        { id: 'train-task-fields' },
        element('legend', { textContent: 'Task' }),
        labelled('learn to', this.inputs.task),
        this.lengthFields,
        this.#pairsFields(),
      ),
      element(
        'fieldset',
        { id: 'train-model' },
        element('legend', { textContent: 'Model' }),
        choice('train-d-model', trainChoices.dModel, 'dModel', 'width D'),
        choice('train-heads', trainChoices.heads, 'heads', 'heads'),
        labelled(
          'key/value heads',
          (this.inputs.kvHeads = select('train-kv-heads', [], (v) => this.#set({ kvHeads: Number(v) }))),
        ),
        choice('train-encoder-layers', trainChoices.layers, 'encoderLayers', 'encoder layers'),
        choice('train-decoder-layers', trainChoices.layers, 'decoderLayers', 'decoder layers'),
        labelled(
          'positions',
          (this.inputs.positions = select(
            'train-positions',
            [
              ['sinusoidal', 'sinusoidal, added to the words'],
              ['rope', 'RoPE: queries and keys turned'],
              ['alibi', 'ALiBi: far keys penalised'],
            ],
            (positions) => this.#set({ positions }),
          )),
        ),
        this.parameterText,
      ),
      element(
        'fieldset',
        { id: 'train-schedule' },
        element('legend', { textContent: 'Training' }),
        number('train-steps', 'steps', 'steps', trainChoices.steps),
        number('train-batch', 'batchSize', 'batch size', trainChoices.batchSize),
        choice('train-learning-rate', trainChoices.learningRate, 'learningRate', 'learning rate'),
        number('train-seed', 'seed', 'seed', trainChoices.seed),
      ),
      element(
        'fieldset',
        { id: 'train-ablations' },
        element('legend', { textContent: 'Ablations: train without…' }),
        ...ablations,
      ),
    );
  }

  /** Pasted (or opened, or sample) pairs for the "your own pairs" task, their options and their errors. */
  #pairsFields() {
    this.pairsInput = element('textarea', {
      id: 'train-pairs',
      rows: 6,
      spellcheck: false,
      placeholder: 'one pair per line: source, a tab (or " ||| "), target',
    });
    this.pairsInput.addEventListener('change', () => this.#setPairs(this.pairsInput.value));
    this.pairsInput.addEventListener('input', () => this.#keepPairs(this.pairsInput.value, this.pairsFileName));
    const samples = select(
      'train-sample',
      [['', 'load a sample…'], ...Object.entries(samplePairs).map(([name, { label }]) => [name, label])],
      (name) => {
        if (name) this.#setPairs(samplePairs[name].text(), null);
        samples.value = '';
      },
    );
    const file = element('input', {
      type: 'file',
      id: 'train-pairs-file',
      accept: '.tsv,.txt,text/plain,text/tab-separated-values',
    });
    file.addEventListener('change', async () => {
      if (file.files?.[0]) this.#setPairs(await file.files[0].text(), file.files[0].name);
      file.value = '';
    });
    this.lowercaseBox = element('input', { type: 'checkbox', id: 'train-lowercase' });
    this.lowercaseBox.addEventListener('change', () => this.#set({ lowercase: this.lowercaseBox.checked }));
    this.heldOutInput = element('input', { type: 'number', id: 'train-held-out', min: 1, max: 50, step: 1 });
    this.heldOutInput.addEventListener('change', () => {
      const percent = Number(this.heldOutInput.value);
      if (Number.isInteger(percent) && percent >= 1 && percent <= 50) this.#set({ heldOutShare: percent / 100 });
    });
    this.pairsErrors = element('ul', { id: 'train-pairs-errors', className: 'error', 'aria-live': 'polite' });
    this.pairsFileName = null;
    this.pairsFileLine = element('small', { id: 'train-pairs-file-name' });
    this.pairsFieldsElement = element(
      'div',
      { className: 'pairs-fields' },
      labelled(
        'pairs',
        this.pairsInput,
        element('small', {
          textContent:
            'at least 10 and up to 20,000 pairs, up to 12 words a side and 5,000 distinct words; the source side is read as typed sentences are (lower case, . , ! ? ; : dropped)',
        }),
      ),
      labelled('or', element('span', { className: 'inline' }, samples, file), this.pairsFileLine),
      element('label', { className: 'check' }, this.lowercaseBox, ' lower-case the target side too'),
      labelled(
        'held out',
        this.heldOutInput,
        element('small', { textContent: '% of the pairs, never trained on, scored live' }),
      ),
      this.pairsErrors,
    );
    return this.pairsFieldsElement;
  }

  /** New pairs (typed, a sample, or a file's text with its name), kept in the browser as they are. */
  #setPairs(text, fileName = this.pairsFileName) {
    const probe = firstSource(text) || this.state.probe;
    this.#set({ pairsText: text, probe });
    this.#keepPairs(text, fileName);
  }

  #keepPairs(text, fileName) {
    this.pairsFileName = fileName;
    this.pairsFileLine.textContent = fileName ? `opened from ${fileName}` : '';
    clearTimeout(this.pairsTimer);
    this.pairsTimer = setTimeout(async () => {
      const store = await this.yourModels.open();
      await store?.savePairs(text, fileName).catch((error) => this.#showError(error));
    }, 300); // every edit, but not a write per keystroke
  }

  /** The pairs kept from an earlier visit, when the view has none of its own. */
  async #restorePairs() {
    const store = await this.yourModels.open();
    const saved = await store?.pairs().catch(() => null);
    if (!saved || this.state.pairsText) return;
    this.pairsFileName = saved.fileName;
    this.pairsFileLine.textContent = saved.fileName ? `opened from ${saved.fileName}` : '';
    this.#set({
      pairsText: saved.text,
      probe: this.state.task === 'pairs' ? firstSource(saved.text) || this.state.probe : this.state.probe,
    });
  }

  #runBar() {
    this.startButton = button('Start training', () => this.#startOrPause({ byPerson: true }), {
      id: 'train-start',
      className: 'primary',
    });
    this.resetButton = button('Reset', () => this.#reset(), { id: 'train-reset' });
    this.progress = element('progress', { id: 'train-progress', max: 1, value: 0, 'aria-label': 'training progress' });
    this.progressText = element('span', { id: 'train-progress-text' });
    this.statusText = element('span', { id: 'train-status', className: 'visually-hidden', 'aria-live': 'polite' });
    return element(
      'div',
      { className: 'run-bar' },
      this.startButton,
      this.resetButton,
      this.progress,
      this.progressText,
      this.statusText,
    );
  }

  #probeControls() {
    this.probeInput = element('input', {
      type: 'text',
      id: 'train-probe',
      autocomplete: 'off',
      spellcheck: false,
      maxLength: 200,
    });
    const form = element(
      'form',
      { className: 'sentence-form probe-form' },
      labelled('input', this.probeInput),
      element('button', { type: 'submit', textContent: 'Probe' }),
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.#set({ probe: this.probeInput.value });
      void this.run?.reprobe();
    });
    this.layerSelect = select('train-layer', [], (v) => this.#set({ layer: Number(v) }));
    this.headSelect = select('train-head', [], (v) => this.#set({ head: v === 'average' ? 'average' : Number(v) }));
    return element(
      'div',
      { className: 'probe-controls' },
      form,
      element('div', { className: 'inline' }, labelled('layer', this.layerSelect), labelled('head', this.headSelect)),
    );
  }

  #modelActions() {
    this.useButton = button('Use this model in the Translation view', () => this.#useModel(), { id: 'train-use' });
    this.downloadButton = button('Download (.bin)', () => this.#download(), { id: 'train-download' });
    this.loadInput = element('input', { type: 'file', id: 'train-load', accept: '.bin,application/octet-stream' });
    this.loadInput.addEventListener('change', () => this.#load());
    return element(
      'section',
      { className: 'model-actions', 'aria-labelledby': 'model-actions-title' },
      element('h3', { id: 'model-actions-title', textContent: 'The trained model' }),
      element(
        'div',
        { className: 'buttons' },
        this.useButton,
        this.downloadButton,
        labelled('or open a model file', this.loadInput),
      ),
    );
  }

  // ---- state and the run ----

  #set(changes) {
    this.state = { ...this.state, ...changes };
    // Lengths stay a range: moving one end past the other moves both.
    if ('minLength' in changes) this.state.maxLength = Math.max(this.state.maxLength, this.state.minLength);
    if ('maxLength' in changes) this.state.minLength = Math.min(this.state.minLength, this.state.maxLength);
    const heads = effectiveHeads(this.state);
    if (this.state.head !== 'average' && this.state.head >= heads) this.state.head = 'average';
    this.state.layer = Math.min(this.state.layer, this.state.decoderLayers - 1);
    this.onStateChange(this.state);
    this.render();
  }

  get #busy() {
    return ['starting', 'running', 'pausing', 'paused'].includes(this.#status);
  }

  /** The run's status, or 'starting' from the click that starts a new run until that run exists. */
  get #status() {
    return this.launching ? 'starting' : (this.run?.status ?? 'idle');
  }

  async #startOrPause({ byPerson = false } = {}) {
    const status = this.#status;
    if (status === 'running') return this.run.pause();
    if (status === 'paused') return this.run.resume();
    if (status === 'starting' || status === 'pausing') return;
    if (this.run?.status === 'done') this.previous = this.run;
    if (byPerson) {
      this.faultRestarts = 0;
      this.faultNotice.hidden = true;
    }
    // Said at once: a second click, or a script waiting for 'done', must not see the finished run as current.
    this.launching = true;
    this.#renderRunBar();
    this.element.dataset.status = this.#status;
    this.element.dataset.step = '0'; // the new run's, not a lost or finished run's last step
    this.#startWorker();
    await nextTask(); // the worker's start and the view's first redraw in separate tasks
    this.launching = false;
    this.errorLine.hidden = true;
    this.run = new TrainingRun({
      session: this.session,
      workerFailed: this.workerFailed,
      options: { ...trainerOptions(this.state), ...(this.backend ? { backend: this.backend } : {}) },
      snapshotSteps: snapshotSteps(this.state.steps),
      probe: () => this.state.probe,
      onUpdate: (run) => {
        if (run.status === 'failed' && run.error instanceof ModuleFaultError) void this.#afterModuleFault(run);
        this.render();
        if (run.status === 'done' && !run.kept) {
          run.kept = true;
          void this.#keep(run, 'finished'); // #save says its own failures
        } else if (
          run.status === 'paused'
            ? run.keptStep !== run.step
            : run.status === 'running' && performance.now() - (run.keptAt ?? performance.now()) > checkpointMilliseconds
        ) {
          void this.#keep(run, 'unfinished');
        }
        run.keptAt ??= performance.now(); // the first checkpoint a few seconds into the run
      },
    });
    await this.run.start();
  }

  /**
   * Starts the worker and its module while the person reads the view, so the first Start begins at once: when they
   * first point at or tab into the view, or after a few seconds, whichever is first (not while the page is still
   * arriving: compiling the module would compete with its first paint on a phone's few cores).
   */
  prepare() {
    const start = () => {
      clearTimeout(timer);
      if (this.session) return;
      this.#startWorker();
      this.session.warm(this.backend);
    };
    const timer = setTimeout(start, 4000);
    // A person about to use the view (pointing at it, tapping, tabbing into it) also gets the drawing warmed up.
    const startAndWarmUp = () => {
      start();
      if (this.drawingWarm) return;
      this.drawingWarm = true;
      this.#warmUpDrawing();
    };
    this.element.addEventListener('pointerover', startAndWarmUp, { once: true });
    this.element.addEventListener('focusin', startAndWarmUp, { once: true });
  }

  /** The training worker, started once (again after a stall); `workerFailed` rejects if its script fails. */
  #startWorker() {
    if (this.session) return;
    this.worker = startWorker(trainWorkerUrl, { type: 'module' });
    this.session = Comlink.wrap(this.worker);
    this.workerFailed = new Promise((_, reject) => {
      this.worker.addEventListener('error', (event) =>
        reject(
          new WorkerStartError(`The training worker could not start: ${event.message || 'its script failed to load'}.`),
        ),
      );
    });
    this.workerFailed.catch(() => {}); // observed by each run's start
  }

  #dropWorker() {
    this.worker?.terminate();
    this.session = null;
  }

  /** After a stall or a failed start: a fresh worker on the single-thread build, and the run started again. */
  async #retrySingleThread() {
    this.backend = supportsRelaxedSimd() ? 'wasm-relaxed-simd' : supportsSimd() ? 'wasm-simd128' : 'wasm-scalar';
    await this.#restart();
  }

  /**
   * After the worker died mid-run: a fresh worker and the same settings started again. The lost run's last
   * checkpoint stays under "Your models", and its curves are drawn faintly behind the new run's.
   */
  async #restart() {
    this.#dropWorker();
    if (this.run?.step > 0) this.previous = this.run;
    this.run = null;
    await this.#startOrPause();
  }

  /**
   * A trap leaves the worker's module unusable: the worker is replaced. The run is started again once in the fresh
   * one, saying so (WebKit once trapped at a first step that a fresh worker then ran: a passing fault of the engine);
   * a fault again is shown with a restart button, as a lost worker is.
   */
  async #afterModuleFault(run) {
    this.#dropWorker();
    if (this.faultRestarts > 0 || this.run !== run) return;
    this.faultRestarts += 1;
    this.faultNotice.textContent = `${run.error.message} Training started again in a fresh worker.`;
    this.faultNotice.hidden = false;
    await this.#restart();
  }

  async #reset() {
    if (!this.run) return;
    const run = this.run;
    run.pause();
    await run.settled();
    if (run.status === 'done') this.previous = run;
    this.run = null;
    if (run.error instanceof WorkerLostError)
      this.#dropWorker(); // it will never answer a dispose
    else await this.session?.dispose();
    this.render();
  }

  async #useModel() {
    try {
      const bytes = await this.#savedBytes();
      const { task } = this.run;
      // A language pair's model gets the Translation view's English examples; other models their own.
      const context = isLanguageTask(task)
        ? { task }
        : { task, sentence: this.state.probe, examples: await this.session.examples(8) };
      await this.onUseModel(bytes, `trained in this tab: ${this.#describe(this.run)}, ${this.run.step} steps`, context);
    } catch (error) {
      this.#showError(error);
    }
  }

  async #savedBytes() {
    await this.run.settled();
    return this.run.ask(this.session.save()); // a paused run's worker may have died since
  }

  async #download() {
    downloadBytes(await this.#savedBytes(), modelFileName(this.run));
  }

  /**
   * A run saved in the browser with its weights, options, scores and curves (see saved-models.js): every few
   * seconds while it trains and when it is paused (as unfinished, so that a reload, a crash or a killed tab loses
   * at most those seconds), and once finished; each save of a run replaces its last.
   */
  async #keep(run, status) {
    run.keptAt = performance.now();
    run.keptStep = run.step;
    run.saving = (run.saving ?? Promise.resolve()).then(() => this.#save(run, status));
    await run.saving;
  }

  async #save(run, status) {
    if (status === 'unfinished' && run.kept) return; // finished while this checkpoint waited its turn
    try {
      const weights = await this.session.save();
      const examples = isLanguageTask(run.task) ? [] : await this.session.examples(8);
      const last = run.evaluations.at(-1);
      const final = run.finalEvaluation ?? last;
      const { task, ...options } = run.options; // pasted pairs stay in their own entry, not in every model's
      run.savedId =
        (await this.yourModels.save({
          ...(run.savedId === undefined ? {} : { id: run.savedId }),
          name: this.#describe(run),
          description: this.#describe(run),
          savedAt: Date.now(),
          status,
          task: run.task,
          options: { ...options, task: typeof task === 'string' ? task : 'pairs' },
          step: run.step,
          steps: run.steps,
          final: final ? { exact: final.exact, total: final.total } : null,
          losses: Float32Array.from(run.losses),
          evaluations: run.evaluations.map(({ step, exact, total, alignment }) => ({ step, exact, total, alignment })),
          weights,
          examples,
          probe: this.state.probe,
        })) ?? run.savedId; // null: not saved (said in the list); the next save tries again
    } catch (error) {
      this.#showError(error);
    }
  }

  /** A saved model, used in the Translation view as a run's model is. */
  async #useSaved(entry) {
    try {
      await this.onUseModel(entry.weights, savedModelLabel(entry), savedModelContext(entry));
    } catch (error) {
      this.#showError(error);
    }
  }

  /** A saved run's curves as the faint comparison behind the next run's. */
  #compareWith(entry) {
    this.previous = {
      status: 'done',
      task: entry.task,
      options: entry.options,
      steps: entry.steps,
      step: entry.step,
      losses: Array.from(entry.losses),
      evaluations: entry.evaluations,
      snapshots: new Map(),
      snapshotSteps: snapshotSteps(entry.steps),
      name: entry.name,
    };
    this.render();
  }

  async #load() {
    const file = this.loadInput.files?.[0];
    if (!file) return;
    try {
      await this.onUseModel(new Uint8Array(await file.arrayBuffer()), `opened from ${file.name}`);
    } catch (error) {
      this.#showError(error);
    } finally {
      this.loadInput.value = '';
    }
  }

  #showError(error) {
    if (error === this.shownError && !this.errorLine.hidden) return; // said already (every redraw of a failed run asks)
    this.shownError = error;
    this.errorLine.textContent = error.message;
    if (error instanceof WorkerStartError) {
      this.errorLine.append(
        ' ',
        button('Use the single-thread build', () => this.#retrySingleThread(), { id: 'train-single-thread' }),
      );
    } else if (error instanceof WorkerLostError || error instanceof ModuleFaultError) {
      this.errorLine.append(
        ' ',
        button('Restart training', () => this.#restart(), { id: 'train-restart' }),
      );
    }
    this.errorLine.hidden = false;
  }

  #describe(run) {
    const { model, ablations, sequenceLength } = run.options;
    const task = run.task ?? (typeof run.options.task === 'string' ? run.options.task : 'pairs'); // also before it starts
    const without = Object.keys(ablationText)
      .filter((key) => ablations[key])
      .map((key) => ablationText[key][0]);
    const taskName =
      task === 'en-es'
        ? ''
        : task === 'pairs'
          ? 'your pairs, '
          : isSequenceTask(task)
            ? `${task}, lengths ${sequenceLength.min}-${sequenceLength.max}, `
            : `${task}, `;
    const sharing = model.kvHeads < model.heads ? ` sharing ${model.kvHeads} K/V` : '';
    return `${taskName}D=${model.dModel}, ${model.heads} head${model.heads > 1 ? 's' : ''}${sharing}, ${model.encoderLayers}+${model.decoderLayers} layers${positionNames[model.positions] ?? ''}${without.length ? `, ${without.join(', ')}` : ''}`;
  }

  // ---- drawing ----

  /** The first showing: the controls at once, then the rest of the view a frame per part. */
  async renderInSlices() {
    this.render();
    for (const part of this.laterParts.splice(0)) {
      await nextFrame();
      this.element.append(part);
    }
    await nextTask();
    await this.#restorePairs(); // and the saved models' list: the store opens once the view is on screen
  }

  render() {
    const s = this.state;
    for (const key of [
      'task',
      'minLength',
      'maxLength',
      'dModel',
      'heads',
      'encoderLayers',
      'decoderLayers',
      'steps',
      'batchSize',
      'learningRate',
      'seed',
      'positions',
    ]) {
      if (!hasFocus(this.inputs[key])) this.inputs[key].value = String(s[key]);
      this.inputs[key].disabled = this.#busy;
    }
    this.inputs.heads.disabled ||= s.ablations.singleHead;
    // the key/value head counts the query heads allow: their divisors
    const heads = effectiveHeads(s);
    setOptions(
      this.inputs.kvHeads,
      kvHeadChoices(heads).map((n) => [n, kvHeadsOptionText(n, heads)]),
    );
    if (!hasFocus(this.inputs.kvHeads)) this.inputs.kvHeads.value = String(effectiveKvHeads(s));
    this.inputs.kvHeads.disabled = this.#busy || heads === 1;
    this.inputs.positions.disabled ||= s.ablations.noPositions; // no positions at all, whichever scheme
    this.lengthFields.hidden = !isSequenceTask(s.task);
    this.pairsFieldsElement.hidden = s.task !== 'pairs';
    if (!hasFocus(this.pairsInput) && this.pairsInput.value !== s.pairsText) this.pairsInput.value = s.pairsText;
    this.lowercaseBox.checked = s.lowercase;
    if (!hasFocus(this.heldOutInput)) this.heldOutInput.value = String(Math.round(s.heldOutShare * 100));
    for (const control of [this.pairsInput, this.lowercaseBox, this.heldOutInput]) control.disabled = this.#busy;
    // Every bad line of the pasted pairs, by number, when the module refused them.
    const lines = this.run?.status === 'failed' ? (this.run.error.lines ?? []) : [];
    this.pairsErrors.replaceChildren(
      ...lines.slice(0, 50).map(({ line, message }) => element('li', { textContent: `line ${line}: ${message}` })),
      ...(lines.length > 50 ? [element('li', { textContent: `… and ${lines.length - 50} more` })] : []),
    );
    for (const [key, box] of Object.entries(this.ablationBoxes)) {
      box.checked = s.ablations[key];
      box.disabled = this.#busy;
    }
    if (!hasFocus(this.probeInput)) this.probeInput.value = s.probe;
    this.parameterText.textContent = this.run?.info
      ? `${formatCount(this.run.info.parameters)} parameters; FFN width 2·D`
      : 'FFN width 2·D, as in the shipped model';
    this.#renderRunBar();
    this.#renderCharts();
    // The maps in tasks of their own: each update stays well under the 50 ms that makes a page feel stuck.
    // The probe's words and numbers in one task, its picture in the next (drawingInSlices).
    this.#later('probe', () => drawingInSlices(() => this.#renderProbe()));
    this.#later('snapshots', () => this.#renderSnapshots());
    const ready = this.run && ['paused', 'done'].includes(this.run.status);
    this.useButton.disabled = this.downloadButton.disabled = !ready;
    this.element.dataset.status = this.#status;
    this.element.dataset.step = String(this.run?.step ?? 0);
  }

  /** Runs `draw` in a task of its own, once however often it is asked for before that task runs. */
  #later(name, draw) {
    if (this.pending.has(name)) return;
    this.pending.add(name);
    setTimeout(() => {
      this.pending.delete(name);
      draw();
    });
  }

  /**
   * The first canvas text and context of a page cost tens of milliseconds (fonts, context set-up): paid while the
   * page is idle once the person turns to the view, so the first map drawn during training does not hold up the
   * main thread (and not while the page loads, where a phone has other work).
   */
  #warmUpDrawing() {
    whenIdle(() => {
      this.probeMap.update({
        matrix: { data: new Float32Array(1), rows: 1, cols: 1 },
        digits: 4,
        formatCell: formatWeight,
        rowLabels: ['el'],
        colLabels: ['the'],
        maxWidth: 560,
      });
      drawSmallMap(element('canvas'), { data: new Float32Array(1), rows: 1, cols: 1 }, 6);
    });
  }

  #renderRunBar() {
    const run = this.run;
    const status = this.#status;
    this.startButton.textContent =
      { running: 'Pause', pausing: 'Pausing…', paused: 'Resume', starting: 'Starting…' }[status] ??
      (status === 'done' ? 'Train again' : 'Start training');
    this.startButton.disabled = status === 'starting' || status === 'pausing';
    this.resetButton.disabled = !run || status === 'starting';
    this.progress.max = run?.steps ?? this.state.steps;
    this.progress.value = run?.step ?? 0;
    if (status === 'failed' && run.step > 0) {
      this.progressText.textContent = `stopped at step ${run.step} of ${run.steps}`;
    } else if (!run || status === 'starting' || status === 'failed') {
      this.progressText.textContent =
        { starting: 'loading the module and building the model…', failed: 'not started' }[status] ??
        `${this.state.steps} steps of ${this.state.batchSize} sentence pairs`;
    } else {
      const speed = Number.isFinite(run.stepsPerSecond) ? `${Math.round(run.stepsPerSecond)} steps/s` : '';
      const left =
        status === 'done'
          ? `done in ${formatDuration(run.trainingSeconds)}`
          : `${formatDuration(run.secondsLeft)} left`;
      this.progressText.textContent = [`step ${run.step} of ${run.steps}`, speed, left, `${run.info.backend}`]
        .filter(Boolean)
        .join(' · ');
    }
    const said = {
      running: 'training',
      paused: `paused at step ${run?.step}`,
      done: 'training finished',
      failed: 'training failed',
    }[status];
    if (said && this.statusText.textContent !== said) this.statusText.textContent = said;
    if (status === 'failed') this.#showError(run.error);
  }

  #renderCharts() {
    const run = this.run;
    const xMax = run?.steps ?? this.previous?.steps ?? this.state.steps;
    const lossSeries = [];
    const scoreSeries = [];
    /** @returns {[number, number][]} */
    const lossPoints = (r) => Array.from(r.losses, (loss, i) => [i + 1, loss]);
    // Pasted pairs carry no word alignment: their alignment score is null and draws no line.
    /** @returns {[number, number][]} */
    const scorePoints = (r, key) =>
      r.evaluations
        .filter((e) => key === 'exact' || e.alignment !== null)
        .map((e) => [e.step, key === 'exact' ? e.exact / e.total : e.alignment]);
    if (this.previous) {
      const name = `previous run (${this.#describe(this.previous)})`;
      lossSeries.push({ name, points: lossPoints(this.previous), className: 'previous' });
      scoreSeries.push({ name: `${name}: exact`, points: scorePoints(this.previous, 'exact'), className: 'previous' });
      scoreSeries.push({
        name: `${name}: alignment`,
        points: scorePoints(this.previous, 'alignment'),
        className: 'previous alignment',
      });
    }
    if (run) {
      lossSeries.push({ name: `this run (${this.#describe(run)})`, points: lossPoints(run), className: 'current' });
      scoreSeries.push({ name: 'exact translations', points: scorePoints(run, 'exact'), className: 'current' });
      scoreSeries.push({
        name: 'alignment (best head)',
        points: scorePoints(run, 'alignment'),
        className: 'current alignment',
      });
    }
    const lastLoss = run?.losses.at(-1);
    this.lossChart.update({
      xMax,
      series: lossSeries,
      summary: lastLoss === undefined ? 'no training yet' : `loss ${formatNumber(lastLoss, 3)} at step ${run.step}`,
    });
    const last = run?.evaluations.at(-1);
    this.scoreChart.update({
      xMax,
      series: scoreSeries,
      summary: last
        ? `${last.exact} of ${last.total} exact, alignment ${percent(last.alignment)} at step ${last.step}`
        : 'no scores yet',
    });

    if (!last) {
      this.scores.textContent =
        'Held-out sentences are never trained on: the scores show whether the model learned the grammar, not the examples.';
      return;
    }
    const items = isLanguageTask(run.task)
      ? 'sentences translated'
      : run.task === 'pairs'
        ? 'pairs translated'
        : 'sequences answered';
    const parts = [
      `step ${last.step}: ${last.exact} of ${last.total} held-out ${items} exactly`,
      last.alignment === null
        ? 'no alignment score (these pairs carry no word alignment)'
        : `alignment ${percent(last.alignment)} (layer ${last.alignmentHead.layer + 1}, head ${last.alignmentHead.head + 1}: the share of aligned words whose largest weight is on their true source word)`,
      `a decoder caching its keys and values keeps ${last.cacheBytesPerToken} bytes per output word`,
    ];
    if (run.secondsToTarget !== null)
      parts.push(`95% exact reached at step ${run.stepToTarget}, after ${formatDuration(run.secondsToTarget)}`);
    if (run.finalEvaluation)
      parts.push(
        `final: ${run.finalEvaluation.exact} of ${run.finalEvaluation.total} exact, alignment ${percent(run.finalEvaluation.alignment)}`,
      );
    this.scores.textContent = `${parts.join('; ')}.`;
  }

  /** The run's query and key/value heads (before a run: the state's). */
  #headShape() {
    const model = this.run?.options.model;
    return model
      ? { heads: model.heads, kvHeads: model.kvHeads }
      : { heads: effectiveHeads(this.state), kvHeads: effectiveKvHeads(this.state) };
  }

  #shownMap(probe) {
    const layers = probe.crossAttention.length,
      heads = probe.crossAttention[0].length;
    const layer = Math.min(this.state.layer, layers - 1);
    const head = this.state.head === 'average' || this.state.head >= heads ? 'average' : this.state.head;
    return {
      matrix: pickMap(probe.crossAttention, layer, head),
      name: `layer ${layer + 1}, ${head === 'average' ? 'average of heads' : headName(head, this.#headShape())}`,
    };
  }

  #renderProbe() {
    const layers = this.run?.options.model.decoderLayers ?? this.state.decoderLayers;
    const shape = this.#headShape();
    setSelectOptions(
      this.layerSelect,
      Array.from({ length: layers }, (_, l) => [l, `layer ${l + 1}`]),
      this.state.layer,
    );
    setSelectOptions(
      this.headSelect,
      [...Array.from({ length: shape.heads }, (_, h) => [h, headName(h, shape)]), ['average', 'average of heads']],
      this.state.head,
    );
    const probe = this.run?.probe;
    this.probeMap.element.hidden = !probe || Boolean(probe.error);
    if (!probe) {
      this.probeOutput.replaceChildren();
      this.probeNote.textContent = 'Start training to see the model translate this sentence as it learns.';
      return;
    }
    if (probe.error) {
      this.probeOutput.replaceChildren();
      this.probeNote.textContent = probe.error.replace(/^translate: /, '');
      return;
    }
    this.probeOutput.replaceChildren(
      ...probe.target.map((word) => element('span', { className: 'token', textContent: word })),
    );
    const { matrix, name } = this.#shownMap(probe);
    const rows = shownRows(probe);
    const marks = alignmentCells(probe.alignment, rows);
    const agreement = alignmentAgreement(upToStep(matrix, rows - 1), marks);
    const answer = isLanguageTask(this.run.task)
      ? 'the grammar’s translation'
      : this.run.task === 'pairs'
        ? 'the target of this pair'
        : 'the task’s answer';
    this.probeNote.textContent = probe.alignment?.matchesModel
      ? `The model’s output is ${answer}.${agreement === null ? '' : ` Rings mark the true alignment; the largest weight of ${percent(agreement)} of the aligned words falls on it.`}`
      : probe.alignment
        ? `Not yet ${answer} (“${probe.alignment.target.join(' ')}”).`
        : `The task has no answer for this input (${isLanguageTask(this.run.task) ? 'it is outside the toy grammar' : this.run.task === 'pairs' ? 'it is not one of the pairs' : 'it uses symbols the task does not'}): nothing to compare with.`;
    const cut = probe.target.length - rows;
    const title = `cross-attention at step ${this.run.step}, ${name}${cut ? ` (first ${rows} output words; ${cut} more not shown)` : ''}`;
    this.probeMap.title = title;
    this.probeMap.element.querySelector('.heatmap-title').textContent = title;
    this.probeMap.update({
      matrix: upToStep(matrix, rows - 1),
      digits: 4,
      formatCell: formatWeight,
      rowLabels: probe.target.slice(0, rows),
      colLabels: probe.source,
      marks,
      markName: 'true alignment',
      maxWidth: Math.min(this.width, 560),
    });
  }

  #renderSnapshots() {
    const run = this.run ?? this.previous;
    const steps = run ? run.snapshotSteps : snapshotSteps(this.state.steps);
    const key = JSON.stringify([
      steps,
      [...(run?.snapshots.keys() ?? [])],
      this.state.layer,
      this.state.head,
      run?.options,
    ]);
    if (this.snapshotStrip.dataset.key === key) return; // redraw only when a snapshot or the map choice changed
    this.snapshotStrip.dataset.key = key;
    this.snapshotStrip.replaceChildren(
      ...steps.map((step) => {
        const probe = run?.snapshots.get(step);
        const label = `step ${step}${run ? ` (${percent(step / run.steps)})` : ''}`;
        const item = element('li', { className: 'snapshot' });
        item.dataset.step = String(step);
        if (probe && !probe.error) {
          const canvas = element('canvas', { role: 'img', 'aria-label': `cross-attention of the probe at ${label}` });
          drawSmallMap(canvas, upToStep(this.#shownMap(probe).matrix, shownRows(probe) - 1), 6);
          item.append(canvas);
        } else {
          item.append(element('span', { className: 'snapshot-empty', textContent: probe ? 'no map' : '…' }));
        }
        item.append(element('span', { className: 'snapshot-label', textContent: label }));
        return item;
      }),
    );
  }
}

// An untrained model rambles up to the longest output it may write; a map needs only the rows a translation
// could use: the source's length and a few more.
function shownRows(probe) {
  return Math.min(probe.target.length, probe.source.length + 3);
}

function setSelectOptions(node, options, value) {
  setOptions(node, options);
  node.value = String(value);
}

/**
 * The build training runs on when the page asks for none. Training keeps every thread it is given busy: with fewer
 * than 4 cores the threaded build's three pthreads would take the core the page draws on (its tasks then stretch
 * past 50 ms), and train no faster (Firefox here: 97 steps/s single-thread, 93 threaded, on 2 cores). So on such
 * machines, the single-thread twin of the page's build.
 */
function trainingBackend() {
  const single = resolveBackend(); // a page's own thread defaults to the single-thread build
  const threaded = /** @type {import('../../lib/index.js').Backend} */ (`${single}-threads`);
  const cores = globalThis.navigator?.hardwareConcurrency ?? 1;
  return cores >= 4 && supportsThreads() && backends.includes(threaded) ? threaded : single;
}

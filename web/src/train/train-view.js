// "Train": train the translator in this tab and watch cross-attention go from uniform noise to a word
// alignment. Training runs in a Web Worker (train-worker.js) through web/lib's createTrainer, so the page
// stays responsive; this view only draws what the run reports (training-run.js) and never computes.
// This file holds the view together: the state, the run's life (start, pause, restart after a fault, reset) and
// the trained model's actions; its parts each have their own file (the options form, the pasted pairs, the run
// bar, the charts, the probe, the worker, the checkpoints).
import { button, element, labelled } from '../common/controls.js';
import { nextFrame, nextTask } from '../common/next-task.js';
import { trainIntroduction, trainTitle } from '../app/view-text.js';
import { ExtrapolationExperiment } from './extrapolation/extrapolation-experiment.js';
import { PairsFields } from './pairs-fields.js';
import { ProbePanel } from './probe-panel.js';
import { runBar } from './run-bar.js';
import { RunCheckpoints } from './run-checkpoints.js';
import { describeRun } from './run-description.js';
import { TrainCharts } from './train-charts.js';
import { TrainOptions } from './train-options.js';
import { effectiveHeads, isLanguageTask, snapshotSteps, trainerOptions } from './train-state.js';
import { TrainingRun } from './training-run.js';
import { WorkerSession } from './worker-session.js';
import { ModuleFaultError, WorkerLostError, WorkerStartError } from '../common/worker-connection.js';
import { busyStatuses } from '../common/worker-run.js';
import { downloadBytes } from '../common/download.js';
import { Settling } from '../common/settled.js';
import { modelFileName, savedModelContext, savedModelLabel, YourModels } from './your-models.js';
import { t } from '../i18n/messages.js';
import { pairsRefusalText } from './pairs-refusal-text.js';
import { threadsInUse } from '../common/threads-field.js';

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
    this.worker = new WorkerSession(backend, () => threadsInUse(this.state.threads));
    this.run = null;
    this.previous = null; // the last finished run, drawn faintly behind the current one
    this.launching = false; // from a Start click until its run exists
    this.faultRestarts = 0; // runs started again in a fresh worker after a trap, since the person's last Start
    this.drawingWarm = false; // the first canvas text paid for (prepare())

    const set = (changes) => this.#set(changes);
    const showError = (error) => this.#showError(error);
    this.yourModels = new YourModels({
      onUse: (entry) => this.#useSaved(entry),
      onCompare: (entry) => this.#compareWith(entry),
    });
    this.checkpoints = new RunCheckpoints({
      yourModels: this.yourModels,
      probe: () => this.state.probe,
      onError: showError,
    });
    this.settling = new Settling(); // busy while a run starts, trains or pauses, or pasted pairs are being kept
    this.pairsFields = new PairsFields({
      onChange: set,
      store: () => this.yourModels.open(),
      onError: showError,
      settling: this.settling,
    });
    this.optionsForm = new TrainOptions({ onChange: set, pairsFields: this.pairsFields.element });
    this.runBar = runBar({ onStart: () => this.#startOrPause({ byPerson: true }), onReset: () => this.#reset() });
    this.charts = new TrainCharts();
    this.probePanel = new ProbePanel({
      onChange: set,
      onProbe: (probe) => {
        this.#set({ probe });
        void this.settling.during(this.run?.reprobe());
      },
    });

    this.element = element('section', { id: 'train-view', className: 'view', 'aria-labelledby': 'train-view-title' });
    this.element.dataset.status = 'idle';
    this.settling.reportOn(this.element); // common/settled.js
    this.errorLine = element('p', { className: 'error', role: 'alert', hidden: true });
    this.faultNotice = element('p', { id: 'train-fault-notice', className: 'hint', role: 'status', hidden: true });
    // The controls go on the page with the view; the charts, the probe and the model's actions follow a frame
    // each on its first showing (renderInSlices), so that no single frame lays the whole view out.
    this.element.append(
      element('h2', { id: 'train-view-title', textContent: trainTitle() }),
      element('p', { className: 'intro', textContent: trainIntroduction() }),
      this.optionsForm.element,
      this.runBar.element,
      this.errorLine,
      this.faultNotice,
    );
    this.laterParts = [
      this.charts.element,
      this.charts.scores,
      this.probePanel.element,
      this.#modelActions(),
      new ExtrapolationExperiment({ settling: this.settling }).element,
      this.yourModels.element,
    ];
    // The width the probe's map may use, kept up to date without reading layout while drawing.
    new ResizeObserver(([entry]) => this.probePanel.setWidth(entry.contentRect.width || 900)).observe(this.element);
    this.render();
  }

  #modelActions() {
    this.useButton = button(t('train.model.use'), () => this.#useModel(), { id: 'train-use' });
    this.downloadButton = button(t('train.model.download'), () => this.#download(), { id: 'train-download' });
    this.loadInput = element('input', { type: 'file', id: 'train-load', accept: '.bin,application/octet-stream' });
    this.loadInput.addEventListener('change', () => this.#load());
    return element(
      'section',
      { className: 'model-actions', 'aria-labelledby': 'model-actions-title' },
      element('h3', { id: 'model-actions-title', textContent: t('train.model.title') }),
      element(
        'div',
        { className: 'buttons' },
        this.useButton,
        this.downloadButton,
        labelled(t('train.model.open'), this.loadInput),
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
    return busyStatuses.includes(this.#status);
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
    this.runBar.render(this.run, this.#status, this.state);
    this.element.dataset.status = this.#status;
    this.settling.hold('run', true);
    this.element.dataset.step = '0'; // the new run's, not a lost or finished run's last step
    this.worker.start();
    await nextTask(); // the worker's start and the view's first redraw in separate tasks
    this.launching = false;
    this.errorLine.hidden = true;
    this.run = new TrainingRun({
      worker: this.worker,
      options: { ...trainerOptions(this.state), ...this.worker.runsOn() },
      snapshotSteps: snapshotSteps(this.state.steps),
      probe: () => this.state.probe,
      onUpdate: (run) => {
        if (run.status === 'failed' && run.error instanceof ModuleFaultError) void this.#afterModuleFault(run);
        this.render();
        this.checkpoints.afterUpdate(run);
      },
    });
    await this.run.start();
  }

  /** The worker started while the person reads the view; pointing at it also warms the drawing up (once). */
  prepare() {
    this.worker.warmWhenUsed(this.element, {
      onUse: () => {
        if (this.drawingWarm) return;
        this.drawingWarm = true;
        this.probePanel.warmUp();
      },
    });
  }

  /** After a stall or a failed start: a fresh worker on the single-thread build, and the run started again. */
  async #retrySingleThread() {
    this.worker.useSingleThread();
    await this.#restart();
  }

  /**
   * After the worker died mid-run: a fresh worker and the same settings started again. The lost run's last
   * checkpoint stays under "Your models", and its curves are drawn faintly behind the new run's.
   */
  async #restart() {
    this.worker.drop();
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
    this.worker.drop();
    if (this.faultRestarts > 0 || this.run !== run) return;
    this.faultRestarts += 1;
    this.faultNotice.textContent = t('train.errors.restarted', { message: run.error.message });
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
      this.worker.drop(); // it will never answer a dispose
    else if (this.worker.started) await this.worker.ask('dispose').catch(() => this.worker.drop());
    this.render();
  }

  // ---- the trained model ----

  async #useModel() {
    try {
      const bytes = await this.#savedBytes();
      const { task } = this.run;
      // A language pair's model gets the Translation view's English examples; other models their own.
      const context = isLanguageTask(task)
        ? { task }
        : { task, sentence: this.state.probe, examples: await this.run.ask('examples', 8) };
      const label = t('train.model.trainedHere', { run: describeRun(this.run), steps: this.run.step });
      await this.onUseModel(bytes, label, context);
    } catch (error) {
      this.#showError(error);
    }
  }

  async #savedBytes() {
    await this.run.settled();
    return this.run.ask('save'); // a paused run's worker may have died since
  }

  async #download() {
    downloadBytes(await this.#savedBytes(), modelFileName(this.run));
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
      await this.onUseModel(
        new Uint8Array(await file.arrayBuffer()),
        t('train.model.openedFrom', { fileName: file.name }),
      );
    } catch (error) {
      this.#showError(error);
    } finally {
      this.loadInput.value = '';
    }
  }

  #showError(error) {
    if (error === this.shownError && !this.errorLine.hidden) return; // said already (every redraw of a failed run asks)
    this.shownError = error;
    this.errorLine.textContent = pairsRefusalText(error); // the pasted pairs' refusal in the page's words, else web/lib's
    if (error instanceof WorkerStartError) {
      this.errorLine.append(
        ' ',
        button(t('train.errors.singleThread'), () => this.#retrySingleThread(), { id: 'train-single-thread' }),
      );
    } else if (error instanceof WorkerLostError || error instanceof ModuleFaultError) {
      this.errorLine.append(
        ' ',
        button(t('train.errors.restart'), () => this.#restart(), { id: 'train-restart' }),
      );
    }
    this.errorLine.hidden = false;
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
    await this.pairsFields.restore(); // and the saved models' list: the store opens once the view is on screen
  }

  render() {
    const { state, run } = this;
    const busy = this.#busy;
    const status = this.#status;
    this.optionsForm.render(state, {
      busy,
      parameters: run?.info?.parameters ?? null,
      threads: run?.info?.threads ?? null,
    });
    this.pairsFields.render(state, { busy, refused: run?.status === 'failed' ? (run.error.lines ?? []) : [] });
    this.runBar.render(run, status, state);
    if (status === 'failed') this.#showError(run.error);
    this.charts.render(run, this.previous, state.steps);
    this.probePanel.render(state, run, this.previous);
    const ready = run && ['paused', 'done'].includes(run.status);
    this.useButton.disabled = this.downloadButton.disabled = !ready;
    this.element.dataset.status = status;
    this.settling.hold('run', ['starting', 'running', 'pausing'].includes(status));
    this.element.dataset.step = String(run?.step ?? 0);
  }
}

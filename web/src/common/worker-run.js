// One training run in a worker as the page sees it, whatever it trains (the Train view's translator, the Generate
// view's language model): it asks the worker for about a quarter of a second of training at a time, has the view's
// run observe the model between slices, and keeps the run's place (step, losses, time spent, speed). Pausing is not
// asking for more, so the step count really stays where it is. What a run observes and keeps besides is its own
// (training-run.js, language-model-run.js): they fill in begin() and afterSlice().
export const sliceMilliseconds = 250;

/**
 * A run's statuses: idle → starting → running ⇄ pausing → paused … → done, or failed from any of them (its
 * error kept). Views show them as data-status.
 */
export const runStatuses = Object.freeze(['idle', 'starting', 'running', 'pausing', 'paused', 'done', 'failed']);
/** The statuses in which a run holds its worker and its settings. */
export const busyStatuses = Object.freeze(['starting', 'running', 'pausing', 'paused']);

export class WorkerRun {
  /**
   * @param {{ worker: import('./worker-connection.js').WorkerConnection, options: object,
   *           onUpdate: (run: WorkerRun) => void, step?: number, losses?: number[] }} setup  worker: asked for
   *   every slice; options: the worker's start(options); step, losses: a continued run's past
   */
  constructor({ worker, options, onUpdate, step = 0, losses = [] }) {
    this.worker = worker;
    this.options = options;
    this.onUpdate = onUpdate;
    this.status = 'idle';
    this.step = step;
    this.steps = options.steps;
    this.losses = [...losses];
    this.info = null; // the worker's start(): what it made (backend, parameters, …)
    this.trainingSeconds = 0; // wall time spent running (pauses excluded)
    this.stepsPerSecond = NaN;
    this.error = null;
    this.loop = null;
    this.sliceStartedAt = NaN; // when the slice under way was asked for
  }

  get secondsLeft() {
    return (this.steps - this.step) / this.stepsPerSecond;
  }

  /** The worker's answer to `method(...args)`, as its connection's policy says (worker-connection.js). */
  ask(method, ...args) {
    return this.worker.ask(method, ...args);
  }

  /** Starts the worker's trainer, observes the untrained model, and trains. */
  async start() {
    this.#set('starting');
    try {
      this.info = await this.ask('start', this.options);
      await this.begin(this.info);
      this.#set('running');
      this.loop = this.#run();
    } catch (error) {
      this.fail(error);
    }
  }

  /** Stops asking for more training: 'pausing' until the slice under way has come back, then 'paused'. */
  pause() {
    if (this.status === 'running') this.status = 'pausing';
    this.onUpdate(this);
  }

  resume() {
    if (this.status !== 'paused') return;
    this.#set('running');
    this.loop = this.loop.then(() => this.#run());
  }

  /** Resolves once the worker is idle (the slice under way finished). */
  settled() {
    return this.loop ?? Promise.resolve();
  }

  /** What the run does once its trainer exists (`info`: the worker's start()), before its first slice. */
  async begin(info) {} // eslint-disable-line no-unused-vars

  /** The step the slice may not go past (an observation's step): by default, the run's last. */
  sliceEnd() {
    return this.steps;
  }

  /** What the run does after each slice (`report`: the worker's advance()), before the view hears of it. */
  async afterSlice(report) {} // eslint-disable-line no-unused-vars

  /** What the run does once its last slice is timed, before it is 'done' (a final score, not counted as training). */
  async finish() {}

  /** What the run does once a pause has stopped it, before it is 'paused' (a score at the step it stopped at). */
  async stopped() {}

  async #run() {
    try {
      while (this.status === 'running') {
        const started = (this.sliceStartedAt = performance.now());
        const report = await this.ask('advance', sliceMilliseconds, this.sliceEnd());
        const steps = report.step - this.step;
        this.losses.push(...report.losses);
        this.step = report.step;
        await this.afterSlice(report);
        const seconds = (performance.now() - started) / 1000; // training and observing, until the view knows
        this.trainingSeconds += seconds;
        const rate = steps / seconds;
        this.stepsPerSecond = Number.isFinite(this.stepsPerSecond) ? 0.7 * this.stepsPerSecond + 0.3 * rate : rate;
        if (report.done) {
          await this.finish();
          this.status = 'done';
        }
        this.onUpdate(this);
      }
      if (this.status === 'pausing') {
        await this.stopped();
        this.#set('paused');
      }
    } catch (error) {
      this.fail(error);
    }
  }

  #set(status) {
    this.status = status;
    this.onUpdate(this);
  }

  /** Ends the run on `error` (kept for the view to say). */
  fail(error) {
    this.error = error;
    this.#set('failed');
  }
}

// One training run as the page sees it: it asks the worker for about a quarter of a second of training at a
// time, then for a held-out score and the probe sentence's maps, and keeps everything the view draws (every
// step's loss, the scores over time, snapshots of the probe at fixed steps, speed and time left). Pausing is
// not asking for more, so the step count really stays where it is.
import { t } from '../i18n/messages.js';
import { reportedError } from '../common/worker-errors.js';

const updateMilliseconds = 250;
export const liveEvaluationSentences = 50; // the first held-out sentences, scored at every update
export const finalEvaluationSentences = 500;
const targetExact = 0.95;
// Loading the module and building the model takes under a second on a laptop and a few on a slow phone; a worker
// that has said nothing after this long is not going to (an engine that cannot start it, a lost network).
export const startStallMilliseconds = 20_000;

// Once running, the worker answers every quarter second; one silent this long has died (out of memory, or
// stopped by the browser) and will not answer again.
export const answerStallMilliseconds = 10_000;

/** The worker stopped answering mid-run: the view says so and offers a restart (the last checkpoint is kept). */
// When the page last came back into view (or loaded): the silence of a hidden page's worker is not its death.
let lastShownAt = -Infinity;
globalThis.document?.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') lastShownAt = performance.now();
});

export class WorkerLostError extends Error {
  constructor(seconds) {
    super(t('train.errors.workerLost', { seconds }));
    this.name = 'WorkerLostError';
  }
}

/** The worker failed to start or did not answer in time: the view says so and offers the single-thread build. */
export class WorkerStartError extends Error {
  constructor(message) {
    super(message);
    this.name = 'WorkerStartError';
  }

  static stalled(seconds) {
    return new WorkerStartError(t('train.errors.workerStalled', { seconds }));
  }
}

/**
 * The module in the worker trapped: a WebAssembly RuntimeError (an access out of bounds, or Emscripten's abort when
 * the browser refuses it more memory). Its state cannot be trusted after that, so the view replaces the worker.
 */
export class ModuleFaultError extends Error {
  constructor(trap) {
    super(t('train.errors.moduleFault', { message: trap.message }));
    this.name = 'ModuleFaultError';
    this.cause = trap;
  }
}

// A trap as Comlink delivers it (an Error carrying the RuntimeError's name), or as the worker's start() reports it.
const moduleFault = (error) => (error?.name === 'RuntimeError' ? new ModuleFaultError(error) : null);

export class TrainingRun {
  /**
   * @param {{ session: object, options: object, snapshotSteps: number[], probe: () => string,
   *           onUpdate: (run: TrainingRun) => void, workerFailed?: Promise<unknown>,
   *           stallMilliseconds?: number, answerMilliseconds?: number }} setup  session: the worker's Comlink
   *           proxy; workerFailed rejects if the worker's script fails to load or throws; stallMilliseconds:
   *           how long a start may take, answerMilliseconds: how long a running worker may stay silent
   */
  constructor({
    session,
    options,
    snapshotSteps,
    probe,
    onUpdate,
    workerFailed = new Promise(() => {}),
    stallMilliseconds = startStallMilliseconds,
    answerMilliseconds = answerStallMilliseconds,
  }) {
    this.session = session;
    this.options = options;
    this.snapshotSteps = snapshotSteps;
    this.probeSentence = probe;
    this.onUpdate = onUpdate;
    this.workerFailed = workerFailed;
    this.stallMilliseconds = stallMilliseconds;
    this.answerMilliseconds = answerMilliseconds;
    this.status = 'idle'; // idle → starting → running → pausing → paused → running … → done (or failed)
    this.step = 0;
    this.steps = options.steps;
    this.losses = [];
    this.evaluations = []; // { step, exact, total, alignment, alignmentHead, cacheBytesPerToken }
    this.snapshots = new Map(); // step → probe result
    this.probe = null;
    this.finalEvaluation = null;
    this.trainingSeconds = 0; // wall time spent running (pauses excluded)
    this.stepsPerSecond = NaN;
    this.secondsToTarget = null; // when the live score first reached 95% exact
    this.stepToTarget = null;
    // The Train view's checkpoints of this run in the browser's storage (run-checkpoints.js): kept once done, and
    // every few seconds meanwhile.
    this.kept = false;
    this.keptStep = null;
    this.keptAt = null;
    this.error = null;
    this.info = null; // { backend, parameters }
    this.#loop = null;
  }

  #loop;

  get secondsLeft() {
    return (this.steps - this.step) / this.stepsPerSecond;
  }

  async start() {
    this.status = 'starting';
    this.onUpdate(this);
    try {
      let timer;
      const stalled = new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(WorkerStartError.stalled(Math.round(this.stallMilliseconds / 1000))),
          this.stallMilliseconds,
        );
      });
      const started = await Promise.race([this.session.start(this.options), this.workerFailed, stalled]).finally(() =>
        clearTimeout(timer),
      );
      if (started.error) {
        throw moduleFault(started.error) ?? reportedError(started.error);
      }
      this.info = started;
      this.task = started.options.task; // 'en-es', a sequence task, or 'pairs'
      await this.ask(this.#observe());
      this.status = 'running';
      this.onUpdate(this);
      this.#loop = this.#run();
    } catch (error) {
      this.#fail(error);
    }
  }

  /** Stops asking for more training: 'pausing' until the quarter second under way has come back, then 'paused'. */
  pause() {
    if (this.status === 'running') this.status = 'pausing';
    this.onUpdate(this);
  }

  resume() {
    if (this.status !== 'paused') return;
    this.status = 'running';
    this.onUpdate(this);
    this.#loop = this.#loop.then(() => this.#run());
  }

  /** Resolves once the worker is idle (the current quarter second finished). */
  settled() {
    return this.#loop ?? Promise.resolve();
  }

  async #run() {
    try {
      while (this.status === 'running') {
        const started = performance.now();
        const nextSnapshot = this.snapshotSteps.find((s) => s > this.step) ?? this.steps;
        const report = await this.ask(this.session.advance(updateMilliseconds, nextSnapshot));
        const steps = report.step - this.step;
        this.losses.push(...report.losses);
        this.step = report.step;
        this.learningRate = report.learningRate;
        this.gradientNorm = report.gradientNorm;
        const evaluation = await this.ask(this.#observe());
        const seconds = (performance.now() - started) / 1000;
        this.trainingSeconds += seconds;
        if (
          this.secondsToTarget === null &&
          evaluation.total > 0 &&
          evaluation.exact >= targetExact * evaluation.total
        ) {
          this.secondsToTarget = this.trainingSeconds; // training and scoring time, until the score was known
          this.stepToTarget = this.step;
        }
        const rate = steps / seconds;
        this.stepsPerSecond = Number.isFinite(this.stepsPerSecond) ? 0.7 * this.stepsPerSecond + 0.3 * rate : rate;
        if (report.done) {
          const final = await this.ask(this.session.evaluate(finalEvaluationSentences));
          this.finalEvaluation = final;
          this.status = 'done';
        }
        this.onUpdate(this);
      }
      if (this.status === 'pausing') {
        this.status = 'paused';
        this.onUpdate(this);
      }
    } catch (error) {
      this.#fail(error);
    }
  }

  /**
   * The worker's answer to `call`, or a WorkerLostError if the worker dies or stays silent too long (a lost worker
   * never answers, and nothing else tells the page). Time the page spends hidden does not count: a phone freezes a
   * background tab's worker with it, and the answer comes once both are back.
   */
  async ask(call) {
    let timer;
    const lost = () => new WorkerLostError(Math.round(this.answerMilliseconds / 1000));
    const silent = new Promise((_, reject) => {
      const check = () => {
        const visibleFor = performance.now() - lastShownAt;
        if (visibleFor >= this.answerMilliseconds) reject(lost());
        else timer = setTimeout(check, this.answerMilliseconds - visibleFor);
      };
      timer = setTimeout(check, this.answerMilliseconds);
    });
    // A worker's script failing after its start is the same loss, not a failed start.
    const failed = this.workerFailed.catch((error) => Promise.reject(Object.assign(lost(), { cause: error })));
    try {
      return await Promise.race([call, failed, silent]);
    } catch (error) {
      throw moduleFault(error) ?? error;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Scores the model and probes the sentence at the current step; keeps a snapshot at the strip's steps. */
  async #observe() {
    const [evaluation, probe] = await Promise.all([
      this.session.evaluate(liveEvaluationSentences),
      this.session.probe(this.probeSentence()),
    ]);
    this.evaluations.push({
      step: this.step,
      exact: evaluation.exact,
      total: evaluation.total,
      alignment: evaluation.alignment,
      alignmentHead: evaluation.alignmentHead,
      cacheBytesPerToken: evaluation.cacheBytesPerToken,
    });
    this.probe = probe;
    if (this.snapshotSteps.includes(this.step) && !this.snapshots.has(this.step)) this.snapshots.set(this.step, probe);
    return evaluation;
  }

  /** The probe again for another sentence, at the current step (while paused or done). */
  async reprobe() {
    if (this.status === 'idle' || this.status === 'starting' || this.status === 'failed') return;
    await this.settled();
    try {
      this.probe = await this.ask(this.session.probe(this.probeSentence()));
    } catch (error) {
      this.#fail(error); // the worker is gone: the run cannot go on either
      return;
    }
    this.onUpdate(this);
  }

  #fail(error) {
    this.status = 'failed';
    this.error = error;
    this.onUpdate(this);
  }
}

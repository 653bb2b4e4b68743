// The page's side of a worker (worker-answers.js is the worker's): started through web/lib's startWorker and
// Comlink, warmed before it is needed, dropped after it failed, and asked with one policy for every view and
// experiment. A worker's script that fails is a WorkerStartError (a WorkerLostError once it had answered); a worker
// silent past its time is one too (its first answer may take longer: the module compiles); time the page spends
// hidden does not count, since a phone freezes a background tab's worker with it and the answer comes once both
// are back; a trap in the worker's module is a ModuleFaultError (its state cannot be trusted: drop the worker);
// any other failure is web/lib's error made again from its data, so the page can say it in the learner's language.
import * as Comlink from 'comlink';
import { startWorker } from '../../lib/index.js';
import { reportedError } from './worker-errors.js';
import { t } from '../i18n/messages.js';

// Loading the module and building a model takes under a second on a laptop and a few on a slow phone; a worker that
// has said nothing after this long is not going to (an engine that cannot start it, a lost network).
export const startMilliseconds = 20_000;
// Once started, a worker answers a training slice in a quarter of a second and a generation in well under one; one
// silent this long has died (out of memory, or stopped by the browser) and will not answer again.
export const answerMilliseconds = 10_000;

// A worker whose every call trains and scores a whole model (the experiments'): a few seconds here, far more on a
// slow phone or a busy machine, so it is taken for lost only after two minutes' silence.
export const wholeModelCalls = Object.freeze({ startMilliseconds: 120_000, answerMilliseconds: 120_000 });

// When the page last came back into view (or loaded): the silence of a hidden page's worker is not its death.
let lastShownAt = -Infinity;
globalThis.document?.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') lastShownAt = performance.now();
});
const shownFor = () => (globalThis.document?.visibilityState === 'hidden' ? 0 : performance.now() - lastShownAt);

/** The worker failed to start, or gave no first answer in time: a view may offer another build. */
export class WorkerStartError extends Error {
  constructor(message) {
    super(message);
    this.name = 'WorkerStartError';
  }
}

/** The worker stopped answering after it had started: a view says so and offers a restart. */
export class WorkerLostError extends Error {
  constructor(message) {
    super(message);
    this.name = 'WorkerLostError';
  }
}

/**
 * The module in the worker trapped: a WebAssembly RuntimeError (an access out of bounds, or Emscripten's abort when
 * the browser refuses it more memory). Its state cannot be trusted after that: the worker is to be replaced.
 */
export class ModuleFaultError extends Error {
  constructor(message, trap) {
    super(message);
    this.name = 'ModuleFaultError';
    this.cause = trap;
  }
}

/**
 * What each failure says, in the page's language: a view may name its worker ("the training worker") and what is
 * kept; these are the words of a view that does not. `notStarted` may answer a promise (a section still loading).
 */
/**
 * @typedef {{ notStarted: (reason: string) => string | Promise<string>, stalled: (seconds: number) => string,
 *              lost: (seconds: number) => string, fault: (message: string) => string }} WorkerTexts
 */
/** @type {Readonly<WorkerTexts>} */
export const workerTexts = Object.freeze({
  notStarted: (reason) => t('app.errors.workerNotStarted', { reason: reason || t('app.errors.workerScript') }),
  stalled: (seconds) => t('app.errors.workerStalled', { seconds }),
  lost: (seconds) => t('app.errors.workerLost', { seconds }),
  fault: (message) => t('app.errors.moduleFault', { message }),
});

export class WorkerConnection {
  #script;
  #texts;
  #rebuild;
  #open;
  #worker = null;
  #remote = null; // the worker's Comlink proxy, once started
  #failed = null; // rejects if the worker's script fails
  #answered = false; // whether this worker has answered once (its later silences are losses, not a failed start)

  /**
   * @param {{ script: string | URL, texts?: Partial<WorkerTexts>, rebuild?: (report: object) => Error,
   *           startMilliseconds?: number, answerMilliseconds?: number, open?: (script: string | URL) => any }} setup
   *   script: the worker's URL (Vite's `?worker&url`); texts: the view's words for each failure; rebuild: the
   *   error a worker's report is made again as (reportedError by default); the times: how long a first answer and
   *   a later one may take; open: how the worker is made (startWorker, as each engine needs; a MessagePort in the
   *   Node tests)
   */
  constructor({
    script,
    texts = {},
    rebuild = reportedError,
    startMilliseconds: firstAnswer = startMilliseconds,
    answerMilliseconds: answer = answerMilliseconds,
    open = (url) => startWorker(url, { type: 'module' }),
  }) {
    this.#script = script;
    this.#texts = { ...workerTexts, ...texts };
    this.#rebuild = rebuild;
    this.#open = open;
    this.startMilliseconds = firstAnswer;
    this.answerMilliseconds = answer;
  }

  /** Whether the worker is running (started, and not dropped since). */
  get started() {
    return this.#remote !== null;
  }

  /** The worker, started once (again after drop()). */
  start() {
    if (this.#remote) return;
    const worker = this.#open(this.#script);
    this.#worker = worker;
    this.#remote = Comlink.wrap(worker);
    this.#answered = false;
    this.#failed = new Promise((_, reject) => {
      worker.addEventListener('error', async (event) =>
        reject(new WorkerStartError(await this.#texts.notStarted(event.message))),
      );
    });
    this.#failed.catch(() => {}); // observed by each ask()
  }

  /**
   * Starts the worker and asks its `warm(...args)` (its module compiled before anything needs it), once. Resolves
   * once it has started, or failed to (a failure is left to the first ask() to report), so a view can be busy until
   * then.
   * @returns {Promise<void>}
   */
  warm(...args) {
    if (this.#remote) return Promise.resolve();
    this.start();
    return Promise.race([this.#remote.warm(...args), this.#failed]).then(
      () => {},
      () => {},
    );
  }

  /**
   * Starts the worker while the learner reads `view`, so that their first action begins at once: when they first
   * point at or tab into it, or after a few seconds, whichever is first (not while the page is still arriving:
   * compiling the module would compete with its first paint on a phone's few cores). `onUse` runs at that first
   * pointing or tabbing too (a view's own warming); `during` holds the warming (a view's Settling).
   * @param {HTMLElement} view
   * @param {{ onUse?: () => void, during?: (warming: Promise<void>) => unknown }} [options]
   */
  warmWhenUsed(view, { onUse = () => {}, during = (warming) => warming } = {}) {
    const start = () => {
      clearTimeout(timer);
      void during(this.warm());
    };
    const timer = setTimeout(start, 4000);
    const used = () => {
      start();
      onUse();
    };
    view.addEventListener('pointerover', used, { once: true });
    view.addEventListener('focusin', used, { once: true });
  }

  /** The worker stopped for good (a trap, a silence, a reset): the next ask starts a fresh one. */
  drop() {
    this.#worker?.terminate();
    this.#worker = this.#remote = this.#failed = null;
  }

  /**
   * The worker's answer to `method(...args)` (starting the worker if need be), or the failure it ended in, as the
   * policy above says.
   */
  async ask(method, ...args) {
    this.start();
    const first = !this.#answered;
    const limit = first ? this.startMilliseconds : this.answerMilliseconds;
    const seconds = Math.round(limit / 1000);
    const silence = () =>
      first ? new WorkerStartError(this.#texts.stalled(seconds)) : new WorkerLostError(this.#texts.lost(seconds));
    let timer;
    const silent = new Promise((_, reject) => {
      const check = () => {
        const shown = shownFor();
        if (shown >= limit) reject(silence());
        else timer = setTimeout(check, limit - shown);
      };
      timer = setTimeout(check, limit);
    });
    // A worker's script failing after it has answered is the same loss as its silence, not a failed start.
    const failed = first
      ? this.#failed
      : this.#failed.catch((error) => Promise.reject(Object.assign(silence(), { cause: error })));
    const worker = this.#worker;
    try {
      const answer = await Promise.race([this.#remote[method](...args), failed, silent]);
      if (this.#worker === worker) this.#answered = true;
      if (answer.error) throw this.#reported(answer.error);
      return answer.result;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Drops the worker if `error` (an ask's) leaves it unusable: never started, lost, or trapped. Answers whether. */
  dropAfter(error) {
    const unusable =
      error instanceof WorkerStartError || error instanceof WorkerLostError || error instanceof ModuleFaultError;
    if (unusable) this.drop();
    return unusable;
  }

  #reported(report) {
    if (report.name === 'RuntimeError') return new ModuleFaultError(this.#texts.fault(report.message), report);
    return this.#rebuild(report);
  }
}

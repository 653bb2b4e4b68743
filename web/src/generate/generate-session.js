// The Generate view's worker as the view holds it: started once (early, while the learner reads the view), and
// replaced after it fails. Its own file because it is the view's only contact with the worker's life; what a run or a
// generation asks of the worker is theirs. (The language model runs on one build, web/lib picks it.)
import * as Comlink from 'comlink';
import { startWorker } from '../../lib/index.js';
import { errorTexts } from './generate-text.js';
// The worker's own bundle (Vite builds it and gives its URL), started as each engine needs (startWorker).
import generateWorkerUrl from './generate-worker.js?worker&url';

/** A worker call that did not answer: the worker is lost (out of memory, stopped by the browser). */
export class WorkerLostError extends Error {
  constructor(seconds) {
    super(errorTexts.workerSilent(seconds));
    this.name = 'WorkerLostError';
  }
}

// A training slice answers in a quarter of a second and a generation in well under a second: a worker silent this
// long has died (a page hidden meanwhile freezes its worker too, so hidden time is not counted).
const answerMilliseconds = 30_000;

export class GenerateSession {
  constructor() {
    this.worker = null;
    this.remote = null; // the worker's Comlink proxy, once started
    this.failed = null; // rejects if the worker's script fails
  }

  /** The worker, started once (again after drop()). */
  start() {
    if (this.remote) return this.remote;
    this.worker = startWorker(generateWorkerUrl, { type: 'module' });
    this.remote = Comlink.wrap(this.worker);
    this.failed = new Promise((_, reject) => {
      this.worker.addEventListener('error', (event) => reject(new Error(errorTexts.workerStart(event.message))));
    });
    this.failed.catch(() => {}); // observed by each ask()
    return this.remote;
  }

  /**
   * Starts the worker and its module before any run asks for them, so that the first Start begins at once. Resolves
   * once they have started, or failed to (the first start reports it): the view is busy until then.
   */
  warm() {
    if (this.remote) return Promise.resolve();
    const remote = this.start();
    return Promise.race([remote.warm(), this.failed]).catch(() => {}); // warm() swallows its own failure
  }

  /** The worker's answer to `call` (a promise from this.remote), or an error if it fails or stays silent. */
  async ask(call) {
    let timer;
    let hiddenSince = null;
    const silent = new Promise((_, reject) => {
      const check = () => {
        if (document.visibilityState === 'hidden') hiddenSince ??= performance.now();
        else if (hiddenSince === null) return reject(new WorkerLostError(answerMilliseconds / 1000));
        else hiddenSince = null; // shown again: give it a while longer
        timer = setTimeout(check, answerMilliseconds);
      };
      timer = setTimeout(check, answerMilliseconds);
    });
    try {
      return await Promise.race([call, this.failed, silent]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The worker failed for good: the next start makes a fresh one. */
  drop() {
    this.worker?.terminate();
    this.worker = null;
    this.remote = null;
  }
}

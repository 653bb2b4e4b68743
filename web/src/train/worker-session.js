// The training worker as the Train view holds it (common/worker-connection.js, in the Train view's words): started
// once (early, while the person reads the view), replaced after a trap or a stall, and on the build this machine
// trains best with. Its own file because it is the view's only contact with the worker's life; what a run asks of the
// worker is training-run.js's.
import { backends, resolveBackend, supportsRelaxedSimd, supportsSimd, supportsThreads } from '../../lib/index.js';
import { WorkerConnection } from '../common/worker-connection.js';
import { t } from '../i18n/messages.js';
// The worker's own bundle (Vite builds it and gives its URL), started as each engine needs (startWorker).
import trainWorkerUrl from './train-worker.js?worker&url';

const trainingWorkerTexts = {
  notStarted: (reason) => t('train.errors.workerNotStarted', { reason: reason || t('train.errors.scriptNotLoaded') }),
  stalled: (seconds) => t('train.errors.workerStalled', { seconds }),
  lost: (seconds) => t('train.errors.workerLost', { seconds }),
  fault: (message) => t('train.errors.moduleFault', { message }),
};

export class WorkerSession extends WorkerConnection {
  /**
   * @param {string | undefined} backend  the build the page asked for; by default, the one trainingBackend() picks
   * @param {() => number} trainingThreads  the threads a run would train on now (the view's setting)
   */
  constructor(backend, trainingThreads) {
    super({ script: trainWorkerUrl, texts: trainingWorkerTexts });
    this.asked = backend ?? null;
    this.trainingThreads = trainingThreads;
  }

  /** The build the next run trains on: the page's, else the one for the threads chosen. */
  get backend() {
    return this.asked ?? trainingBackend(this.trainingThreads());
  }

  /** createTrainer's options for where the next run trains: its build and, on a threaded one, its threads. */
  runsOn() {
    const { backend } = this;
    return { backend, threads: backend.endsWith('-threads') ? this.trainingThreads() : 1 };
  }

  /** Starts the worker and its module before any run asks for them, so that the first Start begins at once. */
  warm() {
    return super.warm(this.backend);
  }

  /** After a stall or a failed start: the single-thread build of the best SIMD this engine has, from now on. */
  useSingleThread() {
    this.asked = supportsRelaxedSimd() ? 'wasm-relaxed-simd' : supportsSimd() ? 'wasm-simd128' : 'wasm-scalar';
  }
}

/**
 * The build training runs on when the page asks for none: the threaded twin of the page's build when the run shares
 * its steps among more than one thread, else the page's. Training keeps every thread it is given busy, so the default
 * count (web/lib's defaultTrainerThreads) leaves a core to the page: on a 2-core machine one thread, the single-thread
 * build (with three pthreads on 2 cores the page's tasks stretched past 50 ms, and trained no faster: Firefox here,
 * 97 steps/s single-thread, 93 threaded).
 * @param {number} threads
 * @returns {import('../../lib/index.js').Backend}
 */
function trainingBackend(threads) {
  const single = resolveBackend(); // a page's own thread defaults to the single-thread build
  const threaded = /** @type {import('../../lib/index.js').Backend} */ (`${single}-threads`);
  return threads > 1 && supportsThreads() && backends.includes(threaded) ? threaded : single;
}

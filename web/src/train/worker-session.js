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
  /** @param {string} [backend]  the build the page asked for; by default, trainingBackend()'s */
  constructor(backend) {
    super({ script: trainWorkerUrl, texts: trainingWorkerTexts });
    this.backend = backend ?? trainingBackend();
  }

  /** Starts the worker and its module before any run asks for them, so that the first Start begins at once. */
  warm() {
    return super.warm(this.backend);
  }

  /** After a stall or a failed start: the single-thread build of the best SIMD this engine has, from now on. */
  useSingleThread() {
    this.backend = supportsRelaxedSimd() ? 'wasm-relaxed-simd' : supportsSimd() ? 'wasm-simd128' : 'wasm-scalar';
  }
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

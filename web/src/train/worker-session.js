// The training worker as the view holds it: started once (early, while the person reads the view), replaced after
// a trap or a stall, and on the build this machine trains best with. Its own file because it is the view's only
// contact with the worker's life; what a run asks of the worker is training-run.js's.
import * as Comlink from 'comlink';
import {
  backends,
  resolveBackend,
  startWorker,
  supportsRelaxedSimd,
  supportsSimd,
  supportsThreads,
} from '../../lib/index.js';
import { WorkerStartError } from './training-run.js';
import { t } from '../i18n/messages.js';
// The worker's own bundle (Vite builds it and gives its URL), started as each engine needs (startWorker).
import trainWorkerUrl from './train-worker.js?worker&url';

export class WorkerSession {
  /** @param {string} [backend]  the build the page asked for; by default, trainingBackend()'s */
  constructor(backend) {
    this.backend = backend ?? trainingBackend();
    this.worker = null;
    this.session = null; // the worker's Comlink proxy, once started
    this.failed = null; // rejects if the worker's script fails
  }

  /** The training worker, started once (again after a stall); `failed` rejects if its script fails. */
  start() {
    if (this.session) return;
    this.worker = startWorker(trainWorkerUrl, { type: 'module' });
    this.session = Comlink.wrap(this.worker);
    this.failed = new Promise((_, reject) => {
      this.worker.addEventListener('error', (event) =>
        reject(
          new WorkerStartError(
            t('train.errors.workerNotStarted', { reason: event.message || t('train.errors.scriptNotLoaded') }),
          ),
        ),
      );
    });
    this.failed.catch(() => {}); // observed by each run's start
  }

  /** Starts the worker and its module before any run asks for them, so that the first Start begins at once. */
  warm() {
    if (this.session) return;
    this.start();
    void this.session.warm(this.backend); // warm() swallows its failure: the first run's start reports it
  }

  /** The worker stopped for good (a trap, a stall): the next start makes a fresh one. */
  drop() {
    this.worker?.terminate();
    this.session = null;
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

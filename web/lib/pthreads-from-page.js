// A threaded build's pthread workers made by the page, for a module running in a worker, in Firefox.
//
// Firefox (ESR 153) can hang a worker for good in `new Worker()`: a worker that makes a worker waits on the new
// worker's condition variable until the page's thread has registered its debugger, and that registration wakes one
// waiter only (`mCondVar.Notify()` in WorkerPrivate::SetIsDebuggerRegistered), which is sometimes the new worker's own
// thread, already waiting there for its first event. Emscripten's glue makes its pool of three workers that way as it
// starts, so the Generate view's worker, loading the threaded language model, waited in the second or third `new
// Worker()` until its view gave it up (in 3 to 7 of 40 runs under WebDriver BiDi, whose worker listener slows the
// registration, none in 84 without it; a native stack showed both threads in the same `pthread_cond_wait`). A
// worker made by the page's thread is registered at once, on that thread, with no wait. So where startWorker() made
// the worker (start-worker.js marks it), web/lib there asks the page for the pool: the page makes each pthread worker
// and gives the module's worker a MessagePort to it, which stands in for the Worker object the glue would have made.
import { checkKnownKeys } from './known-keys.js';

const requestKey = 'attention-playground:pthread-workers'; // a worker's request, to the page that made it
const portKey = 'attention-playground:pthread-port'; // the page's first message to each pthread worker it makes
const errorKey = 'attention-playground:pthread-error'; // an error in a pthread worker, said over its port
const closeKey = 'attention-playground:pthread-close'; // the port's owner ends the pthread worker
/**
 * Set in a worker's global scope by the line that starts it (start-worker.js; in a module worker, by
 * pthreads-from-page-mark.js, imported before its script): its page answers the request.
 */
export const markKey = 'attention-playground:pthreads-from-page';

// The script each pthread worker the page makes runs first: it takes its port, then imports Emscripten's own.
const viaPortScript = new URL('./pthread-via-port.js?no-inline', import.meta.url);

/**
 * The page's side: answers `worker`'s requests for pthread workers, each started with `start(url)` (start-worker.js
 * starts classic workers as this engine needs), and ends them with the worker. Called by startWorker() for each
 * worker it makes where the engine needs it.
 * @param {Worker} worker  @param {(script: URL) => Worker} start
 */
export function servePthreadWorkers(worker, start) {
  const made = [];
  worker.addEventListener('message', (event) => {
    const request = event.data?.[requestKey];
    if (!request) return;
    event.stopImmediatePropagation(); // not an answer for the worker's RPC
    checkKnownKeys(request, { count: null, script: null }, { operation: 'a pthread worker request' });
    const ports = [];
    for (let i = 0; i < request.count; i++) {
      const pthreadWorker = start(viaPortScript);
      const { port1, port2 } = new MessageChannel();
      pthreadWorker.postMessage({ [portKey]: { port: port2, script: request.script } }, [port2]);
      made.push(pthreadWorker);
      ports.push(port1);
    }
    event.ports[0].postMessage(ports, ports);
  });
  const terminate = worker.terminate.bind(worker);
  worker.terminate = () => {
    terminate();
    for (const pthreadWorker of made.splice(0)) pthreadWorker.terminate();
  };
}

/** Whether this is a worker whose page makes its pthread workers (startWorker() made it, where needed). */
export function pageMakesPthreadWorkers() {
  return globalThis[markKey] === true;
}

/**
 * The worker's side: `count` pthread workers running `script` (Emscripten's worker script), made by the page, each
 * as a PortWorker.
 * @param {number} count  @param {string} script
 * @returns {Promise<PortWorker[]>}
 */
export function pthreadWorkersFromPage(count, script) {
  const { port1, port2 } = new MessageChannel();
  const workerScope = /** @type {any} */ (globalThis); // a worker's: postMessage(message, transfer)
  workerScope.postMessage({ [requestKey]: { count, script } }, [port2]);
  return new Promise((resolve) => {
    port1.onmessage = ({ data: ports }) => {
      port1.close();
      resolve(ports.map((port) => new PortWorker(port)));
    };
  });
}

/**
 * Runs `make()` (a threaded glue's createModule, which makes its pool as it starts) with `workers` given out in turn
 * where it would make a Worker; once they are gone, a Worker is made as usual. Answers what `make()` does.
 * @template T @param {PortWorker[]} workers  @param {() => T} make  @returns {T}
 */
export function withWorkersGiven(workers, make) {
  const scope = /** @type {any} */ (globalThis);
  const NestedWorker = scope.Worker;
  scope.Worker = function GivenWorker(url, options) {
    return workers.shift() ?? new NestedWorker(url, options);
  };
  try {
    return make();
  } finally {
    scope.Worker = NestedWorker;
  }
}

/**
 * A pthread worker as the glue sees it: a Worker's messages, `error` events, handlers and terminate(), over the port
 * the page gave for it. `onmessage` and `onerror` are listeners added where they are set, as a Worker's are, so a
 * listener added before them may stop them (watchWorkerStart does).
 */
export class PortWorker extends EventTarget {
  #port;
  #handlers = new Map();

  /** @param {MessagePort} port */
  constructor(port) {
    super();
    this.#port = port;
    port.onmessage = ({ data }) => {
      // Events as a Worker's carry them (what the glue reads: data; message, filename, lineno)
      if (data?.[errorKey] !== undefined) this.dispatchEvent(Object.assign(new Event('error'), data[errorKey]));
      else this.dispatchEvent(Object.assign(new Event('message'), { data }));
    };
  }

  get onmessage() {
    return this.#handlers.get('message') ?? null;
  }
  set onmessage(handler) {
    this.#setHandler('message', handler);
  }
  get onerror() {
    return this.#handlers.get('error') ?? null;
  }
  set onerror(handler) {
    this.#setHandler('error', handler);
  }

  #setHandler(type, handler) {
    const old = this.#handlers.get(type);
    if (old) this.removeEventListener(type, old);
    this.#handlers.delete(type);
    if (typeof handler === 'function') {
      this.#handlers.set(type, handler);
      this.addEventListener(type, handler);
    }
  }

  postMessage(message, transfer = []) {
    this.#port.postMessage(message, transfer);
  }

  terminate() {
    this.#port.postMessage({ [closeKey]: true });
    this.#port.close();
  }
}

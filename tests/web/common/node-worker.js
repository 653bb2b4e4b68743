// A view's worker script run in a Node worker thread, as the browser runs it in a Web Worker: the thread's global
// scope answers addEventListener('message') and postMessage as a worker's does (worker-scope.js), and the page's
// side gets what WorkerConnection needs of a Worker (postMessage, 'message' and 'error' listeners, terminate).
import { Worker } from 'node:worker_threads';

const scope = new URL('./worker-scope.js', import.meta.url);

/** A Worker-like handle on `script` (a file URL) running in a worker thread. */
export function startNodeWorker(script) {
  const thread = new Worker(scope, { workerData: { script: String(script) } });
  const listeners = new Map(); // the page's listener → the thread's
  return {
    postMessage: (message, transfer) => thread.postMessage(message, transfer),
    addEventListener(type, listener) {
      const heard = type === 'message' ? (data) => listener({ data }) : (error) => listener({ message: error.message });
      listeners.set(listener, heard);
      thread.on(type, heard);
    },
    removeEventListener(type, listener) {
      thread.off(type, listeners.get(listener));
    },
    terminate: () => void thread.terminate(),
    thread,
  };
}

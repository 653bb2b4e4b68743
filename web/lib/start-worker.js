// Starting a Web Worker so that it runs in every engine, including Firefox on a cross-origin isolated page.
//
// Firefox (seen in ESR 153) never starts a dedicated worker whose script URL falls in the scope of a service
// worker with a fetch handler when the page is cross-origin isolated: `new Worker(url)` neither runs nor fails
// (a page's second visit, or the Train view once the playground's offline copy is active, waited forever). A
// worker started from a blob: URL is not matched by its URL: it inherits its creator's service worker, and its
// one line loads the real script through it (so it still works offline). Other engines, and pages that are not
// isolated, start workers from their own URLs, which a strict `worker-src 'self'` policy allows.

import { ModuleLoadError } from './errors.js';
import { checkKnownKeys } from './known-keys.js';
import { markKey, servePthreadWorkers } from './pthreads-from-page.js';

const isGecko =
  typeof navigator === 'object' &&
  /\bGecko\/\d/.test(navigator.userAgent ?? '') &&
  !/\blike Gecko\b/.test(navigator.userAgent ?? '');

/** Whether workers here must start from a blob: URL (Firefox, cross-origin isolated). */
export function needsBlobWorkers() {
  return isGecko && globalThis.crossOriginIsolated === true;
}

// A module worker's mark is a module imported before its script (a statement before a static import would run after
// the imported script's top-level evaluation, top-level awaits included).
const markModule = new URL('./pthreads-from-page-mark.js?no-inline', import.meta.url).href;

/**
 * The URL to give `new Worker()` for `script` (a URL), as a module worker (`type: 'module'`) or a classic one:
 * the script's own URL, or, where the engine needs it, a blob: URL whose one line loads it (and, with `marked`,
 * first says that the page makes the worker's pthread workers: pthreads-from-page.js).
 */
export function workerScriptUrl(script, { type = 'classic', marked = false } = {}) {
  const url = new URL(script, globalThis.location?.href).href;
  if (!needsBlobWorkers()) return url;
  const line =
    type === 'module'
      ? `${marked ? `import ${JSON.stringify(markModule)}; ` : ''}import ${JSON.stringify(url)};`
      : `${marked ? `globalThis[${JSON.stringify(markKey)}] = true; ` : ''}importScripts(${JSON.stringify(url)});`;
  return URL.createObjectURL(new Blob([line], { type: 'text/javascript' }));
}

/**
 * A Worker running `script` ({ type: 'module' } or classic), started as this engine needs (see above). Where
 * Firefox needs it, the page makes the pthread workers of the threaded modules the worker loads
 * (pthreads-from-page.js), and ends them with it.
 */
export function startWorker(script, options = {}) {
  checkKnownKeys(options, { type: null, name: null }, { operation: 'startWorker' });
  const { type = 'classic', name } = options;
  const marked = needsBlobWorkers();
  const worker = new Worker(workerScriptUrl(script, { type, marked }), { type, ...(name ? { name } : {}) });
  if (marked) servePthreadWorkers(worker, (pthreadScript) => new Worker(workerScriptUrl(pthreadScript)));
  return worker;
}

/** How long a threaded build's workers may stay silent once they have been sent the compiled module (ms). */
export const workerStartTimeout = 10_000;

/**
 * Watches the start of a threaded build's pthread workers (Emscripten's pool, made when its glue runs), so that a
 * pool that cannot start is an error, never a wait without end. `failed` never resolves; it rejects with a
 * ModuleLoadError, and every worker is terminated, at the first of: a worker's `error` event (its script refused
 * by the page's CSP, missing, or not JavaScript: Chromium fires it 5-60 ms after `new Worker`); `fail(cause)`;
 * `timeout` ms after `arm()` with a worker still not ready (a worker says `{ cmd: 'loaded' }` once its module runs;
 * a failed import inside it reaches no handler here, so only the clock tells). Once every worker is ready, or
 * after `stop()`, nothing more happens.
 * @param {Worker[]} workers
 * @param {{ backend: import('./index.js').Backend, script: string, timeout?: number }} options
 */
export function watchWorkerStart(workers, { backend, script, timeout = workerStartTimeout }) {
  let waiting = workers.length;
  let timer;
  let over = false;
  let reject;
  const failed = new Promise((_, rejectFailed) => (reject = rejectFailed));
  const onMessage = (event) => {
    if (event.data?.cmd === 'loaded' && --waiting === 0) stop();
  };
  const onError = (event) => {
    event.stopImmediatePropagation(); // reported by `failed`: the glue's own handler would rethrow it, uncaught
    fail(
      `a worker could not start from ${script} (refused by the page's Content-Security-Policy, missing, or not JavaScript)`,
    );
  };
  function stop() {
    over = true;
    clearTimeout(timer);
    for (const worker of workers) {
      worker.removeEventListener('message', onMessage);
      worker.removeEventListener('error', onError);
    }
  }
  function fail(reason, cause = undefined) {
    if (over) return;
    stop();
    for (const worker of workers) worker.terminate();
    reject(
      new ModuleLoadError(`the ${backend} build did not start: ${reason}`, backend, cause ? { cause } : undefined),
    );
  }
  for (const worker of workers) {
    worker.addEventListener('message', onMessage);
    worker.addEventListener('error', onError);
  }
  return {
    failed,
    /** Starts the clock: the workers have been sent the compiled module. */
    arm() {
      if (!over && timer === undefined)
        timer = setTimeout(
          () => fail(`${waiting} of its ${workers.length} workers (${script}) said nothing for ${timeout / 1000} s`),
          timeout,
        );
    },
    /** Fails the start for a reason found elsewhere (the wasm could not be fetched or compiled). */
    fail: (cause) => fail(cause?.message ?? String(cause), cause),
    stop,
  };
}

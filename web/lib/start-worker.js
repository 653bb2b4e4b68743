// Starting a Web Worker so that it runs in every engine, including Firefox on a cross-origin isolated page.
//
// Firefox (seen in ESR 153) never starts a dedicated worker whose script URL falls in the scope of a service
// worker with a fetch handler when the page is cross-origin isolated: `new Worker(url)` neither runs nor fails
// (a page's second visit, or the Train view once the playground's offline copy is active, waited forever). A
// worker started from a blob: URL is not matched by its URL: it inherits its creator's service worker, and its
// one line loads the real script through it (so it still works offline). Other engines, and pages that are not
// isolated, start workers from their own URLs, which a strict `worker-src 'self'` policy allows.

import { checkKnownKeys } from './known-keys.js';

const isGecko =
  typeof navigator === 'object' &&
  /\bGecko\/\d/.test(navigator.userAgent ?? '') &&
  !/\blike Gecko\b/.test(navigator.userAgent ?? '');

/** Whether workers here must start from a blob: URL (Firefox, cross-origin isolated). */
export function needsBlobWorkers() {
  return isGecko && globalThis.crossOriginIsolated === true;
}

/**
 * The URL to give `new Worker()` for `script` (a URL), as a module worker (`type: 'module'`) or a classic one:
 * the script's own URL, or, where the engine needs it, a blob: URL whose one line loads it.
 */
export function workerScriptUrl(script, { type = 'classic' } = {}) {
  const url = new URL(script, globalThis.location?.href).href;
  if (!needsBlobWorkers()) return url;
  const line = type === 'module' ? `import ${JSON.stringify(url)};` : `importScripts(${JSON.stringify(url)});`;
  return URL.createObjectURL(new Blob([line], { type: 'text/javascript' }));
}

/** A Worker running `script` ({ type: 'module' } or classic), started as this engine needs (see above). */
export function startWorker(script, options = {}) {
  checkKnownKeys(options, { type: null, name: null }, { operation: 'startWorker' });
  const { type = 'classic', name } = options;
  return new Worker(workerScriptUrl(script, { type }), { type, ...(name ? { name } : {}) });
}

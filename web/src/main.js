// Entry point of the playground page: loads the module, reads the state from the URL, shows the view and
// keeps the URL in step with every change so a link reproduces exactly what is on screen.
import { loadAttention } from '../lib/index.js';
import { decodeState, encodeState } from './state.js';
import { StepView } from './step-view.js';

function urlFor(state) {
  const current = new URLSearchParams(location.search);
  const next = new URLSearchParams(encodeState(state));
  if (current.has('backend')) next.set('backend', current.get('backend'));
  return `${location.pathname}?${next}`;
}

async function main() {
  const params = new URLSearchParams(location.search);
  const backend = params.get('backend');
  const api = await loadAttention(backend === 'wasm-simd128' || backend === 'wasm-scalar' ? { backend } : {});
  document.getElementById('backend').textContent = api.backend;
  const { state, notice } = decodeState(location.search);
  const view = new StepView({ api, state, notice, onStateChange: (next) => history.replaceState(null, '', urlFor(next)) });
  document.getElementById('app').replaceChildren(view.element);
  view.render();
  if (!notice && params.has('s')) history.replaceState(null, '', urlFor(state));
  performance.mark('first-map-drawn');
  document.body.dataset.ready = 'true';
}

// In the built site only (the dev server must always serve fresh files): cache what this page loaded.
async function keepForOffline() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  await navigator.serviceWorker.register('./sw.js');
  const { active } = await navigator.serviceWorker.ready;
  const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
  const sameOrigin = [new URL('./', location.href).href, ...loaded].filter((url) => new URL(url).origin === location.origin);
  active.postMessage({ cache: [...new Set(sameOrigin)] });
}

main()
  .then(() => keepForOffline().catch((error) => console.warn('offline copy unavailable:', error.message)))
  .catch((error) => {
  const message = document.createElement('p');
  message.className = 'error';
  message.textContent = `The attention module could not start: ${error.message}`;
  document.getElementById('app').replaceChildren(message);
  document.getElementById('backend').textContent = 'unavailable';
});

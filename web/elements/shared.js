// What the three elements share: one wasm module and one translator per model for the whole page, loaded on
// first use; the stylesheets every shadow root links (the playground's own, then the elements' theme); and
// showing an error inside the element (and as an `error` event) instead of leaving a blank box.
import { loadAttention, loadTranslator } from '../lib/index.js';
import { themesChanged } from '../src/heatmap.js';

let attention = null;
const translators = new Map(); // model name or URL → Promise<Translator>

/** The page's one attention module (the default build for this page). */
export function sharedAttention() {
  attention ??= loadAttention();
  attention.catch(() => { attention = null; }); // a failed load (offline) may be retried by the next element
  return attention;
}

/** The page's translator for `model` ('en-es', 'en-ja' or a weight file's URL), loaded once. */
export function sharedTranslator(model = 'en-es') {
  const key = String(model);
  if (!translators.has(key)) {
    const translator = loadTranslator({ model: key });
    translator.catch(() => translators.delete(key));
    translators.set(key, translator);
  }
  return translators.get(key);
}

const stylesheets = [new URL('../src/style.css', import.meta.url), new URL('./elements.css', import.meta.url)];

/**
 * An open shadow root holding the stylesheets, a line for errors and a container for the element's content;
 * returns the container (as `root`) and that line. `onStyled` runs once the stylesheets have loaded (canvas
 * drawings read their colours from CSS). The content is laid out but not shown until every stylesheet has
 * loaded or failed: drawn unstyled first, it would move when the styles arrive (a layout shift on the host page).
 */
export function shadowWithStyles(host, onStyled) {
  const shadow = host.attachShadow({ mode: 'open' });
  const content = document.createElement('div');
  content.style.visibility = 'hidden'; // a CSSOM property, which a strict CSP allows (an inline style it would not)
  let waiting = stylesheets.length;
  const settled = () => {
    waiting -= 1;
    if (waiting > 0) return;
    content.style.removeProperty('visibility');
    themesChanged(); // the maps' colours come from these stylesheets' custom properties
    onStyled();
  };
  for (const href of stylesheets) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href.href;
    link.addEventListener('load', settled);
    link.addEventListener('error', settled);
    shadow.append(link);
  }
  const errorLine = document.createElement('p');
  errorLine.className = 'error element-error';
  errorLine.setAttribute('role', 'alert');
  errorLine.hidden = true;
  shadow.append(errorLine, content);
  return { root: content, errorLine };
}

/** Shows `error` in the element's error line and emits it as an `error` event ({ detail: error }). */
export function reportError(host, errorLine, error) {
  errorLine.textContent = `${host.localName}: ${error.message}`;
  errorLine.hidden = false;
  host.dispatchEvent(new CustomEvent('error', { detail: error }));
}

export function clearError(errorLine) {
  errorLine.hidden = true;
  errorLine.textContent = '';
}

/** A whole number from an attribute, or `fallback` when absent; throws a RangeError naming the attribute. */
export function integerAttribute(host, name, fallback, { min = -Infinity, max = Infinity } = {}) {
  const text = host.getAttribute(name);
  if (text === null) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`the ${name} attribute must be a whole number from ${min} to ${max}, got '${text}'`);
  }
  return value;
}

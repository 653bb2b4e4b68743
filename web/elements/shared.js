// What the three elements share: one wasm module and one translator per model for the whole page, loaded on
// first use; the stylesheet every shadow root adopts (the playground's own, then the elements' theme); and
// showing an error inside the element (and as an `error` event) instead of leaving a blank box.
import { loadAttention, loadLanguageModel, loadTranslator } from '../lib/index.js';
import { warnRenamed } from '../lib/renamed.js';
import { element } from '../src/common/controls.js';
import { nextTask } from '../src/common/next-task.js';
import { isPrinting, onPrint, watchNearScreen } from '../src/common/draw-when-visible.js';
import { elementStyles } from './styles.js';
import { provideEnglishMessages } from '../src/i18n/english-messages.js';
import { messagesVersion, t } from '../src/i18n/messages.js';
import { elementsLanguage } from './language.js';

// The elements' English words, here before any element is built: constructors write some of them. An element
// on a page in another language builds its parts again in it before it first draws (inPageLanguage).
provideEnglishMessages();

/**
 * What the elements extend: the browser's HTMLElement, or in a server-side render (Astro, Next, VitePress import
 * the page's modules in Node, where there is no DOM) a plain class, so importing the elements never throws there.
 */
export const ElementBase = /** @type {typeof HTMLElement} */ (globalThis.HTMLElement ?? class {});

/** Registers `name` once, and only where there is a custom element registry (a browser, not a server render). */
export function defineElement(name, constructor) {
  if (globalThis.customElements && !customElements.get(name)) customElements.define(name, constructor);
}

let attention = null;
const translators = new Map(); // model name or URL → Promise<Translator>
const languageModels = new Map(); // weight file's URL (resolved) → Promise<LanguageModel>

/**
 * What was shared, resumed in a task of the caller's own: the elements waiting for one module or model then each
 * build and draw in a task of their own, not all together in the one that resolved it (a long task on a phone).
 */
async function inOwnTask(shared) {
  const value = await shared;
  await nextTask();
  return value;
}

/** The page's one attention module (the default build for this page). */
export function sharedAttention() {
  attention ??= loadAttention();
  attention.catch(() => {
    attention = null;
  }); // a failed load (offline) may be retried by the next element
  return inOwnTask(attention);
}

/** The page's translator for `weights` (a shipped model's name or a weight file's URL), loaded once. */
export function sharedTranslator(weights = 'en-es') {
  const key = String(weights);
  if (!translators.has(key)) {
    const translator = loadTranslator({ weights: key });
    translator.catch(() => translators.delete(key));
    translators.set(key, translator);
  }
  return inOwnTask(translators.get(key));
}

/** The page's language model from the weight file at `url` (relative to the page), fetched and loaded once. */
export function sharedLanguageModel(url) {
  const key = new URL(url, document.baseURI).href;
  if (!languageModels.has(key)) {
    const model = loadLanguageModel({ weights: key });
    model.catch(() => languageModels.delete(key));
    languageModels.set(key, model);
  }
  return inOwnTask(languageModels.get(key));
}

/**
 * Resolves when `host` comes within 300 px of the screen (at once for one already there): an element further
 * down loads its module or model and computes only when the reader gets near it (a course page with ten
 * elements computes the ones being read; a phone shows the first screen without waiting for the rest). Printing
 * counts as near: a page printed unscrolled prints every element drawn (draw-when-visible.js says when).
 */
export function nearScreen(host) {
  return new Promise((resolve) => {
    const arrived = () => {
      near.disconnect();
      stopPrintWatch();
      resolve();
    };
    const near = new IntersectionObserver(
      (entries) => {
        if (entries.at(-1).isIntersecting) arrived();
      },
      { rootMargin: '300px' },
    );
    near.observe(host);
    const stopPrintWatch = onPrint(arrived);
    if (isPrinting()) arrived();
  });
}

/**
 * Resolves once `view` (a LessonPanel or a StepView) has drawn its widget or stages (true), or failed (false). Their first drawing waits,
 * on its own, for `part` to come onto the screen, the reader to scroll or the page to print, and says no more;
 * so this waits for the same moment, then for the drawing's end (looking every 16 ms while it runs, never
 * before), or until `failed()` says it stopped on an error.
 */
export async function viewDrawn(view, part, failed) {
  if (view.rendered) return true;
  await watchNearScreen(part).near;
  while (!view.rendered && !failed()) await new Promise((resolve) => setTimeout(resolve, 16));
  return view.rendered;
}

const speaking = new WeakMap(); // host → Promise: its parts in the page's elements' language
const madeWith = new WeakMap(); // host → the messagesVersion() its parts were made with

/** Notes that `host` has just made its parts (in its constructor, or again): with the messages in place now. */
export function partsMade(host) {
  madeWith.set(host, messagesVersion());
}

/**
 * Resolves once `host` may draw in the page's elements' language (language.js): at once for English, else once
 * its messages are there; `build()` has then made `host`'s parts again if the messages changed since they were
 * made (partsMade: in English, or while the language's sections were arriving). A language problem (its messages
 * could not load; `host`'s own `lang` differs from the page's elements') is said in the element, and stays said,
 * the element being shown all the same. Once per element: later calls resolve as the first.
 * @param {HTMLElement} host
 * @param {HTMLElement & { lasting?: string }} errorLine
 * @param {() => void} [build]  makes the parts again (and calls partsMade); none for an element that makes its
 *   parts only after this resolves
 */
export function inPageLanguage(host, errorLine, build) {
  if (!speaking.has(host))
    speaking.set(
      host,
      elementsLanguage(host).then((problem) => {
        if (build && madeWith.get(host) !== messagesVersion()) build();
        if (!problem) return;
        errorLine.lasting = `${host.localName}: ${problem.message}`;
        reportError(host, errorLine, problem);
      }),
    );
  return speaking.get(host);
}

/** Marks `host` drawn (`data-drawn`): what a page, or a test, waits for before it prints or measures. */
export function markDrawn(host) {
  host.dataset.drawn = '';
}

/**
 * The element's settings as a line of text, shown instead of its controls on paper (elements.css): `settings`
 * is [name, value] pairs, e.g. [['T', 1], ['d', 64]] → "Settings: T = 1, d = 64".
 */
export function showSettings(line, settings) {
  const shown = settings.filter(([, value]) => value !== undefined && value !== null && value !== '');
  const list = shown.map(([name, value]) => `${name} = ${value}`).join(t('elements.settings.separator'));
  line.textContent = t('elements.settings.line', { settings: list || t('elements.settings.defaults') });
}

/** The line that shows the settings on paper (hidden on the screen, where the controls show them). */
export function settingsLine() {
  const line = document.createElement('p');
  line.className = 'print-settings';
  return line;
}

let stylesheet = null; // one constructed stylesheet, adopted by every element's shadow root

/**
 * An open shadow root with the elements' styles, a line for errors and a container for the element's content;
 * returns the container (as `root`) and that line. The styles are a constructed stylesheet made from a string
 * module (styles.js), not a file: a host's bundler cannot inline it as a data: URL (which a strict CSP blocks) or
 * drop it, and it is there before the first drawing (no unstyled flash, no layout shift, no second drawing).
 */
export function shadowWithStyles(host) {
  const shadow = host.attachShadow({ mode: 'open' });
  if (!stylesheet) {
    stylesheet = new CSSStyleSheet();
    stylesheet.replaceSync(elementStyles);
  }
  shadow.adoptedStyleSheets = [stylesheet];
  const content = document.createElement('div');
  const errorLine = document.createElement('p');
  errorLine.className = 'error element-error';
  errorLine.setAttribute('role', 'alert');
  errorLine.hidden = true;
  shadow.append(errorLine, content);
  return { root: content, errorLine };
}

/**
 * Shows `error` in the element's error line (as `text`, when the reader is told it in the page's language) and
 * emits it as an `error` event ({ detail: error }).
 */
export function reportError(host, errorLine, error, text = error.message) {
  errorLine.textContent = `${host.localName}: ${text}`;
  errorLine.hidden = false;
  host.dispatchEvent(new CustomEvent('error', { detail: error }));
}

/** Hides the error line, or shows only a lasting problem (the element's language: inPageLanguage). */
export function clearError(errorLine) {
  errorLine.textContent = errorLine.lasting ?? '';
  errorLine.hidden = !errorLine.lasting;
}

/**
 * The attribute `name`, or when absent 0.1's name of it, `old` (said once on the console: the library's
 * renamed.js), or null. The new name wins when both are set.
 */
export function renamedAttribute(host, name, old) {
  if (host.hasAttribute(name) || !host.hasAttribute(old)) return host.getAttribute(name);
  warnRenamed(`<${host.localName}>`, `the ${old} attribute`, name);
  return host.getAttribute(old);
}

/** A whole number from an attribute, or `fallback` when absent; throws a RangeError naming the attribute. */
export function integerAttribute(host, name, fallback, { min = -Infinity, max = Infinity } = {}) {
  return numericAttribute(host, name, fallback, { min, max, whole: true });
}

/** A finite number from an attribute, or `fallback` when absent; throws a RangeError naming the attribute. */
export function numberAttribute(host, name, fallback, { min = -Infinity, max = Infinity } = {}) {
  return numericAttribute(host, name, fallback, { min, max, whole: false });
}

function numericAttribute(host, name, fallback, { min, max, whole }) {
  const text = host.getAttribute(name);
  if (text === null) return fallback;
  const value = text.trim() === '' ? NaN : Number(text);
  const fits = (whole ? Number.isInteger(value) : Number.isFinite(value)) && value >= min && value <= max;
  if (!fits) {
    const kind = whole ? 'a whole number' : 'a number';
    const range = max === Infinity ? `of at least ${min}` : `from ${min} to ${max}`;
    throw new RangeError(`the ${name} attribute must be ${kind} ${range}, got '${text}'`);
  }
  return value;
}

/**
 * An element's one-line form (a sentence, a prompt): a text input and a submit button; `onSubmit(text)` when sent.
 * @param {{ label: string, action: string, onSubmit: (text: string) => void }} options
 */
export function textForm({ label, action, onSubmit }) {
  const input = element('input', {
    type: 'text',
    className: 'sentence',
    autocomplete: 'off',
    spellcheck: false,
    'aria-label': label,
  });
  const form = element(
    'form',
    { className: 'sentence-form element-form' },
    input,
    element('button', { type: 'submit', textContent: action }),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    onSubmit(input.value);
  });
  return { form, input };
}

/** An element's one-line form as its attributes say: hidden when `readonly`, holding the `attribute`'s text. */
export function showForm(host, { form, input }, attribute) {
  form.hidden = host.hasAttribute('readonly');
  input.value = host.getAttribute(attribute) ?? '';
}

/**
 * Follows `host`'s width, which its maps fit: `redraw()` when it changes, not when first observed (the first
 * drawing reads it). Returns the width last observed (0 before), read without forcing a layout.
 * @returns {() => number}
 */
export function followWidth(host, redraw) {
  let width = 0;
  new ResizeObserver(() => {
    const now = Math.round(host.getBoundingClientRect().width); // layout is clean here: no cost
    if (now === width) return;
    const first = width === 0;
    width = now;
    if (!first) redraw();
  }).observe(host);
  return () => width;
}

// The page's words: t('lessons.panel.reset', { … }) formats a message of the current locale with FormatJS's
// intl-messageformat (ICU plurals, selects, numbers). Messages come in sections, each loaded when a view first
// needs it (loadMessages), in the current locale only, precompiled at build time (scripts/locale-messages.mjs).
import { IntlMessageFormat } from 'intl-messageformat';
import { currentLocale, pseudoLocale, sourceLocale } from './locale.js';

// One glob per section (import.meta.glob takes literals): a locale is a file, found here without a code change.
const sectionLoaders = {
  app: import.meta.glob('./locales/*.json', { query: '?section=app', import: 'default' }),
  lessons: import.meta.glob('./locales/*.json', { query: '?section=lessons', import: 'default' }),
  steps: import.meta.glob('./locales/*.json', { query: '?section=steps', import: 'default' }),
  train: import.meta.glob('./locales/*.json', { query: '?section=train', import: 'default' }),
  generate: import.meta.glob('./locales/*.json', { query: '?section=generate', import: 'default' }),
  heads: import.meta.glob('./locales/*.json', { query: '?section=heads', import: 'default' }), // Steps', Train's, Generate's
  translation: import.meta.glob('./locales/*.json', { query: '?section=translation', import: 'default' }),
  beam: import.meta.glob('./locales/*.json', { query: '?section=beam', import: 'default' }), // with the beam's code
  // why the toy grammar does not translate a sentence: fetched with its code, the first time one is outside it
  grammar: import.meta.glob('./locales/*.json', { query: '?section=grammar', import: 'default' }),
  elements: import.meta.glob('./locales/*.json', { query: '?section=elements', import: 'default' }), // their own words
};

const loaded = new Map(); // `${locale} ${section}` → Promise of { key: syntax tree }
const trees = new Map(); // key → syntax tree, for the current locale
const formats = new Map(); // key → IntlMessageFormat, built on first use

// The pseudo-locale's messages: English's, each between markers a test looks for in every visible text.
const pseudoMarkers = ['⟦', '⟧'];
const wrapped = (tree) => [{ type: 0, value: pseudoMarkers[0] }, ...tree, { type: 0, value: pseudoMarkers[1] }];

/**
 * Loads `section`'s messages in the current locale (once; later calls resolve at once). Rejects for a section
 * nobody declared above.
 * @param {keyof typeof sectionLoaders} section
 */
export const loadMessages = (section) => loadMessagesOf(currentLocale(), section);

/**
 * Loads `section`'s messages in `locale` (once): the elements load a language before they speak it.
 * @param {string} locale
 * @param {keyof typeof sectionLoaders} section
 */
export function loadMessagesOf(locale, section) {
  const file = locale === pseudoLocale ? sourceLocale : locale;
  const id = `${locale} ${section}`;
  if (!loaded.has(id)) {
    const load = sectionLoaders[section]?.[`./locales/${file}.json`];
    if (!load) return Promise.reject(new Error(`No messages for section "${section}" in locale "${locale}"`));
    loaded.set(
      id,
      load().then((messages) => use(locale, /** @type {Record<string, any[]>} */ (messages))),
    );
  }
  return loaded.get(id);
}

let version = 0; // how many times messages were put in place: what t() says may have changed since

/** @param {string} locale @param {Record<string, any[]>} messages  a section's syntax trees, by key */
function use(locale, messages) {
  for (const [key, tree] of Object.entries(messages)) trees.set(key, locale === pseudoLocale ? wrapped(tree) : tree);
  formats.clear();
  version++;
}

/** Changes whenever messages are put in place: text made before a change may be in another language. */
export const messagesVersion = () => version;

/**
 * `sections`' messages in the current locale, given at once (bundled with the code that calls this, instead of
 * fetched: english-messages.js). Later loadMessages calls for them resolve at once.
 * @param {(keyof typeof sectionLoaders)[]} sections
 * @param {Record<string, any[]>} messages  every message of those sections, by key
 */
export function provideMessages(sections, messages) {
  use(currentLocale(), messages);
  for (const section of sections) loaded.set(`${currentLocale()} ${section}`, Promise.resolve());
}

/**
 * The message `key` in the current locale, its placeholders filled from `values`. A key whose section is not
 * loaded yet (a bug the checks look for) shows as the key itself, never as an empty string.
 * @param {string} key
 * @param {Record<string, string | number>} [values]
 * @returns {string}
 */
export function t(key, values) {
  let format = formats.get(key);
  if (!format) {
    const tree = trees.get(key);
    if (!tree) return key;
    format = new IntlMessageFormat(tree, currentLocale(), undefined, { ignoreTag: true });
    formats.set(key, format);
  }
  return String(format.format(values));
}

/**
 * An object whose every string property reads its message when read: `entries` maps each property to its message's
 * key (quoted whole, so that the catalogues' check finds it); any other entry (a function, a nested object of such
 * getters) is kept as it is.
 * @template {Record<string, unknown>} Entries
 * @param {Entries} entries
 * @returns {Readonly<{ [name in keyof Entries]: Entries[name] extends string ? string : Entries[name] }>}
 */
export function messageGetters(entries) {
  const getters = {};
  for (const [name, entry] of Object.entries(entries))
    Object.defineProperty(
      getters,
      name,
      typeof entry === 'string' ? { get: () => t(entry), enumerable: true } : { value: entry, enumerable: true },
    );
  return Object.freeze(/** @type {any} */ (getters));
}

/** Fills every `[data-i18n]` element under `root` (the page's static HTML) with its message. */
export function translateStatic(root) {
  for (const node of root.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
  for (const node of root.querySelectorAll('[data-i18n-label]'))
    node.setAttribute('aria-label', t(node.dataset.i18nLabel));
}

// The page's words: t('lessons.panel.reset', { … }) formats a message of the current locale with FormatJS's
// intl-messageformat (ICU plurals, selects, numbers). Messages come in sections, each loaded when a view first
// needs it (loadMessages), in the current locale only, precompiled at build time (scripts/locale-messages.mjs).
import { IntlMessageFormat } from 'intl-messageformat';
import { currentLocale, pseudoLocale, setCurrentLocale, sourceLocale } from './locale.js';

// One glob per section (import.meta.glob takes literals): a locale is a file, found here without a code change.
const sectionLoaders = {
  app: import.meta.glob('./locales/*.json', { query: '?section=app', import: 'default' }),
  lessons: import.meta.glob('./locales/*.json', { query: '?section=lessons', import: 'default' }),
  steps: import.meta.glob('./locales/*.json', { query: '?section=steps', import: 'default' }),
  train: import.meta.glob('./locales/*.json', { query: '?section=train', import: 'default' }),
  generate: import.meta.glob('./locales/*.json', { query: '?section=generate', import: 'default' }),
  // the Generate view's training curves, saved runs, experiments and lessons' parts: the page's, not the element's
  generatePage: import.meta.glob('./locales/*.json', { query: '?section=generatePage', import: 'default' }),
  heads: import.meta.glob('./locales/*.json', { query: '?section=heads', import: 'default' }), // Steps', Train's, Generate's
  // issue 60's parts of the Generate view (Open GPT-2, the papers; the inside view): fetched with their code
  generateGpt2: import.meta.glob('./locales/*.json', { query: '?section=generateGpt2', import: 'default' }),
  inside: import.meta.glob('./locales/*.json', { query: '?section=inside', import: 'default' }),
  translation: import.meta.glob('./locales/*.json', { query: '?section=translation', import: 'default' }),
  beam: import.meta.glob('./locales/*.json', { query: '?section=beam', import: 'default' }), // with the beam's code
  // why the toy grammar does not translate a sentence: fetched with its code, the first time one is outside it
  grammar: import.meta.glob('./locales/*.json', { query: '?section=grammar', import: 'default' }),
  elements: import.meta.glob('./locales/*.json', { query: '?section=elements', import: 'default' }), // their own words
};

const fetched = new Map(); // `${locale} ${section}` → Promise of the section's messages ({ key: syntax tree })
const inPlace = new Map(); // section → the locale whose messages of it are in `trees`
const trees = new Map(); // key → syntax tree, for the current locale
const formats = new Map(); // key → IntlMessageFormat, built on first use

// The pseudo-locale's messages: English's, each between markers a test looks for in every visible text.
const pseudoMarkers = ['⟦', '⟧'];
const wrapped = (tree) => [{ type: 0, value: pseudoMarkers[0] }, ...tree, { type: 0, value: pseudoMarkers[1] }];

/** `section`'s messages in `locale`, fetched once; rejects for a section nobody declared above. */
function fetchSection(locale, section) {
  const file = locale === pseudoLocale ? sourceLocale : locale;
  const id = `${locale} ${section}`;
  if (!fetched.has(id)) {
    const load = sectionLoaders[section]?.[`./locales/${file}.json`];
    if (!load) return Promise.reject(new Error(`No messages for section "${section}" in locale "${locale}"`));
    fetched.set(id, load());
  }
  return fetched.get(id);
}

/** Puts `section`'s messages of `locale` in place (once: again only after another locale's took their place). */
function putInPlace(locale, section, messages) {
  if (inPlace.get(section) === locale) return;
  use(locale, /** @type {Record<string, any[]>} */ (messages));
  inPlace.set(section, locale);
}

/**
 * Loads `section`'s messages in the current locale (once; later calls resolve at once). Rejects for a section
 * nobody declared above. A section that arrives after the page changed language (speakInPlace) is loaded again
 * in the new one: its old words never land over the new.
 * @param {keyof typeof sectionLoaders} section
 * @returns {Promise<void>}
 */
export async function loadMessages(section) {
  const locale = currentLocale();
  const messages = await fetchSection(locale, section);
  if (currentLocale() !== locale) return loadMessages(section);
  putInPlace(locale, section, messages);
}

/**
 * Loads `section`'s messages in `locale` (once): the elements load a language before they speak it.
 * @param {string} locale
 * @param {keyof typeof sectionLoaders} section
 */
export async function loadMessagesOf(locale, section) {
  putInPlace(locale, section, await fetchSection(locale, section));
}

/**
 * The page in `locale` without leaving it (a course package's language menu: a reload would end its platform's
 * session): every section loaded so far is fetched in `locale`, then, in one step, the page's language is set and
 * their messages put in place, so no text is ever made half in one language. Rejects, changing nothing, when a
 * section cannot be fetched. Text made before keeps its words: whoever made it makes it again.
 * @param {string} locale
 */
export async function speakInPlace(locale) {
  let sections = [];
  let messages = [];
  // again while sections were put in place in the old language meanwhile (the set only grows)
  while (sections.length !== inPlace.size) {
    sections = [...inPlace.keys()];
    messages = await Promise.all(sections.map((section) => fetchSection(locale, section)));
  }
  setCurrentLocale(locale);
  sections.forEach((section, i) => putInPlace(locale, section, messages[i]));
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
  const locale = currentLocale();
  use(locale, messages);
  for (const section of sections) {
    fetched.set(`${locale} ${section}`, Promise.resolve(messages));
    inPlace.set(section, locale);
  }
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
    const plain = plainText(tree, values);
    if (plain !== null) return plain;
    format = new IntlMessageFormat(tree, currentLocale(), undefined, { ignoreTag: true });
    formats.set(key, format);
  }
  return String(format.format(values));
}

/**
 * A message of text and plain placeholders only (most are: "Loading {view}…"), filled in as intl-messageformat
 * fills it (a string or a number as it is), or null for any other (a plural, a select, a number's format, a value
 * missing or not a string or a number), which IntlMessageFormat formats. An IntlMessageFormat resolves its locale
 * through Intl when it is made: a hundred made as the elements build their parts cost the embed page's thread some
 * 100 ms on a phone (Lighthouse's 4× slower CPU), the first one most.
 * @param {any[]} tree  the message's syntax tree: literal parts (type 0) and placeholders (type 1) here
 * @param {Record<string, unknown>} [values]
 */
function plainText(tree, values) {
  let text = '';
  for (const part of tree) {
    if (part.type === 0) text += part.value;
    else if (part.type !== 1) return null;
    else {
      const value = values?.[part.value];
      if (typeof value !== 'string' && typeof value !== 'number') return null;
      text += value;
    }
  }
  return text;
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

/**
 * Fills every `[data-i18n]` element under `root` (the page's static HTML, and the shell's parts made once: the
 * header's menus and buttons) with its message, and each `[data-i18n-label]` and `[data-i18n-title]` attribute.
 */
export function translateStatic(root) {
  for (const node of root.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
  for (const node of root.querySelectorAll('[data-i18n-label]'))
    node.setAttribute('aria-label', t(node.dataset.i18nLabel));
  for (const node of root.querySelectorAll('[data-i18n-title]')) node.setAttribute('title', t(node.dataset.i18nTitle));
}

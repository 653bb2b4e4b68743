// Which language the elements speak on a host's page. HTML's `lang` says it: an element's own attribute
// (<attention-lesson lang="zh-CN">), else its nearest ancestor's, else the page's <html lang>. A tag the
// playground has no catalogue for (`fr`) is English; a regional one is read as its language (`es-MX` → `es`).
// The elements of a page share one language, as they share one wasm module (their parts format their words
// through one set of messages, web/src/i18n/messages.js): the first element shown decides it, taking any
// element's own `lang` before an inherited one. The page's `<html lang>` is the host's and is never changed.
import { elementSections, provideEnglishMessages } from '../src/i18n/english-messages.js';
import { matchLocale, sourceLocale, speakLocale } from '../src/i18n/locale.js';
import { loadMessagesOf } from '../src/i18n/messages.js';

/** The elements' tag names: where a page says a language for them. */
export const elementNames = Object.freeze([
  'attention-map',
  'attention-translator',
  'attention-steps',
  'attention-lesson',
  'attention-generator',
]);

let chosen = null; // { locale, ready: Promise<Error | null> } once the first element asked

/** The locale a `lang` value asks for: the page's catalogue that reads it, else English. */
const localeFor = (tag) => (tag ? matchLocale(tag) : null) ?? sourceLocale;

/**
 * Loads `locale`'s messages for every element, then speaks it (parts made meanwhile, half in one language, are
 * made again: inPageLanguage in shared.js). If a section cannot be loaded, the elements stay in their bundled
 * English, put back once every other section has arrived or failed (none may land after it).
 */
async function speak(locale) {
  const loads = await Promise.allSettled(elementSections.map((section) => loadMessagesOf(locale, section)));
  const failed = loads.find((load) => load.status === 'rejected');
  if (!failed) {
    speakLocale(locale);
    return null;
  }
  provideEnglishMessages(); // over the language's sections that did arrive
  return new Error(`the elements could not load their ${locale} messages and speak English: ${failed.reason.message}`);
}

/**
 * Resolves once the elements' language is ready for `host` to draw in (its words come from t() from then on),
 * with null or a problem to report, the element being shown all the same: the language's messages could not be
 * loaded (the elements speak English), or `host`'s own `lang` asks for another language than the page's elements
 * already speak.
 * @param {HTMLElement} host
 * @returns {Promise<Error | null>}
 */
export async function elementsLanguage(host) {
  const own = host.getAttribute('lang');
  if (!chosen) {
    const anyOwn = document.querySelector(elementNames.map((name) => `${name}[lang]`).join(', '));
    const inherited = host.parentElement?.closest('[lang]')?.getAttribute('lang') ?? document.documentElement.lang;
    const locale = localeFor(own ?? anyOwn?.getAttribute('lang') ?? inherited);
    chosen = { locale, ready: locale === sourceLocale ? Promise.resolve(null) : speak(locale) };
  }
  const problem = await chosen.ready;
  if (problem) return problem;
  if (own !== null && localeFor(own) !== chosen.locale)
    return new RangeError(
      `lang="${own}" asks for ${localeFor(own)}, but this page's elements speak ${chosen.locale} (the first one shown decided): the elements of a page share one language`,
    );
  return null;
}

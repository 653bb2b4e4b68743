// Which language the page speaks: the URL's `lang=` (a shared link opens in the language it was shared in), else
// a course package's own (its teacher's choice), else the one this browser last chose (the picker, or a link),
// else the first of the browser's languages the page has, else English. The locales are the files in ./locales (a
// new language is a new file there); `en-XA` is a pseudo-locale, English with every message wrapped in ⟦…⟧, which
// the checks use to find text nobody translated.
const localeFiles = import.meta.glob('./locales/*.json', { query: '?section=app' });
/**
 * Each locale's name in itself, and the language and script its readers read, worked out with ICU when the page is
 * built (scripts/locale-messages.mjs, localeFacts): asking the browser's Intl at load costs the landing 20-50 ms.
 * @type {Record<string, { name: string, language: string, script: string, likelyScripts: Record<string, string> }>}
 */
const factsByFile = import.meta.glob('./locales/*.json', { query: '?section=facts', import: 'default', eager: true });

export const sourceLocale = 'en';
export const pseudoLocale = 'en-XA';
/** The locales a learner can pick, from the files: 'en', 'es', 'zh-CN', … */
export const availableLocales = Object.freeze(
  Object.keys(localeFiles)
    .map((path) => path.slice('./locales/'.length, -'.json'.length))
    .sort(),
);
const storageKey = 'attention-playground:language';

let current = sourceLocale;

/** The page's language (a BCP 47 tag): what every message and number is written in. */
export const currentLocale = () => current;

/**
 * Sets the language messages and numbers are written in (see messages.js), and nothing else: the elements speak
 * a language on a host's page without setting the page's `<html lang>`.
 */
export function speakLocale(locale) {
  current = locale;
}

/** Sets the page's language: its messages, numbers and `<html lang>` follow. */
export function setCurrentLocale(locale) {
  speakLocale(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** The page's facts of `locale` (localeFacts), or undefined (the pseudo-locale, a tag of no file). */
export const localeFactsOf = (locale) => factsByFile[`./locales/${locale}.json`];

/**
 * Whether a reader of `tag` reads `locale`: the same language, in the same script ('zh-TW' is Traditional Chinese,
 * not zh-CN's Simplified). A tag without a script has the one ICU's likely subtags give its language and region,
 * as `Intl.Locale#maximize` would (its table for the page's languages is in the facts).
 * @param {{ language: string, script?: string, region?: string }} tag  a parsed tag (an Intl.Locale)
 * @param {string} locale
 */
function readsLocale({ language, script, region }, locale) {
  const facts = localeFactsOf(locale);
  if (!facts || facts.language !== language) return false;
  return (script ?? facts.likelyScripts[region ?? ''] ?? facts.likelyScripts['']) === facts.script;
}

/** `tag` if the page has it, else the page's locale a reader of `tag` reads (es-MX → es, zh → zh-CN), else null. */
export function matchLocale(tag, locales = availableLocales) {
  if (typeof tag !== 'string') return null;
  const exact = [...locales, pseudoLocale].find((locale) => locale.toLowerCase() === tag.toLowerCase());
  if (exact) return exact;
  let parsed;
  try {
    parsed = new Intl.Locale(tag); // parsing is cheap; maximize() is what costs
  } catch {
    return null; // not a language tag
  }
  return locales.find((locale) => readsLocale(parsed, locale)) ?? null;
}

/**
 * The locale to open the page in, and whether the URL chose it. `packaged`: a course package's language, the one
 * its teacher chose (`npm run package:scorm -- --lang es`), before this browser's.
 * @param {{ search: string, packaged?: string | null, stored: string | null, languages: readonly string[] }} sources
 */
export function chooseLocale({ search, packaged = null, stored, languages }) {
  const asked = matchLocale(new URLSearchParams(search).get('lang'));
  if (asked) return { locale: asked, fromUrl: true };
  const teachers = matchLocale(packaged);
  if (teachers) return { locale: teachers, fromUrl: false };
  const kept = matchLocale(stored);
  if (kept) return { locale: kept, fromUrl: false };
  for (const language of languages) {
    const match = matchLocale(language);
    if (match) return { locale: match, fromUrl: false };
  }
  return { locale: sourceLocale, fromUrl: false };
}

/** The language this browser last chose, or null (storage refused: private modes, sandboxed frames). */
export function storedLocale() {
  try {
    return globalThis.localStorage?.getItem(storageKey) ?? null;
  } catch {
    return null;
  }
}

/** Keeps `locale` for the next visits (silently not, where storage is refused). */
export function storeLocale(locale) {
  try {
    globalThis.localStorage?.setItem(storageKey, locale);
  } catch {
    // the choice holds for this visit only
  }
}

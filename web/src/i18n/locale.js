// Which language the page speaks: the URL's `lang=` (a shared link opens in the language it was shared in), else
// a course package's own (its teacher's choice), else the one this browser last chose (the picker, or a link),
// else the first of the browser's languages the page has, else English. The locales are the files in ./locales (a
// new language is a new file there); `en-XA` is a pseudo-locale, English with every message wrapped in ⟦…⟧, which
// the checks use to find text nobody translated.
const localeFiles = import.meta.glob('./locales/*.json', { query: '?section=app' });

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

/** Language and script of a tag, the part that decides whether a reader can read it ('zh-TW' → 'zh-Hant'). */
function readableAs(tag) {
  try {
    const { language, script } = new Intl.Locale(tag).maximize();
    return `${language}-${script}`;
  } catch {
    return null; // not a language tag
  }
}

/** `tag` if the page has it, else the page's locale a reader of `tag` reads (es-MX → es, zh → zh-CN), else null. */
export function matchLocale(tag, locales = availableLocales) {
  if (typeof tag !== 'string') return null;
  const exact = [...locales, pseudoLocale].find((locale) => locale.toLowerCase() === tag.toLowerCase());
  if (exact) return exact;
  const wanted = readableAs(tag);
  return wanted ? (locales.find((locale) => readableAs(locale) === wanted) ?? null) : null;
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

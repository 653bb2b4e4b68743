// The header's language menu. Each language is named in itself (español, 中文), as a reader looks for their own;
// the names come from ICU when the page is built (locale.js), so a new locale file needs no code here. Choosing one
// keeps it for the next visits and reopens the page in it, with its `lang=` in the address: every view's state is in
// the address too, so the page comes back as it was, and a link copied from it opens in that language. A page that
// must not be left (a course package: leaving ends its platform's session) changes language in place instead
// (`inPlace`).
import { element } from '../common/controls.js';
import { availableLocales, currentLocale, localeFactsOf, pseudoLocale, sourceLocale, storeLocale } from './locale.js';
import { t } from './messages.js';

/** `locale`'s name in its own language, capitalised as a menu entry ('es' → 'Español'). */
export function ownName(locale) {
  if (locale === pseudoLocale) return '⟦English⟧';
  return localeFactsOf(locale)?.name ?? locale;
}

/** The address of this page in `locale`: the same view and state, with `lang=` (none for the source language). */
export function addressIn(locale, href) {
  const url = new URL(href);
  if (locale === sourceLocale) url.searchParams.delete('lang');
  else url.searchParams.set('lang', locale);
  return url.href;
}

/**
 * The menu, in a paragraph with its label (which translateStatic relabels).
 * @param {{ inPlace?: (locale: string) => Promise<void> }} [options]  `inPlace`: the page's language changed
 *   without leaving it (main.js's Playground.speak), one choice after another (the last one chosen is the last
 *   made). Without it, the page is reopened in the language chosen, which is kept for the next visits.
 */
export function languagePicker({ inPlace = undefined } = {}) {
  const locales = availableLocales.includes(currentLocale())
    ? availableLocales
    : [...availableLocales, currentLocale()];
  const menu = element(
    'select',
    { id: 'language-picker' },
    // each name in its own language, for its readers: not a message, and not for a translating browser either
    ...locales.map((locale) =>
      element('option', { value: locale, lang: locale, translate: false, textContent: ownName(locale) }),
    ),
  );
  menu.value = currentLocale();
  let changing = Promise.resolve();
  menu.addEventListener('change', () => {
    const locale = menu.value;
    if (!inPlace) {
      storeLocale(locale);
      location.assign(addressIn(locale, location.href));
      return;
    }
    changing = changing.then(() =>
      inPlace(locale).catch((error) => {
        console.warn(`The page could not change its language: ${error.message}`);
        menu.value = currentLocale(); // the language it still speaks
      }),
    );
  });
  return element(
    'p',
    { className: 'language-picker' },
    element('label', {
      htmlFor: 'language-picker',
      textContent: t('app.language.label'),
      dataset: { i18n: 'app.language.label' },
    }),
    ' ',
    menu,
  );
}

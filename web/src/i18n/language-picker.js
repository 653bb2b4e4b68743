// The header's language menu. Each language is named in itself (español, 中文), as a reader looks for their own;
// the names come from Intl, so a new locale file needs no code here. Choosing one keeps it for the next visits and
// reopens the page in it, with its `lang=` in the address: every view's state is in the address too, so the page
// comes back as it was, and a link copied from it opens in that language.
import { element } from '../common/controls.js';
import { availableLocales, currentLocale, pseudoLocale, sourceLocale, storeLocale } from './locale.js';
import { t } from './messages.js';

/** `locale`'s name in its own language, capitalised as a menu entry ('es' → 'Español'). */
export function ownName(locale) {
  if (locale === pseudoLocale) return '⟦English⟧';
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/** The address of this page in `locale`: the same view and state, with `lang=` (none for the source language). */
export function addressIn(locale, href) {
  const url = new URL(href);
  if (locale === sourceLocale) url.searchParams.delete('lang');
  else url.searchParams.set('lang', locale);
  return url.href;
}

export function languagePicker() {
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
  menu.addEventListener('change', () => {
    storeLocale(menu.value);
    location.assign(addressIn(menu.value, location.href));
  });
  return element(
    'p',
    { className: 'language-picker' },
    element('label', { htmlFor: 'language-picker', textContent: t('app.language.label') }),
    ' ',
    menu,
  );
}

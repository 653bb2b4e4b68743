// Which language the page opens in: the URL's lang=, else the browser's last choice, else the first of the
// browser's languages the page has (matched by language and script: a Taiwanese reader is not sent to
// Simplified Chinese), else English; and the messages, formatted by FormatJS in that language.
import { afterEach, describe, expect, it } from 'vitest';
import { availableLocales, chooseLocale, matchLocale, setCurrentLocale } from '../../../web/src/i18n/locale.js';
import { loadMessages, speakInPlace, t } from '../../../web/src/i18n/messages.js';
import { addressIn, ownName } from '../../../web/src/i18n/language-picker.js';
import { formatCount, formatNumber, formatProbability } from '../../../web/src/common/format.js';
import { formatShare } from '../../../web/src/train/train-state.js';

const choose = (search, stored, languages) => chooseLocale({ search, stored, languages }).locale;

describe('choosing the locale', () => {
  it('takes the URL first, then the stored choice, then the browser’s languages in order, then English', () => {
    expect(choose('?lang=es', 'zh-CN', ['zh-CN'])).toBe('es');
    expect(chooseLocale({ search: '?lang=es', stored: null, languages: [] }).fromUrl).toBe(true);
    expect(choose('', 'zh-CN', ['es'])).toBe('zh-CN');
    expect(choose('', null, ['fr-FR', 'es-MX', 'zh-CN'])).toBe('es');
    expect(choose('', null, ['fr-FR', 'de'])).toBe('en');
    expect(choose('?lang=xx-nonsense', 'also-not', ['%%'])).toBe('en');
  });

  it('takes a course package’s language (its teacher’s) after the URL’s, before the stored choice and the browser’s', () => {
    const sources = { search: '', packaged: 'es', stored: 'zh-CN', languages: ['zh-CN'] };
    expect(chooseLocale(sources)).toEqual({ locale: 'es', fromUrl: false });
    expect(chooseLocale({ ...sources, search: '?lang=zh-CN' }).locale).toBe('zh-CN');
    expect(chooseLocale({ ...sources, packaged: 'fr' }).locale).toBe('zh-CN'); // none the page has: as without
  });

  it('matches by language and script', () => {
    expect(matchLocale('zh')).toBe('zh-CN');
    expect(matchLocale('zh-Hans-SG')).toBe('zh-CN');
    expect(matchLocale('zh-TW')).toBeNull(); // Traditional script: not Simplified
    expect(matchLocale('ES-ar')).toBe('es');
    expect(matchLocale('en-GB')).toBe('en');
    expect(matchLocale('EN-xa')).toBe('en-XA'); // the pseudo-locale, by its exact name only
  });

  it('matches a browser’s tag as ICU’s likely subtags do, from facts worked out when the page is built', () => {
    // What the page did before at load (Intl.Locale#maximize on both sides, 20-50 ms in Chromium), as the reference.
    const readableAs = (tag) => {
      const { language, script } = new Intl.Locale(tag).maximize();
      return `${language}-${script}`;
    };
    const byMaximize = (tag) => availableLocales.find((locale) => readableAs(locale) === readableAs(tag)) ?? null;
    const regions = ['', '-US', '-GB', '-MX', '-419', '-ES', '-AR', '-CN', '-SG', '-MY', '-TW', '-HK', '-MO', '-158'];
    const languages = ['en', 'es', 'zh', 'zh-Hans', 'zh-Hant', 'es-Latn', 'en-Latn', 'fr', 'pt', 'yue', 'ja', 'sr'];
    const tags = languages.flatMap((language) => regions.map((region) => `${language}${region}`));
    const differing = tags.filter((tag) => matchLocale(tag) !== byMaximize(tag) && tag.toLowerCase() !== 'en-xa');
    expect(differing).toEqual([]);
    expect(tags.filter((tag) => matchLocale(tag) === 'zh-CN').length).toBeGreaterThan(10); // the test tells them apart
  });

  it('names each locale in itself as Intl does (the names are worked out when the page is built)', () => {
    for (const locale of availableLocales) {
      const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale);
      expect(ownName(locale)).toBe(name.charAt(0).toLocaleUpperCase(locale) + name.slice(1));
    }
    expect(availableLocales.map(ownName)).toEqual(['English', 'Español', '中文（中国）']);
  });

  it('writes lang= into the address, none for English', () => {
    expect(addressIn('zh-CN', 'https://x.org/?view=lessons&lesson=3')).toBe(
      'https://x.org/?view=lessons&lesson=3&lang=zh-CN',
    );
    expect(addressIn('en', 'https://x.org/?lang=es&view=steps')).toBe('https://x.org/?view=steps');
  });
});

describe('the messages', () => {
  afterEach(() => setCurrentLocale('en'));

  it('format plurals and placeholders in each language', async () => {
    await loadMessages('lessons');
    expect(t('lessons.view.progress', { solved: 1, total: 1 })).toBe('1 of 1 challenge solved in this browser');
    expect(t('lessons.view.progress', { solved: 0, total: 2 })).toBe('0 of 2 challenges solved in this browser');
    setCurrentLocale('es');
    await loadMessages('lessons');
    expect(t('lessons.view.progress', { solved: 1, total: 2 })).toBe('1 de 2 retos resueltos en este navegador');
    expect(t('lessons.catalogue.kqv.title')).toBe('Claves, consultas, valores');
    setCurrentLocale('zh-CN');
    await loadMessages('lessons');
    expect(t('lessons.catalogue.reshape.title')).toBe('多头注意力');
  });

  it('change language in place: every section loaded so far, in the new language, and back', async () => {
    await Promise.all([loadMessages('app'), loadMessages('lessons')]);
    const arriving = loadMessages('steps'); // asked for in English, arriving around the change
    await speakInPlace('es');
    await arriving;
    expect([t('app.tabs.lessons'), t('lessons.catalogue.kqv.title'), t('steps.view.title')]).toEqual([
      'Lecciones',
      'Claves, consultas, valores',
      'La atención, paso a paso',
    ]);
    await speakInPlace('en'); // messages fetched before, put in place again
    expect([t('app.tabs.lessons'), t('lessons.catalogue.kqv.title')]).toEqual(['Lessons', 'Keys, queries, values']);
  });

  it('wrap every message in the pseudo-locale, and show a key whose section is not loaded as the key', async () => {
    setCurrentLocale('en-XA');
    await loadMessages('app');
    expect(t('app.errors.viewNotShown', { view: 'Train', message: 'offline' })).toBe(
      '⟦The Train view could not be shown: offline⟧',
    );
    expect(t('app.no.such.key')).toBe('app.no.such.key');
  });
});

describe('numbers', () => {
  afterEach(() => setCurrentLocale('en'));

  it('counts and percentages follow the language through Intl; maths numbers keep their notation', () => {
    expect([formatCount(55309), formatProbability(0.077), formatProbability(0.99999996)]).toEqual([
      '55,309',
      '7.7%',
      '99.9999960%', // as the bars always wrote it: two significant digits of the distance to 100%
    ]);
    expect([formatShare(0.45), formatShare(null)]).toEqual(['45%', '–']); // the Train view's held-out shares
    setCurrentLocale('es');
    expect([formatCount(55309), formatProbability(0.077)]).toEqual(['55.309', '7,7\u00a0%']);
    expect(formatShare(0.45)).toBe('45\u00a0%');
    expect(formatNumber(-0.5, 3)).toBe('−0.5'); // a matrix cell, as the editor reads it back
    setCurrentLocale('zh-CN');
    expect(formatProbability(0.57)).toBe('57%');
  });
});

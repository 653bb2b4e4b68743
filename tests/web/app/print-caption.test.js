// The printed caption's settings line (web/src/app/print-caption.js): the shown view's settings in the address, in
// words and in the page's language; not the page's own keys (its language, build) nor another view's settings.
import { afterEach, describe, expect, it } from 'vitest';
import { readableSettings } from '../../../web/src/app/print-caption.js';
import { setCurrentLocale } from '../../../web/src/i18n/locale.js';
import { loadMessages } from '../../../web/src/i18n/messages.js';

/** The caption's line for `search` in `locale`. */
async function captionIn(locale, search) {
  setCurrentLocale(locale);
  await loadMessages('app');
  return readableSettings(search);
}

// A language's messages replace the one's before (in this process, each is loaded once): English first, then the others.
describe('the printed settings, in words', () => {
  afterEach(() => setCurrentLocale('en'));

  const filed = '?view=lessons&lessons.lesson=4&lessons.d=64&train.h=1&lang=es&backend=wasm-scalar';

  it('in English: the lesson by its number, each name as its view means it, no other view’s settings', async () => {
    expect(await captionIn('en', filed)).toBe('Settings: lesson 4, d = 64');
    // the Train view's dec is its decoder layers; Translation's and the lessons' is the decoding
    expect(await captionIn('en', '?view=train&train.h=2&train.dec=1&train.kv=1&translation.q=hi')).toBe(
      'Settings: heads = 2, decoder layers = 1, key/value heads = 1',
    );
    expect(await captionIn('en', '?view=translation&translation.dec=sample&translation.layer=1')).toBe(
      'Settings: decoding = sample, layer = 1',
    );
    expect(await captionIn('en', '?view=generate&generate.temperature=0')).toBe('Settings: temperature = 0');
    expect(await captionIn('en', '?view=steps&train.h=2&lang=es')).toBe('Settings: the defaults');
  });

  it('in Spanish, the issue’s own case: the lesson by its number, the page’s language left out', async () => {
    expect(await captionIn('es', '?view=lessons&lesson=4&d=64&lang=es')).toBe('Ajustes: lección 4, d = 64');
    expect(await captionIn('es', filed)).toBe('Ajustes: lección 4, d = 64');
  });

  it('in Chinese', async () => {
    expect(await captionIn('zh-CN', filed)).toBe('设置: 第 4 课, d = 64');
  });
});

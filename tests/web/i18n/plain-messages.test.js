// t() fills a message of text and plain placeholders itself, making no IntlMessageFormat (web/src/i18n/messages.js:
// making one resolves its locale through Intl, a cost the embed page paid a hundred times on its thread): every
// such message of every catalogue reads as intl-messageformat formats it, a string and a number in its placeholders.
// A file of its own: a locale's sections are loaded once per module, and this one loads each locale's all.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { IntlMessageFormat } from 'intl-messageformat';
import { afterEach, expect, it } from 'vitest';
import { compileSection, messageParseOptions } from '../../../scripts/locale-messages.mjs';
import { setCurrentLocale } from '../../../web/src/i18n/locale.js';
import { loadMessages, t } from '../../../web/src/i18n/messages.js';

afterEach(() => setCurrentLocale('en'));

it.each(['en', 'es', 'zh-CN'])(
  '%s: text and plain placeholders read as intl-messageformat formats them',
  async (locale) => {
    setCurrentLocale(locale);
    const file = fileURLToPath(new URL(`../../../web/src/i18n/locales/${locale}.json`, import.meta.url));
    let plain = 0;
    for (const section of Object.keys(JSON.parse(readFileSync(file, 'utf8')))) {
      await loadMessages(/** @type {any} */ (section));
      for (const [key, tree] of Object.entries(compileSection(file, section))) {
        if (!tree.every((part) => part.type === 0 || part.type === 1)) continue;
        const names = tree.filter((part) => part.type === 1).map((part) => part.value);
        const values = Object.fromEntries(names.map((name, i) => [name, i % 2 ? i - 0.5 : `‹${name}›`]));
        const formatted = new IntlMessageFormat(tree, locale, undefined, messageParseOptions).format(values);
        expect(t(key, values), key).toBe(String(formatted));
        plain++;
      }
    }
    expect(plain).toBeGreaterThan(1000); // most messages are such
  },
);

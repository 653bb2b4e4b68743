// The Lessons view in each language the page has besides English: each of the ten lessons at 375 px, each in its
// language (<html lang>, its title and text from the catalogue), nothing wider than the screen (Chinese lines and
// Spanish's longer words included), axe-core clean, lesson 1's shares and sums written the Spanish way; the
// Translation view the same, a beam's tree drawn, a sentence refused and one outside the grammar said in the
// language; the header's menu switches language, and the choice holds on
// the next visit. Chinese draws with the system's CJK font (Debian: fonts-droid-fallback); none is shipped.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  accessibilityViolations,
  openPlayground,
  resultsDir,
  scrollDown,
  useChromiumAndPlayground,
} from '../support/browser.js';
import { showLesson } from '../support/lesson-walk.js';

const suite = useChromiumAndPlayground();
const catalogue = (locale) =>
  JSON.parse(readFileSync(new URL(`../../../web/src/i18n/locales/${locale}.json`, import.meta.url), 'utf8'));
const widgets = [
  'selective',
  'softmax',
  'kqv',
  'scaling',
  'cross',
  'masks',
  'reshape',
  'position',
  'decoding',
  'memory',
];

describe.each(['zh-CN', 'es'])('the lessons in %s', (locale) => {
  const { lessons } = catalogue(locale);

  // One page a language, walked from lesson 1 to 10 with "next" as a learner reads on (a page a lesson loaded the
  // playground twenty times for the same checks: 81 s of this file's 102, alone on a busy machine). Opening a lesson
  // by its link is lesson 1's here and lessons.test.js's; a widget built only once scrolled to, phone.test.js's.
  it('each lesson fits 375 px, in its language, with no axe-core violations', async () => {
    const { page, errors } = await openPlayground(suite, `?view=lessons&lesson=1&lang=${locale}`, {
      width: 375,
      height: 800,
    });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
    for (const lesson of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) {
      await showLesson(page, lesson);
      const { title, text } = lessons.catalogue[widgets[lesson - 1]];
      expect(await page.locator('#lesson-title').textContent(), `lesson ${lesson}`).toBe(`${lesson}. ${title}`);
      expect(await page.locator('#lesson-text').textContent(), `lesson ${lesson}`).toBe(text);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `lesson ${lesson}`).toBeLessThanOrEqual(0);
      expect(await accessibilityViolations(page, 'body'), `lesson ${lesson}`).toEqual([]);
      if (lesson === 1 && locale === 'es') {
        // Its sentences say shares and sums the page's way ("el 1,6 % del peso", "suman 1"), never "1.6 %".
        const results = await page.locator('#selective-results').textContent();
        expect(results).toMatch(/\d % del peso/);
        expect(results).not.toMatch(/\d\.\d/);
      }
      if (lesson === 2) await page.screenshot({ path: `${resultsDir}lesson-2-${locale}-375.png` });
    }
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000); // ten lessons, each checked by axe-core: some 30 s alone on a busy machine
});

describe.each(['zh-CN', 'es'])('the Translation view in %s', (locale) => {
  it('fits 375 px, in its language, with no axe-core violations, a beam drawn', async () => {
    const { translation } = catalogue(locale);
    const { page, errors } = await openPlayground(suite, `?view=translation&beam=3&lang=${locale}`, {
      width: 375,
      height: 800,
    });
    await page.waitForSelector('#translation-view[data-decoding="done"]');
    await scrollDown(page); // the parts below the fold are built as they near the screen
    await page.locator('#beam').scrollIntoViewIfNeeded(); // the beam's tree is drawn when seen
    await page.waitForSelector('#beam-tree .beam-node');
    expect(await page.locator('#translate').textContent()).toBe(translation.form.translate);
    expect(await page.locator('#replay').textContent()).toBe(translation.controls.replay);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await accessibilityViolations(page, 'body')).toEqual([]);
    await page.screenshot({ path: `${resultsDir}translation-${locale}-375.png`, fullPage: true });
    // A sentence longer than the model reads: refused in the page's language, with its counts.
    await page.locator('#sentence').fill('the dog sees the cat and the cat sees the dog in the garden');
    await page.locator('#sentence').press('Enter');
    const refusal = {
      'zh-CN': '句子有 14 个词；模型最多读 12 个词。',
      es: 'La oración tiene 14 palabras; el modelo lee como máximo 12 palabras.',
    }[locale];
    await expect.poll(() => page.locator('#translation-view > .error').textContent()).toBe(refusal);
    // A sentence outside the grammar: why, in the page's language, the grammar's words quoted as it quotes (issue 57).
    await page.locator('#sentence').fill('the dog sees the telescope');
    await page.locator('#sentence').press('Enter');
    const outside = {
      'zh-CN': '在“the dog sees the”之后，语法要求名词（如 man、girl、father 等），而不是“telescope”。',
      es: 'después de «the dog sees the» la gramática espera un sustantivo (man, girl, father, …), no «telescope».',
    }[locale];
    await expect.poll(() => page.locator('#grammar-translation').textContent()).toContain(outside);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('choosing a language', () => {
  it('the header’s menu reopens the page in it, with lang= in the address, and the next visit keeps it', async () => {
    const { page, errors } = await openPlayground(suite, '?view=lessons&lesson=3');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.selectOption('#language-picker', 'es');
    await page.waitForURL(/lang=es/);
    await page.waitForSelector('body[data-ready]');
    expect(await page.locator('#lesson-title').textContent()).toBe('3. Claves, consultas, valores');
    expect(await page.locator('#tab-lessons').textContent()).toBe('Lecciones');
    expect(new URL(page.url()).searchParams.get('lessons.lesson')).toBe('3'); // the same lesson, in Spanish
    await page.goto(`${suite.playground.url}?view=lessons&lesson=4`); // a link without lang=
    await page.waitForSelector('body[data-ready]');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    expect(await page.locator('#language-picker').inputValue()).toBe('es');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the browser’s language decides when neither the address nor an earlier choice does', async () => {
    const context = await suite.browser.newContext({ locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto(`${suite.playground.url}?view=lessons&lesson=7`);
    await page.waitForSelector('body[data-ready]');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    expect(await page.locator('#lesson-title').textContent()).toBe('7. 多头注意力');
    await context.close();
  });
});

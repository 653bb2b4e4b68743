// Lesson 9 in real Chromium, used as a learner would: the shipped model decodes a sentence inside the lesson,
// a click on a word shows the distribution it came from, sampling with one seed after another parts from
// greedy somewhere, and teacher forcing feeds the reference. Every word and bar must be what web/lib answers in
// Node for the same sentence and options.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTranslator } from '../../../web/lib/index.js';
import { decodingSentences } from '../../../web/src/lessons/widgets/decoding-lesson.js';
import { openPage, resultsDir, scrollDown, useChromiumAndPlayground } from '../support/browser.js';

const suite = useChromiumAndPlayground();
let node;
beforeAll(async () => {
  node = await loadTranslator({ backend: 'wasm-simd128' });
});
afterAll(() => node.dispose());

const tokens = (page) => page.locator('#decoding-output .token').allTextContents();
const status = (page) => page.locator('#decoding-status').textContent();

describe('lesson 9: decoding in place', () => {
  it('greedy, a word’s bars, seeded draws that part from greedy, and teacher forcing, as web/lib says', async () => {
    const { page, errors } = await openPage(suite.browser, `${suite.playground.url}?view=lessons&lesson=9`);
    await page.waitForSelector('body[data-ready]');
    await scrollDown(page);
    const sentence = decodingSentences[0];
    const greedy = node.translate(sentence);
    await expect.poll(() => tokens(page), { timeout: 30_000 }).toEqual(greedy.target);
    const words = greedy.target.slice(0, -1).join(' ');
    expect(words).toBe(greedy.alignment.target.join(' '));
    expect(await status(page)).toBe(
      `Greedy: “${words}”, the reference translation. This word had ${Math.round(100 * greedy.steps[0].probability)}%.`,
    );

    // The third word's distribution: its bars are the model's top words at that step.
    await page.locator('#decoding-output .token').nth(2).click();
    await expect
      .poll(() => page.locator('#decoding-bars figcaption').textContent())
      .toMatch(/^step 3: the next word after “<bos> el perro”/);
    const barWords = await page.locator('#decoding-bars .distribution-word').allTextContents();
    expect(barWords).toEqual(greedy.steps[2].top.slice(0, 8).map((t) => t.word));
    expect(new URL(page.url()).searchParams.get('at')).toBe('3');

    // Sampling, hotter: next seed until the draw parts from greedy, where web/lib's draw with that seed does.
    await page.locator('#decoding-choice').selectOption('sample');
    await page.locator('#decoding-temperature').selectOption('3');
    let seed = 0;
    for (; seed < 20; seed++) {
      if (seed > 0) await page.locator('#decoding-next-seed').click();
      await expect.poll(() => status(page)).toMatch(new RegExp(`^Seed ${seed} drew`));
      if (/They part at step/.test(await status(page))) break;
    }
    expect(seed).toBeLessThan(20);
    const drawn = node.translate(sentence, { decoding: 'sample', seed, outputTemperature: 3 });
    expect(drawn.target).not.toEqual(node.translate(sentence, { outputTemperature: 3 }).target);
    await expect.poll(() => tokens(page)).toEqual(drawn.target);
    expect(new URL(page.url()).searchParams.get('seed')).toBe(seed ? String(seed) : null);
    console.log(`lesson 9: seed ${seed} at output temperature 3 drew “${drawn.target.join(' ')}”`);

    // Teacher forcing: the reference is fed; the model's best guess matched it at every step.
    await page.locator('#decoding-temperature').selectOption('1');
    await page.locator('#decoding-forced').check();
    await expect.poll(() => tokens(page)).toEqual([...greedy.alignment.target, '<eos>']);
    expect(await status(page)).toMatch(/at every step the model’s most likely word is the one fed/);
    expect(await page.locator('#decoding-choice').isDisabled()).toBe(true);
    expect(new URL(page.url()).searchParams.get('tf')).toBe('1');
    await page.locator('#decoding-output .token').first().click();
    expect(await page.locator('#decoding-bars li.chosen .distribution-value').textContent()).toMatch(
      /← fed: the reference$/,
    );
    await page.screenshot({ path: `${resultsDir}lesson-decoding-1440.png`, fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });
});

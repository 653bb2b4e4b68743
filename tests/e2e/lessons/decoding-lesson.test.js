// Lesson 9 in real Chromium, used as a learner would: the shipped model decodes a sentence inside the lesson,
// a click on a word shows the distribution it came from, sampling with one seed after another parts from
// greedy somewhere, and teacher forcing feeds the reference. Every word and bar must be what web/lib answers in
// Node for the same sentence and options.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTranslator } from '../../../web/lib/index.js';
import { decodingSentences } from '../../../web/src/lessons/widgets/decoding-lesson.js';
import { formatProbability } from '../../../web/src/common/format.js';
import { restOfDistribution } from '../../../web/src/lessons/widgets/decoding-math.js';
import { pickMap, upToStep } from '../../../web/src/translation/translation-maps.js';
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
      `Greedy: “${words}”, the reference translation. This word had ${formatProbability(greedy.steps[0].probability)}.`,
    );

    // The third word's distribution: its bars are the model's top words at that step.
    await page.locator('#decoding-output .token').nth(2).click();
    await expect
      .poll(() => page.locator('#decoding-bars figcaption').textContent())
      .toMatch(/^step 3: the next word after “<bos> el perro”/);
    const barWords = await page
      .locator('#decoding-bars li:not(.distribution-rest) .distribution-word')
      .allTextContents();
    expect(barWords).toEqual(greedy.steps[2].top.slice(0, 8).map((t) => t.text));
    expect(new URL(page.url()).searchParams.get('lessons.at')).toBe('3');

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
    expect(new URL(page.url()).searchParams.get('lessons.seed')).toBe(seed ? String(seed) : null);
    console.log(`lesson 9: seed ${seed} at output temperature 3 drew “${drawn.target.join(' ')}”`);

    // Teacher forcing: the reference is fed; the model's best guess matched it at every step.
    await page.locator('#decoding-temperature').selectOption('1');
    await page.locator('#decoding-forced').check();
    // Wait for the status teacher forcing writes: at temperature 1 the seeded draw already equals the reference,
    // so the words alone cannot tell whether the forced decoding has been drawn yet.
    await expect.poll(() => status(page)).toMatch(/at every step the model’s most likely word is the one fed/);
    expect(await tokens(page)).toEqual([...greedy.alignment.target, '<eos>']);
    expect(await page.locator('#decoding-choice').isDisabled()).toBe(true);
    expect(new URL(page.url()).searchParams.get('lessons.tf')).toBe('1');
    await page.locator('#decoding-output .token').first().click();
    expect(await page.locator('#decoding-bars li.chosen .distribution-value').textContent()).toMatch(
      /← fed: the reference$/,
    );
    await page.screenshot({ path: `${resultsDir}lesson-decoding-1440.png`, fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a drawn word’s true probability, the rest of the distribution, and the forced words’ cross-attention', async () => {
    const sentence = decodingSentences[0];
    const drawn = node.translate(sentence, { decoding: 'sample', seed: 0, outputTemperature: 3 });
    const unlikely = drawn.steps.find((step) => step.probability < 0.001); // seed 0 draws "en" at 0.027%
    const { page, errors } = await openPage(
      suite.browser,
      `${suite.playground.url}?view=lessons&lesson=9&dec=sample&ot=3&at=${unlikely.step + 1}`,
    );
    await page.waitForSelector('body[data-ready]');
    await scrollDown(page);
    await expect.poll(() => tokens(page), { timeout: 30_000 }).toEqual(drawn.target);
    const chosen = page.locator('#decoding-bars li.chosen .distribution-value');
    await expect.poll(() => chosen.textContent()).toBe(`${formatProbability(unlikely.probability)} ← drawn (seed 0)`);
    expect(await chosen.textContent()).not.toMatch(/^<|^0%/);
    // The last row: every word the bars leave out, and what they share, from the step's whole row.
    const shown = await page.locator('#decoding-bars li:not(.distribution-rest) .distribution-word').allTextContents();
    const { cols } = drawn.probabilities;
    const row = drawn.probabilities.data.subarray(unlikely.step * cols, (unlikely.step + 1) * cols);
    const rest = restOfDistribution(row, node.outputWords, shown);
    expect(await page.locator('#decoding-bars li.distribution-rest').textContent()).toBe(
      `${rest.count} others${formatProbability(rest.share)} together`,
    );
    // Teacher forcing: the step's cross-attention, every fed word's row, as web/lib's forced run has it.
    const reference = node.translate(sentence).alignment.target;
    await page.locator('#decoding-temperature').selectOption('1');
    await page.locator('#decoding-forced').check();
    await expect.poll(() => tokens(page)).toEqual([...reference, '<eos>']);
    await page.locator('#decoding-output .token').nth(3).click();
    const forced = node.translate(sentence, { target: reference.join(' ') });
    const map = upToStep(pickMap(forced.crossAttention, forced.crossAttention.length - 1, 'average'), 3);
    const drawnRows = () =>
      page
        .locator('#decoding-cross table tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    await expect.poll(async () => (await drawnRows()).length).toBe(4); // <bos> and the three words fed after it
    // The page's build may be relaxed SIMD (fused multiply-adds): each shown weight within its last digit.
    (await drawnRows()).forEach((row, r) =>
      row.forEach((text, c) => {
        const value = map.data[r * map.cols + c];
        const unit = value === 0 ? 1e-6 : 10 ** (Math.floor(Math.log10(Math.abs(value))) - 1);
        expect(Math.abs(Number(text.replace('−', '-')) - value), `row ${r + 1}, column ${c + 1}`).toBeLessThanOrEqual(
          unit,
        );
      }),
    );
    expect(errors).toEqual([]);
    await page.close();
  });
});

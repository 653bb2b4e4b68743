// The lessons' challenges in real Chromium, done as a learner would (but lesson 7's, which needs four models trained:
// its check is tests/web/lessons' challenges.test.js's): for each, first a wrong move (which must
// not solve it), then the moves that do; solved challenges show a tick and why, and the lesson list counts them,
// still after a reload (localStorage, this browser only). Where the answer depends on the model or the data, it
// comes from web/lib in Node, never from the page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTranslator } from '../../../web/lib/index.js';
import { logSlider } from '../../../web/src/common/controls.js';
import { exampleSentences } from '../../../web/src/lessons/widgets/cross-lesson.js';
import { defaultScores, temperatureRange } from '../../../web/src/lessons/widgets/softmax-math.js';
import { openPage, resultsDir, scrollDown, useChromiumAndPlayground } from '../support/browser.js';
import { settled } from '../support/settled.js';
import { worstHeadAnswer } from '../support/worst-head.js';

const suite = useChromiumAndPlayground();
let page;
let errors;
let translator;
beforeAll(async () => {
  translator = await loadTranslator({ backend: 'wasm-simd128' });
  ({ page, errors } = await openPage(suite.browser, `${suite.playground.url}?view=lessons&lesson=1`));
  await page.waitForSelector('body[data-ready]');
});
afterAll(() => translator.dispose());

async function lesson(number) {
  await page.locator(`#lesson-${number}`).click();
  await expect.poll(() => page.locator('#lesson-title').textContent()).toMatch(new RegExp(`^${number}\\. `));
  await scrollDown(page);
  await page.waitForSelector('#lesson-challenges .challenge');
}
const solved = (id) => page.locator(`#challenge-${id}`).getAttribute('data-solved');
const expectSolved = (id) => expect.poll(() => solved(id), { timeout: 20_000 }).toBe('true');
/**
 * A wrong move's result, once the lesson has settled (its widget's drawing, and any answer of its translator, done:
 * the challenges are checked on each drawing): still unsolved.
 */
async function expectStillUnsolved(id) {
  await settled(page, '#lessons-view');
  expect(await solved(id)).toBe('false');
}
async function setRange(selector, value) {
  await page.locator(selector).evaluate((input, v) => {
    input.value = String(v);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
}
async function setNumber(selector, value) {
  await page.locator(selector).fill(String(value));
  await page.locator(selector).press('Enter');
  await page.locator(selector).blur();
}

// Softmax weights at temperature T (the test's own oracle for the slider position to choose).
const largestWeight = (scores, t) => {
  const e = scores.map((s) => Math.exp(s / t));
  return Math.max(...e) / e.reduce((a, b) => a + b, 0);
};
const positionFor = (low, high) => {
  for (let p = 0; p <= 1000; p++) {
    const t = Number(logSlider.toValue(p, ...temperatureRange).toPrecision(2));
    const w = largestWeight(defaultScores, t);
    if (w >= low && w <= high) return p;
  }
  throw new Error('no slider position');
};

describe('challenges, solved as a learner', () => {
  it('1: the fixed decay drops below half on the newest item at λ = 0.55, not 0.5 or 0.6', async () => {
    await lesson(1);
    await expect
      .poll(() => page.locator('#challenge-decay-forgets .challenge-status').textContent())
      .toBe('Not solved yet');
    await page.locator('#challenge-decay-forgets .challenge-hint-button').click();
    expect(await page.locator('#challenge-decay-forgets-hint').isVisible()).toBe(true);
    for (const wrong of [50, 60]) {
      await setRange('#memory-decay', wrong);
      await expectStillUnsolved('decay-forgets');
    }
    await setRange('#memory-decay', 55);
    await expectSolved('decay-forgets');
    expect(await page.locator('#challenge-decay-forgets .challenge-why').isVisible()).toBe(true);
    expect(await page.locator('#lesson-1 .lesson-progress').textContent()).toBe(' ✓ 1/1');
  });

  it('2: a temperature that lands the favourite in 90-95%, and a score that gives wind half', async () => {
    await lesson(2);
    await setRange('#softmax-temperature', positionFor(0.97, 0.99)); // too sharp
    await expectStillUnsolved('softmax-confident');
    await setRange('#softmax-temperature', positionFor(0.91, 0.94));
    await expectSolved('softmax-confident');
    await setRange('#softmax-temperature', logSlider.toPosition(1, ...temperatureRange));
    await setNumber('#softmax-score-2', 3.5); // 63%: too much
    await expectStillUnsolved('softmax-third');
    await setNumber('#softmax-score-2', 3);
    await expectSolved('softmax-third');
    expect(await page.locator('#lesson-2 .lesson-progress').textContent()).toBe(' ✓ 2/2');
  });

  it('3: one key per block and a query whose scores climb: two rescales', async () => {
    await lesson(3);
    await page.locator('#kqv-block').selectOption('1'); // "reads": one rescale only
    await expectStillUnsolved('online-rescales-twice');
    await page.locator('#kqv-query').selectOption('0'); // "she"
    await expectSolved('online-rescales-twice');
  });

  it('4: the first nearly one-hot width for two draws, found by moving the width', async () => {
    await lesson(4);
    await setRange('#scaling-width', 7); // 256: one-hot, but not the first
    await setRange('#scaling-width', 5); // 64: the first for draw 1
    await expectStillUnsolved('first-one-hot');
    await page.locator('#scaling-redraw').click();
    await setRange('#scaling-width', 5); // 64 is not the first for draw 2
    await expectStillUnsolved('first-one-hot');
    await setRange('#scaling-width', 6); // 128
    await expectSolved('first-one-hot');
  });

  it('5: the head that aligns worst, after comparing three', async () => {
    await lesson(5);
    const { sentence, worst, others } = worstHeadAnswer(translator);
    await page.waitForSelector('#cross-head option[value="0"]', { state: 'attached', timeout: 30_000 });
    await page.locator('#cross-sentence').selectOption({ value: String(sentence) });
    await settled(page, '#lessons-view'); // its maps drawn before a head is chosen
    // each head drawn before the next is chosen: the widget draws only the latest of quick choices
    const choose = async (head) => {
      await page.locator('#cross-head').selectOption({ value: String(head) });
      await expect.poll(() => page.locator('#cross-status').textContent()).toContain(`in head ${head + 1},`);
    };
    for (const head of others.slice(0, 2)) {
      await choose(head);
      await expectStillUnsolved('worst-head');
    }
    await choose(worst);
    await expectSolved('worst-head');
  });

  it('6: "a" reads only "she" and "reads"; a sliding window of two, ticked by hand', async () => {
    await lesson(6);
    await page.locator('#masks-mode').selectOption('custom');
    const box = (query, key) => page.locator(`#masks-adjacency input[data-query="${query}"][data-key="${key}"]`);
    await box(2, 3).uncheck();
    await box(2, 4).uncheck();
    await expectStillUnsolved('mask-reads-two'); // "a" still reads itself
    await box(2, 2).uncheck();
    await expectSolved('mask-reads-two');
    for (let query = 0; query < 5; query++)
      for (let key = 0; key < 5; key++) {
        const keep = key === query || key === query - 1;
        if (keep) await box(query, key).check();
        else await box(query, key).uncheck();
      }
    await expectSolved('mask-window-of-two');
    await box(4, 2).check(); // one edge too many: no longer a window (a solved challenge stays solved)
    expect(await solved('mask-window-of-two')).toBe('true');
  });

  it('8: a shuffle without positions keeps each word’s output; positions on change it', async () => {
    await lesson(8);
    await page.locator('#position-add').check(); // positions on without a shuffle first
    await expectStillUnsolved('bag-then-order');
    await page.locator('#position-add').uncheck();
    await page.locator('#position-shuffle').click();
    await expectStillUnsolved('bag-then-order');
    await page.locator('#position-add').check();
    await expectSolved('bag-then-order');
  });

  it('9: a seed that parts from greedy, its step, then the same step under teacher forcing', async () => {
    await lesson(9);
    await page.waitForSelector('#decoding-output .token', { timeout: 30_000 });
    await page.locator('#decoding-choice').selectOption('sample');
    await page.locator('#decoding-temperature').selectOption('3');
    const sentence = exampleSentences[0];
    const greedy = translator.translate(sentence, { outputTemperature: 3 }).target;
    // A seed whose draw parts after the first word (a parting there is shown by any new draw, so it does not count).
    const partingAt = (seed) => {
      const drawn = translator.translate(sentence, { decoding: 'sample', seed, outputTemperature: 3 }).target;
      return drawn.findIndex((word, i) => word !== greedy[i]);
    };
    const seed = Array.from({ length: 100 }, (_, s) => s).find((s) => partingAt(s) >= 1);
    expect(seed).toBeDefined();
    const parted = partingAt(seed);
    await page.locator('#decoding-seed').fill(String(seed));
    await page.locator('#decoding-seed').dispatchEvent('change');
    await expect.poll(() => page.locator('#decoding-status').textContent()).toMatch(`They part at step ${parted + 1}`);
    await page.locator('#decoding-forced').check(); // teacher forcing before finding the step
    await page.locator('#decoding-output .token').nth(parted).click();
    await expectStillUnsolved('draw-parts');
    await page.locator('#decoding-forced').uncheck();
    // Free running again (its draw redrawn) before the learner finds the step.
    await expect.poll(() => page.locator('#decoding-status').textContent()).toMatch(`They part at step ${parted + 1}`);
    await page.locator('#decoding-output .token').nth(parted).click();
    // drawn (the widget draws only the latest of quick changes, and the challenge counts drawings)
    await expect
      .poll(() => page.locator('#decoding-output .token').nth(parted).getAttribute('aria-pressed'))
      .toBe('true');
    await expectStillUnsolved('draw-parts');
    await page.locator('#decoding-forced').check();
    await expect.poll(() => page.locator('#decoding-status').textContent()).toMatch(/^Fed the reference/);
    await page.locator('#decoding-output .token').nth(parted).click();
    await expectSolved('draw-parts');
  });

  it('10: a story of one’s own that needs two hops to put the apple in the kitchen', async () => {
    await lesson(10);
    await page.locator('#memory-line-1').selectOption('1'); // took, took, garden: the garden
    await setRange('#memory-hops', 1);
    await setRange('#memory-hops', 2);
    await expectStillUnsolved('own-story-two-hops');
    await page.locator('#memory-line-1').selectOption('2');
    await page.locator('#memory-line-3').selectOption('0'); // garden, took, kitchen
    await setRange('#memory-hops', 2); // two hops straight away: the first hop's failure not seen yet
    await expectStillUnsolved('own-story-two-hops');
    await setRange('#memory-hops', 1);
    await expect.poll(() => page.locator('#memory-answer').textContent()).toMatch(/^After 1 hop: no place stands out/);
    await setRange('#memory-hops', 2);
    await expectSolved('own-story-two-hops');
    expect(await page.locator('#memory-answer').textContent()).toMatch(
      /the apple is in the kitchen\. The story says the kitchen\./,
    );
  });

  it('progress is kept in this browser: the list counts every lesson after a reload', async () => {
    await page.reload();
    await page.waitForSelector('body[data-ready]');
    const marks = await page.locator('.lesson-progress').allTextContents();
    // lesson 7's (train the four, then pick the fewest key/value heads) is solved in kv-heads.test.js
    expect(marks).toEqual([
      ' ✓ 1/1',
      ' ✓ 2/2',
      ' ✓ 1/1',
      ' ✓ 1/1',
      ' ✓ 1/1',
      ' ✓ 2/2',
      ' · 0/1',
      ' ✓ 1/1',
      ' ✓ 1/1',
      ' ✓ 1/1',
    ]);
    await page.screenshot({ path: `${resultsDir}lesson-challenges-1440.png`, fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });
});

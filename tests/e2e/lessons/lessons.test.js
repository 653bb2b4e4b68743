// The Lessons view in Chromium: the lecture notes' points 1 → 10 with next, the position lesson's shuffle
// with and without encodings, the memory network's hops, links to the views that show the other points,
// URL state, 375 px, and axe-core.
import { describe, expect, it } from 'vitest';
import { loadAttention } from '../../../web/lib/index.js';
import { formatNumber } from '../../../web/src/common/format.js';
import { onlineSoftmaxRow } from '../../../web/src/lessons/widgets/kqv-math.js';
import {
  accessibilityViolations,
  openPage,
  resultsDir,
  scrollDown,
  useChromiumAndPlayground,
} from '../support/browser.js';

const suite = useChromiumAndPlayground();

async function open(query, viewport) {
  const opened = await openPage(suite.browser, `${suite.playground.url}${query}`, viewport);
  await opened.page.waitForSelector('body[data-ready]');
  return opened;
}

describe('lessons', () => {
  it('go from 1 to 10 with next, each with its text and a widget or a link', async () => {
    const { page, errors } = await open('?view=lessons');
    expect(await page.locator('#tab-lessons').getAttribute('aria-selected')).toBe('true');
    const titles = [];
    for (let n = 1; n <= 10; n++) {
      titles.push(await page.locator('#lesson-title').textContent());
      expect(await page.locator('#lesson-text').textContent()).not.toBe('');
      expect(await page.locator(`#lesson-${n}`).getAttribute('aria-current')).toBe('step');
      await expect.poll(() => page.locator('.lesson-widget, a.lesson-open').count()).toBeGreaterThanOrEqual(1); // the widget's code arrives when its lesson is shown
      if (n < 10) await page.locator('#lesson-next').click();
    }
    expect(titles.map((t) => t.split('.')[0])).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(await page.locator('#lesson-next').isDisabled()).toBe(true);
    expect(page.url()).toMatch(/view=lessons.*lesson=10|lesson=10.*view=lessons/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the step view draws the weights as a graph whose edges toggle the mask; padding cuts a node off', async () => {
    const { page, errors } = await open('?view=steps');
    const edges = () => page.locator('#attention-graph .graph-edge:not(.graph-edge-masked)').count();
    expect(await edges()).toBe(9); // 3 tokens, no mask: the complete graph with self-edges
    await page.locator('#mask-mode').selectOption('causal');
    await expect.poll(edges).toBe(6);
    // Click the edge 1 → 2 (key 1, query 2): the mask turns custom and that weight becomes 0.
    await page.locator('#attention-graph').scrollIntoViewIfNeeded();
    const point = await page.evaluate(() => {
      const path = document.querySelector('#attention-graph .graph-edge[data-query="1"][data-key="0"]');
      const middle = path.getPointAtLength(path.getTotalLength() / 2);
      const { x, y } = middle.matrixTransform(path.getScreenCTM());
      return { x, y };
    });
    await page.mouse.click(point.x, point.y); // a click on the middle of the curve, as a person would
    await expect.poll(edges).toBe(5);
    expect(await page.locator('#mask-mode').inputValue()).toBe('custom');
    expect((await page.locator('#stage-weights table tbody tr').nth(1).locator('td').allTextContents())[0]).toBe('0');
    await page.locator('#pad-last').click();
    await expect.poll(edges).toBe(6); // every edge but the three out of token 3
    expect(await page.locator('#attention-graph .graph-edge-masked[data-key="2"]').count()).toBe(3);
    await page.screenshot({ path: `${resultsDir}steps-graph-1440.png`, fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the back button goes back through views and lessons', async () => {
    const { page, errors } = await open('?view=lessons');
    const title = () => page.locator('#lesson-title').textContent();
    await expect.poll(title).toBe('1. Attention as selective memory');
    await page.locator('#lesson-next').click();
    await expect.poll(title).toBe('2. Softmax as a soft argmax');
    await page.locator('#lesson-next').click();
    await expect.poll(title).toBe('3. Keys, queries, values');
    await page.locator('#tab-steps').click();
    await page.waitForSelector('#step-view');
    await page.goBack();
    await expect.poll(() => page.locator('#lesson-title').textContent()).toBe('3. Keys, queries, values');
    expect(await page.locator('#tab-lessons').getAttribute('aria-selected')).toBe('true');
    await page.goBack();
    await expect.poll(() => page.locator('#lesson-title').textContent()).toBe('2. Softmax as a soft argmax');
    await page.goForward();
    await expect.poll(() => page.locator('#lesson-title').textContent()).toBe('3. Keys, queries, values');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('selective memory: attention keeps the item asked for; the decay keeps the newest; gates open for everything', async () => {
    const { page, errors } = await open('?view=lessons&lesson=1');
    const results = () => page.locator('#selective-results li').allTextContents();
    expect(await results()).toEqual([
      expect.stringMatching(
        /^fixed decay: weights sum to 1; the summary looks most like “dog” ✗ \(cat was asked for\)$/,
      ),
      expect.stringMatching(/^sigmoid gates: weights sum to [2-6]\.\d+;/),
      expect.stringMatching(/^softmax attention: weights sum to 1; the summary looks most like “cat” ✓ kept$/),
    ]);
    await page.locator('#memory-chosen').selectOption('5');
    expect((await results())[0]).toMatch(/“dog” ✓ kept$/);
    expect(page.url()).toMatch(/item=5/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('position: shuffling without encodings keeps each word’s output; with them it changes', async () => {
    const { page, errors } = await open('?view=lessons&lesson=8');
    expect(await page.locator('#position-encodings .heatmap-shape').textContent()).toBe('(32×32)');
    await page.locator('#position-shuffle').click();
    await expect
      .poll(() => page.locator('#position-verdict').textContent())
      .toMatch(/^Without positions, each word’s output is the same row in both orders/);
    await page.locator('#position-add').check();
    await expect
      .poll(() => page.locator('#position-verdict').textContent())
      .toMatch(/^With positions, the same word gets a different output in another place/);
    expect(page.url()).toMatch(/add=1/);
    // And on to the experiment with other schemes: a link to the Train view's reverse task.
    const link = page.locator('a.lesson-open');
    expect(await link.textContent()).toBe('Train them in the Train view');
    expect(new URL(await link.getAttribute('href'), page.url()).search).toMatch(/view=train&task=reverse/);
    await page.screenshot({ path: `${resultsDir}lesson-position-1440.png`, fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('memory networks: one hop finds who, two find where; the URL keeps the hops', async () => {
    const { page, errors } = await open('?view=lessons&lesson=10&hops=1');
    expect(await page.locator('#memory-answer').textContent()).toMatch(
      /found who took the apple \(mary\), but not yet where/,
    );
    await page.locator('#memory-hops').fill('2');
    expect(await page.locator('#memory-answer').textContent()).toBe(
      'After 2 hops: the apple is in the garden. The story says the garden.',
    );
    expect(await page.locator('#memory-weights-2 table tbody td').allTextContents()).toHaveLength(3);
    expect(page.url()).toMatch(/hops=2/);
    await page.screenshot({ path: `${resultsDir}lesson-memory-1440.png`, fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('heads: the right split keeps each token’s numbers in one row, the straight reshape mixes them', async () => {
    const { page, errors } = await open('?view=lessons&lesson=7');
    // The token each row of head 1's block came from (every cell of a row is coloured the same).
    const rowTokens = (id) =>
      page.evaluate((i) => [...document.querySelectorAll(`#${i} tr`)].map((tr) => tr.querySelector('td').title), id);
    expect(await rowTokens('reshape-right-1')).toEqual(['from “the”', 'from “cat”', 'from “sat”', 'from “down”']);
    expect(await rowTokens('reshape-wrong-1')).toEqual(['from “the”', 'from “the”', 'from “cat”', 'from “cat”']);
    expect(await page.locator('#reshape-verdict').textContent()).toMatch(/head 1's rows are the, the, cat, cat/);
    await page.locator('#reshape-heads').selectOption('3');
    expect(page.url()).toMatch(/rh=3/);
    expect(await page.locator('[id^="reshape-map-right-"]').count()).toBe(3);
    await page.screenshot({ path: `${resultsDir}lesson-heads-1440.png`, fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('softmax: low temperature approaches the argmax, high the uniform; reordering keeps each input’s weight', async () => {
    const { page, errors } = await open('?view=lessons&lesson=2&t=0.05');
    const weightOf = async (word) =>
      await page.locator('#softmax-soft li', { hasText: word }).locator('.distribution-value').textContent();
    expect(await weightOf('sun')).toBe('100% ← argmax');
    await page.locator('#softmax-temperature').fill('1000'); // T = 20
    await expect.poll(() => page.locator('#softmax-results').textContent()).toMatch(/of uniform \(0\.2 each\)/);
    for (const word of ['rain', 'sun', 'wind', 'snow', 'fog'])
      expect(await weightOf(word)).toMatch(/^(1[7-9]|2[0-3])%/);
    await page.locator('#softmax-score-3').fill('6');
    await page.locator('#softmax-score-3').press('Enter');
    await expect.poll(() => page.url()).toMatch(/sc=1%2C2\.5%2C0\.5%2C6%2C1\.5/);
    expect(await page.locator('#softmax-results').textContent()).toMatch(/Hard attention: −2 °C, snow’s value alone/);
    const before = await page.locator('#softmax-results li').first().textContent();
    await page.locator('#softmax-reorder').click();
    expect(await page.locator('#softmax-equivariance').textContent()).toMatch(
      /each input keeps its weight \(largest change (0|\d(\.\d+)?e−\d+)\)/,
    );
    expect(await page.locator('#softmax-results li').first().textContent()).toBe(before);
    const drawn = await page.locator('#softmax-drawn').textContent();
    await page.locator('#softmax-draw').click();
    expect(await page.locator('#softmax-drawn').textContent()).not.toBe(drawn);
    await page.screenshot({ path: `${resultsDir}lesson-softmax-1440.png`, fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keys, queries, values: rows sum to 1; normalising the columns instead is flagged', async () => {
    const { page, errors } = await open('?view=lessons&lesson=3');
    expect(await page.locator('#kqv-verdict').textContent()).toMatch(/^Each query’s weights sum to 1 \(1, 1, 1, 1\)/);
    await page.locator('#kqv-axis').selectOption('columns');
    await expect.poll(() => page.locator('#kqv-verdict').textContent()).toMatch(/^The rows sum to .*, not 1/);
    await page.locator('#kqv-query').selectOption('3');
    expect(await page.locator('#kqv-breakdown').textContent()).toMatch(/^“book”: scores \[/);
    expect(page.url()).toMatch(/axis=columns.*query=3|query=3.*axis=columns/);
    await page.screenshot({ path: `${resultsDir}lesson-kqv-1440.png`, fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('online softmax: the module’s streaming kernel on the followed row, block by block, ends at the materialised output', async () => {
    const api = await loadAttention({ backend: 'wasm-simd128' });
    const expected = onlineSoftmaxRow(api, 3, 1); // the same call, in Node
    const { page, errors } = await open('?view=lessons&lesson=3&query=3&blk=1');
    const table = page.locator('#online-softmax-blocks');
    await table.scrollIntoViewIfNeeded();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(4); // a block per key
    expect(await table.locator('caption').textContent()).toBe('“book”: 4 blocks of at most 1 key');
    // The running maximum never falls; the last row's O / l is the output the module gave Node.
    const column = async (n) => table.locator(`tbody tr td:nth-child(${n})`).allTextContents();
    const maxima = (await column(4)).map(Number);
    expect(maxima).toEqual([...maxima].sort((a, b) => a - b));
    const last = Array.from(expected.trace.output, (x) => formatNumber(x, 3));
    expect((await column(8)).at(-1)).toBe(`[${last.join(', ')}]`);
    const result = page.locator('#online-softmax-result');
    expect(await result.textContent()).toMatch(
      /the materialised softmax gives \[.*\]: largest difference (0, the same floats|\d\.\de-\d+ \(float rounding\))/,
    );
    expect(await result.textContent()).toMatch(/raised the maximum and rescaled what came before/);
    await table.screenshot({ path: `${resultsDir}lesson-online-softmax.png` });
    // One block holds the whole row: nothing to rescale, the same output.
    await page.locator('#kqv-block').selectOption('4');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    expect(await result.textContent()).toMatch(/No later block raised the maximum/);
    expect(page.url()).toMatch(/blk=4/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('masks: the graph, the mask and the weights together; a learner makes token 3 read only tokens 1 and 2', async () => {
    const { page, errors } = await open('?view=lessons&lesson=6');
    const edges = () => page.locator('#masks-graph .graph-edge:not(.graph-edge-masked)').count();
    await page.locator('#masks-graph').scrollIntoViewIfNeeded();
    await expect.poll(edges).toBe(25); // no mask: the complete graph, self-edges included
    await page.locator('#masks-mode').selectOption('causal');
    await expect.poll(edges).toBe(15);
    // From causal, "a" (token 3) reads she, reads and itself: untick its own cell, by keyboard.
    const cell = page.locator('#masks-adjacency input[data-query="2"][data-key="2"]');
    expect(await cell.isChecked()).toBe(true);
    await cell.focus();
    await page.keyboard.press('Space');
    await expect.poll(edges).toBe(14);
    expect(await page.locator('#masks-mode').inputValue()).toBe('custom');
    const row = async (r) =>
      (await page.locator(`#masks-weights table tbody tr:nth-child(${r + 1}) td`).allTextContents()).map((t) =>
        Number(t.split(' ')[0]),
      );
    const third = await row(2);
    expect(third[2]).toBe(0);
    expect(third[0] + third[1]).toBeCloseTo(1, 1);
    expect(third.slice(3)).toEqual([0, 0]);
    expect(page.url()).toMatch(/mask=custom/);
    expect(new URL(page.url()).searchParams.get('allow')).toBe('1000011000110001111011111');
    // A wrong move: padding cuts the last token off for every reader instead.
    await page.locator('#masks-mode').selectOption('pad');
    await expect
      .poll(() => page.locator('#masks-verdict').textContent())
      .toMatch(/Nobody reads book: as if it were padding/);
    // Clicking an edge of the graph toggles it as the cell does.
    const point = await page.evaluate(() => {
      const path = document.querySelector('#masks-graph .graph-edge[data-query="0"][data-key="1"]');
      const { x, y } = path.getPointAtLength(path.getTotalLength() / 2).matrixTransform(path.getScreenCTM());
      return { x, y };
    });
    await page.mouse.click(point.x, point.y); // on the curve itself, as a person clicks it
    await expect
      .poll(() => page.locator('#masks-adjacency input[data-query="0"][data-key="1"]').isChecked())
      .toBe(false);
    await page.locator('.lesson-widget').screenshot({ path: `${resultsDir}lesson-masks.png` });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('scaling: unscaled weights turn one-hot at d = 512, scaled ones do not', async () => {
    const { page, errors } = await open('?view=lessons&lesson=4&d=512');
    const largest = async (id) =>
      Number(
        (await page.locator(id).textContent())
          .match(/is ([\d.]+) on average|: ([\d.]+) on average/)
          .slice(1)
          .find(Boolean),
      );
    expect(await largest('#scaling-unscaled')).toBeGreaterThan(0.95);
    expect(await largest('#scaling-scaled')).toBeLessThan(0.7);
    await page.locator('#scaling-width').fill('0'); // d = 2
    await expect.poll(() => page.url()).toMatch(/d=2(&|$)/);
    expect(await largest('#scaling-unscaled')).toBeLessThan(0.9);
    await page.screenshot({ path: `${resultsDir}lesson-scaling-1440.png`, fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('self- and cross-attention from the shipped model, the best head ringing the aligned words', async () => {
    const { page, errors } = await open('?view=lessons&lesson=5');
    await expect
      .poll(() => page.locator('#cross-status').textContent(), { timeout: 15000 })
      .toMatch(/^“el perro grande ve a los gatos blancos”/);
    expect(await page.locator('#cross-self .heatmap-shape').textContent()).toBe('(8×8)');
    const status = await page.locator('#cross-status').textContent();
    const [, hit, of] = status.match(/(\d+) of the (\d+) aligned Spanish words/).map(Number);
    expect(hit / of).toBeGreaterThanOrEqual(0.8);
    await page.locator('#cross-sentence').selectOption('1');
    await expect.poll(() => page.locator('#cross-status').textContent()).toMatch(/^“maría ama al gato”/);
    await page.locator('#cross-head').selectOption('0');
    expect(page.url()).toMatch(/ex=1.*head=0/);
    await page.screenshot({ path: `${resultsDir}lesson-cross-1440.png`, fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('fits 375 px and has no serious or critical axe-core violations', async () => {
    for (const lesson of [1, 2, 3, 4, 5, 7, 8, 10]) {
      const { page, errors } = await open(`?view=lessons&lesson=${lesson}`, { width: 375, height: 800 });
      await scrollDown(page); // the widget is built once the person scrolls to it
      await page.waitForSelector('.lesson-widget');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await accessibilityViolations(page, '#lessons-view')).toEqual([]);
      if (lesson === 5) await page.waitForSelector('#cross-cross canvas');
      if (lesson === 8 || lesson === 5)
        await page.screenshot({ path: `${resultsDir}lesson-${lesson}-375.png`, fullPage: true });
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});

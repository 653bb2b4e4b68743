// The Lessons view in Chromium: the lecture notes' points 1 → 10 with next, the position lesson's shuffle
// with and without encodings, the memory network's hops, links to the views that show the other points,
// URL state, 375 px, and axe-core.
import { describe, expect, it } from 'vitest';
import { accessibilityViolations, openPage, resultsDir, useChromiumAndPlayground } from './browser.js';

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
      expect(await page.locator('.lesson-widget, a.lesson-open').count()).toBeGreaterThanOrEqual(1);
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
    await page.locator('#lesson-next').click();
    await page.locator('#lesson-next').click();
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
      expect.stringMatching(/^fixed decay: weights sum to 1; the summary looks most like “dog” ✗ \(cat was asked for\)$/),
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
    await expect.poll(() => page.locator('#position-verdict').textContent()).toMatch(/^Without positions, each word’s output is the same row in both orders/);
    await page.locator('#position-add').check();
    await expect.poll(() => page.locator('#position-verdict').textContent()).toMatch(/^With positions, the same word gets a different output in another place/);
    expect(page.url()).toMatch(/add=1/);
    await page.screenshot({ path: `${resultsDir}lesson-position-1440.png`, fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('memory networks: one hop finds who, two find where; the URL keeps the hops', async () => {
    const { page, errors } = await open('?view=lessons&lesson=10&hops=1');
    expect(await page.locator('#memory-answer').textContent()).toMatch(/found who took the apple \(mary\), but not yet where/);
    await page.locator('#memory-hops').fill('2');
    expect(await page.locator('#memory-answer').textContent()).toBe('After 2 hops: the apple is in the garden.');
    expect(await page.locator('#memory-weights-2 table tbody td').allTextContents()).toHaveLength(3);
    expect(page.url()).toMatch(/hops=2/);
    await page.screenshot({ path: `${resultsDir}lesson-memory-1440.png`, fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('heads: the right split keeps each token’s numbers in one row, the straight reshape mixes them', async () => {
    const { page, errors } = await open('?view=lessons&lesson=7');
    // The token each row of head 1's block came from (every cell of a row is coloured the same).
    const rowTokens = (id) => page.evaluate((i) => [...document.querySelectorAll(`#${i} tr`)].map((tr) => tr.querySelector('td').title), id);
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

  it('fits 375 px and has no serious or critical axe-core violations', async () => {
    for (const lesson of [1, 7, 8, 10, 2]) {
      const { page, errors } = await open(`?view=lessons&lesson=${lesson}`, { width: 375, height: 800 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await accessibilityViolations(page, '#lessons-view')).toEqual([]);
      if (lesson === 8) await page.screenshot({ path: `${resultsDir}lesson-position-375.png`, fullPage: true });
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});

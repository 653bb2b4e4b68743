// The step-by-step view in real Chromium, used as a person would: keyboard, clicks, typing, reloading.
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resultsDir, useChromiumAndPlayground } from '../support/browser.js';
import { editorValues, mapValues, openSteps } from './step-page.js';

const suite = useChromiumAndPlayground();
const open = (query, viewport) => openSteps(suite, query, viewport);

const rowMaxima = (weights) => weights.map((row) => Math.max(...row));

describe('attention, step by step', () => {
  it('shows the worked example’s weights at scale 1/sqrt(d_model), and records the time to the first map', async () => {
    const { page, errors } = await open();
    expect(await page.locator('#scale-mode').inputValue()).toBe('dmodel');
    const weights = await mapValues(page, 'stage-weights');
    expect(weights[0]).toEqual([0.1554, 0.4223, 0.4223]);
    expect(await mapValues(page, 'stage-scores')).toEqual([
      [2, 4, 4],
      [4, 16, 12],
      [4, 12, 10],
    ]);
    const firstMap = await page.evaluate(() => performance.getEntriesByName('first-map-drawn')[0].startTime);
    writeFileSync(
      `${resultsDir}first-map.json`,
      JSON.stringify({ millisecondsFromNavigationToFirstMap: firstMap }, null, 2),
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('temperature: higher flattens every row, lower sharpens it towards 1', async () => {
    const { page, errors } = await open();
    await page.locator('#more-digits').check();
    const atOne = rowMaxima(await mapValues(page, 'stage-weights'));
    await page.locator('#temperature').focus();
    for (let i = 0; i < 80; i++) await page.keyboard.press('ArrowRight'); // a person nudging the slider up
    const warmer = rowMaxima(await mapValues(page, 'stage-weights'));
    await page.keyboard.press('End');
    expect(await page.locator('#temperature-value').textContent()).toBe('T = 20');
    const hottest = rowMaxima(await mapValues(page, 'stage-weights'));
    await page.keyboard.press('Home');
    expect(await page.locator('#temperature-value').textContent()).toBe('T = 0.05');
    const coldest = rowMaxima(await mapValues(page, 'stage-weights'));
    for (let i = 0; i < 3; i++) {
      expect(warmer[i]).toBeLessThan(atOne[i]);
      expect(hottest[i]).toBeLessThan(warmer[i]);
      expect(hottest[i]).toBeLessThan(0.4); // near uniform over 3 keys
      expect(coldest[i]).toBeGreaterThan(atOne[i]);
    }
    expect(coldest[1]).toBeGreaterThan(0.999999); // rows with a clear maximum go to one-hot
    expect(errors).toEqual([]);
    await page.close();
  });

  it('causal masking zeroes the upper triangle; a custom mask follows clicks on the scores', async () => {
    const { page, errors } = await open();
    await page.locator('#mask-mode').selectOption('causal');
    const weights = await mapValues(page, 'stage-weights');
    expect([weights[0][1], weights[0][2], weights[1][2]]).toEqual([0, 0, 0]);
    expect(weights[0][0]).toBe(1);
    expect((await mapValues(page, 'stage-logits'))[0].slice(1)).toEqual([-Infinity, -Infinity]);

    await page.locator('#mask-mode').selectOption('custom');
    const scores = page.locator('#stage-scores canvas').first();
    const box = await scores.boundingBox();
    const cell = box.width / 3; // the canvas is the cells alone
    await scores.click({ position: { x: 1.5 * cell, y: 0.5 * cell } }); // query 1, key 2
    const custom = await mapValues(page, 'stage-weights');
    expect(custom[0][1]).toBe(0);
    expect(custom[0][0] + custom[0][2]).toBeCloseTo(1, 3);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a four-head split shows four maps, and grouped-query heads share K/V', async () => {
    const { page, errors } = await open();
    for (const id of ['#size-dK', '#size-dV']) {
      await page.locator(id).fill('4');
      await page.locator(id).press('Enter');
    }
    await page.locator('#heads').selectOption('4');
    await expect.poll(() => page.locator('.head-map').count()).toBe(4);
    await page.locator('#kv-heads').selectOption('2');
    await expect
      .poll(() => page.locator('.head-card h4').allTextContents())
      .toEqual(['head 1 (K/V head 1)', 'head 2 (K/V head 1)', 'head 3 (K/V head 2)', 'head 4 (K/V head 2)']);
    await expect.poll(() => page.locator('#edit-wo').count()).toBe(1);
    await page.screenshot({ path: `${resultsDir}step-view-heads-1440.png`, fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the URL carries the whole view: a reload reproduces it', async () => {
    const { page, errors } = await open();
    await page.locator('#mask-mode').selectOption('causal');
    await page.locator('#scale-mode').selectOption('dk');
    await page.locator('#query-row').selectOption('2');
    await page.locator('#edit-x input').first().fill('3');
    const before = await mapValues(page, 'stage-weights');
    await page.reload();
    await page.waitForSelector('body[data-ready]');
    expect(await page.locator('#mask-mode').inputValue()).toBe('causal');
    expect(await page.locator('#scale-mode').inputValue()).toBe('dk');
    expect(await page.locator('#query-row').inputValue()).toBe('2');
    expect(await page.locator('#edit-x input').first().inputValue()).toBe('3');
    expect(await mapValues(page, 'stage-weights')).toEqual(before);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a malformed or hostile link shows the defaults with a notice, and injects nothing', async () => {
    const { page, errors } = await open(
      `?s=3&dm=4&dk=3&dv=3&h=1&kvh=1&x=${encodeURIComponent('<img src=x onerror="window.hacked=1">')}`,
    );
    await expect
      .poll(() => page.locator('.notice').textContent())
      .toMatch(/This link could not be read \(“x” has 1 numbers/);
    expect((await mapValues(page, 'stage-weights'))[0]).toEqual([0.1554, 0.4223, 0.4223]);
    expect(await page.evaluate(() => window.hacked)).toBeUndefined();
    expect(await page.locator('main img').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a cell refuses text that is not a number and keeps its last good value', async () => {
    const { page, errors } = await open();
    const cell = page.locator('#edit-x input').first();
    await cell.fill('abc');
    await cell.press('Tab');
    await expect
      .poll(() => page.locator('#edit-x .editor-message').textContent())
      .toBe('X (inputs) row 1, column 1: “abc” is not a number. Kept 1.');
    expect(await cell.inputValue()).toBe('1');
    expect((await mapValues(page, 'stage-weights'))[0]).toEqual([0.1554, 0.4223, 0.4223]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('heatmap cells are reachable with arrow keys and say their value and logit', async () => {
    const { page, errors } = await open();
    await page.locator('#stage-weights canvas').first().focus();
    await page.keyboard.press('ArrowRight');
    const tooltip = page.locator('#stage-weights .heatmap-tooltip');
    expect(await tooltip.isVisible()).toBe(true);
    expect(await tooltip.textContent()).toBe('query q1, key k2: weight 0.4223188 (logit 2)');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter'); // selects query 2
    expect(await page.locator('#query-row').inputValue()).toBe('1');
    expect(await page.locator('#breakdown figcaption').textContent()).toBe('output row 2 = Σ weight × row of V');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('K/V heads follow H to standard multi-head, and the view says what fewer K/V heads mean', async () => {
    const { page, errors } = await open();
    const meaning = page.locator('#kv-heads-meaning');
    await page.locator('#heads').selectOption('3');
    await expect.poll(() => page.locator('#kv-heads').inputValue()).toBe('3');
    expect(await page.locator('#edit-wk .editor-shape').textContent()).toBe('(4×3)');
    expect(await meaning.textContent()).toMatch(
      /^Standard multi-head: each of the 3 heads has its own keys and values/,
    );
    await page.locator('#kv-heads').selectOption('1');
    await expect.poll(() => meaning.textContent()).toMatch(/All 3 heads read one set of keys and values \(multi-query/);
    expect(await meaning.textContent()).toMatch(/Wk is 4×1 and Wv 4×1/);
    expect(await page.locator('#edit-wk .editor-shape').textContent()).toBe('(4×1)');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('back to one head, the worked example’s weights and weights map come back', async () => {
    const { page, errors } = await open();
    const workedWk = await editorValues(page, 'wk');
    const workedWeights = await mapValues(page, 'stage-weights');
    await page.locator('#heads').selectOption('3');
    await page.locator('#kv-heads').selectOption('1');
    await page.locator('#heads').selectOption('1');
    await expect.poll(() => page.locator('#kv-heads').inputValue()).toBe('1');
    expect(await editorValues(page, 'wk')).toEqual(workedWk);
    expect(await page.locator('#inputs-note').textContent()).toBe('These are the lecture notes’ worked example.');
    await expect.poll(() => mapValues(page, 'stage-weights')).toEqual(workedWeights);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('“Restore the worked example” clears every cell’s error message', async () => {
    const { page, errors } = await open();
    for (const name of ['x', 'wq']) {
      await page.locator(`#edit-${name} input`).nth(1).fill('oops');
      await page.locator(`#edit-${name} input`).nth(1).press('Tab');
      await expect.poll(() => page.locator(`#edit-${name} .editor-message`).textContent()).toMatch(/is not a number/);
    }
    await page.locator('#restore').click();
    await expect.poll(() => page.locator('.editor-message').allTextContents()).toEqual(['', '', '', '']);
    expect(await page.locator('#edit-x input[aria-invalid]').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it.each([375, 1440])('fits a %i px wide screen (screenshot saved)', async (width) => {
    const { page, errors } = await open(undefined, { width, height: 900 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${resultsDir}step-view-${width}.png`, fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });
});

// The Generate view's panels say their results where the learner looks, in real Chromium: "Compare with recomputing"
// answers under its button (in view), and the line by the strip then says the comparison's newer time; the
// induction experiment keeps the 2-layer run when the 1-layer control trains, both drawn on the same charts and each
// said in its own sentence. The sentences' words from given numbers are Node's (tests/web/generate/).
import { describe, expect, it } from 'vitest';
import { accessibilityViolations, openPlayground, useChromiumAndPlayground } from '../support/browser.js';

const suite = useChromiumAndPlayground();
const view = (page) => page.locator('#generate-view');

/** The Generate view at `query`, once its writing controls are there. */
async function openGenerateView(query) {
  const opened = await openPlayground(suite, `?view=generate${query}`, { width: 1280, height: 800 });
  await opened.page.waitForSelector('#generate-write');
  return opened;
}

describe('generate panels', () => {
  it('says the comparison under its button, and the line by the strip then gives its time, not the older one', async () => {
    const { page, errors } = await openGenerateView('&tokens=40&temperature=0');
    // our model opens and writes as the view does (first-minute.test.js), no click
    await expect
      .poll(() => view(page).getAttribute('data-written').then(Number), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await expect.poll(() => view(page).getAttribute('data-writing')).toBe('done');
    const written = await page.locator('#generate-time').textContent();
    expect(written).toMatch(/^40 tokens in [\d.]+ m?s, with the key\/value cache, by the model of step [\d,]+\.$/);
    expect(await page.locator('#generate-comparison').isHidden()).toBe(true);

    const compare = page.locator('#generate-compare');
    await compare.click();
    await expect.poll(() => view(page).getAttribute('data-compared'), { timeout: 30_000 }).toBe('same');
    const comparison = page.locator('#generate-comparison');
    const said = await comparison.textContent();
    expect(said).toMatch(
      /^With the cache: [\d.]+ m?s; recomputing every token’s window: [\d.]+ m?s .*; the same 40 tokens both ways\.$/,
    );
    // Right under the button that asked, and on screen.
    const [button, answer] = [await compare.boundingBox(), await comparison.boundingBox()];
    expect(answer.y - (button.y + button.height)).toBeGreaterThanOrEqual(0);
    expect(answer.y - (button.y + button.height)).toBeLessThan(80);
    expect(await comparison.evaluate((p) => p.getBoundingClientRect().bottom <= innerHeight)).toBe(true);
    // The line by the strip: the comparison's time with the cache (this writing's way), said as timed again.
    const [, cached] = said.match(/^With the cache: ([\d.]+ m?s);/);
    expect(await page.locator('#generate-time').textContent()).toBe(
      written.replace(/in [\d.]+ m?s,/, `in ${cached},`) + ' Timed again by the comparison with recomputing.',
    );
    // Writing again (another seed) is a new writing: its own time, and no comparison beside it.
    const before = Number(await view(page).getAttribute('data-written'));
    await page.locator('#generate-seed').fill('3');
    await page.locator('#generate-seed').press('Enter');
    await expect.poll(() => view(page).getAttribute('data-written').then(Number)).toBeGreaterThan(before);
    await expect.poll(() => view(page).getAttribute('data-writing')).toBe('done');
    expect(await page.locator('#generate-time').textContent()).not.toMatch(/Timed again/);
    expect(await comparison.isHidden()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  }, 90_000);

  it('keeps the 2-layer run beside the 1-layer control: both on the charts, each said', async () => {
    const { page, errors } = await openGenerateView('');
    const panel = page.locator('#generate-induction');
    /** Trains `button`'s run past its first 100 steps, then stops it. */
    const trainAWhile = async (button) => {
      await page.locator(button).click();
      await expect
        .poll(() => panel.getAttribute('data-step').then(Number), { timeout: 60_000 })
        .toBeGreaterThanOrEqual(100);
      await page.locator(button).click(); // "Stop"
      await expect.poll(() => panel.getAttribute('data-running'), { timeout: 30_000 }).toBe('');
    };
    await trainAWhile('#induction-two-layers');
    const twoLayers = await page.locator('#induction-circuit').textContent();
    expect(twoLayers).toMatch(/^No induction head yet: the best prefix-matching score is 0\.\d+; 0\.4 marks one\.$/);
    await trainAWhile('#induction-one-layer');
    expect(await page.locator('#induction-progress').textContent()).toMatch(
      /^The 1-layer control stopped at step [1-9]00 of 1,500\.$/,
    );
    // The control did not replace the 2-layer run: a line per half (and per score) for each, its sentence kept.
    for (const chart of ['#induction-loss-chart', '#induction-head-chart']) {
      expect(await page.locator(`${chart} path.series`).count()).toBe(4);
      expect(await page.locator(`${chart} path.series.previous`).count()).toBe(2);
    }
    expect(await page.locator('#induction-loss-chart .chart-legend li').allTextContents()).toEqual([
      '2 layers: first half (random letters)',
      'control: first half (random letters)',
      '2 layers: repeat (predictable by an induction head)',
      'control: repeat (predictable by an induction head)',
    ]);
    expect(await page.locator('#induction-loss-chart .visually-hidden').textContent()).toMatch(
      /^2 layers at step [1-9]00: .* The 1-layer control at step [1-9]00: /,
    );
    expect(await page.locator('#induction-circuit').textContent()).toBe(twoLayers);
    expect(await page.locator('#induction-control').textContent()).toMatch(
      /^No induction head \(one layer cannot compose two heads\)/,
    );
    expect(await accessibilityViolations(page, '#generate-induction')).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 150_000);
});

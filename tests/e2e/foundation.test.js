// The page loads the module in Chromium, shows which backend it chose and the worked example's result.
import { describe, expect, it } from 'vitest';
import { openPage, resultsDir, startBuiltSite, useChromiumAndPlayground } from './browser.js';

const suite = useChromiumAndPlayground();

const firstRow = (page, id) => page.locator(`#${id} table tbody tr`).first().locator('td').allTextContents();

describe('the page in Chromium', () => {
  it.each([
    ['?view=steps', 'wasm-simd128'],
    ['?view=steps&backend=wasm-scalar', 'wasm-scalar'],
  ])('%s loads %s and shows the worked example', async (query, backend) => {
    const { page, errors } = await openPage(suite.browser, `${suite.playground.url}${query}`);
    await expect.poll(() => page.locator('#backend').textContent()).toBe(backend);
    await page.waitForSelector('body[data-ready]');
    expect(await firstRow(page, 'stage-weights')).toEqual(['0.1554', '0.4223', '0.4223']);
    expect(await firstRow(page, 'stage-output')).toEqual(['1.845', '6.223', '1.733']);
    if (backend === 'wasm-simd128') await page.screenshot({ path: `${resultsDir}foundation.png` });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the built static site (dist/) works the same, and offline after the first load', async () => {
    const site = await startBuiltSite();
    try {
      const { page, errors } = await openPage(suite.browser, `${site.url}?view=steps`);
      await page.waitForSelector('body[data-ready]');
      expect(await page.locator('#backend').textContent()).toBe('wasm-simd128');
      expect(await firstRow(page, 'stage-weights')).toEqual(['0.1554', '0.4223', '0.4223']);
      // Offline after the first load: the service worker serves the cached copy.
      await expect
        .poll(() => page.evaluate(async () => (await (await caches.open('attention-playground-v1')).keys()).length), { timeout: 15_000 })
        .toBeGreaterThanOrEqual(5);
      await page.context().setOffline(true);
      await page.goto(`${site.url}?s=3&backend=wasm-simd128`);
      await page.waitForSelector('body[data-ready]');
      expect(await firstRow(page, 'stage-weights')).toEqual(['0.1554', '0.4223', '0.4223']);
      await page.context().setOffline(false);
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await site.server.close();
    }
  });
});

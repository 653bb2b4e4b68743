// The page loads the module in Chromium, shows which backend it chose and the worked example's result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openPage, resultsDir, startPlayground } from './browser.js';

let playground, browser;
beforeAll(async () => {
  playground = await startPlayground();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await playground?.server.close();
});

async function firstWeightsRow(page) {
  await page.locator('#weights td').first().waitFor();
  return page.locator('#weights tr').first().locator('td').allTextContents();
}

describe('the page in Chromium', () => {
  it('loads the SIMD module and shows the worked example', async () => {
    const { page, errors } = await openPage(browser, playground.url);
    await expect.poll(() => page.locator('#backend').textContent()).toBe('wasm-simd128');
    expect(await firstWeightsRow(page)).toEqual(['0.1554', '0.4223', '0.4223']);
    expect(await page.locator('#output tr').first().locator('td').allTextContents()).toEqual(['1.8446', '6.2232', '1.7330']);
    await page.screenshot({ path: `${resultsDir}foundation.png`, fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('runs the scalar build when asked', async () => {
    const { page, errors } = await openPage(browser, `${playground.url}?backend=wasm-scalar`);
    await expect.poll(() => page.locator('#backend').textContent()).toBe('wasm-scalar');
    expect(await firstWeightsRow(page)).toEqual(['0.1554', '0.4223', '0.4223']);
    expect(errors).toEqual([]);
    await page.close();
  });
});

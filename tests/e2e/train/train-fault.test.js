// A trap in the training worker's module, caused for real: this Chromium's V8 grants a WebAssembly memory at most
// 270 pages (17 MB), which the default model trains within and the largest the view offers does not, so the module
// aborts when it cannot grow. The view says so, replaces the worker (a trapped module's state cannot be trusted),
// starts the run again once in the fresh one, and when that traps too offers a restart; a model that fits then
// trains in the same page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, startPlayground } from '../support/browser.js';

let playground;
let browser;
beforeAll(async () => {
  playground = await startPlayground();
  browser = await launchChromium(['--js-flags=--wasm-max-mem-pages=270']);
});
afterAll(async () => {
  await browser?.close();
  await playground?.server.close();
});

const status = (page) => page.locator('#train-view').getAttribute('data-status');

describe('a module that traps in the training worker', () => {
  it('is said, its worker replaced and the run started again once; a model that fits then trains', async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const workers = [];
    page.on('worker', (worker) => worker.url().includes('train-worker') && workers.push(worker));
    await page.goto(`${playground.url}?view=train&d=64&enc=3&dec=3&batch=128&backend=wasm-simd128`);
    await page.waitForSelector('body[data-ready]');
    await page.locator('#train-start').click();
    await page.waitForSelector('#train-restart', { timeout: 60_000 });
    expect(await status(page)).toBe('failed');
    expect(workers).toHaveLength(2); // the first worker's trap, then the fresh one's
    expect(await page.locator('#train-fault-notice').textContent()).toMatch(
      /^The module in the training worker stopped on an error \(Aborted\(\).*\): the browser may have refused it more memory\. Training started again in a fresh worker\.$/,
    );
    expect(await page.locator('#train-view p.error').textContent()).toMatch(
      /^The module in the training worker stopped on an error \(Aborted\(\).*refused it more memory\. Restart training$/,
    );

    // A model that fits, in the same page: a third worker trains it to the end.
    await page.locator('#train-d-model').selectOption('16');
    await page.locator('#train-encoder-layers').selectOption('1');
    await page.locator('#train-decoder-layers').selectOption('1');
    await page.locator('#train-steps').fill('40');
    await page.locator('#train-steps').press('Enter');
    await page.locator('#train-start').click();
    await page.waitForFunction(() => document.querySelector('#train-view').dataset.status === 'done', null, {
      timeout: 60_000,
    });
    expect(await page.locator('#train-fault-notice').isHidden()).toBe(true);
    expect(await page.locator('#train-view p.error').isHidden()).toBe(true);
    expect(workers).toHaveLength(3);
    expect(errors).toEqual([]);
    await page.close();
  });
});

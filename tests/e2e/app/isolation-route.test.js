// The service worker's route to cross-origin isolation (web/service-worker.js, web/src/app/offline-copy.js): dist/
// from a static host that sends no isolation headers, as GitHub Pages serves it. The first load is not isolated; once
// the offline copy's worker is in control the page reloads itself, once, isolated, and the Generate view's thread
// control offers one to four threads, without the line saying what is lost. A frame of the site (embed=1, as an LMS
// shows it) is never given the headers, nor reloaded. Chromium only: see docs/hosting.md for Firefox and WebKit.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useChromiumAndPlayground } from '../support/browser.js';
import { isolatedByItsWorker } from '../support/offline-copy.js';
import { serveFolder } from '../support/static-host.js';

const suite = useChromiumAndPlayground();
const dist = fileURLToPath(new URL('../../../dist/', import.meta.url));

describe('dist/ from a host that sends no isolation headers', () => {
  let host;
  beforeAll(async () => {
    host = await serveFolder(() => dist);
  });
  afterAll(() => host?.close());

  it('is isolated after the service worker’s one reload: the Generate view offers more than one thread', async () => {
    const context = await suite.browser.newContext(); // the frame's page below shares its storage
    const page = await context.newPage();
    const errors = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${host.url}?view=generate`);
    const loads = [];
    page.on('load', () => loads.push(page.url()));
    expect(await page.evaluate(() => [crossOriginIsolated, navigator.serviceWorker.controller])).toEqual([false, null]);
    await isolatedByItsWorker(page);
    expect(loads).toEqual([`${host.url}?view=generate`]); // one reload
    const threads = page.locator('#generate-threads');
    expect(await threads.isDisabled()).toBe(false);
    expect(await threads.locator('option').allTextContents()).toEqual(['1', '2', '3', '4']);
    await threads.selectOption('2');
    await expect.poll(() => page.locator('#generate-threads-said').textContent()).toMatch(/^training on 2 threads/);

    // A page of the site that is not the playground's (robots.txt will do) with the site in a frame (embed=1, as an
    // LMS shows it): both answered by the worker now in control, neither given the headers.
    const outer = await context.newPage();
    const frameResponse = outer.waitForResponse((response) => response.request().frame() !== outer.mainFrame());
    await outer.goto(`${host.url}robots.txt`);
    await outer.evaluate(
      (src) => document.body.append(Object.assign(document.createElement('iframe'), { src })),
      `${host.url}?view=lessons&embed=1`,
    );
    const frame = await (await outer.waitForSelector('iframe')).contentFrame();
    await frame.waitForFunction(() => document.body.dataset.ready);
    expect(await outer.evaluate(() => crossOriginIsolated)).toBe(false);
    expect(await frame.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    const framed = await frameResponse;
    expect([framed.fromServiceWorker(), framed.headers()['cross-origin-embedder-policy']]).toEqual([true, undefined]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

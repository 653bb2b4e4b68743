// The service worker's route to cross-origin isolation (web/service-worker.js, web/src/app/offline-copy.js): dist/
// from a static host that sends no isolation headers, as GitHub Pages serves it. The first load is not isolated; once
// the offline copy's worker is in control the page reloads itself, once, isolated, and the Generate view's thread
// control offers one to four threads, without the line saying what is lost, and a run trains on two (the pthread
// workers' scripts are given the headers too). A frame of the site (embed=1, as an LMS shows it) is not given them.
// In Chromium and in Firefox; WebKit: see docs/hosting.md.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useChromiumAndPlayground } from '../support/browser.js';
import { launchFirefox } from '../support/firefox.js';
import { isolatedAndDrawn, isolatedByItsWorker } from '../support/offline-copy.js';
import { serveFolder } from '../support/static-host.js';
import { shortStory } from '../generate/short-story.js';

const suite = useChromiumAndPlayground();
const dist = fileURLToPath(new URL('../../../dist/', import.meta.url));
// A small model for a few dozen steps on the learner's own short text, on two threads: seconds.
const run = '?view=generate&corpus=own&steps=30&d=32&layers=1&context=32&generate.threads=2';
const firstLoad = () => [crossOriginIsolated, navigator.serviceWorker.controller];
const threadsSaid = () => document.querySelector('#generate-threads-said').textContent;
const trained = () => document.querySelector('#generate-view').dataset.status === 'done';
/** The Generate view's run as it stands ('training', 'done', …): what a wait for it last saw names the stage. */
const runStatus = () => document.querySelector('#generate-view')?.dataset.status ?? null;
// What the view said when something failed (its error line), for a failed run's message
const errorSaid = () =>
  document.querySelector('#generate-view .error[role="alert"]:not([hidden])')?.textContent ?? null;
// Each test waits for the worker's reload and for a run, up to a minute each: its own limit is their sum and a half.
const twoWaits = { timeout: 150_000 };
const runThreads = () => document.querySelector('#generate-threads').dataset.running;

let host;
beforeAll(async () => {
  host = await serveFolder(() => dist);
});
afterAll(() => host?.close());

describe('dist/ from a host that sends no isolation headers, in Chromium', twoWaits, () => {
  it('is isolated after the service worker’s one reload and trains on two threads; a frame is not', async () => {
    const context = await suite.browser.newContext(); // the frame's page below shares its storage
    const page = await context.newPage();
    const errors = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${host.url}${run}`);
    const loads = [];
    page.on('load', () => loads.push(page.url()));
    expect(await page.evaluate(firstLoad)).toEqual([false, null]);
    await isolatedByItsWorker(page);
    expect(loads).toHaveLength(1); // one reload
    const threads = page.locator('#generate-threads');
    expect(await threads.isDisabled()).toBe(false);
    expect(await threads.locator('option').allTextContents()).toEqual(['1', '2', '3', '4']);
    expect(await page.evaluate(threadsSaid)).toMatch(/^training and writing on 2 threads \(cores: \d+\)$/);
    await page.locator('#generate-own-text').fill(shortStory);
    await page.locator('#generate-start').click();
    await page.waitForFunction(trained, null, { timeout: 60_000 });
    expect(await page.evaluate(runThreads)).toBe('2');

    // A page of the site that is not the playground's (robots.txt will do) with the site in a frame (embed=1, as an
    // LMS shows it): both answered by the worker now in control, neither given the headers.
    const outer = await context.newPage();
    outer.on('pageerror', (error) => errors.push(error.message)); // its frame's too (robots.txt has no icon: a 404)
    const frameResponse = outer.waitForResponse((response) => response.request().frame() !== outer.mainFrame());
    await outer.goto(`${host.url}robots.txt`);
    await outer.evaluate(
      (src) => document.body.append(Object.assign(document.createElement('iframe'), { src })),
      `${host.url}?view=lessons&embed=1`,
    );
    const frame = await (await outer.waitForSelector('iframe')).contentFrame();
    await frame.waitForFunction(() => document.body?.dataset.ready === 'true');
    expect(await outer.evaluate(() => crossOriginIsolated)).toBe(false);
    expect(await frame.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    const framed = await frameResponse;
    expect([framed.fromServiceWorker(), framed.headers()['cross-origin-embedder-policy']]).toEqual([true, undefined]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('dist/ from a host that sends no isolation headers, in Firefox', twoWaits, () => {
  let firefox;
  beforeAll(async () => {
    firefox = await launchFirefox();
  });
  afterAll(() => firefox?.close());

  it('is isolated after the service worker’s one reload and trains on two threads', async () => {
    const page = await firefox.newPage();
    const errors = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${host.url}${run}`);
    expect(await page.evaluate(firstLoad)).toEqual([false, null]);
    // Asked anew in whichever document is there, rather than one wait carried across the worker's reload (which
    // Firefox's, over BiDi, did not always survive); null while the reload replaces the document.
    const inPage = (predicate) => page.evaluate(predicate).catch(() => null);
    await expect
      .poll(() => inPage(isolatedAndDrawn), { timeout: 60_000, message: 'isolated by its worker and drawn' })
      .toBe(true);
    expect(await page.evaluate(threadsSaid)).toMatch(/^training and writing on 2 threads \(cores: \d+\)$/);
    await page.waitForSelector('#generate-view[data-state="settled"]');
    await page.$eval(
      '#generate-own-text',
      (area, text) => {
        area.value = text;
        area.dispatchEvent(new Event('input', { bubbles: true }));
      },
      shortStory,
    );
    await page.click('#generate-start');
    // the run's last status seen says where it stopped, if it does; a failed run says why (it ended 'failed' in a
    // clean clone and in CI, the worker silent for 30 s: Firefox had left it waiting in the glue's `new Worker()`,
    // which the page now does instead: web/lib/pthreads-from-page.js)
    await expect
      .poll(() => inPage(runStatus), { timeout: 60_000, message: 'the run on two threads' })
      .toSatisfy((status) => status === 'done' || status === 'failed');
    const why = `the run on two threads: ${await page.evaluate(errorSaid)}; console: ${errors.join(' | ')}`;
    expect(await page.evaluate(runStatus), why).toBe('done');
    expect(await page.evaluate(runThreads)).toBe('2');
    expect(errors).toEqual([]);
    await page.close();
  });
});

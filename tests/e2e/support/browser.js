// Real headless Chromium (Debian's build) driven by playwright-core, against a Vite server: for the test files,
// what they do with the browser. Starting servers and browsers is servers.js's job.
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchChromium } from './servers.js';

export { launchChromium, resultsDir, startBuiltSite, startPlainServer, startPlayground } from './servers.js';

/**
 * A new page that records console errors and uncaught exceptions, so tests can assert there were none.
 * `beforeLoad(page)` sets the page up before it loads (routes, init scripts) and is awaited: a route or an init
 * script Playwright has not yet registered when the page starts loading does not apply to that load (a clean clone
 * under load once opened the embed page without its init script).
 */
export async function openPage(browser, url, viewport = { width: 1440, height: 900 }, beforeLoad = async () => {}) {
  const page = await browser.newPage({ viewport });
  await beforeLoad(page);
  const errors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  return { page, errors };
}

/** The playground of `suite` (useChromiumAndPlayground) at `query`, once its first view is drawn (body[data-ready]). */
export async function openPlayground(suite, query, viewport = undefined) {
  const opened = await openPage(suite.browser, `${suite.playground.url}${query}`, viewport);
  await opened.page.waitForSelector('body[data-ready]');
  return opened;
}

/**
 * Scrolls the page down a screen, as a person reading on: what a phone keeps below the fold until then (a lesson's
 * widget, the step view's stages) is built.
 */
export async function scrollDown(page) {
  await page.evaluate(() => window.scrollBy(0, window.innerHeight));
}

/**
 * For a test file: the run's one dev server and one Chromium (support/global-setup.js starts them once for every
 * file), connected before its tests; each page a test opens is a context of its own (no storage shared).
 * `ownBrowser`: a Chromium of the file's own instead, for a file that traces (support/main-thread-work.js):
 * Chromium records one trace at a time, browser-wide, and two files run at once.
 */
export function useChromiumAndPlayground({ ownBrowser = false } = {}) {
  const context = {};
  beforeAll(async () => {
    context.playground = { url: inject('playgroundUrl') };
    context.browser = ownBrowser ? await launchChromium() : await chromium.connect(inject('chromiumEndpoint'));
  });
  afterAll(async () => {
    await context.browser?.close(); // the shared one only disconnects (closing this file's pages); its own closes
  });
  return context;
}

/** axe-core's WCAG 2.1 A and AA violations inside `selector`, as "rule: help (first element)" lines. */
export async function accessibilityViolations(page, selector) {
  // Once a document: a walk through a view's states (the lessons by "next", a view's panels) runs axe again in the same
  // document, and each injection added another 650 kB script for the page to parse and compile.
  if (!(await page.evaluate(() => 'axe' in globalThis)))
    await page.addScriptTag({
      path: fileURLToPath(new URL('../../../node_modules/axe-core/axe.min.js', import.meta.url)),
    });
  const { violations } = await page.evaluate(
    (root) => globalThis.axe.run(root, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }),
    selector,
  );
  return violations.map((v) => `${v.id}: ${v.help} (${v.nodes[0].target.join(' ')})`);
}

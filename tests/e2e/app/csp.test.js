// The whole built site (the playground's three views, the shipped models, training, and the embed page with
// its elements) under the strict Content-Security-Policy the README gives embedders: no inline script or
// style, no eval. Any securitypolicyviolation fails the test. Served cross-origin isolated (threads build)
// and not (single-thread build).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, startBuiltSite, startPlainServer } from '../support/browser.js';

export const strictPolicy =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; worker-src 'self'";

let browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** Opens `path`, runs `act`, and returns every CSP violation and console error the page reported. */
async function visit(site, path, act = async () => {}) {
  const page = await browser.newPage();
  const problems = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text().slice(0, 300)}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  await page.goto(`${site.url}${path}`);
  await page.waitForSelector('body[data-ready]', { timeout: 30_000 });
  await act(page);
  const backend = await page.evaluate(() => document.querySelector('#backend')?.textContent ?? null);
  await page.close();
  return { problems, backend };
}

describe.each([
  ['cross-origin isolated', startBuiltSite, 'wasm-relaxed-simd'], // the page's thread: single-thread (main.js)
  ['not isolated', startPlainServer, 'wasm-relaxed-simd'],
])('the built site under a strict CSP, %s', (_, start, expectedBackend) => {
  let site;
  beforeAll(async () => {
    site = await start({ 'Content-Security-Policy': strictPolicy });
  });
  afterAll(() => site?.server.close());

  it('the Translation view (both models) and the step view run without a violation', async () => {
    const translation = await visit(site, '?view=translation', async (page) => {
      await page.waitForSelector('#translation-view[data-decoding="done"]');
      await page.locator('#language').selectOption('en-ja');
      await page.waitForFunction(() => new URL(location.href).searchParams.get('translation.model') === 'en-ja');
      await page.waitForSelector('#translation-view[data-decoding="done"]');
    });
    expect(translation).toEqual({ problems: [], backend: expectedBackend });
    expect(
      await visit(site, '?view=steps', async (page) => {
        // The stages are below the controls at this height, drawn when a person scrolls to them.
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await page.locator('#stage-weights table tbody tr').first().waitFor({ state: 'attached' });
      }),
    ).toEqual({ problems: [], backend: expectedBackend });
  });

  it('training in the Train view (its worker, the module inside it) runs without a violation', async () => {
    const train = await visit(site, '?view=train&steps=60', async (page) => {
      await page.locator('#train-start').click();
      await page.waitForFunction(() => document.querySelector('#train-view').dataset.status === 'done', null, {
        timeout: 60_000,
      });
    });
    expect(train.problems).toEqual([]);
  });

  it('the embed page: every element renders without a violation', async () => {
    const embed = await visit(site, 'embed.html', async (page) => {
      await page.waitForFunction(
        () =>
          document.querySelector('#translator')?.translation !== null &&
          document.querySelector('#translator')?.translation !== undefined,
        null,
        { timeout: 30_000 },
      );
      await page.locator('#steps').scrollIntoViewIfNeeded(); // its stages are built when it comes onto the screen
      await page.waitForFunction(() =>
        document.querySelector('#steps').shadowRoot.querySelector('#stage-weights table tbody tr'),
      );
    });
    expect(embed.problems).toEqual([]);
  });
});

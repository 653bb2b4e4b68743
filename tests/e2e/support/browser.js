// Real headless Chromium (Debian's build) driven by playwright-core, against a Vite server started here.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { createServer, preview } from 'vite';

export const resultsDir = fileURLToPath(new URL('../../../test-results/', import.meta.url));

export async function startPlayground() {
  const server = await createServer({
    configFile: fileURLToPath(new URL('../../../web/vite.config.js', import.meta.url)),
    server: { port: 0, host: '127.0.0.1' },
    logLevel: 'error',
  });
  await server.listen();
  const { port } = server.httpServer.address();
  return { server, url: `http://127.0.0.1:${port}/` };
}

/** Serves the built static site (dist/, made by `npm run build`) as any static host would, with `headers` added. */
export async function startBuiltSite(headers = {}) {
  const server = await preview({
    configFile: fileURLToPath(new URL('../../../web/vite.config.js', import.meta.url)),
    preview: {
      port: 0,
      host: '127.0.0.1',
      headers: {
        'Cross-Origin-Opener-Policy': 'same-origin',
        'Cross-Origin-Embedder-Policy': 'require-corp',
        ...headers,
      },
    },
    logLevel: 'error',
  });
  const { port } = server.httpServer.address();
  return { server, url: `http://127.0.0.1:${port}/` };
}

/** The built site (dist/) from a static server that sends no isolation headers, as many hosts do. */
export async function startPlainServer(headers = {}) {
  const server = await preview({
    configFile: fileURLToPath(new URL('../../../web/vite.config.js', import.meta.url)),
    preview: {
      port: 0,
      host: '127.0.0.1',
      headers: {
        'Cross-Origin-Opener-Policy': 'unsafe-none',
        'Cross-Origin-Embedder-Policy': 'unsafe-none',
        ...headers,
      },
    },
    logLevel: 'error',
  });
  const { port } = server.httpServer.address();
  return { server, url: `http://127.0.0.1:${port}/` };
}

/** Chromium as the tests drive it; `extraArgs` for a suite that needs the browser otherwise (e.g. V8 flags). */
export async function launchChromium(extraArgs = []) {
  mkdirSync(resultsDir, { recursive: true });
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

/** A new page that records console errors and uncaught exceptions, so tests can assert there were none. */
export async function openPage(browser, url, viewport = { width: 1440, height: 900 }, beforeLoad = () => {}) {
  const page = await browser.newPage({ viewport });
  beforeLoad(page);
  const errors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  return { page, errors };
}

/**
 * Scrolls the page down a screen, as a person reading on: what a phone keeps below the fold until then (a lesson's
 * widget, the step view's stages) is built.
 */
export async function scrollDown(page) {
  await page.evaluate(() => window.scrollBy(0, window.innerHeight));
}

/** For a test file: one dev server and one Chromium, started before its tests and closed after them. */
export function useChromiumAndPlayground() {
  const context = {};
  beforeAll(async () => {
    context.playground = await startPlayground();
    context.browser = await launchChromium();
  });
  afterAll(async () => {
    await context.browser?.close();
    await context.playground?.server.close();
  });
  return context;
}

/** axe-core's WCAG 2.1 A and AA violations inside `selector`, as "rule: help (first element)" lines. */
export async function accessibilityViolations(page, selector) {
  await page.addScriptTag({
    path: fileURLToPath(new URL('../../../node_modules/axe-core/axe.min.js', import.meta.url)),
  });
  const { violations } = await page.evaluate(
    (root) => globalThis.axe.run(root, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }),
    selector,
  );
  return violations.map((v) => `${v.id}: ${v.help} (${v.nodes[0].target.join(' ')})`);
}

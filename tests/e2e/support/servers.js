// Starting what the end-to-end tests drive: Vite servers of the playground (dev, or the built dist/) and Debian's
// Chromium through playwright-core. No Vitest imports here, so the run's global set-up can start them too.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { createServer, preview } from 'vite';
import { isolationHeaders } from '../../../web/isolation-headers.js';

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

/** The built static site (dist/, made by `npm run build`) from a static server sending `headers`. */
async function previewBuiltSite(headers) {
  const server = await preview({
    configFile: fileURLToPath(new URL('../../../web/vite.config.js', import.meta.url)),
    preview: { port: 0, host: '127.0.0.1', headers },
    logLevel: 'error',
  });
  const { port } = server.httpServer.address();
  return { server, url: `http://127.0.0.1:${port}/` };
}

/** Serves the built site cross-origin isolated, as a host that can send the headers would, with `headers` added. */
export const startBuiltSite = (headers = {}) => previewBuiltSite({ ...isolationHeaders, ...headers });

/** The built site (dist/) from a static server that sends no isolation headers, as many hosts do. */
export const startPlainServer = (headers = {}) =>
  previewBuiltSite({
    // each header's value that isolates nothing, over the one vite.config.js's preview sends
    ...Object.fromEntries(Object.keys(isolationHeaders).map((name) => [name, 'unsafe-none'])),
    ...headers,
  });

/** Chromium as the tests drive it; `extraArgs` for a suite that needs the browser otherwise (e.g. V8 flags). */
export async function launchChromium(extraArgs = []) {
  mkdirSync(resultsDir, { recursive: true });
  return chromium.launch(chromiumOptions(extraArgs));
}

/** The launch options of every Chromium the tests start (also as a server, by global-setup.js). */
export function chromiumOptions(extraArgs = []) {
  return {
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
  };
}

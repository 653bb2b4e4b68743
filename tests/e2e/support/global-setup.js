// Once per end-to-end run, for every file that asks (useChromiumAndPlayground): one Vite dev server of the
// playground and one Chromium, shared. A server per file cost each file a start and a fresh transform of every
// module its pages load; a browser per file, a launch. Files run two at a time (tests/e2e/vitest.config.js), each
// page in a context of its own.
import { chromium } from 'playwright-core';
import { chromiumOptions, resultsDir, startPlayground } from './servers.js';
import { mkdirSync } from 'node:fs';

export default async function setup({ provide }) {
  mkdirSync(resultsDir, { recursive: true });
  const [playground, browserServer] = await Promise.all([startPlayground(), chromium.launchServer(chromiumOptions())]);
  provide('playgroundUrl', playground.url);
  provide('chromiumEndpoint', browserServer.wsEndpoint());
  return async () => {
    await browserServer.close();
    await playground.server.close();
  };
}

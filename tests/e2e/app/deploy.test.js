// A new deploy of the built site, as a static host does one (the folder's files replaced by the new build's), seen
// by a visitor who has the old version open and cached: the open tab keeps running the old version whole (its
// next view's code comes from the old cache, not the new server) and says a new version is here; a reload runs the
// new version whole, online and offline; the models saved in the browser survive; the version before the old one
// is dropped. Three real builds of today's source, told apart by a mark each puts on the page.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.js';
import { serveFolder } from '../support/static-host.js';

const versions = ['A', 'B', 'C'];

/** The site built with `mark` on the page's main script and on the lessons view's (a lazily loaded chunk). */
async function buildVersion(mark, outDir) {
  const marking = {
    name: 'deploy-mark',
    transform(code, id) {
      if (id.endsWith('/web/src/app/main.js')) return `${code}\ndocument.documentElement.dataset.deploy = '${mark}';\n`;
      if (id.endsWith('/web/src/lessons/lessons-view.js'))
        return `${code}\ndocument.documentElement.dataset.lessonsDeploy = '${mark}';\n`;
      return null;
    },
  };
  // Vitest runs with NODE_ENV=test, which would make this a development build (no offline copy): build as npm does.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  await build({
    configFile: fileURLToPath(new URL('../../../web/vite.config.js', import.meta.url)),
    build: { outDir, emptyOutDir: true },
    plugins: [marking],
    logLevel: 'error',
  }).finally(() => {
    process.env.NODE_ENV = nodeEnv;
  });
  return JSON.parse(readFileSync(join(outDir, 'sw.js'), 'utf8').match(/const files = (\[.*?\]);/)[1]);
}

let work, browser, server, deployed;
const sites = {},
  fileLists = {};
beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'attention-deploy-'));
  for (const mark of versions) {
    sites[mark] = join(work, mark);
    fileLists[mark] = await buildVersion(mark, sites[mark]);
  }
  deployed = 'A';
  // A host that opts out of isolation (COOP unsafe-none: the service worker's route to isolation stands aside), so
  // this test follows the deploys alone. With the route, a clean clone at load 9 once found version B installed and
  // waiting for 30 s behind A (passing alone 3 of 3): to be found and tested in its own right, not raced here.
  [browser, server] = await Promise.all([
    launchChromium(),
    serveFolder(() => sites[deployed], { 'Cross-Origin-Opener-Policy': 'unsafe-none' }),
  ]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

const cacheNames = (page) => page.evaluate(() => caches.keys());
const mainScript = (paths) => paths.find((path) => /^assets\/main-[\w-]+\.js$/.test(path));
/** The file list of the service worker controlling `page` (null while none does, or one being replaced is mute). */
const controllerFiles = (page) =>
  page.evaluate(async () => {
    const worker = navigator.serviceWorker.controller;
    if (!worker) return null;
    const channel = new MessageChannel();
    const answer = new Promise((resolve) => {
      channel.port1.onmessage = (event) => resolve(event.data.files);
      setTimeout(() => resolve(null), 1000);
    });
    worker.postMessage({ question: 'files' }, [channel.port2]);
    return answer;
  });
/**
 * Waits until `mark`'s version is in control. Its file list is asked only while no other version is installing or
 * waiting: a message is an event for the service worker, and an active one that keeps getting events is never
 * replaced.
 */
async function activeVersionIs(page, mark) {
  const settled = async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return Boolean(
      registration?.active && !registration.installing && !registration.waiting && navigator.serviceWorker.controller,
    );
  };
  const inControl = async () => ((await page.evaluate(settled)) ? controllerFiles(page) : null);
  try {
    await expect.poll(inControl, { timeout: 30_000, interval: 500 }).toEqual(fileLists[mark]);
  } catch (error) {
    // Said with the failure: which workers the registration held, and in what state (nothing else tells).
    const workers = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const state = (worker) => worker?.state ?? 'none';
      return `installing ${state(registration?.installing)}, waiting ${state(registration?.waiting)}, active ${state(registration?.active)}, controller ${state(navigator.serviceWorker.controller)}`;
    });
    throw new Error(`version ${mark} not in control after 30 s (${workers}): ${error.message}`);
  }
}

describe('a new deploy', () => {
  it('an open tab keeps its version whole and says a new one is here; a reload runs the new one whole, offline too; saved models stay', async () => {
    expect(new Set(versions.map((mark) => mainScript(fileLists[mark]))).size).toBe(3);
    const context = await browser.newContext();
    const errors = [];
    const open = async (query = '') => {
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      const fetched = [];
      page.on('response', (response) => fetched.push(new URL(response.url()).pathname.slice(1)));
      await page.goto(`${server.url}${query}`);
      return { page, fetched };
    };

    // Version A: visited, cached, a model trained and saved.
    const { page: old } = await open('?view=train&d=16&h=2&enc=1&dec=1&steps=40');
    await activeVersionIs(old, 'A');
    await old.locator('#train-start').click();
    await old.waitForFunction(() => document.querySelector('#train-view').dataset.status === 'done', null, {
      timeout: 60_000,
    });
    await expect
      .poll(() => old.locator('#your-models-list li').allInnerTexts())
      .toEqual([expect.stringMatching(/D=16, 2 heads/)]);
    expect(await old.evaluate(() => document.documentElement.dataset.deploy)).toBe('A');

    // B replaces A on the server. A second tab loads B; its service worker takes over both tabs.
    deployed = 'B';
    const { page: fresh, fetched } = await open('?view=translation');
    await fresh.waitForSelector('#translation-view[data-decoding="done"]');
    expect(await fresh.evaluate(() => document.documentElement.dataset.deploy)).toBe('B');
    await activeVersionIs(fresh, 'B');
    const foreign = (list, mark) =>
      list.filter((path) => path.startsWith('assets/') && !fileLists[mark].includes(path));
    expect(foreign(fetched, 'B')).toEqual([]);
    expect(await fresh.locator('#update-notice').count()).toBe(0); // it runs the new version already

    // The old tab: told, and its next view is still A's (from A's cache: the server no longer has it).
    await old.waitForSelector('#update-notice button');
    const oldFetched = [];
    old.on('response', (response) => oldFetched.push(new URL(response.url()).pathname.slice(1)));
    await old.locator('#tab-lessons').click();
    await old.waitForSelector('#lesson-text:not(:empty)');
    expect(await old.evaluate(() => document.documentElement.dataset.lessonsDeploy)).toBe('A');
    expect(foreign(oldFetched, 'A')).toEqual([]);
    await old.locator('#update-notice button').click();
    await old.waitForSelector('#lesson-text:not(:empty)');
    expect(
      await old.evaluate(() => [
        document.documentElement.dataset.deploy,
        document.documentElement.dataset.lessonsDeploy,
      ]),
    ).toEqual(['B', 'B']);
    expect(await old.locator('#update-notice').count()).toBe(0);

    // The model saved under A is still there under B.
    await fresh.goto(`${server.url}?view=train`);
    await expect
      .poll(() => fresh.locator('#your-models-list li').allInnerTexts())
      .toEqual([expect.stringMatching(/D=16, 2 heads/)]);

    // Offline, every page is B's, translation and lessons included (B cached A's wasm family at its install).
    await context.setOffline(true);
    await fresh.goto(`${server.url}?view=translation&model=en-ja`);
    await fresh.waitForSelector('#translation-view[data-decoding="done"]', { timeout: 20_000 });
    expect(await fresh.evaluate(() => document.documentElement.dataset.deploy)).toBe('B');
    await fresh.goto(`${server.url}?view=lessons&lesson=4`);
    await fresh.waitForSelector('#lesson-4[aria-current="step"]');
    expect(await fresh.evaluate(() => document.documentElement.dataset.lessonsDeploy)).toBe('B');
    await context.setOffline(false);
    expect(await cacheNames(fresh)).toHaveLength(2); // A kept while a tab may still run it

    // C: B is kept (a tab may still run it), A is dropped. C is found by an update check a page asks for, and every
    // tab on B then closes: Chromium activates a worker that skipped waiting only once the worker it replaces has no
    // work, and a tab whose page loads while C installs can keep B busy for its five-minute limit (an update started
    // just before a reload: 4 stalls in 4; CI failed twice on it). A visitor's tabs would switch on their next page.
    deployed = 'C';
    await fresh.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    await Promise.all([old.close(), fresh.close()]);
    // Asked of the service workers themselves (no page: a page loading now would be one more of B's clients).
    const activeFiles = () =>
      Promise.all(
        context.serviceWorkers().map((worker) =>
          // the service worker's own `files` (a string: the page's linter knows no such global)
          worker.evaluate("self.serviceWorker.state === 'activated' ? files : null").catch(() => null),
        ),
      );
    await expect.poll(activeFiles, { timeout: 30_000, interval: 500 }).toContainEqual(fileLists.C);
    const { page: last } = await open('?view=lessons&lesson=4');
    await activeVersionIs(last, 'C');
    expect(await last.evaluate(() => document.documentElement.dataset.deploy)).toBe('C');
    await expect.poll(() => cacheNames(last)).toHaveLength(2);
    const kept = await last.evaluate(async () =>
      Promise.all(
        (await caches.keys()).map(async (name) =>
          (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname.slice(1)),
        ),
      ),
    );
    expect(kept.map(mainScript)).toEqual(['B', 'C'].map((mark) => mainScript(fileLists[mark])));
    expect(errors).toEqual([]);
    await context.close();
  });
});

// The built site (dist/) as a teacher hosts it: Debian's nginx serving it from a sub-folder, configured as
// docs/hosting.md says (the configuration is read from the doc, so the doc is what is tested). Twice: with the
// cross-origin isolation headers, where the Translation view's worker must run the threaded build a link asks for
// (its glue is an .mjs file, which Debian's MIME types alone serve as no JavaScript: a threaded build the library
// picks itself then falls back without a word), and with none, as GitHub Pages serves it: isolated by the service
// worker after one reload, the single-thread builds by default, no console errors, offline after one visit. And three copies in three folders of one server, each keeping its
// own offline copy. There is no Apache here: the doc's Apache lines are checked against its nginx lines and
// web/isolation-headers.js.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolationHeaders } from '../../../web/isolation-headers.js';
import { openPage, useChromiumAndPlayground } from '../support/browser.js';
import { startNginx } from '../support/nginx.js';
import { cachedUrls, isolatedByItsWorker } from '../support/offline-copy.js';

const suite = useChromiumAndPlayground();
const dist = fileURLToPath(new URL('../../../dist/', import.meta.url));
const doc = readFileSync(new URL('../../../docs/hosting.md', import.meta.url), 'utf8');

/** The doc's code blocks in `language`, in order. */
const codeBlocks = (language) =>
  [...doc.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((m) => m[1]);
const [httpBlock, serverBlock] = codeBlocks('nginx'); // the http block's lines, then the server block's
const [apacheBlock] = codeBlocks('apache');
const isolating = (name) => Object.hasOwn(isolationHeaders, name);

/** Each `pattern` match's two groups as [key, value]: a header's name and value, an extension and its type. */
const pairs = (text, pattern) => [...text.matchAll(pattern)].map((m) => [m[1], m[2]]);
const nginxHeaders = pairs(serverBlock, /^\s*add_header\s+(\S+)\s+"?([^"\s;]+)"?\s+always;$/gm);
const apacheHeaders = pairs(apacheBlock, /^\s*Header always set (\S+) "([^"]+)"$/gm);
const nginxTypes = pairs(httpBlock, /^\s*(\S+\/\S+)\s+(\w+);$/gm).map(([type, extension]) => [extension, type]);
const apacheTypes = pairs(apacheBlock, /^AddType (\S+) \.(\w+)$/gm).map(([type, extension]) => [extension, type]);
// The doc's map of Cache-Control values: its patterns in their order (nginx tries them so), and its default.
const cacheMap = pairs(httpBlock, /^\s*(~\S+|default)\s+"([^"]+)";$/gm);
const cachePatterns = cacheMap
  .filter(([key]) => key !== 'default')
  .map(([key, value]) => [new RegExp(key.slice(1)), value]);
const cacheDefault = cacheMap.find(([key]) => key === 'default')?.[1];
/** The Cache-Control value the doc's map gives the address `uri`. */
const cacheControlFor = (uri) => cachePatterns.find(([pattern]) => pattern.test(uri))?.[1] ?? cacheDefault;
const folder = serverBlock.match(/^location (\/\S+\/) \{$/m)?.[1]; // the sub-folder, '/courses/attention/'

/** The doc's server block serving this worktree's dist/, without the isolation headers when `isolated` is false. */
function serverLines(isolated) {
  const lines = serverBlock
    .replace(/^(\s*alias )\S+;$/m, `$1${dist};`)
    .split('\n')
    .filter((line) => isolated || !isolating(line.match(/^\s*add_header (\S+)/)?.[1]));
  return lines.join('\n');
}

describe('the doc’s configurations', () => {
  it('name the isolation headers the dev server sends, and Apache’s lines say what nginx’s do', () => {
    expect(folder).toBe('/courses/attention/');
    expect(serverBlock.match(/^\s*alias /gm)).toHaveLength(1);
    const isolation = Object.entries(isolationHeaders);
    expect(nginxHeaders.filter(([name]) => isolating(name))).toEqual(isolation);
    expect(apacheHeaders.filter(([name]) => isolating(name))).toEqual(isolation);
    // Apache's caching: the values nginx's map gives (its If for hashed names, its Else for the rest).
    expect(apacheHeaders.filter(([name]) => name === 'Cache-Control').map(([, value]) => value)).toEqual([
      cacheControlFor('/assets/main.js'),
      cacheDefault,
    ]);
    // And its If's condition: nginx's patterns, matched for the value cached for good, excluded for the default.
    const apacheCondition = apacheBlock.match(/^<If "(.+)">$/m)?.[1];
    for (const [key, value] of cacheMap.filter(([key]) => key !== 'default'))
      expect(apacheCondition).toContain(`${value === cacheDefault ? '!~' : '=~'} m#${key.slice(1)}#`);
    expect(nginxTypes).toEqual([['mjs', 'text/javascript']]);
    expect(apacheTypes).toEqual([...nginxTypes, ['wasm', 'application/wasm']]); // nginx's from Debian's mime.types
    expect(serverLines(false).match(/Cross-Origin/g)).toBeNull();
  });
});

describe('dist/ from nginx in a sub-folder, configured as docs/hosting.md says', () => {
  let nginx, isolatedSite, plainSite;
  beforeAll(async () => {
    nginx = await startNginx({ http: httpBlock, servers: [serverLines(true), serverLines(false)] });
    [isolatedSite, plainSite] = nginx.urls.map((origin) => new URL(folder.slice(1), origin).href);
  });
  afterAll(() => nginx?.close());

  // Every file of the site, and the folder itself (its index.html).
  const files = [
    '',
    ...readdirSync(dist, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(dist, join(entry.parentPath, entry.name))),
  ];
  const threadsGlue = files.find((path) => /^assets\/attention-simd-threads-[\w-]+\.mjs$/.test(path));
  const threadsWasm = files.find((path) => /^assets\/attention-relaxed-simd-threads-[\w-]+\.wasm$/.test(path));

  it.each([
    ['with', () => isolatedSite, true],
    ['without', () => plainSite, false],
  ])('%s the isolation headers: every file’s headers and types as the doc says', async (_, site, isolated) => {
    const head = (path) => fetch(new URL(path, site()), { method: 'HEAD' });
    let cachedForGood = 0;
    for (const path of files) {
      const response = await head(path);
      expect(response.status, path).toBe(200);
      for (const name of Object.keys(isolationHeaders))
        expect(response.headers.get(name), `${path}: ${name}`).toBe(isolated ? isolationHeaders[name] : null);
      const cacheControl = response.headers.get('Cache-Control');
      expect(cacheControl, path).toBe(cacheControlFor(`${folder}${path}`));
      // Cached for good only under a name that changes with the content (Vite's hash of it).
      if (cacheControl.includes('immutable')) {
        expect(path, 'cached for good').toMatch(/-[\w-]{8}\.\w+$/);
        cachedForGood++;
      }
    }
    expect(cachedForGood).toBeGreaterThan(files.length / 2);
    expect((await head(threadsGlue)).headers.get('Content-Type')).toBe('text/javascript');
    expect((await head(threadsWasm)).headers.get('Content-Type')).toBe('application/wasm');
    // The folder without its final slash: sent to the folder, where the site's relative links resolve.
    const bare = await fetch(site().slice(0, -1), { redirect: 'manual' });
    expect([bare.status, new URL(bare.headers.get('Location'), site()).href]).toEqual([301, site()]);
  });

  /** Waits for the Translation view's first translation, or the page's error saying why there is none (given). */
  const translated = async (page) => {
    await page.waitForSelector('#translation-view[data-decoding="done"], p.error');
    expect(await page.locator('p.error').allTextContents()).toEqual([]);
  };
  const kernels = (page) => page.locator('#model-card').textContent();

  // By name: the default build there is single-thread (a translation takes a millisecond); the Train view picks a
  // threaded one itself only with four cores or more, and lesson 7 would first train four models.
  it('with the isolation headers, the Translation view’s worker runs the threaded build a link asks for', async () => {
    const { page, errors } = await openPage(
      suite.browser,
      `${isolatedSite}?view=translation&backend=wasm-relaxed-simd-threads`,
    );
    await translated(page);
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    expect(await kernels(page)).toContain('kernels: wasm-relaxed-simd-threads.');
    expect(errors).toEqual([]);
    await page.close();
  });

  // The service worker's route (tests/e2e/app/isolation-route.test.js has it alone): isolated once it is in control.
  it('without them, as GitHub Pages serves: isolated after one reload, the single-thread builds, no console errors, offline after one visit', async () => {
    const { page, errors } = await openPage(suite.browser, `${plainSite}?view=translation`);
    await translated(page);
    await isolatedByItsWorker(page);
    await translated(page);
    expect(await kernels(page)).toContain('kernels: wasm-relaxed-simd.');
    // Kept once the page's build is (the service worker caches it when the page names it, after its install).
    await expect
      .poll(async () => (await cachedUrls(page)).some((url) => /attention-relaxed-simd-[\w-]{8}\.wasm$/.test(url)), {
        timeout: 20_000,
      })
      .toBe(true);
    await page.context().setOffline(true);
    await page.reload();
    await translated(page);
    expect(await kernels(page)).toContain('kernels: wasm-relaxed-simd.');
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true); // the offline copy's page is given them too
    expect(errors).toEqual([]);
    await page.close();
  });
});

// A university's server may hold several copies of the site, one per course, in folders of one origin (one
// browser storage): each keeps its own offline copy, whatever the others deploy. Three copies stand for three builds
// (the same files, each sw.js given a version of its own, as another build's has); each is visited once, then the
// first opens offline.
describe('copies of dist/ in three sub-folders of one server', () => {
  const copies = ['physics', 'linguistics', 'computing'];
  let work, nginx;
  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'attention-copies-'));
    const worker = readFileSync(`${dist}sw.js`, 'utf8');
    copies.forEach((name) => {
      const copy = join(work, name);
      mkdirSync(copy);
      for (const entry of readdirSync(dist)) if (entry !== 'sw.js') symlinkSync(join(dist, entry), join(copy, entry));
      const versioned = worker.replace(
        /const version = "([0-9a-f]+)";/,
        (_, v) => `const version = "${v}-${name}";`, // never the build's own (a last digit swapped could be)
      );
      expect(versioned).not.toBe(worker);
      writeFileSync(join(copy, 'sw.js'), versioned);
    });
    const location = (name) =>
      serverBlock
        .replaceAll(folder.slice(0, -1), `/courses/${name}`)
        .replace(/^(\s*alias )\S+;$/m, `$1${join(work, name)}/;`);
    nginx = await startNginx({ http: httpBlock, servers: [copies.map(location).join('\n')] });
  });
  afterAll(async () => {
    await nginx?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('each keeps its own offline copy', async () => {
    const context = await suite.browser.newContext();
    const page = await context.newPage();
    const errors = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    for (const name of copies) {
      const site = new URL(`courses/${name}/`, nginx.urls[0]).href;
      await page.goto(`${site}?view=steps`);
      await page.waitForSelector('body[data-ready]');
      // Kept, and its service worker activated (when it drops what it counts as older versions).
      const kept = async () =>
        (await cachedUrls(page)).some(
          (url) => url.startsWith(site) && /attention-relaxed-simd-[\w-]{8}\.wasm$/.test(url),
        ) &&
        page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated');
      await expect.poll(kept, { timeout: 20_000 }).toBe(true);
    }
    await context.setOffline(true);
    for (const name of copies) {
      await page.goto(new URL(`courses/${name}/?view=steps`, nginx.urls[0]).href);
      await page.waitForSelector('body[data-ready]');
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

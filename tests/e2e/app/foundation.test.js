// The page loads the module in Chromium, shows which backend it chose and the worked example's result.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openPage,
  resultsDir,
  startBuiltSite,
  startPlainServer,
  useChromiumAndPlayground,
} from '../support/browser.js';
import { cachedUrls } from '../support/offline-copy.js';

const suite = useChromiumAndPlayground();

const firstRow = (page, id) => page.locator(`#${id} table tbody tr`).first().locator('td').allTextContents();

describe('the page in Chromium', () => {
  it.each([
    // The page's own thread runs the single-thread twin of the best build (its matrices are small; a threaded build
    // would spin waiting for its pthreads), isolated or not; any build by name.
    ['?view=steps', 'wasm-relaxed-simd'],
    ['?view=steps&backend=wasm-relaxed-simd-threads', 'wasm-relaxed-simd-threads'],
    ['?view=steps&backend=wasm-relaxed-simd', 'wasm-relaxed-simd'],
    ['?view=steps&backend=wasm-simd128-threads', 'wasm-simd128-threads'],
    ['?view=steps&backend=wasm-simd128', 'wasm-simd128'],
    ['?view=steps&backend=wasm-scalar', 'wasm-scalar'],
  ])('%s loads %s and shows the worked example', async (query, backend) => {
    const { page, errors } = await openPage(suite.browser, `${suite.playground.url}${query}`);
    await expect.poll(() => page.locator('#backend').textContent()).toBe(backend);
    await page.waitForSelector('body[data-ready]');
    expect(await firstRow(page, 'stage-weights')).toEqual(['0.1554', '0.4223', '0.4223']);
    expect(await firstRow(page, 'stage-output')).toEqual(['1.845', '6.223', '1.733']);
    if (query === '?view=steps') await page.screenshot({ path: `${resultsDir}foundation.png` });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the built static site (dist/) works the same, and offline after the first load, in the language chosen', async () => {
    const site = await startBuiltSite();
    try {
      // A learner who chose Spanish (kept by the browser): offline, every page is still in Spanish.
      const { page, errors } = await openPage(suite.browser, `${site.url}?view=steps&lang=es`);
      await page.waitForSelector('body[data-ready]');
      expect(await page.locator('#backend').textContent()).toBe('wasm-relaxed-simd');
      // Spanish's controls take two rows at 1440 px (a group is as wide as its longest menu): the stages are drawn
      // once scrolled to, as below any fold.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(() => firstRow(page, 'stage-weights')).toEqual(['0.1554', '0.4223', '0.4223']);
      // Offline after the first load: the service worker serves the cached copy.
      await expect.poll(async () => (await cachedUrls(page)).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(5);
      // The wasm build this page runs, named to the service worker by the page, is cached too.
      // (Polled from here: waitForFunction takes an async function's promise for a true answer.)
      await expect
        .poll(
          async () => {
            const urls = await cachedUrls(page);
            return (
              urls.some((url) => /attention-relaxed-simd-[\w-]{8}\.wasm$/.test(url)) &&
              urls.some((url) => /attention-relaxed-simd-threads-[\w-]+\.wasm$/.test(url))
            );
          },
          { timeout: 15_000 },
        )
        .toBe(true);
      // The language model's module and glue, the corpus it trains on and the model trained on it wait until a page asks.
      const cached = await cachedUrls(page);
      expect(cached.filter((url) => /language-model[\w-]*\.(wasm|mjs|bin)$|\.txt$/.test(url))).toEqual([]);
      await page.context().setOffline(true);
      await page.goto(`${site.url}?s=3`); // the build the first visit loaded (and cached); no lang= in the link
      await page.waitForSelector('body[data-ready]');
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(() => firstRow(page, 'stage-weights')).toEqual(['0.1554', '0.4223', '0.4223']);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
      expect(await page.locator('#tab-lessons').textContent()).toBe('Lecciones');
      await page.goto(`${site.url}?view=lessons&lesson=3`); // a view and a lesson not opened online
      await page.waitForSelector('.lesson-widget');
      expect(await page.locator('#lesson-title').textContent()).toBe('3. Claves, consultas, valores');
      await page.context().setOffline(false);
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await site.server.close();
    }
  });

  it.each(['wasm-relaxed-simd-threads', 'wasm-simd128-threads', 'wasm-relaxed-simd'])(
    '%s agrees with the scalar reference',
    async (backend) => {
      const { page, errors } = await openPage(suite.browser, `${suite.playground.url}?view=steps`);
      await page.waitForSelector('body[data-ready]');
      // A string, so the test runner does not rewrite the page's dynamic import.
      const result = await page.evaluate(`(async () => {
      const { loadAttention } = await import('/lib/index.js');
      const threaded = await loadAttention({ backend: '${backend}' });
      const scalar = await loadAttention({ backend: 'wasm-scalar' });
      const heads = 8, rows = 256, cols = 64;
      let seed = 7;
      const random = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 4294967296) - 0.5;
      const m = () => ({ data: Float32Array.from({ length: heads * rows * cols }, random), heads, rows, cols });
      const [q, k, v] = [m(), m(), m()];
      const expected = scalar.attention({ q, k, v, mask: 'causal' }).output.data;
      const actual = threaded.attention({ q, k, v, mask: 'causal', weights: false }).output.data;
      let worst = 0;
      for (let i = 0; i < expected.length; i++) worst = Math.max(worst, Math.abs(actual[i] - expected[i]) / Math.max(1, Math.abs(expected[i])));
      return { isolated: crossOriginIsolated, threads: threaded.threads, worst };
    })()`);
      expect(result.isolated).toBe(true);
      expect(result.threads).toBeGreaterThanOrEqual(backend.endsWith('-threads') ? 2 : 1);
      expect(result.worst).toBeLessThan(2e-5);
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it('threads: isolated pages run the pthreads build; others fall back; S=16384 streams', async () => {
    const { page, errors } = await openPage(suite.browser, `${suite.playground.url}?view=steps`);
    await page.waitForSelector('body[data-ready]');
    // A long sequence in the browser: H=1, S=16384, d=64 without weights, in far less than S² floats.
    const long = await page.evaluate(`(async () => {
      const { loadAttention } = await import('/lib/index.js');
      const api = await loadAttention({ backend: 'wasm-simd128' });
      const S = 16384, d = 64;
      let seed = 3;
      const random = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 4294967296) - 0.5;
      const m = () => ({ data: Float32Array.from({ length: S * d }, random), heads: 1, rows: S, cols: d });
      const [q, k, v] = [m(), m(), m()];
      const { output } = api.attention({ q, k, v, mask: 'causal', weights: false });
      // Row 0 under a causal mask attends to key 0 alone: its output is v's first row.
      let worst = 0;
      for (let c = 0; c < d; c++) worst = Math.max(worst, Math.abs(output.data[c] - v.data[c]));
      return { rows: output.rows, heapBytes: api.memoryStats().heapBytes, worst };
    })()`);
    expect(long.rows).toBe(16384);
    expect(long.heapBytes).toBeLessThan(64 * 1024 * 1024);
    expect(long.worst).toBeLessThan(1e-6);
    expect(errors).toEqual([]);
    await page.close();

    // The same site without the isolation headers: the single-thread relaxed-SIMD build, chosen automatically.
    const plain = await startPlainServer();
    try {
      const opened = await openPage(suite.browser, `${plain.url}?view=steps`);
      await opened.page.waitForSelector('body[data-ready]');
      expect(await opened.page.evaluate(() => crossOriginIsolated)).toBe(false);
      expect(await opened.page.locator('#backend').textContent()).toBe('wasm-relaxed-simd');
      expect(await firstRow(opened.page, 'stage-weights')).toEqual(['0.1554', '0.4223', '0.4223']);
      expect(opened.errors).toEqual([]);
      await opened.page.close();
    } finally {
      await plain.server.close();
    }
  });
});

describe('what a visitor downloads', () => {
  const dist = new URL('../../../dist/', import.meta.url);
  let site;
  beforeAll(async () => {
    site = await startBuiltSite();
  });
  afterAll(() => site?.server.close());

  it.each([
    ['?view=translation', ['en-es']],
    ['?view=translation&model=en-ja', ['en-ja']],
    ['?view=translation&model=en-mr', ['en-mr']], // and the Devanagari font, fetched for the Marathi on screen
    ['?view=steps', []],
    ['?view=train', []],
    // Our language model, fetched once the view is drawn, to write at once (with the worker and its module), not its
    // corpus (fetched when training starts).
    ['?view=generate', ['pride-and-prejudice-language-model']],
  ])(
    'the built site%s: at most 300 KB gzipped before the view is drawn, under 1 MB after, only the model it shows',
    async (query, models) => {
      const page = await suite.browser.newPage();
      const requests = [];
      page.on('request', (request) => {
        if (new URL(request.url()).origin === new URL(site.url).origin) requests.push(request);
      });
      await page.goto(`${site.url}${query}`);
      await page.waitForSelector('body[data-ready]');
      await page.waitForLoadState('networkidle');
      // The guide's budgets: a view's first paint (what is fetched before the view is drawn: its page, code, styles,
      // fonts, and the module where the view computes before it draws) under 300 KB gzipped; what it fetches after
      // (its model; Generate's worker and module, asked for once the view is on screen) under 1 MB. The page marks
      // the moment its view is drawn (main.js, 'first-map-drawn'); a request's start is the browser's clock too.
      const drawnAt = await page.evaluate(
        () => performance.timeOrigin + performance.getEntriesByName('first-map-drawn')[0].startTime,
      );
      const started = new Map(); // file → when it was first asked for
      for (const request of requests) {
        const url = new URL(request.url());
        const file = url.pathname === '/' ? 'index.html' : url.pathname.slice(1);
        const at = request.timing().startTime;
        started.set(file, Math.min(at, started.get(file) ?? Infinity));
      }
      const isModel = (file) => file.endsWith('.bin');
      // each file gzipped once: its size is read for the sums and again for the line that lists them
      const gzipped = new Map(
        [...started.keys()].map((file) => [file, gzipSync(readFileSync(new URL(file, dist)), { level: 9 }).length]),
      );
      const bytes = (file) => gzipped.get(file);
      const before = [...started].filter(([file, at]) => at < drawnAt && !isModel(file)).map(([file]) => file);
      const after = [...started.keys()].filter((file) => !before.includes(file));
      const sum = (files) => files.reduce((total, file) => total + bytes(file), 0);
      const said = (files) => files.map((file) => `${file} ${(bytes(file) / 1000).toFixed(1)}`).join(', ');
      console.log(
        `${query}: ${(sum(before) / 1000).toFixed(1)} KB gzipped before the view is drawn (${said(before)}); ${(sum(after) / 1000).toFixed(1)} KB after (${said(after)})`,
      );
      expect(before).toContain('index.html');
      expect(sum(before)).toBeLessThanOrEqual(300_000);
      expect(sum(after)).toBeLessThan(1_000_000);
      const modelName = (file) => file.match(/(en-[a-z]+|pride-and-prejudice-language-model)-/)[1];
      expect(after.filter(isModel).map(modelName)).toEqual(models);
      await page.close();
    },
  );
});

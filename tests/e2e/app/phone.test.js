// The playground on a phone, checked for structure, not time (Lighthouse's timings are `npm run bench`'s):
// the first paint has the text and the tabs before any module or model has arrived; maps below the fold are drawn
// when scrolled to, not before; the translator's worker answers bit for bit what the page's own module does;
// a tap on a map cell shows its value; after one visit, every view and lesson works offline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openPage, scrollDown, startBuiltSite, startPlayground } from '../support/browser.js';
import { nothingBusy, settled } from '../support/settled.js';

const phone = { width: 412, height: 823 };
let browser, dev, built;
beforeAll(async () => {
  [browser, dev, built] = await Promise.all([launchChromium(), startPlayground(), startBuiltSite()]);
});
afterAll(async () => {
  await browser?.close();
  await dev?.server.close();
  await built?.server.close();
});

describe('on a phone', () => {
  it('the first paint has the lede and the tabs while the model and the wasm are still on their way', async () => {
    const context = await browser.newContext({ viewport: phone });
    let release;
    const held = new Promise((resolve) => {
      release = resolve;
    });
    // Hold every model and wasm request until the page's first paint has been looked at.
    await context.route(/\.(bin|wasm)$/, async (route) => {
      await held;
      await route.continue();
    });
    const page = await context.newPage();
    await page.goto(built.url);
    await page.waitForSelector('#tab-translation[aria-selected="true"]');
    expect(await page.locator('.lede').textContent()).toMatch(/Attention, running in your browser/);
    expect(await page.locator('#view-tabs [role="tab"]').allTextContents()).toEqual([
      'Lessons',
      'Translation',
      'Attention, step by step',
      'Train',
      'Generate',
    ]);
    expect(await page.locator('#view-panel .loading').textContent()).toMatch(/Loading/);
    // The view's heading and introduction too: the same words the view shows once built, in the same place.
    expect(await page.locator('#view-panel h2').textContent()).toBe('Translation: watch attention align words');
    expect(await page.locator('#view-panel .intro').first().textContent()).toMatch(/toy English → Spanish grammar/);
    expect(await page.evaluate(() => document.body.dataset.ready)).toBeUndefined();
    release();
    await page.waitForSelector('#translation-view[data-decoding="done"]');
    await context.close();
  });

  it('maps below the fold are drawn when scrolled to, not before', async () => {
    const { page, errors } = await openPage(browser, `${dev.url}?view=translation`, phone);
    await page.waitForSelector('#translation-view[data-decoding="done"]');
    await settled(page, '#translation-view'); // all it draws unasked is drawn: the maps below wait for the reader
    const rows = (id) => page.locator(`#${id} table tbody tr`).count();
    expect(await rows('cross-attention')).toBeGreaterThan(3); // the view's own map: drawn with the translation
    expect(await rows('encoder-self-attention')).toBe(0);
    expect(await rows('decoder-self-attention')).toBe(0);
    expect(await page.locator('#cross-attention-grid .head-thumb').count()).toBe(0);
    await page.locator('#cross-attention-grid').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('#cross-attention-grid .head-thumb').count()).toBe(10);
    await page.locator('#decoder-self-attention').scrollIntoViewIfNeeded();
    await expect.poll(() => rows('decoder-self-attention')).toBeGreaterThan(3);
    expect(await rows('encoder-self-attention')).toBeGreaterThan(3);
    expect(errors).toEqual([]);
    await page.close();
  });

  // Which task drew each map: a task posted at one map's drawing (at the highest priority, ahead of the page's
  // own continuations) that has run before the next map's drawing proves a task boundary between them; if it has
  // not run, the two were drawn in the same task (or no boundary is proven).
  const recordDrawTasks = () => {
    const record = (globalThis.mapDrawTasks = []);
    let task = 0,
      pinged = false;
    const ping = () =>
      globalThis.scheduler.postTask(
        () => {
          pinged = true;
        },
        { priority: 'user-blocking' },
      );
    const original = CanvasRenderingContext2D.prototype.putImageData; // a map's cells, once per picture
    CanvasRenderingContext2D.prototype.putImageData = function putImageData(...args) {
      const id = this.canvas.closest?.('figure.heatmap')?.id;
      if (id) {
        if (pinged) task += 1;
        pinged = false;
        ping();
        record.push({ id, task });
      }
      return original.apply(this, args);
    };
  };

  /** Each of the first `maps` maps drawn has its first picture in a task of its own, and none is drawn twice. */
  const expectMapPerTask = async (page, maps) => {
    await expect.poll(() => page.evaluate(() => new Set(globalThis.mapDrawTasks.map((d) => d.id)).size)).toBe(maps);
    const draws = await page.evaluate(() => globalThis.mapDrawTasks);
    const firstDraws = new Map();
    for (const { id, task } of draws) if (!firstDraws.has(id)) firstDraws.set(id, task);
    expect(new Set(firstDraws.values()).size, JSON.stringify(draws)).toBe(maps); // every map's first picture in a task of its own
    const pictures = new Set(draws.map(({ id, task }) => `${id} ${task}`));
    expect([...pictures], 'a map drawn twice on the first showing').toHaveLength(maps);
  };

  // The step view and lessons 3 and 5: the test below, in the same page as their below-the-fold checks.
  it('lesson 8 (position) draws its first maps a map per task, not all in one', async () => {
    const { page, errors } = await openPage(browser, `${built.url}?view=lessons&lesson=8`, phone, (page) =>
      page.addInitScript(recordDrawTasks),
    );
    await page.waitForSelector('body[data-ready]');
    await scrollDown(page); // the maps are below the controls or the lesson's text: drawn once the person goes there
    await expectMapPerTask(page, 3);
    expect(errors).toEqual([]);
    await page.close();
  });

  // One page a view: what waits below the fold (nothing fetched, nothing drawn before the person scrolls there), then,
  // once there, each of its first maps drawn in a task of its own. (A page for each question loaded these three
  // twice: 13 s of this file's 120 at load 9.)
  it.each([
    ['the step view’s stages', '?view=steps', '#step-view', '#stage-weights table tbody tr', 8],
    // Wq, Wk and Wv joined its maps
    ['lesson 3’s widget', '?view=lessons&lesson=3', '#lessons-view', '#lessons-view figure.heatmap table tbody tr', 9],
    [
      'lesson 5’s widget (its translator in a worker)',
      '?view=lessons&lesson=5',
      '#lessons-view',
      '#cross-cross table tbody tr',
      6, // its two maps, then attribution's four
    ],
  ])(
    '%s: below the fold, built when the person scrolls there, and no module before; its first maps a map per task',
    async (_, query, view, drawn, maps) => {
      const { page, errors } = await openPage(browser, `${built.url}${query}`, phone, (page) =>
        page.addInitScript(recordDrawTasks),
      );
      await page.waitForSelector('body[data-ready]');
      await settled(page, view); // all it does unasked is done: what lies below the fold waits for the reader
      const fetched = () =>
        page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .map((r) => r.name.split('/').pop())
            .filter((name) => /\.(wasm|bin)$|translator-worker/.test(name)),
        );
      expect(await fetched()).toEqual([]);
      expect(await page.locator(drawn).count()).toBe(0);
      await scrollDown(page);
      await expect.poll(() => page.locator(drawn).count(), { timeout: 15_000 }).toBeGreaterThan(1);
      await expectMapPerTask(page, maps);
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it.each([5, 6, 9])(
    'lesson %i never loads the module on the page’s thread (its widget needs none, or it has none)',
    async (lesson) => {
      const { page, errors } = await openPage(browser, `${built.url}?view=lessons&lesson=${lesson}`, phone);
      await page.waitForSelector('body[data-ready]');
      await scrollDown(page);
      if (lesson === 5)
        await page.waitForFunction(() => document.querySelector('#cross-status')?.textContent.startsWith('“'));
      // The window's own resource timeline: a worker's fetches (lesson 5's translator) are in the worker's.
      const pageWasm = () =>
        page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .map((r) => r.name)
            .filter((name) => /\.wasm$/.test(name)),
        );
      expect(await pageWasm()).toEqual([]);
      await page.locator('#lesson-prev').click(); // a lesson with a widget that computes here: the module now loads
      await page.locator('#lesson-prev').click();
      await expect.poll(pageWasm).toHaveLength(1);
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  // Issue 57: the elements' code (some 30 modules, their English messages among them) asked for before the first
  // paint made the page's largest text wait for it in Lighthouse's model of a phone's network (LCP 1.7 -> 2.5 s).
  it('embed.html paints its text before it asks for the elements’ code', async () => {
    const { page, errors } = await openPage(browser, `${built.url}embed.html`, phone);
    await page.waitForSelector('body[data-ready]');
    const { painted, scripts } = await page.evaluate(() => ({
      painted: performance.getEntriesByName('first-contentful-paint')[0].startTime,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.js'))
        .map((entry) => ({ name: entry.name.split('/').pop(), asked: entry.startTime })),
    }));
    const before = scripts.filter((script) => script.asked < painted).map((script) => script.name);
    // 8 since issue 60: next-task.js now comes in two chunks (web/lib's GPT-2 loading imports it too), a split to
    // undo (a follow-up), not code the page paints with
    expect(before.length, `asked for before the first paint: ${before.join(', ')}`).toBeLessThan(9); // the entry's
    expect(scripts.find((script) => script.name.startsWith('embed-page-'))?.asked).toBeGreaterThan(painted);
    expect(errors).toEqual([]);
    await page.close();
  });

  // Each element and view reserves the room it will take, so filling in (module, model, maps) moves nothing: the
  // layout shifts of a load at a phone's size and a phone's CPU (4× slower) stay under the CLS of 0.02.
  it.each([
    ['embed.html (its elements in room the host reserved)', 'embed.html', '#translator figure.heatmap tbody tr'],
    ,
    ['the landing view', '', '#translation-view[data-decoding="done"]'],
    ['the en-ja Translation view', '?view=translation&model=en-ja', '#translation-view[data-decoding="done"]'],
  ])('%s: nothing moves as it fills in', async (_, query, filled) => {
    const context = await browser.newContext({ viewport: phone, isMobile: true, hasTouch: true });
    await context.addInitScript(() => {
      globalThis.layoutShifts = [];
      new PerformanceObserver((list) => globalThis.layoutShifts.push(...list.getEntries())).observe({
        type: 'layout-shift',
        buffered: true,
      });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${built.url}${query}`);
    await page.waitForSelector(filled, { state: 'attached', timeout: 30_000 });
    await nothingBusy(page, { timeout: 30_000 }); // the last maps' pictures drawn
    const shifts = await page.evaluate(() =>
      globalThis.layoutShifts.map((e) => ({
        value: e.value,
        moved: e.sources.map((s) => s.node?.id || s.node?.nodeName || 'inside a shadow root'),
      })),
    );
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
    expect(total, JSON.stringify(shifts)).toBeLessThan(0.02);
    await context.close();
  });

  it('a tap on a map cell shows its value, as hovering does', async () => {
    const context = await browser.newContext({ viewport: phone, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(`${dev.url}?view=translation`);
    await page.waitForSelector('#translation-view[data-decoding="done"]');
    const canvas = page.locator('#cross-attention canvas').first();
    await canvas.scrollIntoViewIfNeeded();
    const box = await canvas.boundingBox();
    await page.touchscreen.tap(box.x + 8, box.y + 8); // the first cell (the canvas is the cells alone)
    const tooltip = page.locator('#cross-attention .heatmap-tooltip');
    await expect.poll(() => tooltip.isVisible()).toBe(true);
    expect(await tooltip.textContent()).toMatch(/^output word .+, source word .+: weight [\d.e−-]+/);
    await context.close();
  });

  it('the translator in its worker answers bit for bit what the page’s own module does', async () => {
    const { page, errors } = await openPage(browser, `${dev.url}?view=translation`);
    await page.waitForSelector('#translation-view[data-decoding="done"]');
    // A string, so the test runner does not rewrite the page's dynamic imports.
    const comparison = await page.evaluate(`(async () => {
      const { RemoteTranslator } = await import('/src/translation/remote-translator.js');
      const { loadTranslator } = await import('/lib/index.js');
      const results = [];
      for (const model of ['en-es', 'en-ja']) {
        const remote = await RemoteTranslator.load({ model, backend: 'wasm-relaxed-simd' });
        const local = await loadTranslator({ weights: model, backend: 'wasm-relaxed-simd' });
        const sentence = local.heldOutSentences(1)[0].source;
        const options = { temperature: 0.7, decoding: 'sample', seed: 3 };
        const [a, b] = [await remote.translate(sentence, options), local.translate(sentence, options)];
        const bits = (m) => Array.from(new Uint32Array(m.data.buffer, m.data.byteOffset, m.data.length));
        const maps = (r) => [...r.encoderSelfAttention.flat(), ...r.decoderSelfAttention.flat(), ...r.crossAttention.flat(), r.probabilities].map(bits);
        results.push({ model, sameWords: JSON.stringify(a.target) === JSON.stringify(b.target), sameMaps: JSON.stringify(maps(a)) === JSON.stringify(maps(b)), count: maps(a).length, transferred: a.crossAttention[0][0].data.buffer instanceof ArrayBuffer });
        remote.dispose();
        local.dispose();
      }
      return results;
    })()`);
    for (const result of comparison)
      expect(result).toMatchObject({ sameWords: true, sameMaps: true, transferred: true });
    expect(comparison[0].count).toBeGreaterThan(10);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('after one visit, every view, every lesson and both models open offline', async () => {
    const context = await browser.newContext({ viewport: phone });
    const page = await context.newPage();
    await page.goto(built.url);
    await page.waitForSelector('#translation-view[data-decoding="done"]');
    // (Polled from here: waitForFunction takes an async function's promise for a true answer.)
    await expect
      .poll(
        () =>
          page.evaluate(
            async () =>
              (await navigator.serviceWorker.ready).active?.state === 'activated' &&
              navigator.serviceWorker.controller !== null,
          ),
        { timeout: 30_000 },
      )
      .toBe(true);
    // The install cached every page and model; the page's message cached its wasm build (and its twin).
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const keys = await Promise.all(
              (await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).map((r) => r.url)),
            );
            return keys.flat().filter((url) => /attention-relaxed-simd.*\.wasm$/.test(url)).length;
          }),
        { timeout: 30_000 },
      )
      .toBe(2);
    await context.setOffline(true);
    const problems = [],
      said = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => said.push(message.text()));
    const visit = async (query, ready) => {
      await page.goto(`${built.url}${query}`);
      await page.waitForSelector('body[data-ready]', { timeout: 20_000 }).catch(() => {}); // (said below if never)
      await scrollDown(page); // to the lesson's widget, the step view's stages
      await page.waitForSelector(ready, { timeout: 20_000 }).catch(async (error) => {
        throw new Error(
          `offline, ${query} never showed ${ready}: ${error.message.split('\n')[0]}; the page said ${JSON.stringify(said)}; it shows ${JSON.stringify((await page.locator('#app').textContent()).slice(0, 300))}; cached ${JSON.stringify(await page.evaluate(async () => (await Promise.all((await caches.keys()).map(async (n) => (await (await caches.open(n)).keys()).map((r) => n.slice(-4) + ' ' + r.url.split('/').pop())))).flat().filter((u) => /relaxed/.test(u))))}; controlled ${await page.evaluate(() => navigator.serviceWorker.controller !== null)}`,
        );
      });
    };
    await visit('?view=translation&model=en-ja', '#translation-view[data-decoding="done"]');
    expect(await page.locator('#translation-output').textContent()).toMatch(/wa/);
    await visit('?view=steps', '#stage-weights table tbody tr');
    await visit('?view=train', '#train-start');
    for (let lesson = 1; lesson <= 10; lesson++) {
      await visit(`?view=lessons&lesson=${lesson}`, `#lesson-${lesson}[aria-current="step"]`);
      expect(await page.locator('#lesson-text').textContent()).not.toBe('');
      await expect.poll(() => page.locator('.lesson-widget, a.lesson-open').count()).toBeGreaterThanOrEqual(1); // the widget's code arrives when its lesson is shown
    }
    await visit('?view=lessons&lesson=5', '#lesson-5[aria-current="step"]'); // the shipped model, from the cache
    await expect
      .poll(() => page.locator('#cross-status').textContent(), { timeout: 15_000 })
      .toMatch(/^“el perro grande ve a los gatos blancos”/);
    await visit('embed.html', 'attention-map');
    expect(problems).toEqual([]);
    await context.close();
  });
});

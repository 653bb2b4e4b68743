// "Your models" in real Chromium: every finished run is kept in the browser (IndexedDB) with its curves and
// weights, and so are pasted pairs; they survive a reload; they can be used, compared, renamed, downloaded and
// deleted; and every way storage fails (blocked, full, a forged or newer entry) is said, never a crash, while
// the model in memory stays usable.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useChromiumAndPlayground } from '../support/browser.js';
import { mainThreadWork } from '../support/main-thread-work.js';
import { putSavedRecord } from '../support/saved-records.js';
import { settledAfter } from '../support/settled.js';

const suite = useChromiumAndPlayground({ ownBrowser: true }); // a test traces the page: a Chromium of its own
const smallRun = '&d=16&h=2&enc=1&dec=1&steps=40&backend=wasm-simd128';

async function openTrainView(query, beforeLoad = null) {
  const page = await suite.browser.newPage({ viewport: { width: 1200, height: 900 } });
  const errors = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  if (beforeLoad) await page.addInitScript(beforeLoad);
  await page.goto(`${suite.playground.url}?view=train${query}`);
  await page.waitForSelector('body[data-ready]');
  await page.waitForSelector('#your-models-status:not(:empty)');
  return { page, errors };
}

async function trainOnce(page) {
  const before = await page.locator('#your-models-list li').count();
  await page.locator('#train-start').click();
  await page.waitForFunction(() => document.querySelector('#train-view').dataset.status === 'done', null, {
    timeout: 60_000,
  });
  return before;
}

/**
 * The saved models' names, read from IndexedDB in the page, after writing `records` there: each a change to the
 * first saved record (`base: true`) or a whole record of its own; `flipByte`: its weights are the first's with
 * that byte inverted.
 */
const storedNames = (page, records = []) =>
  page.evaluate(
    (records) =>
      new Promise((resolve, reject) => {
        const request = indexedDB.open('attention-playground');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const tx = db.transaction(['models', 'weights'], 'readwrite');
          const [store, weights] = [tx.objectStore('models'), tx.objectStore('weights')];
          store.getAll().onsuccess = (event) => {
            const [first] = event.target.result;
            weights.get(first?.id ?? 0).onsuccess = (read) => {
              for (const { base, flipByte, ...change } of records) {
                store.put(base ? { ...first, ...change } : change);
                if (flipByte === undefined) continue;
                const bytes = Uint8Array.from(read.target.result);
                bytes[flipByte] ^= 0xff;
                weights.put(bytes, change.id);
              }
              store.getAll().onsuccess = (all) => resolve(all.target.result.map((record) => record.name));
            };
          };
          tx.oncomplete = () => db.close();
        };
      }),
    records,
  );

/** The Train view after one small run, saved at its end: its row is in the list, finished (not the save under way). */
async function afterOneRun() {
  const opened = await openTrainView(smallRun);
  await trainOnce(opened.page);
  await expect.poll(() => listed(opened.page)).toEqual([expect.stringMatching(/ · 40 steps · /)]);
  return opened;
}

const listed = (page) => page.locator('#your-models-list li').allInnerTexts();
const status = (page) => page.locator('#your-models-status').textContent();

describe('your models', () => {
  it('a finished run is kept across a reload, with its curves (Compare) and its weights (Use, in both views)', async () => {
    const { page, errors } = await openTrainView(smallRun);
    expect(await status(page)).toMatch(/^None yet/);
    await trainOnce(page);
    // The run was saved while it trained (listed unfinished); the save at its end replaces that entry.
    await expect
      .poll(() => listed(page))
      .toEqual([expect.stringMatching(/D=16, 2 heads, 1\+1 layers · 40 steps · \d+% held-out exact/)]);
    const [row] = await listed(page);
    const losses = await page.locator('#loss-chart path.series.current').getAttribute('d');

    await page.reload();
    await page.waitForSelector('#your-models-list li');
    expect(await listed(page)).toEqual([row]);
    expect(await page.locator('#loss-chart path.series.previous').count()).toBe(0);
    await page.locator('.model-compare').click();
    expect(await page.locator('#loss-chart path.series.previous').getAttribute('d')).toBe(losses); // the same curve, from storage
    expect(await page.locator('#loss-chart .chart-legend').textContent()).toMatch(
      /previous run \(D=16, 2 heads, 1\+1 layers\)/,
    );

    await page.locator('.model-use').click();
    await page.waitForSelector('#translation-view[data-decoding="done"]');
    expect(await page.locator('#model-notice').textContent()).toMatch(
      /This is your model \(saved in this browser: D=16, 2 heads, 1\+1 layers\)/,
    );
    // The Translation view lists it too, to pick as a shipped model is picked.
    await page.locator('#translation-your-models').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('#translation-your-models .saved-model').count()).toBe(1);
    await page.locator('#use-shipped-model').click();
    await expect.poll(() => page.locator('#model-notice').count()).toBe(0);
    await page.locator('#translation-your-models').scrollIntoViewIfNeeded();
    await page.locator('#translation-your-models .model-use').click();
    await expect.poll(() => page.locator('#model-notice').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a run under way is saved every few seconds: after a reload (or a killed tab) it is listed unfinished, and usable', async () => {
    const { page, errors } = await openTrainView('&d=16&h=2&enc=1&dec=1&steps=5000&backend=wasm-simd128');
    await page.locator('#train-start').click();
    await expect
      .poll(() => listed(page), { timeout: 15_000 })
      .toEqual([expect.stringMatching(/· unfinished: step \d+ of 5000 ·/)]);
    const [row] = await listed(page);
    const savedStep = Number(row.match(/step (\d+) of 5000/)[1]);
    expect(savedStep).toBeGreaterThan(0);
    await page.reload(); // the run is gone with the page; what was saved is not
    await page.waitForSelector('#your-models-list li');
    const [after] = await listed(page);
    expect(Number(after.match(/unfinished: step (\d+) of 5000/)[1])).toBeGreaterThanOrEqual(savedStep);
    await page.locator('.model-use').click();
    await page.waitForSelector('#translation-view[data-decoding="done"]');
    expect(await page.locator('#model-notice').textContent()).toMatch(/saved in this browser/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a worker that dies mid-run is said within seconds with a restart; the page never freezes; the checkpoint stays', async () => {
    const { page, errors } = await openTrainView('&d=16&h=2&enc=1&dec=1&steps=5000&backend=wasm-simd128');
    await page.locator('#train-start').click();
    await expect
      .poll(() => listed(page), { timeout: 15_000 })
      .toEqual([expect.stringMatching(/· unfinished: step \d+ of 5000 ·/)]);
    const trainer = page.workers().find((worker) => worker.url().includes('train-worker'));
    await trainer.evaluate(() => self.close()).catch(() => {}); // as the browser does to a worker out of memory
    const killedAt = Date.now();
    // Meanwhile the page answers at once: the view is told nothing yet, and nothing waits on the dead worker. Said
    // in CPU time per task (support/main-thread-work.js), not by the clock: a fill's wall time on a busy 2-core
    // machine is the OS's (a clean clone's run once saw 1,115 ms for one).
    const work = mainThreadWork(suite.browser, page);
    await work.start();
    for (let i = 0; i < 5; i += 1) await page.locator('#train-probe').fill(`the cat ${i}`);
    await work.stop();
    expect(work.over(50)).toEqual([]);
    await page.waitForSelector('#train-restart', { timeout: 20_000 });
    expect(Date.now() - killedAt).toBeLessThan(15_000);
    expect(await page.locator('#train-view p.error').textContent()).toMatch(
      /stopped answering 10 s ago.*last save is under “Your models”/,
    );
    expect(await page.locator('#train-view').getAttribute('data-status')).toBe('failed');
    const [checkpoint] = await listed(page);
    expect(checkpoint).toMatch(/unfinished: step \d+ of 5000/);
    await page.locator('#train-restart').click();
    await page.waitForFunction(() => Number(document.querySelector('#train-view').dataset.step) > 0, null, {
      timeout: 30_000,
    });
    expect(await page.locator('#train-view').getAttribute('data-status')).toBe('running');
    expect(await page.locator('#train-view p.error').isHidden()).toBe(true);
    await page.locator('#train-start').click(); // pause
    await expect.poll(() => listed(page), { timeout: 10_000 }).toHaveLength(2); // the new run's checkpoint joins it
    expect(await listed(page)).toContain(checkpoint); // the lost run's save, as it was
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an entry as the current release saves it (format 1) is listed, used and downloaded', async () => {
    const { page, errors } = await openTrainView('');
    const model = { dModel: 32, heads: 4, kvHeads: 4, ffn: 64, encoderLayers: 2, decoderLayers: 2 };
    await putSavedRecord(page, {
      database: 'attention-playground',
      filesStore: 'weights',
      record: {
        id: 1,
        version: 1,
        name: 'my saved model',
        description: 'D=32, 4 heads, 2+2 layers',
        savedAt: Date.UTC(2026, 10, 28, 12, 0),
        status: 'finished',
        task: 'en-es',
        options: {
          task: 'en-es',
          sequenceLength: { min: 3, max: 8 },
          longestSentence: 5,
          seed: 1,
          steps: 1000,
          batchSize: 16,
          learningRate: 0.003,
          model: { ...model, positions: 'sinusoidal' },
          ablations: { noPositions: false, noScaling: false, singleHead: false, sigmoidGates: false },
        },
        step: 1000,
        steps: 1000,
        final: { exact: 480, total: 500 },
        losses: [5.2, 3.1, 0.4],
        evaluations: [{ step: 1000, exact: 48, total: 50, alignment: 0.9 }],
        examples: [],
        probe: 'the cat',
      },
      files: [...readFileSync(new URL('../../../web/lib/models/en-es.bin', import.meta.url))],
    });
    await page.reload();
    await page.waitForSelector('#your-models-list li');
    expect(await listed(page)).toEqual([
      expect.stringMatching(/^D=32, 4 heads, 2\+2 layers · 1,000 steps · 96% held-out exact · 2026-11-2\d \d\d:\d\d/),
    ]);
    expect(await page.locator('.model-name').inputValue()).toBe('my saved model');
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('.model-download').click()]);
    expect(download.suggestedFilename()).toBe('en-es-d32-h4-1000steps.bin');
    await page.locator('.model-use').click();
    await page.waitForSelector('#translation-view[data-decoding="done"]');
    expect(await page.locator('#model-notice').textContent()).toMatch(/saved in this browser: my saved model/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('rename and delete last across reloads; a download is the weight file', async () => {
    const { page, errors } = await afterOneRun();
    await page.locator('.model-name').fill('my first model');
    await page.locator('.model-name').press('Enter'); // a change event: the rename is written
    await expect.poll(() => storedNames(page)).toEqual(['my first model']);
    await page.reload();
    await page.waitForSelector('#your-models-list li');
    expect(await page.locator('.model-name').inputValue()).toBe('my first model');
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('.model-download').click()]);
    expect(download.suggestedFilename()).toBe('en-es-d16-h2-40steps.bin');
    await page.locator('.model-delete').click();
    await expect.poll(() => page.locator('#your-models-list li').count()).toBe(0);
    await page.reload();
    await page.waitForSelector('#your-models-status:not(:empty)');
    expect(await page.locator('#your-models-list li').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('pasted pairs are kept as typed, with the name of the file they came from', async () => {
    const { page, errors } = await openTrainView('&task=pairs');
    await page.locator('#train-pairs-file').setInputFiles({
      name: 'my-pairs.tsv',
      mimeType: 'text/tab-separated-values',
      buffer: Buffer.from('a cat\tun gato\na dog\tun perro\n'),
    });
    await expect.poll(() => page.locator('#train-pairs').inputValue()).toBe('a cat\tun gato\na dog\tun perro\n');
    await page.locator('#train-pairs').focus();
    await page.locator('#train-pairs').press('Control+End');
    // typed: an input event, no change event yet; kept 300 ms after the last keystroke, and the view busy until then
    await settledAfter(page, '#train-view', () => page.keyboard.insertText('a bird\tun pájaro'));
    await page.reload();
    await page.waitForSelector('#your-models-status:not(:empty)');
    await expect
      .poll(() => page.locator('#train-pairs').inputValue())
      .toBe('a cat\tun gato\na dog\tun perro\na bird\tun pájaro');
    expect(await page.locator('#train-pairs-file-name').textContent()).toBe('opened from my-pairs.tsv');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a forged entry, one from a newer version, one with broken weights and one without are said as such, never a crash', async () => {
    const { page, errors } = await afterOneRun();
    await storedNames(page, [
      { base: true, id: 101, version: 99, name: 'from the future' },
      { id: 102, version: 1, name: '<img src=x onerror=alert(1)>', description: 42 },
      { base: true, id: 103, name: 'broken weights', flipByte: 200 }, // the weight file's checksum no longer holds
      { base: true, id: 104, name: 'no weights' },
    ]);
    await page.reload();
    await expect.poll(() => page.locator('#your-models-list li').count()).toBe(5);
    const rows = await listed(page);
    expect(rows).toContainEqual(
      expect.stringMatching(
        /^from the future: cannot be used \(saved by a newer version of the site \(format 99; this one reads 1\): reload the page\)/,
      ),
    );
    expect(rows).toContainEqual(
      expect.stringMatching(
        /^<img src=x onerror=alert\(1\)>: cannot be used \(its name or description is not text of a sensible length\)/,
      ),
    );
    expect(await page.locator('#your-models-list img').count()).toBe(0); // text, never markup
    // The same list in the page's language (here Spanish, from the URL): the rows, the reasons, the buttons' names.
    const english = page.url();
    await page.goto(`${english}&lang=es`);
    await expect.poll(() => page.locator('#your-models-list li').count()).toBe(5);
    expect(await page.locator('#your-models-title').textContent()).toBe('Tus modelos, guardados en este navegador');
    const spanish = await listed(page);
    expect(spanish).toContainEqual(
      expect.stringMatching(
        /^from the future: no se puede usar \(lo guardó una versión más reciente del sitio \(formato 99; esta lee el 1\): recarga la página\)/,
      ),
    );
    expect(spanish).toContainEqual(expect.stringMatching(/ · 40 pasos · \d+\s% exacto en los datos reservados · /));
    expect(await page.locator('.model-use[aria-label="usar broken weights"]').textContent()).toBe('Usar');
    await page.goto(`${english}&lang=en`);
    await expect.poll(() => page.locator('#your-models-list li').count()).toBe(5);
    await page.locator('.model-use[aria-label="use broken weights"]').click();
    await expect.poll(() => page.locator('#train-view .error[role="alert"]').textContent()).toMatch(/checksum/);
    expect(await page.locator('#tab-train').getAttribute('aria-selected')).toBe('true'); // still here, still working
    await page.locator('.model-use[aria-label="use no weights"]').click();
    await expect
      .poll(() => status(page))
      .toBe('This saved model cannot be used: its weight file is missing or not bytes.');
    for (let left = 5; left > 1; left--) {
      await page.locator('.model-delete').first().click();
      await expect.poll(() => page.locator('#your-models-list li').count()).toBe(left - 1);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('storage blocked (private mode): said once, and the run still trains, is used and downloads', async () => {
    const { page, errors } = await openTrainView(smallRun, () => {
      IDBFactory.prototype.open = () => {
        throw new DOMException('The user denied permission to access the database.', 'SecurityError');
      };
    });
    expect(await status(page)).toMatch(/this browser does not let the site store data/);
    await trainOnce(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#train-download').click()]);
    expect(download.suggestedFilename()).toBe('en-es-d16-h2-40steps.bin');
    await page.locator('#train-use').click();
    await page.waitForSelector('#translation-view[data-decoding="done"]');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('storage full: the run is not lost, the list says so and the model still downloads', async () => {
    const { page, errors } = await openTrainView(smallRun, () => {
      const put = IDBObjectStore.prototype.put;
      IDBObjectStore.prototype.put = function full(...args) {
        if (this.name === 'models') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return put.apply(this, args);
      };
    });
    await trainOnce(page);
    await expect.poll(() => status(page)).toMatch(/storage for the site is full/);
    expect(await page.locator('#your-models-status').getAttribute('class')).toMatch(/error/);
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#train-download').click()]);
    expect(download.suggestedFilename()).toBe('en-es-d16-h2-40steps.bin');
    expect(errors).toEqual([]);
    await page.close();
  });
});

// "Your language models" in real Chromium, used as a learner would: a run on their own text is kept while it trains;
// stopped halfway, reset and the page reloaded, it is still listed (unfinished, with its step); Continue training
// takes it on from that step to the end of its schedule on the text kept with it (its settings shown in the form),
// the same entry updated; a finished run continues for as many steps again; its model writes and downloads; and an
// entry forged in the browser's storage is listed as unusable, with the reason, and can be deleted. axe-clean, and
// fitting 375 px.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations, openPage, resultsDir, useChromiumAndPlayground } from '../support/browser.js';
import { putSavedRecord } from '../support/saved-records.js';
import { settled } from '../support/settled.js';

const suite = useChromiumAndPlayground();

const sentences = Array.from(
  { length: 200 },
  (_, i) => `${['the cat', 'a dog', 'she'][i % 3]} ${['sees', 'likes'][i % 2]} ${['the book.', 'a song.'][i % 2]}`,
).join('\n');
// A small model and a short run, writing at temperature 0.
const smallRun = '?view=generate&corpus=own&steps=300&d=32&context=32&lr=0.01&temperature=0&tokens=20&prompt=the+cat';

const view = (page) => page.locator('#generate-view');
const data = async (page, name) => (await view(page).getAttribute(`data-${name}`)) ?? '';
const rows = (page) => page.locator('#your-language-models-list li');
const rowDetails = (page) => page.locator('#your-language-models-list .model-details').allTextContents();

async function openGenerateView() {
  const opened = await openPage(suite.browser, `${suite.playground.url}${smallRun}`);
  await opened.page.waitForSelector('body[data-ready]');
  await opened.page.waitForSelector('#your-language-models-status:not(:empty)');
  return opened;
}

describe('your language models', () => {
  it('keeps a run while it trains, continues it after a reload from its step, and writes with it', async () => {
    const { page, errors } = await openGenerateView();
    expect(await page.locator('#your-language-models-status').textContent()).toMatch(/^None yet/);
    await page.locator('#generate-own-text').fill(sentences);
    await page.locator('#generate-start').click();
    await expect.poll(() => data(page, 'step').then(Number), { timeout: 30_000 }).toBeGreaterThanOrEqual(20);
    await page.locator('#generate-start').click(); // Stop
    await expect.poll(() => data(page, 'status'), { timeout: 30_000 }).toBe('paused');
    const stoppedAt = Number(await data(page, 'step'));
    expect(stoppedAt).toBeLessThan(300);
    // Saved when it stopped (a checkpoint handed over by the worker, then written): the worker may be busy a while.
    const saved = { timeout: 30_000 };
    await expect
      .poll(() => rowDetails(page), saved)
      .toEqual([expect.stringMatching(`^unfinished: step ${stoppedAt} of 300 · `)]);
    // Saved while it trains, so the list's buttons wait while the run is the view's.
    expect(await rows(page).locator('.model-continue').isDisabled()).toBe(true);
    await page.locator('#generate-reset').click();
    await expect.poll(() => rows(page).locator('.model-continue').isDisabled()).toBe(false);

    await page.reload();
    await page.waitForSelector('#your-language-models-list li');
    expect(await page.locator('#generate-own-text').inputValue()).toBe(''); // the text is not in the link
    expect(await rows(page).locator('.model-name').textContent()).toMatch(
      /^your text \([\d,]+ characters\) · characters · width 32, 2 layers × 4 heads, 4 key\/value heads$/,
    );
    await rows(page).locator('.model-continue').click();
    // The run goes on from its step, on the text kept with it, shown in the form with its settings.
    await expect.poll(() => data(page, 'status'), { timeout: 30_000 }).toBe('done');
    expect(await page.locator('#generate-own-text').inputValue()).toBe(sentences);
    expect(await page.locator('#generate-progress').evaluate((bar) => bar.value)).toBe(300);
    expect(await page.locator('#generate-bits-summary').textContent()).toMatch(/^Step 300:/);
    await expect
      .poll(() => rowDetails(page), saved)
      .toEqual([expect.stringMatching(/^300 steps · [\d.]+ bits per character/)]);

    // A finished run continues for as many steps again: 300 more.
    await rows(page).locator('.model-continue').click();
    await expect.poll(() => data(page, 'step').then(Number), { timeout: 30_000 }).toBeGreaterThan(300);
    await expect.poll(() => data(page, 'status'), { timeout: 30_000 }).toBe('done');
    expect(Number(await data(page, 'step'))).toBe(600);
    await expect.poll(() => rowDetails(page), saved).toEqual([expect.stringMatching(/^600 steps · /)]);

    await page.locator('#generate-reset').click();
    const written = Number(await data(page, 'written'));
    await rows(page).locator('.model-use').click();
    await expect.poll(() => data(page, 'model')).toBe('opened');
    await expect.poll(() => data(page, 'written').then(Number), { timeout: 20_000 }).toBeGreaterThan(written);
    expect(await page.locator('#generate-opened').textContent()).toMatch(
      /^Writing with your model saved .+: your text \([\d,]+ characters\) · characters · width 32, 2 layers × 4 heads, 4 key\/value heads, 600 steps\.$/,
    );
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      rows(page).locator('.model-download').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^language-model-d32-2x4-kv4-600steps-\d{8}-\d{6}\.bin$/);
    expect(await accessibilityViolations(page, '#your-language-models')).toEqual([]);
    await page.locator('#your-language-models').screenshot({ path: `${resultsDir}your-language-models-1440.png` });
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.locator('#your-language-models').screenshot({ path: `${resultsDir}your-language-models-375.png` });
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);

  it('an entry as the current release saves it (format 1) is listed, writes and downloads', async () => {
    const { page, errors } = await openGenerateView();
    const shippedModel = new URL('../../../web/corpora/pride-and-prejudice-language-model.bin', import.meta.url);
    await putSavedRecord(page, {
      database: 'attention-playground-language-models',
      filesStore: 'files',
      record: {
        id: 1,
        version: 1,
        savedAt: Date.UTC(2026, 10, 28, 12, 0),
        corpus: 'austen',
        characters: 684768,
        status: 'finished',
        step: 3000,
        steps: 3000,
        losses: [5.5, 3.2, 2.1],
        evaluations: [{ step: 3000, bitsPerCharacter: 2.04, unigram: 4.47, bigram: 3.31 }],
        sample: 'It is a truth universally acknowledged',
        options: {
          task: { tokenizer: 'characters', merges: 256, context: 64, heldOut: 0.1 },
          model: { dModel: 64, heads: 4, kvHeads: 4, ffn: 256, layers: 2, positions: 'sinusoidal', window: 0 },
          seed: 7,
          dataSeed: 1,
          steps: 3000,
          batchSize: 16,
          learningRate: 0.003,
          warmupSteps: 60,
        },
      },
      files: { checkpoint: [1, 2, 3], weights: [...readFileSync(shippedModel)], text: null },
    });
    await page.reload();
    await page.waitForSelector('#your-language-models-list li');
    expect(await rows(page).locator('.model-name').textContent()).toBe(
      'Pride and Prejudice · characters · width 64, 2 layers × 4 heads, 4 key/value heads',
    );
    expect(await rowDetails(page)).toEqual([
      expect.stringMatching(/^3,000 steps · 2\.040 bits per character held out \(bigram 3\.310\) · saved /),
    ]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      rows(page).locator('.model-download').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^language-model-d64-2x4-kv4-3000steps-202611\d\d-\d{4}00\.bin$/); // its save's time
    // Our model is opened and written with at load, so data-model already says 'opened' and data-written is past 0
    // (a clean clone's run once read both before Use had opened anything): the view settled first, then what Use
    // changes, the line naming the model and a writing after it.
    await settled(page, '#generate-view', { timeout: 30_000 });
    const writtenBefore = Number(await data(page, 'written'));
    await rows(page).locator('.model-use').click();
    await expect
      .poll(() => page.locator('#generate-opened').textContent())
      .toMatch(
        /^Writing with your model saved .+: Pride and Prejudice · characters · width 64, 2 layers × 4 heads, 4 key\/value heads, 3,000 steps\.$/,
      );
    await expect.poll(() => data(page, 'written').then(Number), { timeout: 20_000 }).toBeGreaterThan(writtenBefore);
    expect(await data(page, 'model')).toBe('opened');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lists a forged entry as unusable, with the reason, and deletes it', async () => {
    const { page, errors } = await openGenerateView();
    await page.evaluate(
      () =>
        new Promise((resolve, reject) => {
          const request = indexedDB.open('attention-playground-language-models');
          request.onerror = () => reject(request.error);
          request.onsuccess = () => {
            const db = request.result;
            const tx = db.transaction('models', 'readwrite');
            tx.objectStore('models').put({ version: 1, id: 7, savedAt: 'yesterday', toString: 0 });
            tx.objectStore('models').put({ version: 99, id: 8 });
            tx.oncomplete = () => resolve(db.close());
          };
        }),
    );
    await page.reload();
    await page.waitForSelector('#your-language-models-list li');
    expect(await rows(page).allTextContents()).toEqual([
      'Entry 8: cannot be used (saved by a newer version of the site: reload the page).Delete',
      'Entry 7: cannot be used (its date is not a number).Delete',
    ]);
    // Delete can be undone: the focus goes to Undo (not to the page's body), then back to the entry put back.
    const focused = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.className);
    await rows(page).first().locator('.model-delete').click();
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await page.locator('#your-language-models-deleted').textContent()).toBe('Deleted: Entry 8. Undo');
    expect(await focused()).toBe('your-language-models-undo');
    await page.keyboard.press('Enter');
    await expect.poll(() => rows(page).count()).toBe(2);
    await expect.poll(focused).toBe('model-delete');
    expect(await page.evaluate(() => document.activeElement.closest('li').dataset.id)).toBe('8');
    await rows(page).first().locator('.model-delete').click();
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await page.locator('#your-language-models-status').textContent()).toMatch(/^1 saved/);
    expect(await accessibilityViolations(page, '#your-language-models')).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});

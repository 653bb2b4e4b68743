// "Attention sinks and windows" in real Chromium: a short run of the experiment (ALiBi, 200 steps, from the link)
// trains in the view's worker, then reads the novel's last 2,048 characters every StreamingLLM way: six readings with
// their bits per character and the cache's bytes held and allocated, each with its sentence saying why, the sink
// heads counted and the sink logit's share said; its settings stay in the link. axe-clean, and fitting 375 px.
import { describe, expect, it } from 'vitest';
import { accessibilityViolations, openPage, resultsDir, useChromiumAndPlayground } from '../support/browser.js';

const suite = useChromiumAndPlayground();
const panel = (page) => page.locator('#generate-sinks');

describe('attention sinks and windows', () => {
  it('trains, reads past the context six ways, counts the sink heads, and keeps its settings in the link', async () => {
    const { page, errors } = await openPage(
      suite.browser,
      `${suite.playground.url}?view=generate&sinkPe=alibi&sinkSteps=200`,
      { width: 375, height: 800 },
    );
    await page.waitForSelector('body[data-ready]');
    expect(await page.locator('#sinks-positions').inputValue()).toBe('alibi');
    expect(await page.locator('#sinks-steps').inputValue()).toBe('200');
    expect(await page.locator('#sinks-progress').textContent()).toMatch(/^Not started: 200 steps/);
    await page.locator('#sinks-window').check();
    expect(page.url()).toMatch(/generate\.sinkWindow=on/);
    await page.locator('#sinks-logits').check();

    await page.locator('#sinks-start').click();
    await expect.poll(() => panel(page).getAttribute('data-phase')).toBe('training');
    expect(await page.locator('#sinks-window').isDisabled()).toBe(true);
    await expect.poll(() => panel(page).getAttribute('data-phase'), { timeout: 150_000 }).toBe('done');
    expect(await page.locator('#sinks-progress').textContent()).toBe(
      'Trained 200 steps, then read 2,048 characters past a context of 64.',
    );
    const rows = await page
      .locator('#sinks-table tr.sinks-reading')
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent)));
    expect(rows.map(([name]) => name)).toEqual([
      'every key its trained window allows (the last 32)',
      'the last 32, cached (the oldest evicted)',
      'the last 32, recomputed at each step',
      'the first token and the last 32',
      'the first 2 tokens and the last 32',
      'the first 4 tokens and the last 32',
    ]);
    for (const [, bits] of rows) (expect(Number(bits)).toBeGreaterThan(1), expect(Number(bits)).toBeLessThan(8));
    const bytes = (column) => rows.map((row) => Number(row[column].replaceAll(',', '')));
    // A model trained with a window of 32 reads every key through it: its cache holds the window's 32 positions
    // (2 layers × keys and values × 64 floats × 4 bytes × 32), as the cached window's does; recomputing holds none,
    // and a first token kept adds one position (1,024 bytes). The allocation, measured, is never less.
    expect(bytes(2)).toEqual([32_768, 32_768, 0, 33_792, 34_816, 36_864]);
    bytes(3).forEach((allocated, i) => expect(allocated).toBeGreaterThanOrEqual(bytes(2)[i]));
    // Each reading's sentence: what it keeps, then how it reads against the reading it is measured by.
    const why = await page.locator('#sinks-table tr.sinks-why').allTextContents();
    expect(why).toHaveLength(6);
    expect(why[0]).toMatch(/^The model trained with a sliding window of 32, .* It reads [\d.]+ bits per character, /);
    expect(why[1]).toMatch(/ALiBi reads a key’s place in the cache, not in the text/);
    expect(why[2]).toMatch(
      /Read in whole windows of its trained context, 64, the same model scores [\d.]+; with only the last 32/,
    );
    expect(why[5]).toMatch(
      /^The text’s first 4 tokens stay in the cache .* The first token draws at most 0\.\d+ of a head’s attention/,
    );
    expect(await page.locator('#sinks-heads').textContent()).toMatch(
      /^Sink heads \(more than 0\.3 of the attention on the first token\): \d of 8; the largest share is 0\.\d+\.$/,
    );
    expect(await page.locator('#sinks-logit').textContent()).toMatch(
      /^Sink logit: each head has one learned number .* Writing 256 tokens, the sink logits took at most [\d.]+ of a head’s attention, [\d.]+ on average\./,
    );
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await accessibilityViolations(page, '#generate-sinks')).toEqual([]);
    await panel(page).screenshot({ path: `${resultsDir}generate-sinks-375.png` });

    await page.reload();
    await page.waitForSelector('body[data-ready]');
    expect(await page.locator('#sinks-positions').inputValue()).toBe('alibi');
    expect(await page.locator('#sinks-window').isChecked()).toBe(true);
    expect(await page.locator('#sinks-logits').isChecked()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  }, 240_000);
});

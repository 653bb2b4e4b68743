// The inside view and the logit lens in real Chromium: on our shipped model (2 layers, 4 heads, characters) from a
// link naming the part, the diagram's buttons, a part's numbers, a head picked in the grid and a token in the strip,
// each said in the address; and on a random GPT-2 (tests/support/gpt2-files.js: 2 layers × 12 heads, the real
// vocabulary) opened through the file input at 375 px: every layer × head in cells of at least 24 px, the grid
// scrolling inside itself and never the page. Screenshots for the note: /work/scratch/shots/inside-*.png and
// logit-lens-*.png (1280 and 375 px, the random GPT-2), when SHOTS is set. Waits on states the page exposes.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPlayground, useChromiumAndPlayground } from '../support/browser.js';
import { gpt2Files, writeGpt2Folder } from '../../support/gpt2-files.js';

const suite = useChromiumAndPlayground();
const shots = process.env.SHOTS; // a folder for the note's screenshots
let folder;
let paths; // the four files, written once

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'gpt2-inside-'));
  const files = gpt2Files({ layers: 2, heads: 12, width: 48, positions: 128, seed: 62 });
  paths = writeGpt2Folder(folder, files);
});
afterAll(() => folder && rmSync(folder, { recursive: true, force: true }));

/** The inside view once it shows `count` numbers' inspection (data-state="shown" after the view settled). */
async function shown(page) {
  const inside = page.locator('#generate-inside');
  await inside.scrollIntoViewIfNeeded();
  await expect.poll(() => inside.getAttribute('data-state'), { timeout: 60_000 }).toBe('shown');
  await page.waitForSelector('#generate-view[data-state="settled"]', { state: 'attached', timeout: 60_000 });
  return inside;
}

const address = (page) => new URL(page.url()).searchParams;

describe('generate view: inside the model', () => {
  it('shows our model’s parts, a head’s map and the logit lens, each choice in the address', async () => {
    const { page, errors } = await openPlayground(suite, '?view=generate&generate.inside=lens&generate.tokens=12');
    const inside = await shown(page);
    // the logit lens: the embeddings and each of the 2 blocks, the first agreeing layer marked in words
    const rows = page.locator('#logit-lens-table tbody tr');
    expect(await rows.count()).toBe(3);
    const agreeing = await page.locator('#logit-lens').getAttribute('data-first-agreeing');
    if (agreeing !== 'none') {
      expect(await rows.nth(Number(agreeing)).locator('th').textContent()).toMatch(/◆ first to agree$/);
      expect(await page.locator('#logit-lens-table tr.agrees').count()).toBe(1);
    }
    expect(await page.locator('#logit-lens-summary').textContent()).toMatch(/^(The model's final prediction|No layer)/);
    // the diagram: real buttons, the shown part pressed
    const mlp = page.locator('#inside-diagram button[data-part="mlp"]');
    await mlp.click();
    await expect.poll(() => inside.getAttribute('data-part')).toBe('2.mlp');
    expect(await mlp.getAttribute('aria-pressed')).toBe('true');
    expect(address(page).get('generate.inside')).toBe('2.mlp');
    expect(await page.locator('#inside-numbers .inside-neurons li').count()).toBe(5);
    // a head picked in the grid: its map
    await page.locator('#inside-grid button[data-layer="0"][data-head="2"]').click();
    await expect.poll(() => inside.getAttribute('data-part')).toBe('1.attn.3');
    expect(await page.locator('#inside-head-map').isVisible()).toBe(true);
    expect(await page.locator('#inside-head-map-text').textContent()).toMatch(/^Layer 1, head 3 at «/);
    // a token picked in the strip: asked again for it
    await page.locator('#inside-tokens button').first().click();
    await expect.poll(() => inside.getAttribute('data-token')).toBe('0');
    await shown(page);
    expect(address(page).get('generate.token')).toBe('1');
    expect(await page.locator('#inside-diagram button[data-part="embed"]').count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('draws a random GPT-2’s 2 × 12 heads in cells of at least 24 px at 375 px, scrolling inside the grid', async () => {
    for (const width of [375, 1280]) {
      const { page, errors } = await openPlayground(suite, '?view=generate&generate.tokens=8', { width, height: 800 });
      await page.locator('#generate-gpt2-place').scrollIntoViewIfNeeded();
      await page.waitForSelector('#generate-gpt2[data-state]');
      await page.locator('#generate-gpt2-files').setInputFiles(paths);
      await expect
        .poll(() => page.locator('#generate-gpt2').getAttribute('data-state'), { timeout: 60_000 })
        .toBe('open');
      const inside = await shown(page);
      expect(await inside.getAttribute('data-layers')).toBe('2');
      expect(await inside.getAttribute('data-heads')).toBe('12');
      const cells = page.locator('#inside-grid .head-grid-cell');
      expect(await cells.count()).toBe(24);
      const boxes = await cells.evaluateAll((all) => all.map((cell) => cell.getBoundingClientRect()));
      const smallest = Math.min(...boxes.flatMap((box) => [box.width, box.height]));
      console.log(`${width} px: the head grid's cells are ${smallest.toFixed(1)} px at the smallest`);
      expect(smallest).toBeGreaterThanOrEqual(24);
      // the page never scrolls sideways; the grid scrolls inside its own frame when it is wider
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const frame = await page.locator('#inside-grid').evaluate((node) => ({
        scroll: node.scrollWidth,
        client: node.clientWidth,
        overflow: getComputedStyle(node).overflowX,
      }));
      expect(frame.overflow).toBe('auto');
      if (width === 375) expect(frame.scroll).toBeGreaterThan(frame.client); // 12 heads are wider than a phone
      expect(await page.locator('#logit-lens-table tbody tr').count()).toBe(3);
      if (shots) {
        mkdirSync(shots, { recursive: true });
        await page.locator('#inside-grid button[data-layer="1"][data-head="4"]').click();
        await expect.poll(() => inside.getAttribute('data-part')).toBe('2.attn.5');
        await inside.screenshot({ path: join(shots, `inside-${width}.png`) });
        await page.locator('#logit-lens').screenshot({ path: join(shots, `logit-lens-${width}.png`) });
      }
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});

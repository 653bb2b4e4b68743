// "Open GPT-2" in real Chromium: a random GPT-2 (tests/support/gpt2-files.js: 2 layers, the real 50,257-token
// vocabulary, seeded) written as the four files Hugging Face serves, beside a README as a downloaded folder has,
// opened through the file input: the progress bar reaches the file's size, the model writes, and the README is said
// as left aside. A missing file is refused by name beside the control; Cancel in the middle of an opening leaves
// the view usable (our model opens and writes again). Waits on the states the page exposes, never the clock.
// The file Cancel interrupts is built in the page (zeros after a real header): sent from here through the browser's
// protocol, its 103 MB took 13 s of the test, 45 s on a busy machine.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPlayground, useChromiumAndPlayground } from '../support/browser.js';
import {
  gpt2Config,
  gpt2Files,
  gpt2FolderContents,
  realVocabulary,
  zeroGpt2Weights,
} from '../../support/gpt2-files.js';

const suite = useChromiumAndPlayground();
let folder;

/** GPT-2's four files (and a README) written to a new folder: their paths by name. */
function writeFolder(options) {
  const where = mkdtempSync(join(tmpdir(), 'gpt2-'));
  const files = gpt2Files(options);
  const contents = { ...gpt2FolderContents(files), 'README.md': '# a random GPT-2\n' };
  for (const [name, content] of Object.entries(contents)) writeFileSync(join(where, name), content);
  return { where, path: (name) => join(where, name), bytes: files.weights.length };
}

beforeAll(() => {
  folder = writeFolder({ layers: 2, heads: 12, width: 48, positions: 128, seed: 60 });
});
afterAll(() => {
  if (folder) rmSync(folder.where, { recursive: true, force: true });
});

/**
 * A wider GPT-2 (103 MB of zero weights) chosen through the files control, built in the page, and Cancel pressed
 * in the page as soon as its tensors are being read: the bytes read by then, or null if it was never pressed.
 * Pressed from here, through the browser's protocol, it came after the last of the file's 26 windows on a busy
 * machine (the opening was done); in the page it comes a task after the first.
 */
async function cancelLargeWhileReading(page) {
  const shape = { layers: 2, heads: 4, width: 512, positions: 128 };
  const { head, dataBytes } = zeroGpt2Weights(shape);
  const { vocab, merges } = realVocabulary();
  return page.evaluate(
    ({ head, dataBytes, config, vocab, merges }) =>
      new Promise((resolve) => {
        const part = /** @type {HTMLElement} */ (document.getElementById('generate-gpt2'));
        const bar = /** @type {HTMLProgressElement} */ (part.querySelector('progress'));
        const cancelling = new MutationObserver(() => {
          if (part.dataset.phase !== 'tensors') return;
          cancelling.disconnect();
          const read = { value: bar.value, max: bar.max };
          /** @type {HTMLButtonElement} */ (document.getElementById('generate-gpt2-cancel')).click();
          resolve(read);
        });
        cancelling.observe(part, { attributes: true, attributeFilter: ['data-phase', 'data-state'] });
        const files = new DataTransfer();
        files.items.add(new File([new Uint8Array(head), new Uint8Array(dataBytes)], 'model.safetensors'));
        files.items.add(new File([config], 'config.json'));
        files.items.add(new File([vocab], 'vocab.json'));
        files.items.add(new File([merges], 'merges.txt'));
        const input = /** @type {HTMLInputElement} */ (document.getElementById('generate-gpt2-files'));
        input.files = files.files;
        input.dispatchEvent(new Event('change'));
      }),
    { head: [...head], dataBytes, config: JSON.stringify(gpt2Config(shape)), vocab, merges },
  );
}

const fourFiles = (written, names = ['model.safetensors', 'config.json', 'vocab.json', 'merges.txt', 'README.md']) =>
  names.map((name) => written.path(name));

/** The Generate view with its GPT-2 part fetched (scrolled to). */
async function openGpt2Part(viewport = { width: 1280, height: 900 }) {
  const opened = await openPlayground(suite, '?view=generate', viewport);
  const { page } = opened;
  await page.locator('#generate-gpt2-place').scrollIntoViewIfNeeded();
  await page.waitForSelector('#generate-gpt2[data-state]');
  return opened;
}

describe('generate view: Open GPT-2', () => {
  it('opens the four files chosen, the progress bar reaching their size, and writes with GPT-2', async () => {
    const { page, errors } = await openGpt2Part();
    await page.locator('#generate-gpt2-files').setInputFiles(fourFiles(folder));
    const part = page.locator('#generate-gpt2');
    await expect.poll(() => part.getAttribute('data-state'), { timeout: 60_000 }).toBe('open');
    const bar = page.getByRole('progressbar', { name: 'Opening GPT-2' });
    expect(Number(await bar.getAttribute('value'))).toBe(folder.bytes);
    expect(Number(await bar.getAttribute('max'))).toBe(folder.bytes);
    expect(await part.getAttribute('data-phase')).toBe('ready');
    expect(await page.locator('#generate-gpt2-line').textContent()).toBe('Not used: README.md.');
    expect(await page.locator('#generate-opened').textContent()).toMatch(
      /^Writing with GPT-2 from model\.safetensors: 2 layers of 12 heads, 48 wide, [\d,]+ parameters, a context of 128 tokens\.$/,
    );
    const view = page.locator('#generate-view');
    await expect.poll(() => view.getAttribute('data-written').then(Number), { timeout: 60_000 }).toBeGreaterThan(0);
    expect(await view.getAttribute('data-model')).toBe('opened');
    // the papers measured on it: each head's prefix-matching score and first-token share, in a 2 × 12 grid each
    await page.locator('#papers-measure').click();
    const papers = page.locator('#generate-papers');
    await expect.poll(() => papers.getAttribute('data-state'), { timeout: 60_000 }).toBe('measured');
    expect(await page.locator('#papers-induction-result').textContent()).toMatch(
      /^Measured on \d+ tokens: the best prefix-matching head is layer [12], head \d+ \([\d.e−]+\); \d+ of 24 heads/,
    );
    expect(await page.locator('#papers-sinks-grid .head-grid-cell').count()).toBe(24);
    // the box says what keeping would store: the weights, the vocabulary and the merges
    expect(await page.locator('#generate-gpt2-keep-line').textContent()).toMatch(/stores \d+ MB\)$/);
    // kept when ticked: the next visit opens it from this browser, until it is forgotten
    await page.locator('#generate-gpt2-keep').check();
    await expect.poll(() => part.getAttribute('data-kept')).toBe('yes');
    await page.reload();
    await page.waitForSelector('body[data-ready]');
    await page.locator('#generate-gpt2-place').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('#generate-gpt2').getAttribute('data-kept')).toBe('yes');
    expect(await page.locator('#generate-gpt2-kept').textContent()).toMatch(
      /^GPT-2's files are kept in this browser \(\d+ MB\)\./,
    );
    await page.locator('#generate-gpt2-open-kept').click();
    await expect.poll(() => part.getAttribute('data-state'), { timeout: 60_000 }).toBe('open');
    await page.locator('#generate-gpt2-forget').click();
    await expect.poll(() => part.getAttribute('data-kept')).toBe('no');
    expect(await page.locator('#generate-gpt2-line').textContent()).toBe(
      "Forgotten: this browser no longer keeps GPT-2's files.",
    );
    expect(errors).toEqual([]);
  }, 120_000); // GPT-2 opened twice (chosen, then kept), written with and measured: each allowed 60 s on a busy machine

  it('refuses a missing file by name beside the control, and Cancel leaves the view usable', async () => {
    const { page, errors } = await openGpt2Part();
    const part = page.locator('#generate-gpt2');
    await page
      .locator('#generate-gpt2-files')
      .setInputFiles(fourFiles(folder, ['model.safetensors', 'config.json', 'vocab.json']));
    await expect.poll(() => part.getAttribute('data-state')).toBe('refused');
    expect(await part.locator('.error').textContent()).toBe(
      'A file is missing: merges.txt. GPT-2 needs model.safetensors, config.json, vocab.json and merges.txt.',
    );

    // Cancel once the weights are being read (the wider file takes a while): the opening ends, nothing is open
    const read = await cancelLargeWhileReading(page);
    expect(read.value).toBeLessThan(read.max); // pressed in the middle of the weights
    await expect.poll(() => part.getAttribute('data-state'), { timeout: 60_000 }).toBe('cancelled');
    expect(await part.locator('.error').isHidden()).toBe(true); // the refusal before is gone, and none said
    expect(await page.locator('#generate-gpt2-cancel').isHidden()).toBe(true);
    // usable: our model opens and writes again
    const view = page.locator('#generate-view');
    const written = Number(await view.getAttribute('data-written'));
    await page.locator('#generate-open-trained').click();
    await expect
      .poll(() => view.getAttribute('data-written').then(Number), { timeout: 60_000 })
      .toBeGreaterThan(written);
    expect(await view.getAttribute('data-model')).toBe('opened');
    expect(errors).toEqual([]);
  }, 120_000); // three openings (refused, cancelled, our model), each allowed up to 60 s on a busy machine
});

// The Generate view in real Chromium, used as a learner would: paste a text of simple sentences, train a small
// model on it (held-out bits per character under the bigram model's), let it write at temperature 0 with the
// key/value cache and without (the same text), open a written token's distribution, attention and cache, move
// along the strip with the keyboard, reload the link (every setting back, the own text not in it), at 1440 and 375
// px, checked with axe-core. And the novel: fetched only when training on it starts, its byte-pair merges shown; our
// model trained on it, fetched once, as the view opens, to write at once.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations, openPage, resultsDir, useChromiumAndPlayground } from '../support/browser.js';
import { settledAfter } from '../support/settled.js';

const suite = useChromiumAndPlayground();

/** 300 short sentences over small word sets, seeded: structure a bigram of letters cannot see. */
function simpleSentences(count = 300) {
  const subjects = ['the cat', 'a dog', 'my friend', 'the old man', 'she', 'we'];
  const verbs = ['sees', 'likes', 'wants', 'finds', 'reads', 'keeps'];
  const objects = ['the book.', 'a red apple.', 'the small house.', 'my letter.', 'the window.', 'a song.'];
  let x = 12345;
  const next = (n) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return (x >>> 16) % n;
  };
  return `${Array.from({ length: count }, () => `${subjects[next(6)]} ${verbs[next(6)]} ${objects[next(6)]}`).join('\n')}\n`;
}

// A small model, a short run, and writing at temperature 0 (the most likely token: deterministic).
const smallRun = '&corpus=own&steps=150&d=32&context=32&lr=0.01&temperature=0&tokens=40&prompt=the+old+man';

const view = (page) => page.locator('#generate-view');
const data = async (page, name) => (await view(page).getAttribute(`data-${name}`)) ?? '';
const writtenText = (page) =>
  page.$$eval('#generate-strip button.written', (chips) => chips.map((chip) => chip.firstChild.textContent).join(''));

async function openGenerateView(query, viewport = { width: 1440, height: 900 }) {
  const opened = await openPage(suite.browser, `${suite.playground.url}?view=generate${query}`, viewport);
  await opened.page.waitForSelector('body[data-ready]');
  await opened.page.waitForSelector('#generate-start');
  return opened;
}

/** Waits for a write after `count` earlier ones to be on screen. */
async function writtenAfter(page, count) {
  await expect.poll(() => data(page, 'written').then(Number), { timeout: 20_000 }).toBeGreaterThan(count);
  await expect.poll(() => data(page, 'writing')).toBe('done');
}

describe('generate view', () => {
  it('trains on pasted text below the bigram model, writes the same with and without the cache, and shows a token’s choice', async () => {
    const { page, errors } = await openGenerateView(smallRun);
    expect(await page.locator('#tab-generate').getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('#generate-corpus-own').isChecked()).toBe(true);
    await writtenAfter(page, 0); // our model writes as the view opens (first-minute.test.js)
    const opened = Number(await data(page, 'written'));
    await page.locator('#generate-own-text').fill(simpleSentences());
    expect(await page.locator('#generate-own-size').textContent()).toMatch(/^[\d,]+ characters, 300 lines$/);

    await page.locator('#generate-start').click();
    await expect.poll(() => data(page, 'status'), { timeout: 30_000 }).toBe('done');
    expect(await page.locator('#generate-progress').evaluate((bar) => bar.value)).toBe(150);
    expect(await page.locator('#generate-progress-text').textContent()).toMatch(
      /^step 150 of 150 · \d+ steps\/s · finished in/,
    );
    // The training curve fell from a fresh model's 8 bits (ln 256 nats) per character; held out, the model beats the
    // bigram model.
    const training = await page.locator('#generate-curves-numbers tbody tr:last-child td').first().textContent();
    expect(Number(training)).toBeLessThan(2.2);
    const bits = await page.locator('#generate-bits-summary').textContent();
    const number = String.raw`(\d+(?:\.\d+)?)`;
    const [, model, unigram, bigram] = bits.match(
      new RegExp(`${number} bits per character.*unigram ${number}, bigram ${number}`),
    );
    expect(Number(model)).toBeLessThan(Number(bigram));
    expect(Number(bigram)).toBeLessThan(Number(unigram));
    expect(await page.locator('#generate-bits-chart .reference-label').allTextContents()).toEqual([
      `unigram ${unigram}`,
      `bigram ${bigram}`,
    ]);
    expect(await page.locator('#generate-sample').textContent()).not.toBe('');

    // A finished run writes at once, with the cache; the prompt is its own tokens, the written ones follow.
    await writtenAfter(page, opened);
    expect(await page.locator('#generate-strip .prompt').count()).toBe('the old man'.length);
    const cached = await writtenText(page);
    expect(cached).toHaveLength(40);
    expect(cached).toMatch(/^␣(sees|likes|wants|finds|reads|keeps)␣/); // the most likely continuation is a verb
    expect(await page.locator('#generate-time').textContent()).toMatch(
      /^40 tokens in [\d.]+ ms, with the key\/value cache/,
    );
    // Without the cache: every step recomputes its window, and temperature 0 writes the very same tokens.
    const before = Number(await data(page, 'written'));
    await page.locator('#generate-cache').uncheck();
    await writtenAfter(page, before);
    expect(await page.locator('#generate-time').textContent()).toMatch(/recomputing the window at every token/);
    expect(await writtenText(page)).toBe(cached);
    expect(await page.locator('#generate-cache-text').textContent()).toMatch(/^No cache: to choose token 1/);
    await page.locator('#generate-compare').click();
    await expect.poll(() => data(page, 'compared')).toBe('same');
    expect(await page.locator('#generate-comparison').textContent()).toMatch(
      /^With the cache: [\d.]+ ms; recomputing every token’s window: [\d.]+ ms .*; the same 40 tokens both ways\.$/,
    );

    // A written token's choice: temperature 0 drew it with certainty; the model's own 10 most likely beside it.
    await page.locator('#generate-cache').check();
    await writtenAfter(page, before + 1);
    await page.locator('#generate-strip button[data-index="5"]').click();
    await expect.poll(() => page.locator('#generate-step-title').textContent()).toMatch(/^Token 6: /);
    expect(await page.locator('#generate-drawn li').allTextContents()).toEqual([
      expect.stringMatching(/100% ← chosen$/),
    ]);
    await expect.poll(() => page.locator('#generate-model-distribution li').count()).toBe(10);
    expect(await page.locator('#generate-model-distribution li.chosen').count()).toBe(1);
    // Its attention: a row per layer and head (2 × 4) over the window; the causal map has a row per written token.
    expect(await page.locator('#generate-step-attention table tbody tr').count()).toBe(8);
    expect(await page.locator('#generate-step-attention table thead th').count()).toBe(1 + 'the old man'.length + 5);
    expect(await page.locator('#generate-causal-canvas').evaluate((canvas) => [canvas.width, canvas.height])).toEqual([
      'the old man'.length + 39,
      40,
    ]);
    expect(await page.locator('#generate-cache-text').textContent()).toMatch(
      /from the cache.*Held: 512 bytes per position.* × 16 = 8,192 bytes; allocated, measured: [\d,]+ bytes/,
    );
    expect(await page.locator('#generate-cache-rows li').count()).toBe(16);
    // The keyboard moves along the strip, and a head picked shows in the URL.
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.locator('#generate-step-title').textContent()).toMatch(/^Token 7: /);
    expect(await page.evaluate(() => document.activeElement.dataset.index)).toBe('6');
    await page.locator('#generate-layer').selectOption({ value: '1' }); // the second layer (its label is 2)
    await page.locator('#generate-head').selectOption({ value: '2' });

    // A prompt of characters the text never had: they fall back to their UTF-8 bytes.
    const writes = Number(await data(page, 'written'));
    await page.locator('#generate-prompt').fill('café');
    await writtenAfter(page, writes);
    expect(await page.locator('#generate-strip .prompt').allTextContents()).toEqual([
      expect.stringMatching(/^c/),
      expect.stringMatching(/^a/),
      expect.stringMatching(/^f/),
      expect.stringMatching(/^<0xC3>/),
      expect.stringMatching(/^<0xA9>/),
    ]);

    expect(await accessibilityViolations(page, '#generate-view')).toEqual([]);
    expect(await accessibilityViolations(page, '.view-tabs')).toEqual([]);
    await page.screenshot({ path: `${resultsDir}generate-1440.png`, fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: `${resultsDir}generate-375.png`, fullPage: true });

    // The link: every setting back on reload; the own text is not in it.
    const params = new URL(page.url()).searchParams;
    expect(Object.fromEntries(params)).toEqual({
      view: 'generate',
      'generate.corpus': 'own',
      'generate.steps': '150',
      'generate.d': '32',
      'generate.context': '32',
      'generate.lr': '0.01',
      'generate.temperature': '0',
      'generate.tokens': '40',
      'generate.prompt': 'café',
      'generate.layer': '2',
      'generate.head': '3',
      'generate.step': '7',
    });
    await page.reload();
    await page.waitForSelector('#generate-start');
    expect(await page.locator('#generate-steps').inputValue()).toBe('150');
    expect(await page.locator('#generate-d-model').inputValue()).toBe('32');
    expect(await page.locator('#generate-prompt').inputValue()).toBe('café');
    expect(await page.locator('#generate-temperature').inputValue()).toBe('0');
    expect(await page.locator('#generate-cache').isChecked()).toBe(true);
    expect(await page.locator('#generate-own-text').inputValue()).toBe('');
    expect(new URL(page.url()).searchParams.toString()).toBe(params.toString());
    expect(errors).toEqual([]);
    await page.close();
  });

  it('fetches Pride and Prejudice only when training on it starts, and shows its first byte-pair merges', async () => {
    const novel = [];
    const { page, errors } = await openPage(
      suite.browser,
      `${suite.playground.url}?view=generate&tokenizer=byte-pairs&merges=64&steps=10&d=32&layers=1&context=16`,
      { width: 1440, height: 900 },
      (p) =>
        p.on(
          'request',
          (request) => /pride-and-prejudice[\w-]*\.txt$/.test(request.url()) && novel.push(request.url()),
        ),
    );
    await page.waitForSelector('#generate-start');
    // the worker and its module start, our model writes (the view settles once it has): still no novel
    await settledAfter(page, '#generate-view', () => page.locator('#generate-view').hover());
    expect(novel).toEqual([]);
    await page.locator('#generate-start').click();
    await expect.poll(() => novel.length).toBe(1);
    await expect.poll(() => data(page, 'status'), { timeout: 30_000 }).toBe('done');
    expect(await page.locator('#generate-tokenizer-summary').textContent()).toMatch(
      /^320 tokens: 256 bytes .* and 64 merges learned from the text\. The text is [\d,]+ tokens to train on/,
    );
    const merges = await page.locator('#generate-merges-list li').allTextContents();
    expect(merges).toHaveLength(24);
    for (const merge of merges) expect(merge).toMatch(/^(\d+\. )?\S+ \+ \S+ → \S+$/);
    // no two merges overlap (their numbers are inside their boxes)
    const overlaps = await page.$$eval('#generate-merges-list li', (items) => {
      const boxes = items.map((item) => item.getBoundingClientRect());
      return boxes.filter((a, i) =>
        boxes.some((b, j) => j > i && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom),
      ).length;
    });
    expect(overlaps).toBe(0);
    // Another tokenizer chosen after the run: its own tokens and parameter count are said at once, before training.
    const parameters = page.locator('#generate-parameters');
    const summary = page.locator('#generate-tokenizer-summary');
    const bytePairParameters = await parameters.textContent();
    expect(bytePairParameters).toMatch(/^[\d,]+ parameters/);
    await page.locator('#generate-tokenizer').selectOption('characters');
    await expect.poll(() => summary.textContent()).toMatch(/^\d+ tokens: 256 bytes .* characters per token: 1\.$/);
    expect(await parameters.textContent()).toMatch(/^[\d,]+ parameters/);
    expect(await parameters.textContent()).not.toBe(bytePairParameters);
    expect(await page.locator('#generate-merges-list li').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('writes at once with our model trained on Pride and Prejudice, fetched once; downloads, opens a file; Start replaces it', async () => {
    const fetched = [];
    const { page, errors } = await openPage(
      suite.browser,
      `${suite.playground.url}?view=generate&temperature=0&tokens=60&prompt=It+is+a+truth+universally&steps=10&d=32&layers=1&context=16`,
      { width: 1440, height: 900 },
      (p) => p.on('request', (request) => request.url().includes('language-model') && fetched.push(request.url())),
    );
    await writtenAfter(page, 0); // as the view opens, no click asked
    expect(fetched.filter((url) => url.endsWith('.bin'))).toHaveLength(1);
    expect(await data(page, 'model')).toBe('opened');
    expect(await data(page, 'status')).toBe('idle'); // nothing trained in the tab
    expect(await page.locator('#generate-opened').textContent()).toMatch(
      /^Writing with our model: trained on Pride and Prejudice for 3,000 steps of 16 windows of 64 characters \(2 layers of width 64, 4 heads, 133,120 parameters\); 2\.04 bits per character/,
    );
    // Most likely characters after Austen's opening words: English words, spaced, from the novel's letters.
    const written = await writtenText(page);
    expect(written).toHaveLength(60);
    expect(written.replaceAll('␣', ' ')).toMatch(/^[a-z ,.;'-]+$/i);
    expect(written.split('␣').filter((word) => /^[a-z]{2,}$/.test(word)).length).toBeGreaterThanOrEqual(5);
    expect(await page.locator('#generate-time').textContent()).toMatch(/by the model of step 3000\.$/);
    // A written token's attention: a row per layer and head (2 × 4).
    await page.locator('#generate-strip button[data-index="3"]').click();
    expect(await page.locator('#generate-step-attention table tbody tr').count()).toBe(8);
    expect(await accessibilityViolations(page, '#generate-view')).toEqual([]);

    // Its weights download as the very file that was fetched (float16 read and written back: the same bytes).
    const shippedFile = readFileSync(
      new URL('../../../web/corpora/pride-and-prejudice-language-model.bin', import.meta.url),
    );
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#generate-download').click()]);
    expect(download.suggestedFilename()).toMatch(/^language-model-d64-2x4-kv4-3000steps-\d{8}-\d{6}\.bin$/);
    const chunks = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk);
    const downloaded = Buffer.concat(chunks);
    expect(Buffer.compare(downloaded, shippedFile)).toBe(0);
    // A translator's weight file is refused by name, and leaves no model; the downloaded file writes the same again.
    const translatorFile = readFileSync(new URL('../../../web/lib/models/en-es.bin', import.meta.url));
    await page.locator('#generate-open-file').setInputFiles({
      name: 'en-es.bin',
      mimeType: 'application/octet-stream',
      buffer: translatorFile,
    });
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe(
        'This file holds a translation model, not a language model: open it in the Train view (“or open a model file”).',
      );
    expect(await data(page, 'model')).toBe('none');
    expect(await page.locator('#generate-write').isDisabled()).toBe(true);
    const writes = Number(await data(page, 'written'));
    await page.locator('#generate-open-file').setInputFiles({
      name: 'mine.bin',
      mimeType: 'application/octet-stream',
      buffer: downloaded,
    });
    await writtenAfter(page, writes);
    expect(await data(page, 'model')).toBe('opened');
    expect(await page.locator('#generate-opened').textContent()).toMatch(
      /^Writing with the model from “mine\.bin”: 2 layers of width 64, 4 heads, 133,120 parameters/,
    );
    expect(await writtenText(page)).toBe(written);
    expect(await page.locator('#generate-time').textContent()).toMatch(/by the opened model\.$/);

    // Training one's own replaces it.
    await page.locator('#generate-start').click();
    await expect.poll(() => data(page, 'status'), { timeout: 30_000 }).toBe('done');
    expect(await data(page, 'model')).toBe('trained-here');
    expect(await page.locator('#generate-opened').isHidden()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('trains the induction-head experiment live: measured every 100 steps, the circuit said, stopped on request', async () => {
    const { page, errors } = await openGenerateView('', { width: 375, height: 800 });
    const panel = page.locator('#generate-induction');
    expect(await page.locator('#induction-progress').textContent()).toMatch(/^Not started/);
    await page.locator('#induction-two-layers').click();
    await expect.poll(() => panel.getAttribute('data-running')).toBe('2');
    expect(await page.locator('#induction-one-layer').isDisabled()).toBe(true);
    await expect
      .poll(() => panel.getAttribute('data-step').then(Number), { timeout: 60_000 })
      .toBeGreaterThanOrEqual(100);
    expect(await page.locator('#induction-progress').textContent()).toMatch(
      /^2 layers: step [1-9]00 of 1,500, measured every 100 steps/,
    );
    // Two measurements at least: a line per half and per score, each with its points.
    expect(await page.locator('#induction-loss-chart path.series').count()).toBe(2);
    expect(await page.locator('#induction-head-chart path.series').count()).toBe(2);
    expect(await page.locator('#induction-loss-chart .visually-hidden').textContent()).toMatch(
      /bits per character on the first half, [\d.]+ on the repeat/,
    );
    // 100 steps learn which letters occur (log2 26 = 4.7 bits), not yet the repeat.
    expect(await page.locator('#induction-circuit').textContent()).toMatch(
      /^No induction head yet: the best prefix-matching score is 0\.\d+; 0\.4 marks one\.$/,
    );
    await page.locator('#induction-two-layers').click(); // now "Stop": after the steps under way
    await expect.poll(() => panel.getAttribute('data-running'), { timeout: 30_000 }).toBe('');
    expect(await page.locator('#induction-progress').textContent()).toMatch(
      /^2 layers stopped at step [1-9]00 of 1,500\.$/,
    );
    expect(await page.locator('#induction-two-layers').textContent()).toBe('Train 2 layers');
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await accessibilityViolations(page, '#generate-induction')).toEqual([]);
    await panel.screenshot({ path: `${resultsDir}generate-induction-375.png` });
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('says why a text too short to learn from is refused, and starts again once it is long enough', async () => {
    const { page, errors } = await openGenerateView('&corpus=own&steps=10&d=32&layers=1&context=16');
    await page.locator('#generate-own-text').fill('too short');
    await page.locator('#generate-start').click();
    await expect.poll(() => data(page, 'status')).toBe('failed');
    expect(await page.getByRole('alert').textContent()).toMatch(/has 9 characters; a language model needs at least 20/);
    expect(await page.locator('#generate-steps').isDisabled()).toBe(false); // a refused run locks nothing
    await page.locator('#generate-own-text').fill(simpleSentences(40));
    await page.locator('#generate-start').click();
    await expect.poll(() => data(page, 'status'), { timeout: 20_000 }).toBe('done');
    // none said once it trained (polled as its text, so a failure says which one stayed)
    const alert = page.getByRole('alert');
    await expect.poll(async () => ((await alert.isHidden()) ? '' : await alert.textContent())).toBe('');
    // a 10-step model may write nothing after an empty prompt: the inside view says so as its state, not as an error
    expect(await page.locator('#generate-inside').getAttribute('data-state')).not.toBe('failed');
    expect(errors).toEqual([]);
    await page.close();
  });
});

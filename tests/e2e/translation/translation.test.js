// The translation view in real Chromium, used as a person would: typing a sentence, watching it decode,
// scrubbing, choosing heads, fixing unknown words, raising the temperature, sharing the link.
import { describe, expect, it } from 'vitest';
import { loadTranslator } from '../../../web/lib/index.js';
import { openPage, resultsDir, useChromiumAndPlayground } from '../support/browser.js';

const suite = useChromiumAndPlayground();

async function open(query = '', viewport) {
  const opened = await openPage(suite.browser, `${suite.playground.url}${query}`, viewport);
  await opened.page.waitForSelector('body[data-ready]');
  await opened.page.waitForSelector('#translation-view[data-decoding="done"]');
  return opened;
}

const outputWords = async (page) => await page.locator('#translation-output .token').allTextContents();
const crossRows = async (page) => page.locator('#cross-attention table tbody tr').count();
const crossRowLabels = async (page) => page.locator('#cross-attention table tbody th').allTextContents();

/** What share of the cross-attention cells' canvas (a pixel per cell) is painted: proof that it was drawn. */
const paintedPixels = (page) =>
  page.evaluate(() => {
    const canvas = document.querySelector('#cross-attention canvas');
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    let painted = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i + 3] === 255) painted++;
    return painted / (data.length / 4);
  });

describe('translation', () => {
  it('is the landing view: translates a typed held-out sentence word by word and draws a row per output word', async () => {
    const translator = await loadTranslator();
    // A long held-out sentence the model translates as the grammar does (95% of them are; the page must show it so).
    const heldOut = translator
      .heldOutSentences(1000)
      .find((pair) => pair.source.split(' ').length >= 10 && translator.translate(pair.source).alignment?.matchesModel);
    const { page, errors } = await open();
    expect(await page.locator('#tab-translation').getAttribute('aria-selected')).toBe('true');

    await page.locator('#sentence').fill(heldOut.source);
    await page.locator('#translate').click();
    // Word by word: the output grows while decoding runs.
    await expect.poll(() => page.locator('#translation-view').getAttribute('data-decoding')).toBe('running');
    const early = (await outputWords(page)).length;
    await page.waitForSelector('#translation-view[data-decoding="done"]', { timeout: 20_000 });
    const words = await outputWords(page);
    expect(early).toBeLessThan(words.length);
    expect(words).toEqual([...heldOut.target.split(' '), '<eos>']);
    expect(await page.locator('#grammar-translation').textContent()).toMatch(/Matches the grammar/);

    // The cross-attention map: one row per output word, one column per source word (+ <eos>), drawn.
    expect(await crossRows(page)).toBe(words.length);
    expect(await crossRowLabels(page)).toEqual(words.map((w) => `output word ${w}`));
    expect(await page.locator('#cross-attention table thead th').count()).toBe(heldOut.source.split(' ').length + 2);
    expect(await paintedPixels(page)).toBeGreaterThan(0.3);
    // The line view links words; the true alignment is drawn dashed.
    await page.locator('#cross-attention-lines').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('#cross-attention-lines line.link').count()).toBeGreaterThan(words.length - 1);
    expect(await page.locator('#cross-attention-lines line.link-true').count()).toBeGreaterThan(5);
    await page.screenshot({ path: `${resultsDir}translation-1440.png`, fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the scrubber walks through decoding steps; grid thumbnails pick layer and head', async () => {
    const { page, errors } = await open('?view=translation&q=the+big+dog+sees+the+white+cats');
    expect(await outputWords(page)).toHaveLength(9);
    await page.locator('#decoding-step').fill('2');
    expect(await outputWords(page)).toEqual(['el', 'perro', 'grande']);
    expect(await crossRows(page)).toBe(3);
    expect(await page.locator('#decoding-step-text').textContent()).toBe('step 3 of 9: produced “grande”');
    // Below the fold, the decoder's map is drawn once it is scrolled to.
    await page.locator('#decoder-self-attention').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('#decoder-self-attention table tbody tr').count()).toBe(3);
    await page.locator('#step-forward').click();
    expect(await outputWords(page)).toHaveLength(4);

    await page.locator('.head-thumb[data-layer="0"][data-head="2"]').click();
    expect(await page.locator('#tr-layer').inputValue()).toBe('0');
    expect(await page.locator('#tr-head').inputValue()).toBe('2');
    expect(await page.locator('#cross-attention .heatmap-title').textContent()).toBe(
      'cross-attention, layer 1, head 3',
    );
    expect(page.url()).toMatch(/translation\.layer=1&translation\.head=3/);
    await page.reload();
    await page.waitForSelector('#translation-view[data-decoding="done"]');
    expect(await page.locator('#tr-head').inputValue()).toBe('2');
    expect(await page.locator('#sentence').inputValue()).toBe('the big dog sees the white cats');

    await page.locator('#show-alignment').uncheck();
    await page.locator('#cross-attention-lines').scrollIntoViewIfNeeded();
    // The lines are drawn once scrolled to: wait for them before asking which are shown (none of the true
    // alignment's, with its overlay off), or the count of 0 is the empty picture's.
    await expect.poll(() => page.locator('#cross-attention-lines line.link').count()).toBeGreaterThan(0);
    expect(await page.locator('#cross-attention-lines line.link-true').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a sentence outside the grammar is said to be, with what the grammar expected, and its maps still shown', async () => {
    const { page, errors } = await open('?view=translation&q=the+dogs+eat');
    // Said once the grammar's words are fetched (the first sentence outside it brings them).
    await expect
      .poll(() => page.locator('#grammar-translation').textContent())
      .toMatch(
        /^Outside the grammar this model was trained on: “eat” needs an object: say what, e\.g\. “the dogs eat the apple”\./,
      );
    expect(await crossRows(page)).toBe((await outputWords(page)).length);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an unknown word is carried across, named with suggestions that fix the sentence in one click', async () => {
    const { page, errors } = await open();
    await page.locator('#sentence').fill('the dgo sleeps');
    await page.locator('#sentence').press('Enter');
    await page.waitForSelector('#translation-view[data-decoding="done"]');
    // The shipped model carries it (Luong et al. 2015): read as <unk>, copied from where its attention points.
    await expect
      .poll(() => page.locator('#unknown-words').textContent())
      .toMatch(/“dgo” is not in the vocabulary; carried across by attention\. Did you mean: dog/);
    expect(await page.locator('#translation-output .token-copied').count()).toBe(1);
    expect(await page.locator('#translation-view .error').isHidden()).toBe(true);
    await page.locator('#unknown-words button.suggestion', { hasText: /^dog$/ }).click();
    await page.waitForSelector('#translation-view[data-decoding="done"]');
    await expect.poll(() => page.locator('#unknown-words').isHidden()).toBe(true);
    expect(await outputWords(page)).toEqual(['el', 'perro', 'duerme', '<eos>']);

    // A verb in a form the grammar does not use: said by its kind, with the forms the model knows to pick from.
    await page.locator('#sentence').fill('the dog eating the apple');
    await page.locator('#sentence').press('Enter');
    await expect
      .poll(() => page.locator('#unknown-words').textContent())
      .toMatch(/“eating” is a form of the verb “eat” that the grammar does not use\. The forms it knows: eateatsate$/);
    await page.locator('#unknown-words button.suggestion', { hasText: /^eats$/ }).click();
    await expect.poll(() => outputWords(page)).toEqual(['el', 'perro', 'come', 'la', 'manzana', '<eos>']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('raising the attention temperature flattens the maps until the translation breaks', async () => {
    const { page, errors } = await open('?view=translation&q=the+big+dog+sees+the+white+cats&temp=10');
    expect(await page.locator('#tr-temperature-value').textContent()).toBe('T = 10');
    expect((await outputWords(page)).join(' ')).not.toBe('el perro grande ve a los gatos blancos <eos>');
    expect(await page.locator('#grammar-translation').textContent()).toMatch(
      /The grammar says: “el perro grande ve a los gatos blancos”/,
    );
    await page.locator('#tr-temperature-reset').click();
    await page.waitForSelector('#translation-view[data-decoding="done"]');
    expect((await outputWords(page)).join(' ')).toBe('el perro grande ve a los gatos blancos <eos>');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('fits a phone screen (375 px)', async () => {
    const { page, errors } = await open('?view=translation&q=maria+loves+the+cat', { width: 375, height: 800 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${resultsDir}translation-375.png`, fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('choosing each word', () => {
  const bars = (page, id) => page.locator(`#${id} li`).allTextContents();

  it('shows the output distribution at each step; sampling with a seed, resample; teacher forcing beside free running', async () => {
    const { page, errors } = await open('?view=translation&q=the+big+dog+sees+the+white+cats');
    // Greedy: the chosen word is the most likely, first bar, with its percentage.
    const first = await bars(page, 'next-word');
    expect(first.length).toBeGreaterThanOrEqual(2);
    expect(first[0]).toMatch(/^<eos>\s*\d+(\.\d)?% ← chosen$|^<eos>/);
    await page.locator('#decoding-step').fill('0');
    expect((await bars(page, 'next-word'))[0]).toMatch(/^el.*% ← chosen$/);
    expect(await page.locator('#next-word figcaption').textContent()).toMatch(
      /^step 1, free running \(the most likely word\): “el”/,
    );

    // Sampling at a high output temperature: seeded, repeatable, and Resample draws again.
    await page.locator('#decoding-choice').selectOption('sample');
    await page.locator('#output-temperature').fill('1000'); // T_out = 10
    await page.waitForSelector('#translation-view[data-decoding="done"]');
    expect(page.url()).toMatch(/translation\.dec=sample&translation\.otemp=10/);
    const seed0 = (await outputWords(page)).join(' ');
    await page.locator('#resample').click();
    await page.waitForSelector('#translation-view[data-decoding="done"]');
    expect(page.url()).toMatch(/translation\.seed=1/);
    expect(await page.locator('#seed').inputValue()).toBe('1');
    const seed1 = (await outputWords(page)).join(' ');
    await page.locator('#seed').fill('0');
    await page.locator('#seed').press('Enter');
    await page.waitForSelector('#translation-view[data-decoding="done"]');
    expect((await outputWords(page)).join(' ')).toBe(seed0);
    expect(seed1).not.toBe(seed0); // at T_out = 10 two seeds write different sentences (true for 0 and 1 here)

    // Teacher forcing: a second distribution, fed the grammar's words, with the reference word marked.
    await page.locator('#teacher-forcing').check();
    await page.waitForSelector('#translation-view[data-decoding="done"]');
    await page.locator('#decoding-step').fill('1');
    expect(await page.locator('#next-word-forced').isVisible()).toBe(true);
    expect(await page.locator('#next-word-forced figcaption').textContent()).toMatch(
      /^step 2, teacher forcing: the reference word “perro” got \d/,
    );
    expect((await bars(page, 'next-word-forced')).some((text) => /^perro.*← the reference$/.test(text))).toBe(true);
    expect(await page.locator('#teacher-forcing-note').textContent()).toMatch(
      /^Fed the reference “el perro grande ve a los gatos blancos”/,
    );
    await page.screenshot({ path: `${resultsDir}translation-decoding-1440.png`, fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('English → Japanese', () => {
  const verbLine = (page) => page.locator('#cross-attention-lines li').last().textContent();
  // The picker replaces the view with one for the other model: wait for the new one to finish decoding.
  async function pickLanguage(page, name) {
    await page.evaluate(() => {
      document.querySelector('#translation-view').dataset.replaced = 'yes';
    });
    await page.locator('#language').selectOption(name);
    // the new model's view, settled: its translation drawn and the address holding its state
    await page.waitForSelector('#translation-view:not([data-replaced])[data-decoding="done"][data-state="settled"]', {
      state: 'attached',
    });
  }

  it('the language picker loads the en-ja model (only then), keeps a sentence it knows, and the verb’s line crosses back', async () => {
    // The model is fetched by the translator's worker: its requests are the page's too.
    const fetched = [];
    const recordRequests = (page) => page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    const { page, errors } = await openPage(
      suite.browser,
      `${suite.playground.url}?view=translation&q=the+big+dog+sees+the+white+cats`,
      undefined,
      recordRequests,
    );
    await page.waitForSelector('#translation-view[data-decoding="done"]');
    expect(fetched.some((path) => /en-es.*\.bin$/.test(path))).toBe(true);
    expect(fetched.some((path) => /en-ja.*\.bin$/.test(path))).toBe(false); // fetched only when picked
    expect(await page.locator('#language').inputValue()).toBe('en-es');
    await pickLanguage(page, 'en-ja');
    expect(fetched.some((path) => /en-ja.*\.bin$/.test(path))).toBe(true);
    expect(page.url()).toMatch(/translation\.model=en-ja/);
    expect((await outputWords(page)).join(' ')).toBe('ōkii inu wa shiroi neko o miru <eos>');
    expect((await page.locator('#translation-view .intro').allTextContents()).join(' ')).toMatch(
      /Japanese puts the verb last/,
    );
    expect(await page.locator('#translation-view').textContent()).not.toMatch(/\bnull\b|undefined/);

    // A typed sentence: the verb, last in Japanese, attends to the English verb nine words before it.
    await page.locator('#sentence').fill('the young teacher reads my new letter near the window');
    await page.locator('#sentence').press('Enter');
    await page.waitForSelector('#translation-view[data-decoding="done"]');
    expect((await outputWords(page)).join(' ')).toBe(
      'wakai sensei wa mado no chikaku de watashi no atarashii tegami o yomu <eos>',
    );
    await page.locator('#decoding-step').fill('12'); // the step that wrote "yomu"
    await page.locator('#cross-attention-lines').scrollIntoViewIfNeeded();
    await expect.poll(() => verbLine(page)).toMatch(/^yomu attends most to reads /);
    // The true alignment's dashed line for the verb runs from the last Japanese word back to "reads".
    const verbLink = await page.evaluate(() => {
      const svg = document.querySelector('#cross-attention-lines svg');
      const x = (selector, index) => Number(svg.querySelectorAll(selector)[index].getAttribute('x'));
      const reads = x('text.word-source', 3),
        yomu = x('text.word-target', 12);
      return [...svg.querySelectorAll('line.link-true')].some(
        (line) => Number(line.getAttribute('x1')) === reads && Number(line.getAttribute('x2')) === yomu,
      );
    });
    expect(verbLink).toBe(true);
    await page.screenshot({ path: `${resultsDir}translation-en-ja-1440.png`, fullPage: true });

    // The link reproduces it; back to Spanish, a sentence Spanish knows too is kept.
    await page.reload();
    await page.waitForSelector('#translation-view[data-decoding="done"]');
    expect(await page.locator('#language').inputValue()).toBe('en-ja');
    expect((await outputWords(page)).at(-2)).toBe('yomu');
    await pickLanguage(page, 'en-es');
    expect((await outputWords(page)).join(' ')).toBe('el profesor joven lee mi carta nueva cerca de la ventana <eos>');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a sentence Japanese cannot say falls back to its first example; fits a phone screen', async () => {
    const { page, errors } = await open('?view=translation&q=three+happy+boys+find+some+green+houses', {
      width: 375,
      height: 800,
    });
    await pickLanguage(page, 'en-ja');
    expect(await page.locator('#sentence').inputValue()).toBe('maria eats the apple in the garden');
    expect((await outputWords(page)).join(' ')).toBe('maria wa niwa de ringo o taberu <eos>');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${resultsDir}translation-en-ja-375.png`, fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });
});

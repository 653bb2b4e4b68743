// The page in its pseudo-locale (lang=en-XA: English with every message between ⟦ and ⟧): every visible text in
// the parts that go through the catalogues carries the markers, so a string left hard-coded in English shows up
// here. The parts converted so far: the header, the tabs, the Lessons view's list, title, text, buttons, links
// and challenges, the widgets of lessons 1, 2, 3, 4, 6, 8 and 10, and the Steps, Train and Generate views but for
// the drawing parts' own words and the saved models' list (what is not converted: docs/i18n.md).
// Exempt: what the page marks translate="no" (the kernels' build name, each language's own name), and text
// without a word of three letters (numbers, ·, notation: d, λ, u·H, Q = X·Wq).
import { describe, expect, it } from 'vitest';
import { openPlayground, useChromiumAndPlayground } from '../support/browser.js';

const suite = useChromiumAndPlayground();

/** The parts of the Lessons view whose every word is a message. */
const convertedParts = [
  // the header but for the classroom tools (issue 44's colours and present buttons, not converted yet)
  '.site-header > h1',
  '.site-header .backend',
  '.site-header .lede',
  '.language-picker',
  '#view-tabs',
  '.lesson-nav',
  '#lesson-title',
  '#lesson-text',
  '.lesson-reset',
  '#lesson-challenges',
  '.lesson-steps',
  '.lesson-open',
  '.lesson-open-language-model',
];
/** The lessons whose widget is converted, and the parts of it that are: controls, captions, texts and results. */
const convertedWidgets = [1, 2, 3, 4, 6, 8, 10]; // 5 draws the Translation view’s attribution part, not converted
const widgetParts = [
  '.lesson-widget legend',
  '.lesson-widget .field-label',
  '.lesson-widget button',
  '.lesson-widget label.check',
  '.lesson-widget > p',
  '.lesson-widget figcaption',
  '.lesson-widget caption',
  '.lesson-widget .lesson-results',
  '.lesson-widget .verdict',
];

/**
 * The Steps view's parts: all of it but the drawing parts' own words (the heatmaps' tooltips and screen-reader
 * tables, the graph). The export buttons' format names and the sizes' notation (d_model) are translate="no".
 */
const stepsParts = [
  '#step-view-title',
  '#step-view > .notice',
  '#step-view > .error',
  '#step-view form.controls',
  '#step-view .inputs-section > h3',
  '#inputs-note',
  '#step-view .editor-title',
  '#step-view .editor-grid',
  '#step-view .editor-message',
  '#step-view .step > h3',
  '#step-view .explanation',
  '#step-view .heatmap-title',
  '#step-view .head-card h4',
  '#breakdown',
  '#pad-last',
];
/**
 * The Train view's parts: all of it but the probe map's drawing (its tooltips and screen-reader table). The model's
 * output words are translate="no".
 */
const trainParts = [
  '#train-view-title',
  '#train-view > .intro',
  '#train-view .train-controls',
  '#train-view .run-bar',
  '#train-view > .error',
  '#train-fault-notice',
  '#train-view .charts',
  '#train-scores',
  '#probe-title',
  '#train-view .probe-controls',
  '#probe-output',
  '#probe-output ~ p.hint',
  '#train-probe-map .heatmap-title',
  '#probe-title ~ h4',
  '#snapshots',
  '#train-view .model-actions',
  '#extrapolation',
  '#your-models',
];

/**
 * The Generate view's parts: all of it but the drawing parts' own words (the heatmap's tooltips and screen-reader
 * table, the distributions' token names). The model's words (its sample, the token chips, the merges, the cache's
 * rows) are translate="no".
 */
const generateParts = [
  '#generate-view-title',
  '#generate-view > .intro',
  '#generate-view .controls',
  '#generate-view .generate-training',
  '#generate-view > .error',
  '#generate-view > p.hint',
  '#generate-view .generate-model-file',
  '#generate-strip',
  '#generate-step-title',
  '#generate-step-choice',
  '#generate-step .distribution figcaption',
  '#generate-step .distribution-value',
  '#generate-step > .hint',
  '#generate-step .maps-row .hint',
  '#generate-step .generate-pickers',
  '#generate-step-attention .heatmap-title',
  '#generate-causal-map',
  '#generate-cache-details',
  '#generate-induction',
];

/** Visible texts with a letter, under `selectors`, that lack the pseudo-locale's markers (and aria-labels too). */
const unmarkedTexts = (selectors) =>
  selectors.flatMap((selector) =>
    [...document.querySelectorAll(selector)].flatMap((root) => {
      const found = [];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent.trim();
        const parent = node.parentElement;
        if (!/\p{L}{3,}/u.test(text) || parent.closest('[translate="no"]') || !parent.checkVisibility()) continue;
        if (!text.includes('⟦') || !text.includes('⟧')) found.push(text);
      }
      for (const labelled of [root, ...root.querySelectorAll('[aria-label]')]) {
        const label = labelled.getAttribute('aria-label');
        if (label && !label.startsWith('⟦')) found.push(`aria-label: ${label}`);
      }
      return found;
    }),
  );

describe('the pseudo-locale', () => {
  it('marks every visible text of the converted parts, in each of the ten lessons', async () => {
    const { page, errors } = await openPlayground(suite, '?view=lessons&lesson=1&lang=en-XA');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-XA');
    for (let lesson = 1; lesson <= 10; lesson++) {
      await page.waitForSelector(`#lesson-title:has-text("${lesson}. ⟦")`);
      // the hints too, shown
      for (const hint of await page.locator('.challenge-hint-button').all()) await hint.click();
      const parts = convertedWidgets.includes(lesson) ? [...convertedParts, ...widgetParts] : convertedParts;
      if (convertedWidgets.includes(lesson)) await page.waitForSelector('.lesson-widget');
      expect(await page.evaluate(unmarkedTexts, parts), `lesson ${lesson}`).toEqual([]);
      if (lesson < 10) await page.click('#lesson-next');
    }
    expect(new URL(page.url()).searchParams.get('lang')).toBe('en-XA'); // kept in the address the view writes
    expect(errors).toEqual([]);
    await page.close();
  });

  it('marks every visible text of the Steps view: one head, a bad link, then shared key/value heads', async () => {
    const { page, errors } = await openPlayground(suite, '?view=steps&mask=custom&hard=1&lang=en-XA');
    await page.waitForSelector('#breakdown tr');
    expect(await page.evaluate(unmarkedTexts, stepsParts)).toEqual([]);
    await page.locator('#edit-x input').first().fill('abc'); // the editor's message for a refused number
    await page.locator('#edit-x input').first().press('Tab');
    await page.waitForSelector('#edit-x .editor-message:not(:empty)');
    expect(await page.evaluate(unmarkedTexts, stepsParts)).toEqual([]);
    await page.goto(new URL('?view=steps&s=99&lang=en-XA', page.url()).href); // a link it cannot read: the notice
    await page.waitForSelector('#step-view > .notice:not([hidden])');
    await page.selectOption('#heads', '3');
    await page.selectOption('#kv-heads', '1');
    await page.waitForFunction(() => document.querySelectorAll('.head-card h4').length === 3);
    expect(await page.locator('#kv-heads-meaning').textContent()).toMatch(/^⟦/);
    expect(await page.evaluate(unmarkedTexts, stepsParts)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('marks every visible text of the Train view, before and after a short run', async () => {
    const { page, errors } = await openPlayground(suite, '?view=train&d=16&h=2&enc=1&dec=1&steps=20&lang=en-XA');
    await page.waitForSelector('#extrapolation');
    expect(await page.evaluate(unmarkedTexts, trainParts)).toEqual([]);
    await page.locator('#train-start').click();
    await page.waitForFunction(() => document.querySelector('#train-view').dataset.status === 'done', null, {
      timeout: 60_000,
    });
    await page.waitForSelector('#snapshots canvas');
    await page.waitForFunction(() => /⟦/.test(document.querySelector('#train-scores').textContent));
    expect(await page.evaluate(unmarkedTexts, trainParts)).toEqual([]);
    await page.selectOption('#train-task', 'pairs'); // the pasted pairs' fields
    expect(await page.evaluate(unmarkedTexts, trainParts)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('marks every visible text of the Generate view, before a model and after writing with ours', async () => {
    const { page, errors } = await openPlayground(suite, '?view=generate&tokens=6&lang=en-XA');
    await page.waitForSelector('#generate-induction');
    expect(await page.evaluate(unmarkedTexts, generateParts)).toEqual([]);
    await page.locator('#generate-open-trained').click();
    await page.waitForFunction(
      () => {
        const view = document.querySelector('#generate-view');
        return view.dataset.model === 'opened' && Number(view.dataset.written) > 0 && view.dataset.writing === 'done';
      },
      null,
      { timeout: 60_000 },
    );
    await page.waitForSelector('#generate-model-distribution li'); // the model's own distribution, asked after
    expect(await page.locator('#generate-opened').textContent()).toMatch(/^⟦/);
    expect(await page.locator('#generate-strip button.written').count()).toBe(6);
    expect(await page.evaluate(unmarkedTexts, generateParts)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('finds an English text that skipped the catalogue (the check above can fail)', async () => {
    const { page } = await openPlayground(suite, '?view=lessons&lesson=2&lang=en-XA');
    await page.evaluate(() => document.querySelector('#lesson-text').append(document.createElement('b')));
    await page.evaluate(() => (document.querySelector('#lesson-text b').textContent = 'Hard-coded English'));
    expect(await page.evaluate(unmarkedTexts, convertedParts)).toEqual(['Hard-coded English']);
    await page.close();
  });
});

// User text is never markup: the payload below is typed into every text field of every view (and of the
// embeddable elements), a file named with it is opened, and a model whose vocabularies are made of markup is
// loaded and used. Any dialog, or any element the payloads could have made, fails the test.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTrainer } from '../../../web/lib/index.js';
import { resultsDir, useChromiumAndPlayground } from '../support/browser.js';
import { nothingBusy, settled, settledAfter } from '../support/settled.js';

const payload = '<img src=x onerror=alert(1)>';
// Words with no spaces inside (so each stays one token), each a complete piece of markup.
const markupWords = [
  '<img/src=x/onerror=alert(2)>',
  '<svg/onload=alert(3)>',
  '<b>bold</b>',
  '"><i>q</i>',
  "'><u>u</u>",
  '&lt;x&gt;',
];

const suite = useChromiumAndPlayground();

/** Elements the payloads would create if any reached innerHTML (searched through open shadow roots too). */
const injectedElements = (page) =>
  page.evaluate(() => {
    const found = [];
    const visit = (root) => {
      for (const element of root.querySelectorAll('*')) {
        const tag = element.tagName.toLowerCase();
        if (
          (tag === 'img' && element.getAttribute('src') === 'x') ||
          (tag === 'svg' && element.hasAttribute('onload')) ||
          ['b', 'i', 'u'].includes(tag) ||
          [...element.attributes].some((a) => a.name.startsWith('on'))
        ) {
          found.push(element.outerHTML.slice(0, 80));
        }
        if (element.shadowRoot) visit(element.shadowRoot);
      }
    };
    visit(document);
    return found;
  });

async function open(path) {
  const page = await suite.browser.newPage({ viewport: { width: 1440, height: 900 } });
  const dialogs = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    dialog.dismiss().catch(() => {});
  });
  await page.goto(`${suite.playground.url}${path}`);
  return { page, dialogs };
}

/** Types the payload into every visible, enabled text field (inputs, textareas; shadow DOM included) and submits it. */
async function typeEverywhere(page) {
  const fields = page.locator('input[type="text"], input:not([type]), input[type="search"], textarea');
  let typed = 0;
  for (let i = 0; i < (await fields.count()); i++) {
    const field = fields.nth(i);
    if (!(await field.isVisible()) || !(await field.isEnabled())) continue;
    await field.fill(payload);
    await field.press('Enter');
    typed++;
  }
  await nothingBusy(page); // what each field's Enter started (a translation, a drawing) is shown
  return typed;
}

let markupModel;
beforeAll(async () => {
  const pairs = Array.from({ length: 24 }, (_, i) => [
    `${markupWords[i % 6]} ${markupWords[(i + 2) % 6]}`,
    `${markupWords[(i + 1) % 6]} w${i % 5}`,
  ]);
  const trainer = await createTrainer({
    backend: 'wasm-simd128',
    task: { pairs, heldOut: 0.25 },
    steps: 30,
    model: { dModel: 16, heads: 2, ffn: 16, encoderLayers: 1, decoderLayers: 1 },
  });
  trainer.step(30);
  markupModel = Buffer.from(trainer.save());
  trainer.dispose();
});

describe('user text is shown as text, never run as markup', () => {
  const pages = [
    ['the Translation view', '?view=translation', 1],
    ['the Train view', '?view=train', 1],
    ['the embeddable elements', 'embed.html', 1],
  ];

  it.each(pages)('%s: the payload typed into every text field stays text', async (_, path, minimumFields) => {
    const { page, dialogs } = await open(path);
    // The embed page's elements start after its first paint: wait for one's own field, not for its tag.
    await page.waitForSelector(path === 'embed.html' ? 'attention-translator input' : 'body[data-ready]');
    await nothingBusy(page);
    const typed = await typeEverywhere(page);
    expect(typed).toBeGreaterThanOrEqual(minimumFields);
    expect(dialogs).toEqual([]);
    expect(await injectedElements(page)).toEqual([]);
    await page.close();
  });

  it('every lesson: the payload typed into every text field stays text', async () => {
    const { page, dialogs } = await open('?view=lessons&lesson=1');
    await page.waitForSelector('body[data-ready]');
    let typed = 0;
    for (let lesson = 1; lesson <= 10; lesson++) {
      if (lesson > 1) await page.locator('#lesson-next').click();
      await expect.poll(() => page.url()).toMatch(new RegExp(`lessons\\.lesson=${lesson}(&|$)`));
      await settled(page, '#lessons-view');
      typed += await typeEverywhere(page);
    }
    expect(typed).toBeGreaterThanOrEqual(1); // lesson 8's sentence at least
    expect(dialogs).toEqual([]);
    expect(await injectedElements(page)).toEqual([]);
    await page.close();
  }, 60_000);

  it('the Train view: pasted pairs of markup, then a markup model opened from a file named with markup', async () => {
    const { page, dialogs } = await open('?view=train');
    await page.waitForSelector('body[data-ready]');
    // Pairs pasted as text: the errors name lines with markup in them.
    await page.locator('#train-task').selectOption('pairs');
    await page
      .locator('#train-pairs')
      .fill(`${payload}\n${markupWords.join(' ')}\t${payload}\nno separator ${payload}`);
    await page.locator('#train-start').click();
    await page.waitForSelector('#train-view[data-status="failed"][data-state="settled"]');

    await page
      .locator('#train-load')
      .setInputFiles({ name: `${payload}.bin`, mimeType: 'application/octet-stream', buffer: markupModel });
    // Opening a model switches to the Translation view with it.
    await page.waitForSelector('#translation-view[data-decoding="done"]', { timeout: 20_000 });
    await page.locator('#sentence').fill(`${markupWords[0]} ${markupWords[2]}`);
    await page.locator('#translate').click();
    await page.waitForSelector('#translation-view[data-decoding="done"]', { timeout: 20_000 });
    const shown = await page.locator('#translation-view').textContent();
    expect(shown).toContain(markupWords[0]); // the words are there, as text
    // An unknown word made of markup: the suggestions are markup words, as text.
    await settledAfter(page, '#translation-view', async () => {
      await page.locator('#sentence').fill('<img/src=y/onerror=alert(4)>');
      await page.locator('#translate').click();
    });
    await page.screenshot({ path: `${resultsDir}injection-markup-model.png`, fullPage: true });
    expect(dialogs).toEqual([]);
    expect(await injectedElements(page)).toEqual([]);
    await page.close();
  }, 60_000);
});

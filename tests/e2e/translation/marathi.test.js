// The lecture's own pair on a phone: English → Marathi in Devanagari, drawn with the library's font (this machine
// kind has no Devanagari font of its own, and where one is installed the page still puts ours first), every glyph
// a real one, nothing wider than 375 px.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadTranslator } from '../../../web/lib/index.js';
import { openPage, resultsDir, useChromiumAndPlayground } from '../support/browser.js';

const suite = useChromiumAndPlayground();
const phone = { width: 375, height: 740 };

/** The fonts Chromium drew a node's text with (CDP CSS.getPlatformFontsForNode): [{ familyName, isCustomFont, glyphCount }]. */
async function fontsDrawing(page, selector) {
  const session = await page.context().newCDPSession(page);
  await session.send('DOM.enable');
  await session.send('CSS.enable');
  const { root } = await session.send('DOM.getDocument', { depth: -1 });
  const { nodeId } = await session.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await session.send('CSS.getPlatformFontsForNode', { nodeId });
  await session.detach();
  return fonts;
}

describe('English → Marathi', () => {
  it('translates the lecture’s “give me the book” verb last, in Devanagari drawn by the shipped font, at 375 px', async () => {
    const { page, errors } = await openPage(
      suite.browser,
      `${suite.playground.url}?view=translation&model=en-mr&q=give+me+the+book`,
      phone,
    );
    await page.waitForSelector('#translation-view[data-decoding="done"]');
    const words = await page.locator('#translation-output .token').allTextContents();
    expect(words).toEqual(['मला', 'पुस्तक', 'दे', '<eos>']);
    expect(await page.locator('#grammar-translation').textContent()).toMatch(/Matches the grammar/);

    // Every glyph of a Marathi word comes from the library's font, none from a fallback (a missing glyph's box).
    await page.evaluate(() => document.fonts.ready);
    const fonts = await fontsDrawing(page, '#translation-output .token');
    expect(fonts.filter((font) => !font.isCustomFont)).toEqual([]);
    expect(fonts.reduce((sum, font) => sum + font.glyphCount, 0)).toBeGreaterThanOrEqual(2);
    expect(fonts[0].familyName).toMatch(/Devanagari/);
    expect(await page.evaluate(() => [...document.fonts].find((face) => face.family.includes('Marathi'))?.status)).toBe(
      'loaded',
    );

    // The font is cut to the model's words (scripts/subset-devanagari-font.py): it alone draws every one of them.
    const marathi = await loadTranslator({
      model: readFileSync(new URL('../../../web/lib/models/en-mr.bin', import.meta.url)),
      backend: 'wasm-simd128',
    });
    const vocabulary = marathi.vocabulary.target.filter((word) => /[\u0900-\u097f]/.test(word));
    marathi.dispose();
    expect(vocabulary.length).toBeGreaterThan(1000);
    await page.evaluate((words) => {
      // A word a line: no space between them, a glyph the system's font would draw.
      const all = Object.assign(document.createElement('p'), {
        id: 'every-marathi-word',
        textContent: words.join('\n'),
      });
      all.style.whiteSpace = 'pre-line';
      document.body.append(all);
    }, vocabulary);
    await page.evaluate(() => document.fonts.ready);
    const everyWord = await fontsDrawing(page, '#every-marathi-word');
    expect(everyWord.filter((font) => !font.isCustomFont)).toEqual([]);
    expect(everyWord.find((font) => font.isCustomFont)?.glyphCount).toBeGreaterThan(4 * vocabulary.length);
    await page.evaluate(() => document.querySelector('#every-marathi-word').remove());

    // The map's labels are the same words, and nothing is wider than the phone.
    const labels = await page.locator('#cross-attention table tbody th').allTextContents();
    expect(labels[0]).toBe('output word मला');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await page.screenshot({ path: `${resultsDir}translation-marathi-375.png`, fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });
});

// What a learner reported of the Translation view, in real Chromium with real keys and a real pointer: the output
// temperature moves by every key and by dragging, keeping the focus; a refused sentence takes the previous one's
// bars and maps away; the alignment share is worded as a share; the vocabulary can be browsed and filtered.
import { describe, expect, it } from 'vitest';
import { logSlider } from '../../../web/src/common/controls.js';
import { translationLimits } from '../../../web/src/translation/translation-state.js';
import { openPage, useChromiumAndPlayground } from '../support/browser.js';

const suite = useChromiumAndPlayground();

async function open(query) {
  const opened = await openPage(suite.browser, `${suite.playground.url}${query}`);
  await opened.page.waitForSelector('body[data-ready]');
  await opened.page.waitForSelector('#translation-view[data-decoding="done"]');
  return opened;
}

/** The output temperature as written beside its slider ("T_out = 0.102" → 0.102). */
const shownOutputTemperature = async (page) =>
  Number((await page.locator('#output-temperature-value').textContent()).replace('T_out = ', ''));

/** Whether the slider first found is still on the page and has the focus (not replaced by a redraw). */
const sliderKeepsFocus = (page, slider) =>
  page.evaluate((node) => node.isConnected && document.activeElement === node, slider);

describe('the output temperature slider', () => {
  it('moves by every key from its minimum, keeping the focus on the same element', async () => {
    const { page, errors } = await open('?view=translation&q=maria+loves+the+cat&dec=sample&otemp=0.1');
    const slider = await page.evaluateHandle(() => document.querySelector('#output-temperature'));
    await page.locator('#output-temperature').focus();
    let previous = await shownOutputTemperature(page);
    expect(previous).toBe(0.1);
    for (let press = 0; press < 5; press++) {
      await page.keyboard.press('ArrowRight');
      const before = previous;
      await expect.poll(() => shownOutputTemperature(page)).toBeGreaterThan(before);
      previous = await shownOutputTemperature(page);
      expect(await sliderKeepsFocus(page, slider)).toBe(true);
    }
    await page.waitForSelector('#translation-view[data-decoding="done"]');
    expect(new URL(page.url()).searchParams.get('translation.otemp')).toBe(String(previous));

    await page.keyboard.press('End');
    await expect.poll(() => shownOutputTemperature(page)).toBe(translationLimits.maxOutputTemperature);
    await page.keyboard.press('PageDown');
    await expect.poll(() => shownOutputTemperature(page)).toBeLessThan(translationLimits.maxOutputTemperature);
    await page.keyboard.press('Home');
    await expect.poll(() => shownOutputTemperature(page)).toBe(translationLimits.minOutputTemperature);
    await page.keyboard.press('PageUp');
    await expect.poll(() => shownOutputTemperature(page)).toBeGreaterThan(translationLimits.minOutputTemperature);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => sliderKeepsFocus(page, slider)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('follows a pointer dragged from 30% to 90% of its track', async () => {
    const { page, errors } = await open('?view=translation&q=maria+loves+the+cat&dec=sample');
    const slider = page.locator('#output-temperature');
    await slider.scrollIntoViewIfNeeded();
    const box = await slider.boundingBox();
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.3, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.6, y, { steps: 8 });
    await page.mouse.move(box.x + box.width * 0.9, y, { steps: 8 });
    await page.mouse.up();
    await page.waitForSelector('#translation-view[data-decoding="done"]');
    const share = await slider.evaluate((node) => Number(node.value) / Number(node.max));
    expect(share).toBeGreaterThan(0.85);
    expect(share).toBeLessThan(0.95);
    // The value shown is the slider's: 90% of the log scale from 0.1 to 10 is about 6.3.
    const { minOutputTemperature: lo, maxOutputTemperature: hi } = translationLimits;
    const expected = logSlider.toValue(share * 1000, lo, hi);
    expect(Math.abs((await shownOutputTemperature(page)) / expected - 1)).toBeLessThan(0.02);
    expect(await sliderKeepsFocus(page, await slider.elementHandle())).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('a refused sentence', () => {
  it('takes the previous sentence’s words, bars and maps away and shows why', async () => {
    const { page, errors } = await open('?view=translation&q=the+big+dog+sees+the+white+cats');
    // The previous sentence's parts, all drawn: the bars, the maps (scrolled to, as the lazy ones need), attribution.
    expect(await page.locator('#next-word li').count()).toBeGreaterThan(1);
    expect(await page.locator('#alignment-agreement').textContent()).toMatch(
      /^In this map, on (\d+) of the \1 aligned output words so far \(100%\), the largest weight falls on the word’s true source word\.$/,
    );
    await page.locator('#decoder-self-attention').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('#decoder-self-attention table tbody tr').count()).toBe(9);
    await page.locator('#attribution').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('#attribution-agreement').textContent()).toMatch(/^Agreement with removal/);

    // Longer than the model reads (an unknown word it would carry across, as the model was trained to).
    await page.locator('#sentence').fill('the dog sees the cat and the cat sees the dog in the garden');
    await page.locator('#sentence').press('Enter');
    await expect.poll(() => page.locator('#translation-view .error').textContent()).toMatch(/has 14 words/);
    expect(await page.locator('#translation-output .token').count()).toBe(0);
    expect(await page.locator('#decoding-step-text').textContent()).toBe('');
    for (const part of ['#next-word', '#cross-attention', '#cross-attention-lines', '#decoder-self-attention']) {
      expect(await page.locator(part).isVisible(), part).toBe(false);
    }
    expect(await page.locator('#alignment-agreement').textContent()).toBe('');
    await page.locator('#attribution').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('#attribution-agreement').textContent()).toMatch(/has 14 words/);
    expect(await page.locator('#attribution-raw').isVisible()).toBe(false);

    // A sentence it knows brings them back.
    await page.locator('#sentence').fill('maria loves the cat');
    await page.locator('#sentence').press('Enter');
    await page.waitForSelector('#translation-view[data-decoding="done"]');
    expect(await page.locator('#translation-view .error').isHidden()).toBe(true);
    expect(await page.locator('#next-word').isVisible()).toBe(true);
    expect(await page.locator('#cross-attention').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('the words this model knows', () => {
  it('lists the vocabulary, filters it, and offers held-out sentences to start from', async () => {
    const { page, errors } = await open('?view=translation&q=maria+loves+the+cat');
    const words = () => page.locator('#vocabulary .vocabulary-word').allTextContents();
    await page.locator('#vocabulary summary').click();
    expect(await page.locator('#vocabulary summary').textContent()).toMatch(/^Words this model knows \(\d+\)$/);
    // Listed on the details' first toggle event, a task after the click.
    await expect.poll(words).toContain('the');
    await page.locator('#vocabulary-filter').fill('cat');
    await expect.poll(async () => (await words()).every((word) => word.includes('cat'))).toBe(true);
    expect(await words()).toContain('cat');
    expect(await words()).not.toContain('the');
    expect(await page.locator('#vocabulary-count').textContent()).toMatch(/^\d+ of \d+ words contain “cat”\.$/);

    const example = page.locator('#vocabulary .vocabulary-examples button').first();
    const sentence = await example.textContent();
    await example.click();
    await page.waitForSelector('#translation-view[data-decoding="done"]');
    expect(await page.locator('#sentence').inputValue()).toBe(sentence);
    expect(await page.locator('#translation-output .token').count()).toBeGreaterThan(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});

// Present mode (present=1) at projector sizes: nothing wider than the screen, the lesson's widget most of it, its
// text reduced to the key sentence, axe-clean; ← and → move through the lessons (and the Translation view's
// decoding steps), the URL keeping present=1; Escape leaves. Screenshots into test-results/ (and docs/images).
import { describe, expect, it } from 'vitest';
import { accessibilityViolations, openPage, resultsDir, useChromiumAndPlayground } from '../support/browser.js';

const suite = useChromiumAndPlayground();

const lessonFour = 'Dot products of random vectors';

/** What a projector shows of the page: overflow, where the widget sits and how big, the type's size on screen. */
const layout = (page) =>
  page.evaluate(() => {
    const widget = document.querySelector('#lessons-view .lesson-body').getBoundingClientRect();
    const root = document.documentElement;
    const zoom = Number(root.style.zoom);
    const sentence = document.querySelector('#present-key-sentence');
    return {
      overflow: root.scrollWidth - root.clientWidth,
      widgetWidth: widget.width / innerWidth,
      widgetTop: widget.top / innerHeight,
      widgetShown: (Math.min(widget.bottom, innerHeight) - Math.max(widget.top, 0)) / innerHeight,
      sentencePixels: Number.parseFloat(getComputedStyle(sentence).fontSize) * zoom,
      sentence: sentence.textContent,
      fullTextShown: getComputedStyle(document.querySelector('#lesson-text')).display !== 'none',
      headerShown: getComputedStyle(document.querySelector('.site-header')).display !== 'none',
    };
  });

describe('present mode', () => {
  it.each([
    [1280, 720],
    [1920, 1080],
  ])('a lesson at %i × %i fills the screen, large and axe-clean', async (width, height) => {
    const { page, errors } = await openPage(suite.browser, `${suite.playground.url}?view=lessons&lesson=4&present=1`, {
      width,
      height,
    });
    await page.waitForSelector('#present-bar');
    await page.waitForSelector('#lessons-view .lesson-widget canvas');
    const shown = await layout(page);
    expect(shown.overflow).toBeLessThanOrEqual(0);
    expect(shown.widgetWidth).toBeGreaterThan(0.9);
    expect(shown.widgetTop).toBeLessThan(0.4); // title and key sentence above it, no more
    expect(shown.widgetShown).toBeGreaterThan(0.6);
    expect(shown.sentencePixels).toBeGreaterThanOrEqual(width >= 1920 ? 36 : 24);
    expect(shown.sentence).toMatch(new RegExp(`^${lessonFour}.*nearly 0 or 1\\.$`));
    expect(shown).toMatchObject({ fullTextShown: false, headerShown: false });
    expect(await accessibilityViolations(page, '#app')).toEqual([]);
    await page.screenshot({ path: `${resultsDir}present-lesson-4-${width}.png` });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('← and → move through the lessons, keeping present=1; Escape leaves', async () => {
    const { page, errors } = await openPage(suite.browser, `${suite.playground.url}?view=lessons&lesson=4&present=1`, {
      width: 1280,
      height: 720,
    });
    await page.waitForSelector('#present-bar');
    await page.waitForSelector('#lessons-view .lesson-widget canvas');
    const lessonInUrl = () => {
      const params = new URL(page.url()).searchParams;
      return `${params.get('lessons.lesson')} ${params.get('present')}`;
    };
    await page.keyboard.press('ArrowRight');
    await expect.poll(lessonInUrl).toBe('5 1');
    await expect.poll(() => page.locator('#present-key-sentence').textContent()).not.toMatch(lessonFour);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(lessonInUrl).toBe('4 1');
    // A slider keeps its arrows: d moves, the lesson stays.
    const slider = page.locator('#lessons-view input[type="range"]').first();
    await slider.focus();
    const d = () => new URL(page.url()).searchParams.get('lessons.d');
    const before = await d();
    await page.keyboard.press('ArrowRight');
    await expect.poll(d).not.toBe(before);
    expect(lessonInUrl()).toBe('4 1');

    await slider.blur();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('presenting'))).toBe(false);
    expect(new URL(page.url()).searchParams.has('present')).toBe(false);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.site-header')).display)).toBe('flex');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the Translation view: the map on the first screen, ← and → walk the decoding steps', async () => {
    const { page, errors } = await openPage(suite.browser, `${suite.playground.url}?view=translation&present=1`, {
      width: 1920,
      height: 1080,
    });
    await page.waitForSelector('#translation-view[data-decoding="done"]');
    await page.waitForSelector('#present-bar');
    const step = () => page.locator('#decoding-step').inputValue();
    const last = Number(await step());
    expect(last).toBeGreaterThan(2);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(step).toBe(String(last - 2));
    await page.keyboard.press('ArrowRight');
    await expect.poll(step).toBe(String(last - 1));
    const map = await page.evaluate(() => {
      const cross = document.querySelector('#cross .heatmap canvas').getBoundingClientRect();
      return {
        top: cross.top / innerHeight,
        height: cross.height / innerHeight,
        overflow: document.documentElement.scrollWidth - innerWidth,
      };
    });
    expect(map.top).toBeLessThan(0.7); // below the sentence and its translation, on the first screen
    expect(map.height).toBeGreaterThan(0.3);
    expect(map.overflow).toBeLessThanOrEqual(0);
    expect(await accessibilityViolations(page, '#app')).toEqual([]);
    await page.screenshot({ path: `${resultsDir}present-translation-1920.png` });
    expect(errors).toEqual([]);
    await page.close();
  });
});

// Dark mode: with the system's dark preference emulated, every view (and lessons with a map, a graph and a chart)
// is dark and passes axe-core (WCAG 2.1 A/AA, text contrast included); the header's switch overrides the system,
// is kept in this browser, applies before the first paint (no flash), and redraws the maps' canvases.
import { describe, expect, it } from 'vitest';
import { accessibilityViolations, resultsDir, useChromiumAndPlayground } from '../support/browser.js';

const suite = useChromiumAndPlayground();

/** A page whose system prefers dark (`colorScheme`), recording errors; the first frame's background noted. */
async function openDark(query, viewport = { width: 1440, height: 900 }) {
  const page = await suite.browser.newPage({ viewport, colorScheme: 'dark' });
  const errors = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  // Before any paint: what the page's background is in the first frame the browser draws.
  await page.addInitScript(() => {
    requestAnimationFrame(() => {
      globalThis.firstFrameBackground = getComputedStyle(document.documentElement).backgroundColor;
    });
  });
  await page.goto(`${suite.playground.url}${query}`);
  await page.waitForSelector('body[data-ready]');
  return { page, errors };
}

/** The relative luminance (0 black … 1 white) of a computed `rgb(r, g, b)` colour. */
function luminance(rgb) {
  const [r, g, b] = rgb
    .match(/\d+(\.\d+)?/g)
    .slice(0, 3)
    .map((c) => {
      const s = Number(c) / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const pageBackground = (page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
const mapBackgrounds = (page) =>
  page.evaluate(() => {
    const drawn = [...document.querySelectorAll('.heatmap-picture')].filter((p) => p.style.background);
    return [...new Set(drawn.map((p) => p.style.background))];
  });

describe('dark mode', () => {
  it.each([
    ['?view=translation', '#translation-view[data-decoding="done"]'],
    ['?view=steps', '#stage-weights'],
    ['?view=train', '#train-start'],
    ['?view=generate', '#generate-prompt'],
    ['?view=lessons&lesson=4', '#lessons-view .lesson-widget canvas'],
    ['?view=lessons&lesson=6', '#lessons-view .lesson-widget svg'],
    ['?view=lessons&lesson=8', '#lessons-view .lesson-widget svg'],
  ])('%s is dark and has no WCAG 2.1 A/AA violations', async (query, ready) => {
    const { page, errors } = await openDark(query);
    await page.waitForSelector(ready);
    expect(await page.evaluate(() => document.documentElement.dataset.colorScheme)).toBe('dark');
    expect(luminance(await pageBackground(page))).toBeLessThan(0.02);
    expect(luminance(await page.evaluate(() => globalThis.firstFrameBackground))).toBeLessThan(0.02);
    expect(luminance(await page.evaluate(() => getComputedStyle(document.body).color))).toBeGreaterThan(0.7);
    for (const background of await mapBackgrounds(page)) expect(luminance(background)).toBeLessThan(0.02);
    expect(await accessibilityViolations(page, '#view-panel')).toEqual([]);
    expect(await accessibilityViolations(page, '.site-header')).toEqual([]);
    expect(await accessibilityViolations(page, '.view-tabs')).toEqual([]);
    if (query.endsWith('lesson=4')) await page.screenshot({ path: `${resultsDir}dark-lesson-4.png` });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the switch overrides the system, redraws the maps, is kept, and applies before the first paint', async () => {
    const { page, errors } = await openDark('?view=lessons&lesson=4');
    await page.waitForSelector('#lessons-view .lesson-widget canvas');
    expect(await page.locator('#color-scheme').inputValue()).toBe('system');
    expect(await mapBackgrounds(page)).toEqual(['rgb(31, 31, 31)']);

    await page.locator('#color-scheme').selectOption('light');
    expect(await page.evaluate(() => document.documentElement.dataset.colorScheme)).toBe('light');
    expect(luminance(await pageBackground(page))).toBeGreaterThan(0.9);
    expect(await mapBackgrounds(page)).toEqual(['rgb(255, 255, 255)']); // the canvases follow at once

    await page.reload();
    await page.waitForSelector('body[data-ready]');
    expect(luminance(await page.evaluate(() => globalThis.firstFrameBackground))).toBeGreaterThan(0.9);
    expect(await page.locator('#color-scheme').inputValue()).toBe('light');

    await page.locator('#color-scheme').selectOption('system');
    expect(await page.evaluate(() => [document.documentElement.dataset.colorScheme, localStorage.length])).toEqual([
      'dark',
      0,
    ]);
    expect(errors).toEqual([]);
    await page.close();
  });
});

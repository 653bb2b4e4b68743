// Printing a page of elements without scrolling it: ten <attention-lesson>s, of which a screen shows two, all
// draw their widgets once print media starts (Chromium's page.pdf() fires `beforeprint` and makes `print`
// match; emulated print media makes it match); on paper the controls give way to a line of settings, a figure
// keeps to one page and nothing is wider than the paper.
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openPage, resultsDir, useChromiumAndPlayground } from '../support/browser.js';

const suite = useChromiumAndPlayground();

const lessonCount = 10;
const paper = { width: 816, height: 1056 }; // US Letter at 96 px to the inch, page.pdf()'s default paper

// A course page as a stranger writes it: the elements' module and ten lessons, nothing else. Served at the dev
// server's origin (a route), so the module and its wasm load as from the page's own folder.
const coursePage = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>Ten lessons</title></head>
  <body>
    <script type="module" src="./elements/index.js"></script>
    ${Array.from({ length: lessonCount }, (_, i) => `<attention-lesson lesson="${i + 1}"></attention-lesson>`).join('\n    ')}
  </body>
</html>`;

// The dev server's client cannot reach its socket from a routed page; that is the test's set-up, not the page's.
const pageErrors = (errors) => errors.filter((e) => !/WebSocket|\[vite\]/.test(e));

async function openCoursePage() {
  const url = `${suite.playground.url}print-course.html`;
  const opened = await openPage(suite.browser, url, paper, async (page) => {
    await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: coursePage }));
    // Any scroll at all is counted: the page must print drawn without the reader (or the test) going down it.
    await page.addInitScript(() => {
      globalThis.scrolls = 0;
      addEventListener('scroll', () => globalThis.scrolls++, { capture: true, passive: true });
    });
  });
  return opened;
}

/** Per lesson element: drawn (data-drawn), and the pictures and tables its widget holds. */
const lessonsDrawn = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('attention-lesson')].map((lesson) => ({
      drawn: lesson.hasAttribute('data-drawn'),
      pictures: lesson.shadowRoot.querySelectorAll('.lesson-widget :is(canvas, svg, table, figure)').length,
    })),
  );

/** What print media makes of each lesson: its controls' display, its settings line, its figures' breaks. */
const printLayout = (page) =>
  page.evaluate(() => {
    const display = (e) => getComputedStyle(e).display;
    return [...document.querySelectorAll('attention-lesson')].map((lesson) => {
      const root = lesson.shadowRoot;
      const host = lesson.getBoundingClientRect();
      const figures = [...root.querySelectorAll('.lesson-widget figure')];
      const settings = root.querySelector('.print-settings');
      return {
        lesson: lesson.getAttribute('lesson'),
        controls: [...root.querySelectorAll('.controls, .buttons')].map(display),
        settings: settings && display(settings) !== 'none' ? settings.textContent : null,
        figures: figures.length,
        figureBreaks: [...new Set(figures.map((f) => getComputedStyle(f).breakInside))],
        widestRight: Math.max(...figures.map((f) => Math.round(f.getBoundingClientRect().right))) - host.right,
      };
    });
  });

describe('printing the elements', () => {
  it('ten lessons printed unscrolled: every widget drawn, controls replaced by their settings, figures whole', async () => {
    const { page, errors } = await openCoursePage();
    // The first screen draws as it did; the lessons below it wait for the reader (the page stays quick to open).
    await expect.poll(() => lessonsDrawn(page).then((l) => l[0].drawn), { timeout: 30_000 }).toBe(true);
    const beforePrint = await lessonsDrawn(page);
    expect(beforePrint.at(-1)).toEqual({ drawn: false, pictures: 0 });

    await page.emulateMedia({ media: 'print' });
    await expect
      .poll(() => lessonsDrawn(page).then((l) => l.filter((lesson) => lesson.drawn).length), { timeout: 45_000 })
      .toBe(lessonCount);
    const drawn = await lessonsDrawn(page);
    for (const [i, lesson] of drawn.entries()) expect(lesson.pictures, `lesson ${i + 1}'s pictures`).toBeGreaterThan(0);
    expect(await page.evaluate(() => [globalThis.scrolls, scrollY])).toEqual([0, 0]);

    const layout = await printLayout(page);
    for (const lesson of layout) {
      expect(lesson.controls.length, `lesson ${lesson.lesson} has controls`).toBeGreaterThan(0);
      expect(new Set(lesson.controls), `lesson ${lesson.lesson}'s controls on paper`).toEqual(new Set(['none']));
      expect(lesson.settings, `lesson ${lesson.lesson}'s settings line`).toMatch(/^Settings: \S/);
      if (lesson.figures) expect(lesson.figureBreaks, `lesson ${lesson.lesson}'s figures`).toEqual(['avoid']);
      expect(lesson.widestRight, `lesson ${lesson.lesson}'s figures past its right edge`).toBeLessThanOrEqual(0);
    }
    expect(layout.find((l) => l.lesson === '4').settings).toBe('Settings: d = 64');
    expect(layout.reduce((n, l) => n + l.figures, 0)).toBeGreaterThanOrEqual(lessonCount);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(paper.width);

    const pdf = await page.pdf({ format: 'Letter', printBackground: true });
    writeFileSync(`${resultsDir}print-ten-lessons.pdf`, pdf);
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? [];
    console.log(`print: ${pdf.length} bytes, ${pages.length} pages`);
    expect(pages.length).toBeGreaterThanOrEqual(lessonCount / 2); // 15 in Chromium 14x: a lesson or two a page
    expect(pages.length).toBeLessThanOrEqual(lessonCount * 3);
    expect(pdf.length).toBeGreaterThan(100_000);
    expect(pageErrors(errors)).toEqual([]);
    await page.close();
  });

  it("the playground's Lessons view prints the lesson shown: no navigation, sliders or buttons, its figures whole", async () => {
    const { page, errors } = await openPage(suite.browser, `${suite.playground.url}?view=lessons&lesson=4`, paper);
    await page.waitForSelector('#lessons-view .lesson-widget canvas');
    await page.emulateMedia({ media: 'print' });
    const layout = await page.evaluate(() => {
      const display = (selector) => [...document.querySelectorAll(selector)].map((e) => getComputedStyle(e).display);
      const article = document.querySelector('#lessons-view .lesson').getBoundingClientRect();
      return {
        hidden: ['.view-tabs', '.lesson-nav', '#lessons-view button', '#lessons-view input[type="range"]'].map(
          (selector) => [selector, [...new Set(display(selector))]],
        ),
        shown: display('#lessons-view .lesson-widget .field-label, #lessons-view .lesson-widget output'),
        figureBreaks: [
          ...new Set(
            [...document.querySelectorAll('#lessons-view figure')].map((f) => getComputedStyle(f).breakInside),
          ),
        ],
        articleWidth: Math.round(article.width),
        pageWidth: document.documentElement.scrollWidth,
      };
    });
    expect(layout.hidden).toEqual([
      ['.view-tabs', ['none']],
      ['.lesson-nav', ['none']],
      ['#lessons-view button', ['none']],
      ['#lessons-view input[type="range"]', ['none']],
    ]);
    expect(layout.shown.length).toBeGreaterThan(0); // each slider's label and value stay, as its caption
    expect(layout.shown).not.toContain('none');
    expect(layout.figureBreaks).toEqual(['avoid']);
    expect(layout.articleWidth).toBeGreaterThan(paper.width * 0.9); // the lesson list's column is gone
    expect(layout.pageWidth).toBeLessThanOrEqual(paper.width);
    expect(pageErrors(errors)).toEqual([]);
    await page.close();
  });
});

// Every screen a class uses, in every language: each view (English → Spanish's landing, English → Marathi's, the step
// view, Train, Generate, lessons 1, 5 and 9) at the widths a phone, a tablet, laptops and a desktop show, and in
// present mode at a projector's 1280 × 720 and 1920 × 1080, in Spanish, Chinese and English as the pseudo-locale draws
// it (each English message between ⟦ and ⟧: whatever English would overflow, cut or overlap, that does too, so a walk
// in plain English found nothing more and cost 27 s). Nothing scrolls sideways, no menu, field or button is narrower
// than its text or cut off, no two labels, headings or controls are drawn over each other (support/layout-faults.js),
// and pointer targets are as WCAG 2.2's 2.5.8 asks (axe-core's target-size rule, once per regime of the styles). One
// page load per landing and language: the walk goes through the views by their tabs and through the lessons by their
// list, resizing the same page.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFailed } from 'vitest';
import { openPage, resultsDir, useChromiumAndPlayground } from '../support/browser.js';
import { layoutFaults } from '../support/layout-faults.js';
import { pageDiagnosis } from '../support/page-diagnosis.js';

const suite = useChromiumAndPlayground();

const widths = [
  [375, 812],
  [768, 1024],
  [1024, 768],
  [1366, 768],
  [1920, 1080],
];
const projectors = [
  [1280, 720],
  [1920, 1080],
];
/**
 * The sizes whose pointer targets axe-core measures: one per regime of the page's styles (their breakpoints are at
 * 480, 640, 720 and 1280 px, so 768 and 1024 are drawn alike, as 1366 and 1920 are), and present mode on the smaller
 * projector (its text, and so its buttons, the smaller). Target size is a control's size and the room around it;
 * the layout faults, which a width's wrapping changes, are checked at every size. A run of axe is some 130 ms: at
 * every size, the walks spent 40% of their time in it.
 */
const targetSizesAt = new Set(['375x812', '1024x768', '1366x768', '1280x720']);
const locales = ['es', 'zh-CN', 'en-XA'];

/** The screens of one walk: how to get there in the page, and what the page shows once it is drawn. */
const viewTab = (view, drawn) => ({
  name: view,
  open: (page) => page.click(`#tab-${view}`),
  drawn,
});
const lesson = (number, drawn) => ({
  name: `lesson ${number}`,
  open: (page) => page.click(`#lesson-${number}`),
  drawn: [`#lesson-${number}[aria-current="step"]`, drawn],
});
const walks = {
  'English → Spanish': {
    query: '?view=translation',
    screens: [
      { name: 'translation', open: async () => {}, drawn: '#translation-view[data-decoding="done"]' },
      viewTab('steps', ['#step-view', '#stage-weights table tbody tr']),
      viewTab('train', '#train-start'),
      viewTab('generate', '#generate-start'),
      viewTab('lessons', '#lesson-text:not(:empty)'),
      lesson(1, '#lessons-view .lesson-widget'),
      lesson(5, '#lessons-view .lesson-widget'),
      lesson(9, '#lessons-view .lesson-widget'),
    ],
  },
  'English → Marathi': {
    query: '?view=translation&model=en-mr',
    screens: [{ name: 'translation', open: async () => {}, drawn: '#translation-view[data-decoding="done"]' }],
  },
};

/** Two frames after a change: the page has laid out and drawn what the change asked for. */
const framesDrawn = (page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

async function targetSizeFaults(page) {
  if (!(await page.evaluate(() => 'axe' in globalThis)))
    await page.addScriptTag({
      path: fileURLToPath(new URL('../../../node_modules/axe-core/axe.min.js', import.meta.url)),
    });
  const { violations } = await page.evaluate(() =>
    globalThis.axe.run('#app', { runOnly: ['target-size'], resultTypes: ['violations'] }),
  );
  return violations.flatMap(({ nodes }) =>
    nodes.map((node) => `target smaller than 24 × 24 px without room around it: ${node.target.join(' ')}`),
  );
}

/** Body text in present mode, for the back of a room: 24 px on a 720-line projector, 32 on a 1080-line one. */
const presentedText = { 720: 24, 1080: 32 };

/** `doing(what)` says each part as it starts: a walk that stops says which. */
async function faultsAt(page, [width, height], { presenting = false, doing = () => {} } = {}) {
  doing('resizing');
  await page.setViewportSize({ width, height });
  doing('waiting for two frames');
  await framesDrawn(page);
  const textPixels = presenting ? presentedText[height] : 0;
  doing('measuring the layout');
  const faults = await page.evaluate(layoutFaults, { textPixels });
  if (!targetSizesAt.has(`${width}x${height}`)) return faults;
  doing('running axe’s target-size rule');
  return [...faults, ...(await targetSizeFaults(page))];
}

describe.each(Object.entries(walks))('%s', (walk, { query, screens }) => {
  it.each(locales)(
    'in %s: every screen, every width, present mode',
    async (locale) => {
      const { page, errors } = await openPage(suite.browser, `${suite.playground.url}${query}&lang=${locale}`, {
        width: 1366,
        height: 768,
      });
      const found = [];
      let where = 'opening the page'; // what the walk was doing, said if it fails (a time-out says nothing else)
      let part = ''; // and which part of it, at a size
      const doing = (what) => {
        part = what;
      };
      const at = (place) => {
        where = place;
        part = '';
      };
      onTestFailed(async () =>
        console.error(
          `${walk} in ${locale}: the walk stopped at ${where}${part && ` (${part})`}; ${await pageDiagnosis(page)}`,
        ),
      );
      for (const screen of screens) {
        at(`${screen.name}, opening it`);
        await page.setViewportSize({ width: 1366, height: 768 });
        await screen.open(page);
        const [shown, ...drawnBelow] = [screen.drawn].flat();
        await page.waitForSelector(shown, { state: 'attached' });
        // What is drawn only when scrolled to (a phone's way) is drawn: the walk checks the whole view.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        for (const selector of drawnBelow) await page.waitForSelector(selector, { state: 'attached' });
        await page.evaluate(() => window.scrollTo(0, 0));
        const shot = (size) =>
          screen.name === 'translation' &&
          page.screenshot({ path: `${resultsDir}layout-${walk.split(' ').pop()}-${locale}-${size.join('x')}.png` });
        for (const size of widths) {
          at(`${screen.name} at ${size.join(' × ')}`);
          found.push(
            ...(await faultsAt(page, size, { doing })).map(
              (fault) => `${screen.name} at ${size.join(' × ')}: ${fault}`,
            ),
          );
          if (size[0] === 1024) await shot(size); // the landing as a laptop shows it
        }
        at(`${screen.name}, presenting`);
        await page.click('#present-button');
        await page.waitForSelector('#present-bar');
        for (const size of projectors)
          found.push(
            ...(await faultsAt(page, size, { presenting: true, doing })).map(
              (fault) => `${screen.name}, presenting at ${size.join(' × ')}: ${fault}`,
            ),
          );
        await shot(['present', ...projectors.at(-1)]);
        await page.keyboard.press('Escape');
        await page.waitForSelector('html:not(.presenting)');
      }
      // Kept for reading whole (a failure's diff shows only its start).
      writeFileSync(`${resultsDir}layout-${walk.split(' ').pop()}-${locale}.txt`, found.join('\n'));
      expect(found).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    },
    180_000, // eight screens at seven sizes: some 40 s on an idle machine
  );
});

// Walking the Lessons view with "next" in one page, as a learner reads on: a lesson's checks without a page load
// each (a page costs Chromium 1.6 CPU-s before the checks start; docs/history.md).
import { scrollDown } from './browser.js';
import { settledAfter } from './settled.js';

/**
 * Shows `lesson` (the one after the lesson shown, or the first, the page's own) and resolves once its widget is
 * built: scrolled to from the top, as a phone builds a widget below the fold only then.
 */
export async function showLesson(page, lesson) {
  if (lesson > 1) await settledAfter(page, '#lessons-view', () => page.locator('#lesson-next').click());
  await page.waitForSelector(`#lesson-${lesson}[aria-current="step"]`, { state: 'attached' });
  await page.evaluate(() => window.scrollTo(0, 0));
  await scrollDown(page);
  await page.waitForSelector('.lesson-widget');
}

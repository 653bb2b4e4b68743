// Waiting for a view or an element to settle (web/src/common/settled.js: data-state, data-settled): what a test
// awaits after an action, in place of a sleep. An action's work starts in the handlers the action runs, so once the
// action has resolved the view is busy until that work is done; `settledAfter` also asks that it settled after the
// action (its count grown), for an action whose handler may not have run when the action resolved.
import { busySelector } from '../../../web/src/common/settled.js';

/** Resolves once `selector` (a view's section, an element's host) says it has settled. */
export function settled(page, selector, { timeout } = {}) {
  return page.waitForSelector(`${selector}[data-state="settled"]`, { state: 'attached', timeout });
}

/** How many times `selector` has settled so far (0 before the first). */
export function settledCount(page, selector) {
  return page.locator(selector).evaluate((element) => Number(element.dataset.settled ?? 0));
}

/** Runs `action`, then resolves once `selector` has settled again after it. */
export async function settledAfter(page, selector, action, { timeout } = {}) {
  const before = await settledCount(page, selector);
  await action();
  await page.waitForFunction(
    ([where, count]) => {
      const element = document.querySelector(where);
      return element?.dataset.state === 'settled' && Number(element.dataset.settled) > count;
    },
    [selector, before],
    { timeout },
  );
}

/** Resolves once nothing on the page says it is busy (every view and element that has started has settled). */
export function nothingBusy(page, { timeout } = {}) {
  return page.waitForFunction((busy) => !document.querySelector(busy), busySelector, { timeout });
}

// What the step view's end-to-end tests share: opening the view in a fresh page and reading a map's numbers.
import { openPage } from '../support/browser.js';

const parse = (text) => (text === '−∞' ? -Infinity : Number(text.replaceAll('−', '-')));

/** The numbers of a heatmap, read from its screen-reader table. */
export async function mapValues(page, id) {
  const rows = page.locator(`#${id} table tbody tr`);
  const count = await rows.count();
  const values = [];
  for (let i = 0; i < count; i++) values.push((await rows.nth(i).locator('td').allTextContents()).map(parse));
  return values;
}

/** The values in a matrix editor's cells, as the learner sees them. */
export async function editorValues(page, name) {
  return (await page.locator(`#edit-${name} input`).evaluateAll((inputs) => inputs.map((input) => input.value))).map(
    Number,
  );
}

/**
 * The step view, opened in `suite`'s Chromium and playground (useChromiumAndPlayground). The step view's own
 * links carry ?s=…; without them, ?view=steps picks it (the translation view is the default).
 */
export async function openSteps(suite, query = '?view=steps', viewport = undefined) {
  const opened = await openPage(suite.browser, `${suite.playground.url}${query}`, viewport);
  await opened.page.waitForSelector('body[data-ready]');
  return opened;
}

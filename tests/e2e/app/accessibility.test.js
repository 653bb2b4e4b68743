// axe-core (WCAG 2.1 A and AA) on every view of the playground, as a person first sees it. (The Train view,
// the Lessons view and the embed page are checked in their own files, in more states.)
import { describe, expect, it } from 'vitest';
import { accessibilityViolations, openPage, useChromiumAndPlayground } from '../support/browser.js';

const suite = useChromiumAndPlayground();

describe('accessibility', () => {
  it.each([
    ['?view=translation', '#translation-view', '#translation-view[data-decoding="done"]'],
    ['?view=translation&model=en-ja&dec=sample&tf=1', '#translation-view', '#translation-view[data-decoding="done"]'],
    ['?view=steps', '#step-view', '#stage-weights'],
  ])('%s has no WCAG 2.1 A/AA violations', async (query, root, ready) => {
    const { page, errors } = await openPage(suite.browser, `${suite.playground.url}${query}`);
    await page.waitForSelector('body[data-ready]');
    await page.waitForSelector(ready);
    expect(await accessibilityViolations(page, root)).toEqual([]);
    expect(await accessibilityViolations(page, '.view-tabs')).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});

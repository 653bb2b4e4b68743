// The Generate view's thread count, in real Chromium: on the site served cross-origin isolated, a link's
// generate.threads=2 is the control's choice and the run trains and writes on 2 threads (its trainer's count), said
// beside the control; a choice made after it is kept in the address. Served without the isolation headers, the control is off
// at one thread and a line says what is lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, startPlainServer, useChromiumAndPlayground } from '../support/browser.js';
import { settled } from '../support/settled.js';
import { shortStory } from './short-story.js';

const suite = useChromiumAndPlayground();
// A small model for a few dozen steps on the learner's own short text: seconds, not minutes.
const run = '?view=generate&corpus=own&steps=30&d=32&layers=1&context=32&generate.threads=2';
const threads = (page) => page.locator('#generate-threads');
const said = (page) => page.locator('#generate-threads-said').textContent();

describe('the thread count on an isolated page', () => {
  it('trains on the threads a link chose, says so, and keeps a new choice in the address', async () => {
    const { page, errors } = await openPage(suite.browser, `${suite.playground.url}${run}`);
    await page.waitForSelector('body[data-ready]');
    await settled(page, '#generate-view', { timeout: 30_000 });
    expect(await threads(page).inputValue()).toBe('2');
    expect(await said(page)).toMatch(/^training and writing on 2 threads \(cores: \d+\)$/);

    await page.locator('#generate-own-text').fill(shortStory);
    await page.locator('#generate-start').click();
    await expect
      .poll(() => page.locator('#generate-view').getAttribute('data-status'), { timeout: 60_000 })
      .toBe('done');
    // The run's own trainer says its count (its threads, not the setting's); the model then writes on them too.
    expect(await threads(page).getAttribute('data-running')).toBe('2');
    const view = page.locator('#generate-view');
    await expect.poll(() => view.getAttribute('data-written').then(Number), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await threads(page).isDisabled()).toBe(false);

    await threads(page).selectOption('1');
    await expect.poll(() => page.url()).toMatch(/[?&]generate\.threads=1(&|$)/);
    expect(await said(page)).toMatch(/^training and writing on 1 thread \(/);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('the thread count on a page that is not isolated', () => {
  let site;
  beforeAll(async () => {
    site = await startPlainServer();
  });
  afterAll(async () => {
    await site?.server.close();
  });

  it('is one thread, off, with a line saying what the missing headers cost', async () => {
    const { page } = await openPage(suite.browser, `${site.url}${run}`);
    await page.waitForSelector('body[data-ready]');
    await settled(page, '#generate-view', { timeout: 30_000 });
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(false);
    expect(await threads(page).inputValue()).toBe('1');
    expect(await threads(page).isDisabled()).toBe(true);
    expect(await said(page)).toMatch(
      /^One thread: this page is not cross-origin isolated \(no COOP and COEP headers\), so no threads may share memory\./,
    );
    await page.close();
  });
});

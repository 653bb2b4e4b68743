// embed=1: a lesson or a view inside another site's iframe, as a course platform that allows iframes but not
// scripts shows it: the content alone (no site header, view tabs, lesson list or lesson steps), a link to the same
// view in the full playground, links opening in a new tab, settings kept in the frame's URL with embed=1, and the
// page's height posted to a host that listens.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useChromiumAndPlayground } from '../support/browser.js';

const suite = useChromiumAndPlayground();
/** The full playground's link, as each catalogue says it. */
const openFull = Object.fromEntries(
  ['en', 'zh-CN'].map((locale) => [
    locale,
    JSON.parse(readFileSync(new URL(`../../../web/src/i18n/locales/${locale}.json`, import.meta.url), 'utf8')).app.embed
      .openFull,
  ]),
);

/** A host page of another origin (about:blank) with one iframe of `query`, recording the heights it is sent. */
async function hostWith(query) {
  const page = await suite.browser.newPage({ viewport: { width: 900, height: 800 } });
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.setContent(`<!doctype html><title>a course</title><h1>Week 4</h1>
    <iframe id="lesson" title="attention lesson" src="${suite.playground.url}${query}" style="width: 800px; height: 600px; border: 0"></iframe>
    <script>
      window.heights = [];
      addEventListener('message', (event) => event.data?.source === 'attention-playground' && window.heights.push(event.data.height));
    </script>`);
  const frame = await (await page.waitForSelector('#lesson')).contentFrame();
  await frame.waitForSelector('body[data-ready]');
  return { page, frame, errors };
}

const shown = (frame, selector) => frame.locator(selector).first().isVisible();

describe('embed=1 in an iframe', () => {
  it('a lesson: its text and widget alone, a link to the full playground, settings kept in the frame, its height posted', async () => {
    const { page, frame, errors } = await hostWith('?view=lessons&lesson=4&embed=1');
    await frame.waitForSelector('#scaling-width');
    expect(await frame.locator('#lesson-title').textContent()).toMatch(/scal/i);
    for (const hidden of ['.site-header', '#view-tabs', '.lesson-nav', '#lesson-next'])
      expect(await shown(frame, hidden)).toBe(false);
    const link = frame.locator('#full-playground');
    expect(await link.isVisible()).toBe(true);
    expect(await link.textContent()).toBe(openFull.en);
    expect(await link.getAttribute('target')).toBe('_blank');
    // A setting changed in the frame stays in its URL, with embed=1; the link carries it, without embed=1.
    await frame.locator('#scaling-width').fill('2');
    await expect.poll(() => frame.evaluate(() => location.search)).toMatch(/embed=1/);
    await expect.poll(() => frame.evaluate(() => new URLSearchParams(location.search).get('lessons.d'))).not.toBeNull();
    const popupOpened = page.context().waitForEvent('page');
    await link.click();
    const full = await popupOpened;
    const fullUrl = new URL(full.url());
    expect(fullUrl.searchParams.get('embed')).toBeNull();
    expect(fullUrl.searchParams.get('lessons.lesson')).toBe('4');
    expect(fullUrl.searchParams.get('lessons.d')).toBe(
      await frame.evaluate(() => new URLSearchParams(location.search).get('lessons.d')),
    );
    await full.waitForSelector('.lesson-nav'); // the full playground, whole (visible: waitForSelector's default)
    expect(await full.locator('.site-header').isVisible()).toBe(true);
    await full.close();
    // The height the content needs, for a host that sizes its frame (a host without script simply sets one).
    await expect.poll(() => page.evaluate(() => window.heights.at(-1) ?? 0)).toBeGreaterThan(300);
    expect(await page.evaluate(() => window.heights.at(-1))).toBe(
      await frame.evaluate(() => document.documentElement.scrollHeight),
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a view in Chinese: the Translation view without header or tabs, the link in the page’s language; its links open outside the frame', async () => {
    const { page, frame, errors } = await hostWith('?view=translation&model=en-ja&embed=1&lang=zh-CN');
    await frame.waitForSelector('#translation-view[data-decoding="done"]');
    expect(await frame.locator('#translation-output').textContent()).toMatch(/wa/);
    expect(await shown(frame, '.site-header')).toBe(false);
    expect(await shown(frame, '#view-tabs')).toBe(false);
    expect(await frame.locator('#full-playground').getAttribute('href')).not.toMatch(/embed=/);
    expect(await frame.locator('#full-playground').textContent()).toBe(openFull['zh-CN']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the Generate view: writes with our model in the frame, its settings kept with embed=1, no header or tabs', async () => {
    const { page, frame, errors } = await hostWith('?view=generate&temperature=0&tokens=20&embed=1');
    // Our model writes as the view opens: no click.
    await frame.waitForSelector('#generate-strip button[data-index="19"]', { timeout: 30_000 });
    for (const hidden of ['.site-header', '#view-tabs']) expect(await shown(frame, hidden)).toBe(false);
    // A setting changed in the frame stays in its URL with embed=1; the full playground's link carries it, without.
    await frame.locator('#generate-strip button[data-index="4"]').click();
    await expect.poll(() => frame.evaluate(() => new URLSearchParams(location.search).get('generate.step'))).toBe('5'); // 1-based
    expect(await frame.evaluate(() => new URLSearchParams(location.search).get('embed'))).toBe('1');
    const popupOpened = page.context().waitForEvent('page');
    await frame.locator('#full-playground').click(); // the link takes the settings as they are when clicked
    const opened = await popupOpened;
    const full = new URL(opened.url());
    expect([
      full.searchParams.get('view'),
      full.searchParams.get('generate.step'),
      full.searchParams.get('embed'),
    ]).toEqual(['generate', '5', null]);
    await opened.close();
    expect(await frame.locator('#full-playground').getAttribute('target')).toBe('_blank');
    expect(errors).toEqual([]);
    await page.close();
  });
});

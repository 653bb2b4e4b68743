// The Generate view's first minute in real Chromium (issue 59): it opens with our model writing, no click asked, the
// writing above the training form (on a phone, once the learner scrolls to it); each lesson's link (lesson-list.js's
// own) lands on the part it talks about, drawn and in view; and a refused start (a text too short) is said beside
// Start, leaving the model there was to write with.
import { describe, expect, it } from 'vitest';
import { openPage, useChromiumAndPlayground } from '../support/browser.js';
import { lessons } from '../../../web/src/lessons/lesson-list.js';

const suite = useChromiumAndPlayground();
const view = (page) => page.locator('#generate-view');
const data = async (page, name) => (await view(page).getAttribute(`data-${name}`)) ?? '';
const writtenChips = (page) => page.locator('#generate-strip button.written');

async function openWritten(query, viewport = { width: 1280, height: 800 }) {
  const opened = await openPage(suite.browser, `${suite.playground.url}?view=generate${query}`, viewport);
  await expect.poll(() => data(opened.page, 'written').then(Number), { timeout: 30_000 }).toBeGreaterThan(0);
  await expect.poll(() => data(opened.page, 'writing')).toBe('done');
  return opened;
}

/** Whether `selector`'s box is at least partly inside the window. */
const inView = (page, selector) =>
  page.locator(selector).evaluate((node) => {
    const box = node.getBoundingClientRect();
    return box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
  });

describe('the Generate view’s first minute', () => {
  it('writes with our model without a click, the writing above the training form', async () => {
    const { page, errors } = await openWritten('&tokens=40');
    expect(await data(page, 'model')).toBe('opened');
    expect(await writtenChips(page).count()).toBe(40);
    expect(await page.locator('#generate-write').isEnabled()).toBe(true);
    const top = (selector) => page.locator(selector).evaluate((node) => node.getBoundingClientRect().top);
    expect(await top('#generate-write')).toBeLessThan(await top('#generate-start'));
    expect(await top('#generate-strip')).toBeLessThan(await top('#generate-start'));
    expect(await top('#generate-strip')).toBeLessThan(await top('#your-language-models'));
    expect(await inView(page, '#generate-write')).toBe(true);
    // Compare's result is said just under its button (panels.test.js reads its words and the time line's).
    await page.locator('#generate-compare').click();
    await expect.poll(() => data(page, 'compared')).toBe('same');
    expect(await page.locator('#generate-comparison').isVisible()).toBe(true);
    expect((await top('#generate-comparison')) - (await top('#generate-compare'))).toBeLessThan(150);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('on a phone, fetches and writes once the learner comes to the writing (its first screen is the introduction)', async () => {
    const models = [];
    const watch = (p) => p.on('request', (request) => request.url().endsWith('.bin') && models.push(request.url()));
    const phone = { width: 375, height: 812 };
    const { page, errors } = await openPage(
      suite.browser,
      `${suite.playground.url}?view=generate&tokens=20`,
      phone,
      watch,
    );
    await page.waitForSelector('#generate-view[data-state="settled"]');
    expect(models).toEqual([]);
    await page.locator('#generate-writing').scrollIntoViewIfNeeded();
    await expect.poll(() => data(page, 'written').then(Number), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(models).toHaveLength(1);
    expect(await writtenChips(page).count()).toBe(20);
    expect(errors).toEqual([]);
    await page.close();
  });

  const links = lessons.filter((lesson) => lesson.languageModel).map((lesson) => [lesson.widget, lesson.languageModel]);
  it.each(links)('lesson “%s” lands on its part, drawn', async (widget, { view: link }) => {
    const part = new URLSearchParams(link).get('generate.part');
    const { page, errors } = await openWritten(link.replace('?view=generate', ''));
    await expect.poll(() => page.locator('#generate-part').getAttribute('data-landed')).toBe(part);
    if (part === 'causal') {
      expect(await inView(page, '#generate-causal-map')).toBe(true);
      const size = await page.locator('#generate-causal-canvas').evaluate((canvas) => [canvas.width, canvas.height]);
      expect(size[0] * size[1]).toBeGreaterThan(0);
      await expect.poll(() => page.locator('#generate-step-title').textContent()).toMatch(/^Token 40/); // step=40
    } else {
      expect(await inView(page, '#generate-part')).toBe(true);
    }
    if (part === 'cache') {
      // Our model: 2 layers, 4 heads of width 16. A position holds 2 × 2 × kv × 16 × 4 = 256·kv bytes.
      const rows = await page
        .locator('#generate-part-cache-table tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent.trim())));
      expect(rows.map(([heads, perPosition]) => [heads, perPosition])).toEqual([
        ['4 (1× smaller)', '1,024'],
        ['2 (2× smaller)', '512'],
        ['1 (4× smaller)', '256'],
      ]);
      expect(rows[0][3]).toMatch(/^[\d,]+ bytes allocated/); // the model written with: measured
      expect(rows[2][3]).toBe('worked out');
    }
    if (part === 'decoding') {
      const greedy = await page.locator('#generate-part-greedy p').textContent();
      const sampled = await page.locator('#generate-part-sampled p').textContent();
      expect(greedy.startsWith('It is a truth')).toBe(true);
      expect(greedy.length).toBeGreaterThan('It is a truth'.length + 40);
      expect(sampled).not.toBe(greedy);
      expect(await page.locator('#generate-part-sampled figcaption').textContent()).toBe(
        'Sampled at temperature 0.80, seed 1',
      );
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it.each(['cache', 'decoding'])(
    'the “%s” part says every word in the page’s language (the pseudo-locale)',
    async (part) => {
      const { page, errors } = await openWritten(`&generate.part=${part}&lang=en-XA`);
      await expect.poll(() => page.locator('#generate-part').getAttribute('data-landed')).toBe(part);
      const unmarked = await page.locator('#generate-part').evaluate((section) => {
        const found = [];
        const walker = document.createTreeWalker(section, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent.trim();
          if (/\p{L}{3,}/u.test(text) && !node.parentElement.closest('[translate="no"]') && !text.includes('⟦'))
            found.push(text);
        }
        return found;
      });
      expect(unmarked).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it('says a refused start beside Start, and keeps the model it had: its strip, Write', async () => {
    const { page, errors } = await openWritten('&corpus=own&tokens=20');
    await page.locator('#generate-own-text').fill('too short');
    await page.locator('#generate-start').click();
    await expect.poll(() => data(page, 'status')).toBe('failed');
    const error = page.getByRole('alert');
    expect(await error.textContent()).toMatch(/has 9 characters; a language model needs at least 20/);
    expect(await page.locator('#generate-progress-text').textContent()).toMatch(/^did not start: .*9 characters/);
    // Beside the control that produced it: just above the run bar, and on screen.
    const gap = await page.evaluate(() => {
      const start = document.querySelector('#generate-start').getBoundingClientRect();
      const said = document.querySelector('#generate-view p.error').getBoundingClientRect();
      return start.top - said.bottom;
    });
    expect(gap).toBeGreaterThanOrEqual(0);
    expect(gap).toBeLessThan(120);
    expect(await inView(page, '#generate-view p.error')).toBe(true);
    // The model is still there to write with.
    expect(await data(page, 'model')).toBe('opened');
    expect(await writtenChips(page).count()).toBe(20);
    expect(await page.locator('#generate-write').isEnabled()).toBe(true);
    const before = Number(await data(page, 'written'));
    await page.locator('#generate-write').click();
    await expect.poll(() => data(page, 'written').then(Number), { timeout: 20_000 }).toBeGreaterThan(before);
    expect(errors).toEqual([]);
    await page.close();
  });
});

// Progress a host can record: <attention-lesson challenges> on a course page shows lesson 2's challenges, and
// each solve (done as a learner does it) reaches the page as a `solved` event and in `progress`, kept where the
// host asked (storage="none", the default: nothing written to the page's localStorage; "local": kept there, so a
// second visit starts with it). And a lesson in an embed=1 iframe posts the same progress to its host page, once
// on load and on every solve.
import { describe, expect, it } from 'vitest';
import { logSlider } from '../../../web/src/common/controls.js';
import { defaultScores, temperatureRange } from '../../../web/src/lessons/widgets/softmax-math.js';
import { openPage, useChromiumAndPlayground } from '../support/browser.js';
import { settledAfter } from '../support/settled.js';

const suite = useChromiumAndPlayground();
const key = 'attention-playground:challenges';

/**
 * The embed page (web/embed.html, a page like a course's) with a lesson element first in it, carrying
 * `attributes`, and a record of the `solved` events the page hears.
 */
async function addLesson(page, attributes) {
  await page.evaluate((extra) => {
    window.solvedEvents = [];
    document.addEventListener('solved', (event) =>
      window.solvedEvents.push({ detail: event.detail, bubbles: event.bubbles, composed: event.composed }),
    );
    document
      .querySelector('main')
      .insertAdjacentHTML(
        'afterbegin',
        `<attention-lesson id="lesson" lesson="2" challenges ${extra}></attention-lesson>`,
      );
  }, attributes);
}

async function openCoursePage(attributes) {
  const opened = await openPage(suite.browser, `${suite.playground.url}embed.html`, { width: 1200, height: 900 });
  await opened.page.waitForSelector('body[data-ready]');
  await addLesson(opened.page, attributes);
  return opened;
}

// The temperature slider's position at which the favourite's weight lands in [low, high] (the test's own softmax).
function positionFor(low, high) {
  for (let p = 0; p <= 1000; p++) {
    const t = Number(logSlider.toValue(p, ...temperatureRange).toPrecision(2));
    const e = defaultScores.map((s) => Math.exp(s / t));
    const largest = Math.max(...e) / e.reduce((a, b) => a + b, 0);
    if (largest >= low && largest <= high) return p;
  }
  throw new Error('no slider position');
}
async function setRange(locator, value) {
  await locator.evaluate((input, v) => {
    input.value = String(v);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
}
/** Wind's score typed as a learner types it: 3 gives it about half the weight at temperature 1. */
async function typeWindScore(root, value) {
  const input = root.locator('#softmax-score-2');
  await input.fill(String(value));
  await input.press('Enter');
  await input.blur();
}

const status = (root, id) => root.locator(`#challenge-${id} .challenge-status`).textContent();
const progress = (page) => page.evaluate(() => document.querySelector('#lesson').progress);
const saved = (page) => page.evaluate((k) => localStorage.getItem(k), key);

describe('<attention-lesson challenges>: progress a host records', () => {
  it('storage="none" (the default): each solve is a solved event and in progress; localStorage is left empty', async () => {
    const { page, errors } = await openCoursePage('');
    const lesson = page.locator('#lesson');
    await expect.poll(() => status(lesson, 'softmax-confident'), { timeout: 30_000 }).toBe('Not solved yet');
    expect(await progress(page)).toEqual({ lesson: 2, solved: [], total: 2 });
    await setRange(lesson.locator('#softmax-temperature'), positionFor(0.91, 0.94));
    await expect.poll(() => page.evaluate(() => window.solvedEvents.length)).toBe(1);
    expect(await page.evaluate(() => window.solvedEvents[0])).toEqual({
      detail: { lesson: 2, solved: ['softmax-confident'], total: 2 },
      bubbles: true,
      composed: true,
    });
    expect(await status(lesson, 'softmax-confident')).toBe('✓ Solved');
    await lesson.locator('#lesson-reset').click(); // temperature 1 again, for the second
    // 63%: too much, not solved (the element drawn and its challenges checked: it settled after the typing)
    await settledAfter(page, '#lesson', () => typeWindScore(lesson, 3.5));
    expect(await page.evaluate(() => window.solvedEvents.length)).toBe(1);
    await typeWindScore(lesson, 3);
    await expect.poll(() => page.evaluate(() => window.solvedEvents.length)).toBe(2);
    expect(await page.evaluate(() => window.solvedEvents[1].detail)).toEqual({
      lesson: 2,
      solved: ['softmax-confident', 'softmax-third'],
      total: 2,
    });
    expect(await progress(page)).toEqual({ lesson: 2, solved: ['softmax-confident', 'softmax-third'], total: 2 });
    expect(await page.evaluate(() => localStorage.length)).toBe(0); // a stranger's origin is not written to
    // Without the attribute, a lesson shows no challenges (the embed page's own, lesson 4).
    await page.locator('#lesson-element').scrollIntoViewIfNeeded();
    await page.locator('#lesson-element #scaling-width').waitFor();
    expect(await page.locator('#lesson-element .challenge').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('storage="local": a solve is written under the playground’s key, and the next visit starts with it', async () => {
    const { page, errors } = await openCoursePage('storage="local"');
    const lesson = page.locator('#lesson');
    await expect.poll(() => status(lesson, 'softmax-third'), { timeout: 30_000 }).toBe('Not solved yet');
    expect(await saved(page)).toBeNull();
    await typeWindScore(lesson, 3);
    await expect
      .poll(() => page.evaluate(() => window.solvedEvents.map((e) => e.detail)))
      .toEqual([{ lesson: 2, solved: ['softmax-third'], total: 2 }]);
    expect(JSON.parse(await saved(page))).toEqual(['softmax-third']);
    await page.reload();
    await page.waitForSelector('body[data-ready]');
    await addLesson(page, 'storage="local"');
    expect(await progress(page)).toEqual({ lesson: 2, solved: ['softmax-third'], total: 2 });
    await expect.poll(() => status(lesson, 'softmax-third'), { timeout: 30_000 }).toBe('✓ Solved');
    expect(await status(lesson, 'softmax-confident')).toBe('Not solved yet');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('embed=1: a lesson in an iframe posts its progress to the host page', () => {
  it('once on load and on every solve, from the playground’s origin; a second load says what was solved', async () => {
    // The host: a page of the playground's origin (the embed page), so the frame's storage is not partitioned.
    const { page, errors } = await openPage(suite.browser, `${suite.playground.url}embed.html`);
    await page.waitForSelector('body[data-ready]');
    await page.evaluate((src) => {
      window.messages = [];
      addEventListener('message', (event) => {
        if (event.data?.type === 'attention-playground:progress')
          window.messages.push({ origin: event.origin, data: event.data });
      });
      const iframe = Object.assign(document.createElement('iframe'), { id: 'lesson', title: 'attention lesson', src });
      iframe.style.cssText = 'width: 800px; height: 700px; border: 0';
      document.querySelector('main').prepend(iframe);
    }, `${suite.playground.url}?view=lessons&lesson=2&embed=1`);
    const frame = await (await page.waitForSelector('#lesson')).contentFrame();
    await frame.waitForSelector('body[data-ready]');
    const origin = new URL(suite.playground.url).origin;
    const messages = () => page.evaluate(() => window.messages);
    const progressMessage = (solved) => ({
      origin,
      data: { type: 'attention-playground:progress', lesson: 2, solved, total: 2 },
    });
    await expect.poll(messages).toEqual([progressMessage([])]);
    await typeWindScore(frame, 3);
    await expect.poll(messages, { timeout: 30_000 }).toEqual([progressMessage([]), progressMessage(['softmax-third'])]);
    // The frame loaded again (the learner comes back next week): it says what this browser solved.
    await page.evaluate(() => {
      window.messages = [];
    });
    await frame.evaluate(() => location.reload());
    await expect.poll(messages, { timeout: 30_000 }).toEqual([progressMessage(['softmax-third'])]);
    expect(errors).toEqual([]);
    await page.close();
  });
});

// Every slider of every lesson as a person moves it, in Chromium: by keyboard (arrows, Page Up, Home, End) the
// value moves each time and the slider keeps the focus; dragged with the mouse (and one with a finger) from 30%
// to 90% of its track, it ends near 90% and is still the same element. The other lesson tests set values
// programmatically, which never showed that each step of a drag rebuilt the widget under the pointer.
import { describe, expect, it } from 'vitest';
import { openPage, useChromiumAndPlayground } from '../support/browser.js';

const suite = useChromiumAndPlayground();
const viewport = { width: 1440, height: 900 };

// Every lesson's sliders by id; the first test checks each lesson has exactly these, so a slider added to a lesson
// fails it until it is listed here (and so tested below).
const slidersOfLesson = {
  1: ['memory-decay'],
  2: ['softmax-temperature'],
  3: [],
  4: ['scaling-width'],
  5: [],
  6: [],
  7: [],
  8: ['position-count', 'position-dims'],
  9: [],
  10: ['memory-hops'],
};
const sliders = Object.entries(slidersOfLesson).flatMap(([lesson, ids]) => ids.map((id) => [Number(lesson), id]));

/** A lesson's page once its widget has drawn (each slider's <output> says its value after the first drawing). */
async function openLesson(lesson, page = null) {
  const opened = page
    ? { page, errors: [] }
    : await openPage(suite.browser, `${suite.playground.url}?view=lessons&lesson=${lesson}`, viewport);
  if (page) await page.goto(`${suite.playground.url}?view=lessons&lesson=${lesson}`);
  await opened.page.waitForSelector('body[data-ready]');
  await opened.page.waitForSelector('.lesson-widget');
  for (const id of slidersOfLesson[lesson])
    await expect.poll(() => opened.page.locator(`output[for="${id}"]`).textContent()).not.toBe('');
  return opened;
}

/**
 * The slider `id` (inside the shadow root of `host`, a selector, if given) after the page has drawn a frame: its
 * range and value, whether it is still the element marked at the start (`sliderUnderTest`), and whether that
 * element has the keyboard focus.
 */
function sliderNow(page, id, host = null) {
  return page.evaluate(
    ([i, h]) =>
      new Promise((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const root = h ? document.querySelector(h).shadowRoot : document;
            const slider = root.getElementById(i);
            resolve({
              value: Number(slider.value),
              min: Number(slider.min),
              max: Number(slider.max),
              step: Number(slider.step),
              same: slider.sliderUnderTest === true && slider.isConnected,
              focused: root.activeElement?.sliderUnderTest === true,
              shown: slider.labels[0]?.querySelector('output')?.textContent ?? '',
            });
          }),
        ),
      ),
    [id, host],
  );
}

/** Marks the slider, so that a rebuilt one (a new element with the same id) is told apart from it. */
async function markSlider(page, id, host = null) {
  const slider = page.locator(host ? `${host} #${id}` : `#${id}`);
  await slider.scrollIntoViewIfNeeded();
  await slider.evaluate((node) => {
    node.sliderUnderTest = true;
  });
  return slider;
}

/** The point at `fraction` of the slider's track, on its middle line. */
async function trackPoint(slider, fraction) {
  const box = await slider.boundingBox();
  return { x: box.x + fraction * box.width, y: box.y + box.height / 2 };
}

/** Clicks the slider's thumb (where its value puts it, allowing for the thumb's own width) to give it the focus. */
async function clickThumb(page, slider, { value, min, max }) {
  const box = await slider.boundingBox();
  const thumbHalf = Math.min(8, box.width / 10);
  const x = box.x + thumbHalf + ((value - min) / (max - min)) * (box.width - 2 * thumbHalf);
  await page.mouse.click(x, box.y + box.height / 2);
}

async function expectKeysMoveIt(page, id, host = null) {
  const slider = await markSlider(page, id, host);
  await clickThumb(page, slider, await sliderNow(page, id, host));
  let before = await sliderNow(page, id, host);
  expect(before.focused, `${id} focused by a click on its thumb`).toBe(true);
  expect(before.value, `${id} starts below its maximum`).toBeLessThan(before.max);
  for (const [key, moves] of [
    ['ArrowRight', 'up'],
    ['ArrowLeft', 'down'],
    ['PageUp', 'up'],
    ['Home', 'min'],
    ['End', 'max'],
  ]) {
    await page.keyboard.press(key);
    const after = await sliderNow(page, id, host);
    const what = `${id} after ${key} (from ${before.value})`;
    expect({ same: after.same, focused: after.focused }, what).toEqual({ same: true, focused: true });
    if (moves === 'up' || moves === 'max') expect(after.value, what).toBeGreaterThan(before.value);
    else expect(after.value, what).toBeLessThan(before.value);
    if (moves === 'min') expect(after.value, what).toBe(after.min);
    if (moves === 'max') expect(after.value, what).toBe(after.max);
    expect(after.shown, `${what}: its <output> follows`).not.toBe(before.shown);
    before = after;
  }
}

/** Expects the slider's value near 90% of its range: within 5% of it, or the nearest step of a coarse slider. */
function expectNear90Percent({ value, min, max, step }, what) {
  const range = max - min;
  expect(Math.abs(value - (min + 0.9 * range)), what).toBeLessThanOrEqual(Math.max(0.05 * range, step / 2));
}

/** A drag with the mouse from 30% to 90% of the slider's track, in ten moves. */
async function expectMouseDragMovesIt(page, id, host = null) {
  const slider = await markSlider(page, id, host);
  const from = await trackPoint(slider, 0.3);
  const to = await trackPoint(slider, 0.9);
  const before = await sliderNow(page, id, host);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 10 });
  await page.mouse.up();
  const after = await sliderNow(page, id, host);
  expect(after.same, `${id} is still the element the drag started on`).toBe(true);
  expectNear90Percent(after, `${id} dragged from 30% to 90% of its track (from ${before.value})`);
  expect(after.shown, `${id}'s <output> follows the drag`).not.toBe(before.shown);
}

describe('the lessons’ sliders, as a person moves them', () => {
  it('each lesson has exactly the sliders this file tests', async () => {
    const { page, errors } = await openPage(suite.browser, `${suite.playground.url}?view=lessons&lesson=1`, viewport);
    for (let lesson = 1; lesson <= 10; lesson++) {
      await openLesson(lesson, page);
      const ids = await page.$$eval('.lesson-body input[type="range"]', (inputs) => inputs.map((i) => i.id));
      expect(ids, `lesson ${lesson}'s sliders`).toEqual(slidersOfLesson[lesson]);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it.each(sliders)(
    'lesson %i, #%s: arrows, Page Up, Home and End move it and it keeps the focus',
    async (lesson, id) => {
      const { page, errors } = await openLesson(lesson);
      await expectKeysMoveIt(page, id);
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it.each(sliders)('lesson %i, #%s: a mouse drag from 30% to 90% of its track ends near 90%', async (lesson, id) => {
    const { page, errors } = await openLesson(lesson);
    await expectMouseDragMovesIt(page, id);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lesson 2’s temperature follows a finger dragged from 30% to 90% of its track', async () => {
    const context = await suite.browser.newContext({ viewport, hasTouch: true });
    const page = await context.newPage();
    await openLesson(2, page);
    const id = 'softmax-temperature';
    const slider = await markSlider(page, id);
    const from = await trackPoint(slider, 0.3);
    const to = await trackPoint(slider, 0.9);
    const before = await sliderNow(page, id);
    // Playwright's touchscreen only taps: the drag is the DevTools protocol's touch events, as a finger sends them.
    const devTools = await context.newCDPSession(page);
    const touch = (type, points) => devTools.send('Input.dispatchTouchEvent', { type, touchPoints: points });
    await touch('touchStart', [from]);
    for (let i = 1; i <= 10; i++) await touch('touchMove', [{ x: from.x + ((to.x - from.x) * i) / 10, y: from.y }]);
    await touch('touchEnd', []);
    const after = await sliderNow(page, id);
    expect(after.same, 'the slider the finger started on').toBe(true);
    expectNear90Percent(after, `dragged by a finger from 30% to 90% (from ${before.value})`);
    await context.close();
  });

  it('“Reset this lesson” puts the lesson’s settings back to their defaults, and the URL follows', async () => {
    const { page, errors } = await openPage(
      suite.browser,
      `${suite.playground.url}?view=lessons&lesson=2&sc=3,1,0,-2,1&t=5&order=2`,
      viewport,
    );
    await page.waitForSelector('body[data-ready]');
    await expect.poll(() => page.locator('output[for="softmax-temperature"]').textContent()).toBe('T = 5');
    await page.locator('#softmax-temperature').focus();
    await page.keyboard.press('End'); // and one more change, by the learner
    await expect.poll(() => new URL(page.url()).searchParams.get('lessons.t')).toBe('20');
    await page.locator('#lesson-reset').click();
    const settings = () => Object.fromEntries(new URL(page.url()).searchParams);
    await expect.poll(settings).toEqual({
      view: 'lessons',
      'lessons.lesson': '2',
      'lessons.sc': '1,2.5,0.5,-1,1.5',
      'lessons.t': '1',
    });
    expect(await page.locator('#softmax-temperature').inputValue()).toBe('500');
    expect(await page.locator('output[for="softmax-temperature"]').textContent()).toBe('T = 1');
    expect(await page.locator('#softmax-score-0').inputValue()).toBe('1');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('lesson-reset'); // it stays to be pressed again
    expect(errors).toEqual([]);
    await page.close();
  });

  it('<attention-lesson>’s slider (lesson 4 on the elements’ page) moves by keyboard and by a drag', async () => {
    const { page, errors } = await openPage(suite.browser, `${suite.playground.url}embed.html`, viewport);
    const host = '#lesson-element';
    await page.locator(host).scrollIntoViewIfNeeded(); // it draws when near the screen
    await expect.poll(() => page.locator(`${host} output[for="scaling-width"]`).textContent()).toBe('d = 128');
    await expectKeysMoveIt(page, 'scaling-width', host);
    await expectMouseDragMovesIt(page, 'scaling-width', host);
    expect(errors).toEqual([]);
    await page.close();
  });
});

// Every range slider in the step view, used as a person uses one: by keyboard (each arrow press moves it, End
// takes it to the end) and dragged with a pointer, the redraws never replacing it nor taking its focus.
import { describe, expect, it } from 'vitest';
import { useChromiumAndPlayground } from '../support/browser.js';
import { openSteps } from './step-page.js';

const suite = useChromiumAndPlayground();

/** The ids of the step view's range sliders. */
const sliderIds = (page) =>
  page.locator('#step-view input[type=range]').evaluateAll((sliders) => sliders.map((slider) => slider.id));

/** Marks the slider, so that a redraw that replaced it (a new element, the same id) is told apart from it. */
async function markSlider(page, id) {
  const slider = page.locator(`#${id}`);
  await slider.scrollIntoViewIfNeeded();
  await slider.evaluate((node) => {
    node.dataset.underTest = 'true';
  });
  return slider;
}

/** A slider's value and range; whether it is the element marked, and whether that has the keyboard focus. */
const sliderState = (page, id) =>
  page.evaluate((sliderId) => {
    const slider = /** @type {HTMLInputElement} */ (document.getElementById(sliderId));
    return {
      value: Number(slider.value),
      min: Number(slider.min),
      max: Number(slider.max),
      same: slider.dataset.underTest === 'true',
      focused: document.activeElement === slider,
    };
  }, id);

describe('the step view’s range sliders', () => {
  it('has range sliders to test', async () => {
    const { page } = await openSteps(suite);
    expect(await sliderIds(page)).not.toEqual([]);
    await page.close();
  });

  it('moves every slider by keyboard, one step per arrow press, keeping the focus', async () => {
    const { page, errors } = await openSteps(suite);
    for (const id of await sliderIds(page)) {
      const slider = await markSlider(page, id);
      await slider.focus();
      let before = await sliderState(page, id);
      for (let press = 1; press <= 3; press++) {
        await page.keyboard.press('ArrowRight');
        const after = await sliderState(page, id);
        expect(after.value, `#${id}, ArrowRight press ${press}`).toBeGreaterThan(before.value);
        expect({ same: after.same, focused: after.focused }, `#${id} keeps the focus`).toEqual({
          same: true,
          focused: true,
        });
        before = after;
      }
      await page.keyboard.press('End');
      const atEnd = await sliderState(page, id);
      expect(atEnd.value, `#${id} after End`).toBe(atEnd.max);
      expect({ same: atEnd.same, focused: atEnd.focused }, `#${id} after End`).toEqual({ same: true, focused: true });
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('follows a pointer dragged from 30% to 90% of every slider’s track', async () => {
    const { page, errors } = await openSteps(suite);
    for (const id of await sliderIds(page)) {
      const box = await (await markSlider(page, id)).boundingBox();
      const trackAt = (fraction) => [box.x + fraction * box.width, box.y + box.height / 2];
      await page.mouse.move(...trackAt(0.3));
      await page.mouse.down();
      await page.mouse.move(...trackAt(0.9), { steps: 12 });
      await page.mouse.up();
      const { value, min, max, same, focused } = await sliderState(page, id);
      const fraction = (value - min) / (max - min);
      // The thumb's centre stops half a thumb short of each end, so 90% of a short box is a little more of the range.
      expect(fraction, `#${id} ends near 90% of its range`).toBeGreaterThan(0.85);
      expect(fraction, `#${id} ends near 90% of its range`).toBeLessThan(0.97);
      expect({ same, focused }, `#${id} is the slider the drag began on, focused`).toEqual({
        same: true,
        focused: true,
      });
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});

// Overfitting as a learner sees it, in real Chromium: a small model trained for about ten seconds on a short story
// of their own (2,785 characters: 278 held-out tokens) learns it by heart. The page names it by its stated rule,
// keeps the best held-out step beside the latest, warns that the held-out part is too small to trust, draws the best
// step's mark inside the chart, and, with generate.keep=best, saves the run at that step. Stopped, a run says where
// it stopped (no time left) and is saved with the score of that step.
import { describe, expect, it } from 'vitest';
import { openPage, useChromiumAndPlayground } from '../support/browser.js';
import { settled } from '../support/settled.js';
import { shortStory } from './short-story.js';

const suite = useChromiumAndPlayground();

// One layer of width 64 at a high learning rate: past its best held-out score within 125 steps, on this story.
const run = '?view=generate&corpus=own&steps=300&d=64&layers=1&context=64&lr=0.02&keep=best';
const view = (page) => page.locator('#generate-view');
const data = async (page, name) => (await view(page).getAttribute(`data-${name}`)) ?? '';
const text = (page, selector) => page.locator(selector).textContent();
const rowDetails = (page) => page.locator('#your-language-models-list .model-details').allTextContents();
const number = String.raw`(\d+(?:\.\d+)?)`;
/** A score as the saved list writes it: three decimals, as the chart and its sentences do. */
const listed = (bits) => Number(bits).toFixed(3);

describe('overfitting on a short text', () => {
  it('is named by the page’s rule, with the best step kept, marked and saved, and a warning', async () => {
    const { page, errors } = await openPage(suite.browser, `${suite.playground.url}${run}`);
    await page.waitForSelector('body[data-ready]');
    expect(await page.locator('#generate-keep-best').isChecked()).toBe(true);
    // The address gains the view's state under its names when the page is idle; the view settles after that.
    await settled(page, '#generate-view', { timeout: 30_000 });
    expect(page.url()).toMatch(/[?&]generate\.keep=best(&|$)/); // the view's setting, under its name
    await page.locator('#generate-own-text').fill(shortStory);
    await page.locator('#generate-start').click();
    await expect.poll(() => data(page, 'status'), { timeout: 60_000 }).toBe('done');
    expect(await text(page, '#generate-progress-text')).toMatch(/^step 300 of 300 · \d+ steps\/s · finished in /);

    // The chart's numbers: a row a measurement (every 25 steps), training and held-out in bits per character.
    const rows = await page
      .locator('#generate-curves-numbers tbody tr')
      .evaluateAll((trs) => trs.map((tr) => Array.from(tr.children, (cell) => cell.textContent)));
    expect(rows.map(([step]) => Number(step))).toEqual(Array.from({ length: 13 }, (_, i) => 25 * i));
    const heldOut = rows.map((row) => Number(row[2]));
    const best = heldOut.indexOf(Math.min(...heldOut));
    const [bestStep, , bestBits] = rows[best];
    expect(best).toBeLessThan(11); // risen twice since: the rule's condition
    expect(Number(rows.at(-1)[1])).toBeLessThan(Number(rows[best][1])); // training kept falling

    const summary = await text(page, '#generate-bits-summary');
    expect(summary).toMatch(new RegExp(`^Step 300: ${number} bits per character on held-out text \\(278 tokens\\), `));
    expect(summary).toContain(`Its best so far: ${bestBits} at step ${bestStep}, `);
    expect(summary).not.toMatch(/not yet better than counting/);
    expect(summary).toMatch(new RegExp(`Counting models: unigram ${number}, bigram ${number}\\.$`));
    expect(await text(page, '#generate-overfitting')).toMatch(
      new RegExp(
        `^Overfitting: the held-out score has stayed above its best since step ${Number(bestStep) + 25} while the ` +
          `training curve fell to ${rows.at(-1)[1]} bits per character: `,
      ),
    );
    expect(await text(page, '#generate-held-out-warning')).toMatch(/^Only 278 held-out tokens, fewer than 1,000: /);
    expect(await page.locator('.generate-training').textContent()).toMatch(/Overfitting, as this page names it: /);

    // The best step marked, its label and every tick inside the chart's box (none clipped at the right edge).
    expect(await page.locator('#generate-bits-chart .mark-label.best').textContent()).toBe(
      `best ${bestBits} at step ${bestStep}`,
    );
    const overflow = await page.locator('#generate-bits-chart svg').evaluate((svg) => {
      const width = svg.viewBox.baseVal.width;
      return Array.from(svg.querySelectorAll('text'), (t) => t.getBBox())
        .filter((box) => box.x < 0 || box.x + box.width > width)
        .map((box) => box.x);
    });
    expect(overflow).toEqual([]);
    expect(await page.locator('#generate-sample .generate-sample-prompt').textContent()).toBe('It is a truth');

    // Early stopping: the run saved as it stood at its best step, scored there (to 3 decimals, as the chart).
    await expect
      .poll(() => rowDetails(page), { timeout: 30_000 })
      .toEqual([
        expect.stringMatching(`^unfinished: step ${bestStep} of 300 · ${listed(bestBits)} bits per character`),
      ]);

    // Kept at its latest step instead, stopped early: where it stopped, no time left, and saved with that step's score.
    await page.locator('#generate-keep-best').uncheck();
    expect(page.url()).not.toMatch(/keep=best/);
    await page.locator('#generate-start').click(); // Train again
    await expect.poll(() => data(page, 'step').then(Number), { timeout: 30_000 }).toBeGreaterThanOrEqual(30);
    await page.locator('#generate-start').click(); // Stop
    await expect.poll(() => data(page, 'status'), { timeout: 30_000 }).toBe('paused');
    const stoppedAt = Number(await data(page, 'step'));
    expect(await text(page, '#generate-progress-text')).toBe(`stopped at step ${stoppedAt} of 300`);
    const [, bits] = (await text(page, '#generate-bits-summary')).match(new RegExp(`^Step ${stoppedAt}: ${number} `));
    await expect
      .poll(() => rowDetails(page), { timeout: 30_000 })
      .toContainEqual(
        expect.stringMatching(`^unfinished: step ${stoppedAt} of 300 · ${listed(bits)} bits per character`),
      );
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});

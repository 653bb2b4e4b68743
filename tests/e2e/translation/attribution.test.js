// Rollout and flow in real Chromium, as a learner meets them: the Translation view's "Does attention explain
// the translation?" draws raw attention, rollout, flow and removal for the sentence shown (the same numbers
// web/lib gives in Node, with the heads the link switches off), measures the agreement on held-out sentences on
// a click, and lesson 5 shows the same part for its sentence.
import { describe, expect, it } from 'vitest';
import { loadTranslator } from '../../../web/lib/index.js';
import { formatNumber } from '../../../web/src/common/format.js';
import { exampleSentences } from '../../../web/src/lessons/widgets/cross-lesson.js';
import { openPage, useChromiumAndPlayground } from '../support/browser.js';

const suite = useChromiumAndPlayground();
const sentence = 'the big dog sees the white cats';
const agreementPattern = /raw cross-attention (\S+), attention rollout (\S+), attention flow (\S+)\./;

async function open(query) {
  const opened = await openPage(suite.browser, `${suite.playground.url}${query}`);
  await opened.page.waitForSelector('body[data-ready]');
  return opened;
}

/** The three agreements a line shows, as text. */
async function shownAgreement(line) {
  await expect.poll(() => line.textContent(), { timeout: 20_000 }).toMatch(agreementPattern);
  return (await line.textContent()).match(agreementPattern).slice(1);
}
const expected = (agreement) => ['raw', 'rollout', 'flow'].map((m) => formatNumber(agreement[m], 2));
const tableRows = (page, id) => page.locator(`#${id} table tbody tr`).count();
const rowLabels = (page, id) => page.locator(`#${id} table tbody th`).allTextContents();

describe('rollout and flow', () => {
  it('the Translation view draws the four maps and the agreement web/lib computes, with the heads the link turns off', async () => {
    const translator = await loadTranslator();
    const crossOff = {
      cross: [
        [0, 0, 1, 1],
        [1, 1, 1, 1],
      ],
    };
    const whole = translator.attribution(sentence);
    const masked = translator.attribution(sentence, { headMask: crossOff });
    const pooled = translator.attributionAgreement({ count: 100 });
    translator.dispose();
    expect(expected(masked.agreement)).not.toEqual(expected(whole.agreement));

    const { page, errors } = await open(`?view=translation&q=${encodeURIComponent(sentence)}`);
    await page.waitForSelector('#translation-view[data-decoding="done"]');
    await page.locator('#attribution').scrollIntoViewIfNeeded();
    expect(await shownAgreement(page.locator('#attribution-agreement'))).toEqual(expected(whole.agreement));
    for (const id of ['attribution-raw', 'attribution-rollout', 'attribution-flow', 'attribution-removal'])
      expect(await tableRows(page, id)).toBe(whole.target.length);
    // Rows are labelled by what they are: output words for relevance, source words inside the encoder.
    expect(await rowLabels(page, 'attribution-flow')).toEqual(whole.target.map((w) => `output word ${w}`));
    expect(await rowLabels(page, 'attribution-encoder-flow')).toEqual(whole.source.map((w) => `source word ${w}`));

    // Measured on held-out sentences, on a click.
    await page.locator('#attribution-measure').click();
    const heldOut = page.locator('#attribution-held-out');
    expect(await shownAgreement(heldOut)).toEqual(expected(pooled));
    expect(await heldOut.textContent()).toContain(`Over 100 held-out sentences (${pooled.rows} output words)`);
    expect(errors).toEqual([]);
    await page.close();

    // Heads switched off by the link: the attribution is of that model.
    const off = await open(`?view=translation&q=${encodeURIComponent(sentence)}&off=c1.1,c1.2`);
    await off.page.waitForSelector('#translation-view[data-decoding="done"]');
    await off.page.locator('#attribution').scrollIntoViewIfNeeded();
    expect(await shownAgreement(off.page.locator('#attribution-agreement'))).toEqual(expected(masked.agreement));
    expect(off.errors).toEqual([]);
    await off.page.close();
  });

  it('lesson 5 shows the same part for its sentence', async () => {
    const translator = await loadTranslator();
    const lesson = translator.attribution(exampleSentences[0]);
    translator.dispose();
    const { page, errors } = await open('?view=lessons&lesson=5');
    await page.locator('#cross-attribution').scrollIntoViewIfNeeded();
    expect(await shownAgreement(page.locator('#cross-attribution-agreement'))).toEqual(expected(lesson.agreement));
    expect(await tableRows(page, 'cross-attribution-removal')).toBe(lesson.target.length);
    expect(await page.locator('#cross-attribution-encoder-flow').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});

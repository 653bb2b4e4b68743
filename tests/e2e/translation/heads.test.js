// Switching heads off in the Translation view, in real Chromium, as a learner would: the held-out score with
// every head on, one encoder head off changes nothing, every cross-attention head off breaks the translation
// (the same words web/lib gives in Node for that mask), the link keeps the switches, and "Rank the heads"
// draws each kind's pruning curve.
import { describe, expect, it } from 'vitest';
import { loadTranslator } from '../../../web/lib/index.js';
import { openPage, resultsDir, useChromiumAndPlayground } from '../support/browser.js';

const suite = useChromiumAndPlayground();
const sentence = 'the big dog sees the white cats';

async function open(query) {
  const opened = await openPage(suite.browser, `${suite.playground.url}${query}`);
  await opened.page.waitForSelector('body[data-ready]');
  await opened.page.waitForSelector('#translation-view[data-decoding="done"]');
  return opened;
}

// The words as web/lib returns them: a copied word's token also says where it came from ("the⤶ (copied from …)").
const outputWords = async (page) =>
  (await page.locator('#translation-output .token').allTextContents())
    .map((text) => text.replace(/⤶ \(copied from “[^”]*”\)$/, ''))
    .join(' ');
const switchOf = (page, id) => page.locator(`.head-switch[data-head="${id}"]`);
const switchText = (page, id) => page.locator(`.head-switch[data-head="${id}"] .head-switch-state`).textContent();
const crossIds = ['c1.1', 'c1.2', 'c1.3', 'c1.4', 'c2.1', 'c2.2', 'c2.3', 'c2.4'];

describe('switching heads off', () => {
  it('one encoder head off changes nothing; every cross-attention head off breaks the translation, as in web/lib', async () => {
    const translator = await loadTranslator();
    const reference = translator.translate(sentence).target.join(' ');
    const blind = translator
      .translate(sentence, { headMask: { cross: [Array(4).fill(0), Array(4).fill(0)] } })
      .target.join(' ');
    expect(blind).not.toBe(reference);
    // The page scores the same 100 held-out sentences as web/lib does.
    const allOn = translator.evaluate({ count: 100 }).exact;
    const firstEncoderHeadOff = translator.evaluate({
      count: 100,
      headMask: {
        encoderSelf: [
          [0, 1, 1, 1],
          [1, 1, 1, 1],
        ],
      },
    }).exact;
    translator.dispose();

    const { page, errors } = await open(`?view=translation&q=${encodeURIComponent(sentence)}`);
    expect(await outputWords(page)).toBe(reference);
    await page.locator('#head-switches').scrollIntoViewIfNeeded();
    await expect
      .poll(() => page.locator('#head-mask-score').textContent(), { timeout: 15_000 })
      .toBe(`Every head on: ${allOn} of 100 held-out sentences translated exactly right.`);

    // A wrong guess: the first encoder head alone is not needed.
    await switchOf(page, 'e1.1').click();
    expect(await switchOf(page, 'e1.1').getAttribute('aria-pressed')).toBe('false');
    await expect
      .poll(() => page.locator('#head-mask-score').textContent(), { timeout: 15_000 })
      .toMatch(new RegExp(`^With 1 head off: ${firstEncoderHeadOff} of 100 held-out sentences exactly right`));
    await page.waitForSelector('#translation-view[data-decoding="done"]');
    expect(await outputWords(page)).toBe(reference);
    await page.locator('#heads-all-on').click();

    // Every cross-attention head: the decoder no longer sees the sentence.
    for (const id of crossIds) await switchOf(page, id).click();
    await expect.poll(() => outputWords(page), { timeout: 15_000 }).toBe(blind);
    await expect
      .poll(() => page.locator('#head-mask-score').textContent(), { timeout: 15_000 })
      .toMatch(
        new RegExp(`^With 8 heads off: 0 of 100 held-out sentences exactly right \\(every head on: ${allOn}\\)`),
      );
    expect(new URL(page.url()).searchParams.get('translation.off')).toBe(crossIds.join(','));
    expect(errors).toEqual([]);

    // The link keeps the switches: opened again, the same heads are off and the same words come out.
    const again = await open(new URL(page.url()).search);
    expect(await outputWords(again.page)).toBe(blind);
    await again.page.locator('#head-switches').scrollIntoViewIfNeeded(); // the switches are set when seen
    await expect.poll(() => switchOf(again.page, 'c2.4').getAttribute('aria-pressed')).toBe('false');
    expect(await switchOf(again.page, 'e1.1').getAttribute('aria-pressed')).toBe('true');
    await again.page.locator('#heads-all-on').click();
    await expect.poll(() => outputWords(again.page), { timeout: 15_000 }).toBe(reference);
    expect(new URL(again.page.url()).searchParams.has('translation.off')).toBe(false);
    expect(again.errors).toEqual([]);
    await page.close();
    await again.page.close();
  });

  it('ranks the heads and draws a pruning curve per kind of attention', async () => {
    const translator = await loadTranslator();
    const allOn = translator.evaluate({ count: 100 }).exact;
    translator.dispose();
    const { page, errors } = await open(`?view=translation&q=${encodeURIComponent(sentence)}`);
    await page.locator('#head-switches').scrollIntoViewIfNeeded();
    await page.locator('#rank-heads').click();
    await expect
      .poll(() => page.locator('#head-ranking-status').textContent(), { timeout: 45_000 })
      .toMatch(/^Ranked on 100 held-out sentences: \d+ of 24 heads cost nothing when switched off alone;/);
    // The head named as mattering most is the switch that says the largest loss, whichever kind it is (on the width-64
    // model of the 540-word lexicon, an encoder head; on the width-32 one before, a cross-attention head).
    const status = await page.locator('#head-ranking-status').textContent();
    const [, kind, layer, head, loss] = status.match(
      /the one that matters most is (encoder self-attention|decoder self-attention|cross-attention), layer (\d), head (\d) \(−(\d+) exact translations of 100\)/,
    );
    const named = `${{ 'encoder self-attention': 'e', 'decoder self-attention': 'd', 'cross-attention': 'c' }[kind]}${layer}.${head}`;
    // Every switch says what it costs alone; three curves, each from the all-on score down to every head of its kind off.
    const costs = new Map();
    for (const id of await page.locator('.head-switch').evaluateAll((nodes) => nodes.map((n) => n.dataset.head))) {
      const text = await switchText(page, id);
      expect(text).toMatch(/^on · (0|[−+]\d+)$/);
      costs.set(id, Number(text.replace('on · ', '').replace('−', '-')));
    }
    expect(costs.size).toBe(24);
    expect(costs.get(named)).toBe(-Number(loss));
    expect(Math.min(...costs.values())).toBe(-Number(loss));
    expect(await page.locator('#head-pruning path.series').count()).toBe(3);
    const summary = await page.locator('#head-pruning .visually-hidden').textContent();
    expect(summary).toMatch(new RegExp(`^encoder self-attention: 0 off ${allOn}%, 1 off \\d+%`));
    expect(summary).toMatch(new RegExp(`cross-attention: 0 off ${allOn}%.* 8 off 0%$`));
    await page.locator('#head-switches').screenshot({ path: `${resultsDir}head-switches.png` });
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000); // 24 heads and 3 pruning curves, each scored on 100 held-out sentences of the shipped en-es model
});

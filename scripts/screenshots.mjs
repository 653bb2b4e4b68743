// The README's pictures, taken from the built site (dist/, `npm run build`) in headless Chromium, so that they can be
// made again after any change: `npm run screenshots` writes docs/images/*.png.
//   translation-en-ja.png  the Translation view on the English → Japanese model: cross-attention as a map and as
//                          lines, the verb's line running back across the sentence
//   train-mid-run.png      the Train view halfway through a run: loss and held-out scores, snapshots of a map
//   lesson-scaling.png     lesson 4, scaling: unscaled weights turning one-hot as the width grows
// and the experiments from the papers (docs/models.md):
//   experiment-heads.png        which heads matter: the switches and the greedy pruning curves
//   experiment-attribution.png  raw attention, rollout, flow and removal for one sentence, and their agreement
//   experiment-positions.png    positions that extrapolate: four schemes trained on reverse, exact by length
//   lesson-online-softmax.png   lesson 3's online softmax, a block of keys at a time
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launchChromium, startBuiltSite } from '../tests/e2e/browser.js';

const images = fileURLToPath(new URL('../docs/images/', import.meta.url));
mkdirSync(images, { recursive: true });

/** A picture of the part of the page from `top` to the lowest of `bottoms` (selectors), the page's full width. */
async function shoot(page, name, top, ...bottoms) {
  // Page coordinates (a full-page clip is in them), not the viewport's that boundingBox() gives.
  const box = (selector) =>
    page
      .locator(selector)
      .first()
      .evaluate((node) => {
        const rect = node.getBoundingClientRect();
        return { top: rect.top + window.scrollY, bottom: rect.bottom + window.scrollY };
      });
  const y = Math.max(0, (await box(top)).top - 12);
  let end = 0;
  for (const selector of bottoms) end = Math.max(end, (await box(selector)).bottom);
  await page.screenshot({
    path: `${images}${name}`,
    fullPage: true,
    clip: { x: 0, y, width: page.viewportSize().width, height: end + 4 - y },
  });
  console.log(`wrote docs/images/${name}`);
}

const site = await startBuiltSite();
const browser = await launchChromium();
try {
  const context = await browser.newContext({
    viewport: { width: 1360, height: 900 },
    deviceScaleFactor: 1,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();

  await page.goto(`${site.url}?view=translation&model=en-ja`);
  await page.waitForSelector('#translation-view[data-decoding="done"]');
  await page.locator('#cross-attention').scrollIntoViewIfNeeded();
  await page.waitForSelector('#cross-attention-lines line', { state: 'attached' });
  await page.waitForTimeout(500); // the line view and the map's picture settle
  await shoot(page, 'translation-en-ja.png', '#cross-title', '#cross-attention', '#cross-attention-lines');

  await page.goto(`${site.url}?view=train`);
  await page.locator('#train-start').click();
  await page.waitForFunction(() => Number(document.querySelector('#train-view')?.dataset.step) >= 200, null, {
    timeout: 120_000,
  });
  await page.locator('#train-start').click(); // pause halfway: the curves so far and the snapshots taken
  await page.waitForSelector('#train-view[data-status="paused"]');
  await shoot(page, 'train-mid-run.png', '.run-bar', '#snapshots');

  await page.goto(`${site.url}?view=lessons&lesson=4`);
  await page.waitForSelector('#lesson-title + .lesson-text + .lesson-body canvas, .lesson-body canvas');
  await page.waitForTimeout(500);
  await shoot(page, 'lesson-scaling.png', '#lesson-title', '.lesson-body');

  const sentence = encodeURIComponent('the big dog sees the white cats');
  await page.goto(`${site.url}?view=translation&q=${sentence}`);
  await page.waitForSelector('#translation-view[data-decoding="done"]');
  await page.locator('#head-switches').scrollIntoViewIfNeeded();
  await page.locator('#rank-heads').click();
  await page.waitForFunction(
    () => /^Ranked on/.test(document.querySelector('#head-ranking-status')?.textContent ?? ''),
    null,
    {
      timeout: 120_000,
    },
  );
  await shoot(page, 'experiment-heads.png', '#head-switches', '#head-switches');
  await page.locator('#attribution').scrollIntoViewIfNeeded();
  await page.waitForFunction(() =>
    /attention flow \d/.test(document.querySelector('#attribution-agreement')?.textContent ?? ''),
  );
  await page.locator('#attribution-measure').click();
  await page.waitForFunction(
    () => /^Over \d+ held-out/.test(document.querySelector('#attribution-held-out')?.textContent ?? ''),
    null,
    {
      timeout: 60_000,
    },
  );
  await page.waitForTimeout(500);
  await shoot(page, 'experiment-attribution.png', '#attribution', '#attribution');

  await page.goto(`${site.url}?view=train`);
  await page.locator('#extrapolation').scrollIntoViewIfNeeded();
  await page.locator('#extrapolation-task').selectOption('reverse');
  await page.locator('#extrapolation-run').click();
  await page.waitForFunction(
    () => /^Done/.test(document.querySelector('#extrapolation-status')?.textContent ?? ''),
    null,
    {
      timeout: 300_000,
    },
  );
  await shoot(page, 'experiment-positions.png', '#extrapolation', '#extrapolation');

  await page.goto(`${site.url}?view=lessons&lesson=3&blk=1`);
  await page.waitForSelector('#online-softmax-blocks tbody tr', { state: 'attached' });
  await page.waitForTimeout(500);
  await shoot(page, 'lesson-online-softmax.png', '#lesson-title', '.lesson-body');
} finally {
  await browser.close();
  await site.server.close();
}

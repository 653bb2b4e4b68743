// The README's pictures, taken from the built site (dist/, `npm run build`) in headless Chromium, so that they can be
// made again after any change: `npm run screenshots` writes docs/images/*.png.
//   translation-en-ja.png  the Translation view on the English → Japanese model: cross-attention as a map and as
//                          lines, the verb's line running back across the sentence
//   train-mid-run.png      the Train view halfway through a run: loss and held-out scores, snapshots of a map
//   lesson-scaling.png     lesson 4, scaling: unscaled weights turning one-hot as the width grows
//   generate.png           the Generate view after a short run on Pride and Prejudice: the loss and bits per
//                          character beside the baselines, a written sentence, one token's distribution and attention
// and the experiments from the papers (docs/models.md):
//   experiment-heads.png        which heads matter: the switches and the greedy pruning curves
//   experiment-attribution.png  raw attention, rollout, flow and removal for one sentence, and their agreement
//   experiment-positions.png    positions that extrapolate: four schemes trained on reverse, exact by length
//   lesson-online-softmax.png   lesson 3's online softmax, a block of keys at a time
// and the lessons as a learner reads them (docs/playground.md):
//   lesson-kqv.png         lesson 3: X editable, Wq, Wk, Wv over Q, K, V, the formula as MathML tied to the maps
//   lesson-heads.png       lesson 7: the fused X·[Wq|Wk|Wv] split into heads, each head's scores over √(D/H)
//   lesson-memory.png      lesson 10: two hops, each with its weights and the query update u ← u·H + o
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launchChromium, startBuiltSite } from '../tests/e2e/support/browser.js';

const wanted = process.argv.slice(2);
const take = (name) => wanted.length === 0 || wanted.includes(name);
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
  if (take('translation-en-ja')) {
    await page.goto(`${site.url}?view=translation&model=en-ja`);
    await page.waitForSelector('#translation-view[data-decoding="done"]');
    await page.locator('#cross-attention').scrollIntoViewIfNeeded();
    await page.waitForSelector('#cross-attention-lines line', { state: 'attached' });
    await page.waitForTimeout(500); // the line view and the map's picture settle
    await shoot(page, 'translation-en-ja.png', '#cross-title', '#cross-attention', '#cross-attention-lines');
  }
  if (take('train-mid-run')) {
    await page.goto(`${site.url}?view=train`);
    await page.locator('#train-start').click();
    // Halfway through the view's default run, whatever its length: once the snapshot at 50% has its map (the strip
    // keeps 0, 10, 25 and 50%).
    await page.waitForFunction(() => document.querySelectorAll('#snapshots .snapshot canvas').length >= 4, null, {
      timeout: 240_000,
    });
    await page.locator('#train-start').click(); // pause halfway: the curves so far and the snapshots taken
    await page.waitForSelector('#train-view[data-status="paused"]');
    await shoot(page, 'train-mid-run.png', '.run-bar', '#snapshots');
  }
  if (take('generate')) {
    await page.goto(`${site.url}?view=generate&corpus=austen&steps=600&prompt=It+is+a+truth&temperature=0.8`);
    await page.locator('#generate-start').click();
    await page.waitForFunction(() => document.querySelector('#generate-view')?.dataset.status === 'done', null, {
      timeout: 300_000,
    });
    await page.waitForFunction(() => document.querySelector('#generate-view')?.dataset.writing === 'done');
    await page.locator('#generate-strip button[data-index="8"]').click();
    await page.waitForTimeout(500);
    await shoot(page, 'generate.png', '#generate-loss-chart', '#generate-cache-details');
  }
  if (take('lesson-scaling')) {
    await page.goto(`${site.url}?view=lessons&lesson=4`);
    await page.waitForSelector('#lesson-title + .lesson-text + .lesson-body canvas, .lesson-body canvas');
    await page.waitForTimeout(500);
    await shoot(page, 'lesson-scaling.png', '#lesson-title', '.lesson-body');
  }
  if (take('experiment-heads') || take('experiment-attribution')) {
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
  }
  if (take('experiment-positions')) {
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
  }
  if (take('lesson-online-softmax')) {
    await page.goto(`${site.url}?view=lessons&lesson=3&blk=1`);
    await page.waitForSelector('#online-softmax-blocks tbody tr', { state: 'attached' });
    await page.waitForTimeout(500);
    await shoot(page, 'lesson-online-softmax.png', '#lesson-title', '.lesson-body');
  }
  if (take('lesson-masks')) {
    await page.goto(`${site.url}?view=lessons&lesson=6&mask=causal`);
    await page.waitForSelector('#masks-adjacency input', { state: 'attached' });
    await page.waitForTimeout(500);
    await shoot(page, 'lesson-masks.png', '#lesson-title', '.lesson-body');
  }
  if (take('lesson-kv-heads')) {
    await page.goto(`${site.url}?view=lessons&lesson=7&kv=2`);
    await page.locator('#kv-heads').scrollIntoViewIfNeeded();
    await page.locator('#kv-heads-run').click();
    await page.waitForFunction(
      () => /^Done/.test(document.querySelector('#kv-heads-status')?.textContent ?? ''),
      null,
      {
        timeout: 300_000,
      },
    );
    await shoot(page, 'lesson-kv-heads.png', '#kv-heads', '#lesson-challenges');
  }
  if (take('lesson-kqv')) {
    await page.goto(`${site.url}?view=lessons&lesson=3`);
    await page.waitForSelector('#kqv-formula math', { state: 'attached' });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight)); // every map drawn
    await page.waitForTimeout(800);
    await shoot(page, 'lesson-kqv.png', '#lesson-title', '#kqv-verdict');
  }
  if (take('lesson-heads')) {
    await page.goto(`${site.url}?view=lessons&lesson=7`);
    await page.locator('#reshape-fused').scrollIntoViewIfNeeded();
    await page.waitForSelector('#reshape-scale-table tr', { state: 'attached' });
    await page.waitForTimeout(800);
    await shoot(page, 'lesson-heads.png', '#reshape-fused', '#reshape-scale-note');
  }
  if (take('lesson-memory')) {
    await page.goto(`${site.url}?view=lessons&lesson=10&hops=2`);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForSelector('#memory-update-note', { state: 'attached' });
    await page.waitForTimeout(800);
    await shoot(page, 'lesson-memory.png', '#lesson-title', '#memory-answer', '#memory-update-note');
  }
  if (take('lesson-decoding')) {
    await page.goto(`${site.url}?view=lessons&lesson=9&dec=sample&ot=3&at=3`);
    await page.waitForSelector('#decoding-output .token');
    await page.waitForFunction(() => /They part/.test(document.querySelector('#decoding-status')?.textContent ?? ''));
    await shoot(page, 'lesson-decoding.png', '#lesson-title', '#lesson-challenges');
  }
} finally {
  await browser.close();
  await site.server.close();
}

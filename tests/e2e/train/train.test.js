// The Train view in real Chromium, used as a person would: start training, watch the bar and the curves
// move, pause (and check it really stopped), resume, reach the stated accuracy, hand the model to the
// Translation view, train again with an ablation, at 1440 and 375 px, checked with axe-core. The page's
// main thread is traced throughout: training runs in a worker, so no task of the page may use 50 ms of CPU.
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import {
  accessibilityViolations,
  resultsDir,
  startBuiltSite,
  startPlainServer,
  useChromiumAndPlayground,
} from '../support/browser.js';
import { mainThreadWork } from '../support/main-thread-work.js';
import { settled, settledAfter } from '../support/settled.js';

const suite = useChromiumAndPlayground({ ownBrowser: true }); // it traces: a Chromium of its own
// The reverse task's probe (3 1 4 1 5 9), reversed: what a trained model answers.
const reversedProbe = ['9', '5', '1', '4', '1', '3', '<eos>'];
const probe = 'i see the boys'; // another probe sentence than the view's, asked for while paused
// Training takes the threaded build only with 4 cores or more (it leaves the page a core: worker-session.js).
const trainingBuild = (isolatedBuild) =>
  os.cpus().length >= 4 ? isolatedBuild : isolatedBuild.replace(/-threads$/, '');

async function openTrainView(query, viewport) {
  const page = await suite.browser.newPage({ viewport });
  const errors = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${suite.playground.url}?view=train${query}`);
  await page.waitForSelector('body[data-ready]');
  await page.waitForSelector('#train-start');
  return { page, errors };
}

const step = async (page) => Number(await page.locator('#train-view').getAttribute('data-step'));
const status = (page) => page.locator('#train-view').getAttribute('data-status');
const lossPathPoints = (page) =>
  page.evaluate(
    () => (document.querySelector('#loss-chart path.series.current')?.getAttribute('d').match(/[ML]/g) ?? []).length,
  );
const progressValue = (page) => page.evaluate(() => document.querySelector('#train-progress').value);

async function trainUntilDone(page, timeout = 60_000) {
  await page.waitForFunction(() => document.querySelector('#train-view').dataset.status === 'done', null, { timeout });
}

const finalScore = async (page) => {
  const text = await page.locator('#train-scores').textContent();
  const [, exact, total] = text.match(/final: (\d+) of (\d+) exact/);
  return { exact: Number(exact), total: Number(total), text };
};

describe('train view', () => {
  // Measured as CPU time per task, not the Long Tasks API's wall time: on a 2-core machine shared with training,
  // the server and the runner, the OS deschedules the page's thread, and tasks of 65-180 ms wall time used 1-12 ms
  // of CPU (support/main-thread-work.js). That made the old check fail about 1 run in 3, and it was retried.
  // A short run of the default model (400 of its 1,000 steps, some 10-15 s here): what the view does while training
  // is checked here; the time its default run takes to 95% held-out, in this browser, is npm run bench's
  // (scripts/bench/train.mjs, docs/performance.md), and the default run's score web/lib's (tests/web/lib).
  it('trains the default model: the bar and curves move, pause pauses, the model goes to the Translation view, no heavy main-thread task', async () => {
    const { page, errors } = await openTrainView('&steps=400', { width: 1440, height: 900 });
    expect(await page.locator('#tab-train').getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('#train-use').isDisabled()).toBe(true);
    const work = mainThreadWork(suite.browser, page);
    await work.start();
    await page.locator('#train-start').click();

    // Moving: the step count, the progress bar and the loss curve grow; the map of the probe is drawn.
    await page.waitForFunction(() => Number(document.querySelector('#train-view').dataset.step) >= 40, null, {
      timeout: 30_000,
    });
    // The step and the bar read in one go: a step of 5-word sentences can land between two separate reads.
    const [earlyStep, earlyProgress] = await page.evaluate(() => [
      Number(document.querySelector('#train-view').dataset.step),
      document.querySelector('#train-progress').value,
    ]);
    const early = { step: earlyStep, progress: earlyProgress, points: await lossPathPoints(page) };
    expect(early.progress).toBe(early.step);
    expect(early.points).toBeGreaterThan(20);
    expect(await page.locator('#train-progress-text').textContent()).toMatch(
      new RegExp(`step \\d+ of 400 · \\d+ steps/s · .* left · ${trainingBuild('wasm-relaxed-simd-threads')}$`),
    );
    expect(await page.locator('#train-probe-map table tbody tr').count()).toBeGreaterThan(0);
    // Pause really pauses: once paused, the worker is asked for no more steps. Asked for another probe sentence,
    // it answers (the view settles after that answer) from the same step, and the button offers Resume. Pressed
    // at once: a run of 400 steps can end while the test does anything slower first (a screenshot ended it once).
    await page.locator('#train-start').click();
    await expect.poll(() => status(page)).toBe('paused');
    // A full-page screenshot re-lays out and repaints the page on the main thread: its time is left out.
    await work.stop();
    await page.screenshot({ path: `${resultsDir}train-1440-training.png`, fullPage: true });
    await work.start();
    await settled(page, '#train-view');
    const pausedAt = await step(page);
    expect(pausedAt).toBeGreaterThanOrEqual(early.step);
    await settledAfter(page, '#train-view', async () => {
      await page.locator('#train-probe').fill(probe);
      await page.locator('#train-probe').press('Enter');
    });
    expect(await page.locator('#train-probe-map table thead th').allTextContents()).toEqual(
      ['', ...probe.split(' '), '<eos>'].map((word) => word && `source word ${word}`),
    );
    expect(await step(page)).toBe(pausedAt);
    expect(await status(page)).toBe('paused');
    expect(await page.locator('#train-start').textContent()).toBe('Resume');
    expect(await page.locator('#train-d-model').isDisabled()).toBe(true); // options stay locked until Reset
    await page.locator('#train-start').click();
    await expect.poll(() => step(page)).toBeGreaterThan(pausedAt);

    await trainUntilDone(page);
    await settled(page, '#train-view');
    expect(await progressValue(page)).toBe(400);
    expect(await lossPathPoints(page)).toBe(400); // a point per step, up to 600 (line-chart.js)
    const score = await finalScore(page);
    console.log(`Chromium, ${trainingBuild('wasm-relaxed-simd-threads')}, 400 steps: ${score.text}`);
    expect(score.total).toBe(500);
    expect(await page.locator('#snapshots canvas').count()).toBe(5);
    const probeWords = await page.locator('#probe-output .token').allTextContents();
    expect(probeWords.length).toBeGreaterThan(0);
    expect(await page.locator('#train-probe-map table tbody tr').count()).toBe(probeWords.length); // a row a word
    await work.stop();
    await page.screenshot({ path: `${resultsDir}train-1440-finished.png`, fullPage: true });
    console.log(`main thread: ${work.tasks.length} tasks, the heaviest ${work.heaviest().toFixed(1)} ms of CPU`);
    expect(work.over(50), JSON.stringify(work.over(50))).toEqual([]);
    expect(errors).toEqual([]);

    // "Use this model": the Translation view now runs it, says so, and translates with it.
    await page.locator('#train-use').click();
    await page.waitForSelector('#translation-view[data-decoding="done"]');
    expect(await page.locator('#tab-translation').getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('#model-notice').textContent()).toMatch(
      /This is your model \(trained in this tab: D=32, 4 heads, 2\+2 layers, 400 steps\)/,
    );
    // The probe, translated in the Translation view by this model as the Train view's probe showed it.
    await settledAfter(page, '#translation-view', async () => {
      await page.locator('#sentence').fill(probe);
      await page.locator('#sentence').press('Enter');
    });
    expect(await page.locator('#translation-output .token').allTextContents()).toEqual(probeWords);
    await page.locator('#use-shipped-model').click();
    await expect.poll(() => page.locator('#model-notice').count()).toBe(0);
    await page.close();
  }, 90_000); // 400 steps of the default model: 10-15 s of training here

  it('keeps the finished run as a faint curve when training again; an ablation and the vocabulary are in the URL and the legend', async () => {
    const { page, errors } = await openTrainView('&d=16&h=2&enc=1&dec=1&steps=60&backend=wasm-simd128', {
      width: 1440,
      height: 900,
    });
    await page.locator('#train-start').click();
    await trainUntilDone(page);
    expect(await page.locator('#train-progress-text').textContent()).toMatch(/wasm-simd128$/);
    await page.locator('#ablate-positions').click();
    expect(new URL(page.url()).searchParams.get('train.without')).toBe('positions');
    await page.locator('#train-vocabulary').selectOption('60'); // the lexicon's 60 commonest words
    expect(new URL(page.url()).searchParams.get('train.lexicon')).toBe('60');
    // The click says 'starting' at once (read in the click's own task), so no one takes the finished run for the new one.
    const statusAfterClick = await page.evaluate(() => {
      document.querySelector('#train-start').click();
      return [document.querySelector('#train-view').dataset.status, document.querySelector('#train-start').disabled];
    });
    expect(statusAfterClick).toEqual(['starting', true]);
    await trainUntilDone(page);
    expect(await page.locator('#loss-chart path.series.previous').count()).toBe(1);
    expect(await accessibilityViolations(page, '#train-view')).toEqual([]); // axe-core, WCAG 2.1 A and AA
    expect(await page.locator('#loss-chart .chart-legend').textContent()).toMatch(
      /previous run \(D=16, 2 heads, 1\+1 layers\).*this run \(60 most common words, D=16, 2 heads, 1\+1 layers, no position encoding\)/,
    );
    // Reset unlocks the options and clears the map; the finished run stays as the faint curve.
    await page.locator('#train-reset').click();
    await expect.poll(() => status(page)).toBe('idle');
    expect(await page.locator('#train-d-model').isDisabled()).toBe(false);
    expect(await page.locator('#loss-chart path.series.previous').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('is usable at 375 px: no sideways scrolling, every control reachable; screenshots mid-training and finished', async () => {
    const { page, errors } = await openTrainView('&d=16&h=2&enc=1&dec=1&steps=150', { width: 375, height: 800 });
    await page.locator('#train-start').click();
    await page.waitForFunction(() => Number(document.querySelector('#train-view').dataset.step) >= 40, null, {
      timeout: 30_000,
    });
    await page.screenshot({ path: `${resultsDir}train-375-training.png`, fullPage: true });
    await trainUntilDone(page);
    await page.screenshot({ path: `${resultsDir}train-375-finished.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    for (const id of [
      '#train-start',
      '#train-reset',
      '#train-d-model',
      '#train-steps',
      '#ablate-softmax',
      '#train-probe',
      '#train-use',
      '#train-download',
    ]) {
      const box = await page.locator(id).boundingBox();
      expect(box.x, id).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, id).toBeLessThanOrEqual(375);
    }
    // Download saves a weight file that starts with the format's magic number.
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#train-download').click()]);
    expect(download.suggestedFilename()).toBe('en-es-d16-h2-150steps.bin');
    const bytes = await (await download.createReadStream()).toArray();
    expect(Buffer.concat(bytes).subarray(0, 4).toString()).toBe('APTM');
    // A model of another shape in the Translation view: one decoder layer, two heads to choose from.
    await page.locator('#train-use').click();
    await page.waitForSelector('#translation-view[data-decoding="done"]');
    expect(await page.locator('#tr-layer option').count()).toBe(1);
    expect(await page.locator('#tr-head option').allTextContents()).toEqual(['head 1', 'head 2', 'average of heads']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a sequence task: reverse draws the anti-diagonal, and its model answers in the Translation view', async () => {
    const { page, errors } = await openTrainView('', { width: 1440, height: 900 });
    await page.locator('#train-task').selectOption('reverse');
    expect(await page.locator('#train-probe').inputValue()).toBe('3 1 4 1 5 9'); // the task's own probe
    expect(new URL(page.url()).searchParams.get('train.task')).toBe('reverse');
    expect(new URL(page.url()).searchParams.get('train.len')).toBe('3-8');
    await page.locator('#train-start').click();
    await trainUntilDone(page);
    const score = await finalScore(page);
    console.log(`Chromium, reverse: ${score.text}`);
    expect(score.exact / score.total).toBeGreaterThanOrEqual(0.95);
    expect(await page.locator('#probe-output .token').allTextContents()).toEqual(reversedProbe);
    expect(await page.locator('#train-view').textContent()).toMatch(/The model’s output is the task’s answer/);
    // Some head draws the anti-diagonal: the output words' largest weights fall on their mirror images, row t →
    // column S-1-t (all but at most one row). Which head does it best varies with the build's rounding (relaxed
    // SIMD trains a slightly different model), so every head of the layer the scores name is looked at.
    const [, layer] = score.text.match(/alignment \d+% \(layer (\d+), head (\d+)/);
    await page.locator('#train-layer').selectOption(String(layer - 1));
    const heads = await page.locator('#train-head option:not([value="average"])').count();
    const byHead = [];
    for (let head = 1; head <= heads; head++) {
      await page.locator('#train-head').selectOption(String(head - 1));
      await expect
        .poll(() => page.locator('#train-probe-map .heatmap-title').textContent())
        .toMatch(`layer ${layer}, head ${head}`);
      const argmaxColumns = await page.evaluate(() =>
        [...document.querySelectorAll('#train-probe-map tbody tr')].map((row) => {
          const values = [...row.querySelectorAll('td')].map((cell) => Number(cell.textContent.replace('−', '-'))); // exponents use a real minus
          return values.indexOf(Math.max(...values));
        }),
      );
      byHead.push(argmaxColumns.slice(0, 6).filter((column, row) => column === 5 - row).length);
    }
    expect(Math.max(...byHead), `rows on the anti-diagonal, by head: ${byHead}`).toBeGreaterThanOrEqual(5);

    await page.locator('#train-use').click();
    await page.waitForSelector('#translation-view[data-decoding="done"]');
    expect(await page.locator('#translation-output .token').allTextContents()).toEqual(reversedProbe);
    expect(await page.locator('#examples option').count()).toBe(9); // "pick an example…" and eight held-out sequences
    await page.locator('#sentence').fill('2 7 1 8');
    await page.locator('#translate').click();
    await page.waitForSelector('#translation-view[data-decoding="done"]');
    await expect
      .poll(() => page.locator('#translation-output .token').allTextContents())
      .toEqual(['8', '1', '7', '2', '<eos>']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('your own pairs: a bad paste names its lines; a sample trains, and its model translates in the Translation view', async () => {
    const { page, errors } = await openTrainView('&task=pairs', { width: 1440, height: 900 });
    await page
      .locator('#train-pairs')
      .fill(['one\tuno', 'two dos', ...Array.from({ length: 12 }, (_, i) => `n${i}\tm${i}`), '\tsolo'].join('\n'));
    await page.locator('#train-pairs').blur();
    await page.locator('#train-start').click();
    await expect.poll(() => status(page)).toBe('failed');
    expect(await page.locator('#train-pairs-errors li').allTextContents()).toEqual([
      'line 2: no tab or “ ||| ” between the source and the target',
      'line 15: the source is empty',
    ]);
    expect(await page.locator('#train-pairs').inputValue()).toMatch(/^one\tuno\ntwo dos/); // nothing lost

    await page.locator('#train-sample').selectOption('dates');
    expect(await page.locator('#train-probe').inputValue()).toBe('january 1 2015');
    await page.locator('#train-start').click();
    await trainUntilDone(page);
    const score = await finalScore(page);
    console.log(`Chromium, dates sample: ${score.text}`);
    expect(score.exact / score.total).toBeGreaterThanOrEqual(0.9);
    expect(await page.locator('#train-scores').textContent()).toMatch(
      /no alignment score \(these pairs carry no word alignment\)/,
    );
    await page.locator('#train-use').click();
    await page.waitForSelector('#translation-view[data-decoding="done"]');
    expect(await page.locator('#translation-output .token').allTextContents()).toEqual(['2015', '01', '01', '<eos>']);
    await page.screenshot({ path: `${resultsDir}train-pairs-1440.png`, fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the built site (dist/) trains too: on the threads build where cross-origin isolated (and 4 cores or more, or asked for), single-thread elsewhere', async () => {
    for (const [start, backend, query] of [
      [startBuiltSite, trainingBuild('wasm-relaxed-simd-threads'), ''],
      [startBuiltSite, 'wasm-relaxed-simd-threads', '&backend=wasm-relaxed-simd-threads'],
      [startPlainServer, 'wasm-relaxed-simd', ''],
    ]) {
      const site = await start();
      const page = await suite.browser.newPage({ viewport: { width: 1440, height: 900 } });
      const errors = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${site.url}?view=train&d=16&h=2&enc=1&dec=1&steps=60${query}`);
      await page.waitForSelector('body[data-ready]');
      await page.locator('#train-start').click();
      await trainUntilDone(page);
      expect(await page.locator('#train-progress-text').textContent()).toMatch(
        new RegExp(`step 60 of 60 .* ${backend}$`),
      );
      expect(errors).toEqual([]);
      await page.close();
      await site.server.close();
    }
  });

  it('opening a file that is not a model says why, and the view keeps working', async () => {
    const { page, errors } = await openTrainView('', { width: 1440, height: 900 });
    await page.locator('#train-load').setInputFiles({
      name: 'notes.bin',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('<!doctype html>'),
    });
    await expect
      .poll(() => page.locator('#train-view .error[role="alert"]').textContent())
      .toMatch(/not an attention-playground model/);
    expect(await page.locator('#tab-train').getAttribute('aria-selected')).toBe('true');
    expect(errors).toEqual([]);
    await page.close();
  });
});

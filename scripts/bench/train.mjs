// Training speed, side by side in one run (part of npm run bench; `node scripts/bench/train.mjs` alone):
// steps per second of the default model (D=32, 4 heads, 2+2 layers, batches of 48 pairs) in the wasm builds
// (Node), natively (build/native/tools/train, fast kernels) and in PyTorch (Debian's python3-torch, when
// installed), taken round robin, median of 5; then the Train view in headless Chromium, single-thread and
// threads builds, timed to 95% exact on the live held-out set (median of 3 runs each).
// Writes scripts/bench/training.md and its table in docs/performance.md.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { createTrainer, loadTranslator } from '../../web/lib/index.js';
import { launchChromium, startPlayground } from '../../tests/e2e/support/browser.js';
import { replaceDocsTable } from './docs-table.js';
import { median } from './median.js';

const here = (file) => fileURLToPath(new URL(file, import.meta.url));
const timedSteps = 100;

function wasm(backend) {
  return {
    name: `ours, ${backend} (Node)`,
    async stepsPerSecond() {
      const trainer = await createTrainer({ backend, longestSentence: 12, steps: 1000 }); // 0.1's default run, as the figures were measured
      trainer.step(10); // warm-up
      const started = performance.now();
      trainer.step(timedSteps);
      const seconds = (performance.now() - started) / 1000;
      trainer.dispose();
      return timedSteps / seconds;
    },
  };
}

function native(threads) {
  return {
    name: `ours natively, fast kernels (${os.cpus()[0].model}), ${threads} thread${threads > 1 ? 's' : ''}`,
    async stepsPerSecond() {
      const output = execFileSync(
        here('../../build/native/tools/train'),
        [
          '--steps',
          String(timedSteps),
          '--lr',
          '0.008',
          '--warmup',
          '10',
          '--kernels',
          'fast',
          '--threads',
          String(threads),
          '--held-out',
          '1',
          '--out',
          `${os.tmpdir()}/bench-train.bin`,
        ],
        { encoding: 'utf8' },
      );
      const [, steps, seconds] = output.match(/trained (\d+) steps in ([\d.]+) s/);
      return Number(steps) / Number(seconds);
    },
  };
}

// Debian's PyTorch lives with Debian's python3 (not whatever python3 comes first on PATH).
function pytorch(lengths) {
  const python = '/usr/bin/python3';
  try {
    execFileSync(python, ['-c', 'import torch'], { stdio: 'ignore' });
  } catch {
    return null;
  }
  return {
    name: 'PyTorch (python3-torch), 1 thread',
    async stepsPerSecond() {
      const output = execFileSync(python, [here('train_torch.py'), JSON.stringify(lengths), String(timedSteps)], {
        encoding: 'utf8',
      });
      const result = JSON.parse(output.trim().split('\n').at(-1));
      this.name = `PyTorch ${result.torch} (python3-torch), 1 thread, ${result.parameters.toLocaleString('en')} parameters`;
      return result.steps_per_second;
    },
  };
}

/** Seconds to 95% held-out exact (as the Train view reports it) and the final score, in Chromium. */
async function chromiumRun(browser, url, prepare = async () => {}) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(url);
  await page.waitForSelector('body[data-ready]');
  await prepare(page);
  await page.locator('#train-start').click();
  await page.waitForFunction(() => document.querySelector('#train-view').dataset.status === 'done', null, {
    timeout: 120_000,
  });
  const scores = await page.locator('#train-scores').textContent();
  const progress = await page.locator('#train-progress-text').textContent();
  await page.close();
  return trainViewResult(scores, progress);
}

/** What a finished run in the Train view says: seconds and step to 95% held-out exact, the final share, 400 steps' time. */
export function trainViewResult(scores, progress) {
  const target = scores.match(/95% exact reached at step (\d+), after ([\d.]+) s/);
  const final = scores.match(/final: (\d+) of (\d+) exact/);
  const done = progress.match(/done in ([\d.]+) s/);
  return {
    seconds: target ? Number(target[2]) : null,
    step: target ? Number(target[1]) : null,
    exact: Number(final[1]) / Number(final[2]),
    total: done ? Number(done[1]) : null,
  };
}

export async function trainingBenchmark() {
  const translator = await loadTranslator();
  const lengths = translator
    .heldOutSentences(1000)
    .map((p) => [p.source.split(' ').length, p.target.split(' ').length]);
  translator.dispose();
  const implementations = [
    wasm('wasm-relaxed-simd'),
    wasm('wasm-simd128'),
    wasm('wasm-relaxed-simd-threads'),
    wasm('wasm-simd128-threads'),
    wasm('wasm-scalar'),
    native(1),
    native(2),
    pytorch(lengths),
  ].filter(Boolean);
  const rates = implementations.map(() => []);
  for (let round = 0; round < 5; round++) {
    for (let i = 0; i < implementations.length; i++) {
      rates[i].push(await implementations[i].stepsPerSecond());
      console.log(`round ${round + 1}: ${implementations[i].name}: ${rates[i].at(-1).toFixed(1)} steps/s`);
    }
  }
  const medians = rates.map(median);

  const playground = await startPlayground();
  const browser = await launchChromium();
  const browserRuns = { 'wasm-relaxed-simd': [], 'wasm-relaxed-simd-threads': [], 'wasm-simd128-threads': [] };
  const taskRuns = [];
  try {
    for (let round = 0; round < 3; round++) {
      for (const backend of Object.keys(browserRuns)) {
        const run = await chromiumRun(browser, `${playground.url}?view=train&backend=${backend}`);
        browserRuns[backend].push(run);
        console.log(
          `Chromium, ${backend}: 95% after ${run.seconds} s (step ${run.step}), 400 steps in ${run.total} s, final ${(100 * run.exact).toFixed(1)}%`,
        );
      }
    }
    // The other tasks once each, on the default build of the page (threads where cross-origin isolated).
    for (const [name, query, prepare] of [
      ['English → Japanese', 'task=en-ja'],
      ['reverse (lengths 3-8)', 'task=reverse'],
      ['sort (lengths 3-8)', 'task=sort'],
      ['copy (lengths 3-8)', 'task=copy'],
      ['your own pairs: the dates sample', 'task=pairs', (page) => page.locator('#train-sample').selectOption('dates')],
      [
        'your own pairs: the Pig Latin sample',
        'task=pairs',
        (page) => page.locator('#train-sample').selectOption('pig-latin'),
      ],
    ]) {
      const run = await chromiumRun(browser, `${playground.url}?view=train&${query}`, prepare);
      taskRuns.push({ name, ...run });
      console.log(
        `Chromium, ${name}: 95% after ${run.seconds} s (step ${run.step}), final ${(100 * run.exact).toFixed(1)}%`,
      );
    }
  } finally {
    await browser.close();
    await playground.server.close();
  }

  const byName = (prefix) => medians[implementations.findIndex((impl) => impl.name.startsWith(prefix))];
  const counted = await createTrainer({ backend: 'wasm-simd128', longestSentence: 12 }); // the model timed: its parameters, never typed
  const parameters = counted.parameters.toLocaleString('en');
  counted.dispose();
  const lines = [
    `# Training benchmark`,
    '',
    `${os.cpus()[0].model}, ${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}. The default model of the Train view (D=32, 4 heads, FFN 64, 2+2 layers, ${parameters} parameters), batches of 48 sentence pairs; steps per second over ${timedSteps} steps after 10 of warm-up, median of 5 rounds taken round robin. Produced by \`npm run bench\`.`,
    '',
    '| implementation | steps/s |',
    '|---|---|',
    ...implementations.map((impl, i) => `| ${impl.name} | ${medians[i].toFixed(1)} |`),
    '',
    '| ratio (same run) | |',
    '|---|---|',
    `| native 1 thread / wasm SIMD128 | ${(byName('ours natively, fast kernels') / byName('ours, wasm-simd128 (')).toFixed(2)}× |`,
    `| wasm threads / wasm SIMD128 | ${(byName('ours, wasm-simd128-threads') / byName('ours, wasm-simd128 (')).toFixed(2)}× |`,
    `| wasm relaxed SIMD / wasm SIMD128 | ${(byName('ours, wasm-relaxed-simd (') / byName('ours, wasm-simd128 (')).toFixed(2)}× |`,
  ];
  if (byName('PyTorch'))
    lines.push(`| wasm SIMD128 / PyTorch | ${(byName('ours, wasm-simd128 (') / byName('PyTorch')).toFixed(2)}× |`);
  lines.push(
    '',
    `The Train view in headless Chromium (Debian's ${execFileSync('/usr/bin/chromium', ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()}), default options, live score on the first 50 held-out sentences (median of 3 runs; time counts training and the live scoring, not the module's loading):`,
    '',
    '| build | time to 95% held-out exact | 400 steps | final, 500 held-out |',
    '|---|---|---|---|',
  );
  for (const [backend, runs] of Object.entries(browserRuns)) {
    const seconds = runs.map((r) => r.seconds ?? Infinity);
    lines.push(
      `| ${backend} | ${median(seconds).toFixed(1)} s (runs: ${seconds.map((s) => s.toFixed(1)).join(', ')}) | ${median(runs.map((r) => r.total)).toFixed(1)} s | ${(100 * median(runs.map((r) => r.exact))).toFixed(1)}% |`,
    );
  }
  lines.push(
    '',
    'Other tasks in the Train view (default model and schedule, 400 steps, threads build, one run each):',
    '',
    '| task | 95% held-out exact reached | final held-out exact |',
    '|---|---|---|',
    ...taskRuns.map(
      (r) =>
        `| ${r.name} | ${r.seconds === null ? 'not reached' : `step ${r.step}, ${r.seconds.toFixed(1)} s`} | ${(100 * r.exact).toFixed(1)}% |`,
    ),
  );
  const markdown = lines.join('\n');
  writeFileSync(here('training.md'), `${markdown}\n`);
  replaceDocsTable('train-bench', markdown.slice(markdown.indexOf('\n\n') + 2));
  console.log(`\n${markdown}\nwrote scripts/bench/training.md and its table in docs/performance.md`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  trainingBenchmark().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}

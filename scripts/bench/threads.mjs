// Training on threads (`npm run bench:threads`, or `node --experimental-wasm-relaxed-simd scripts/bench/threads.mjs`
// [--rounds N] [--no-browsers] [--no-training]): steps per second of both models' default runs on 1 and 2 threads of
// the relaxed-SIMD threaded builds, in Node and in headless Chromium and Firefox (each in a Web Worker of the
// playground served cross-origin isolated, as the views train), in alternating rounds, medians (threads-measure.js).
// From the shards' own timings at 1 thread (the part of a step threads share, StepReport's shard_seconds) the parallel
// fraction p, and Amdahl's law's speed-ups: 1 / ((1 − p) + p / n) for n = 2, 4 and 8 cores, where four fixed shards
// cap n at 4. Then generating on threads, in Node (threads-generation.js): tokens per second of generate() on 1 and 2
// threads for the Generate view's model (width 64) and GPT-2 small's shape (124 M random weights, bench:gpt2's file).
// Writes scripts/bench/threads.md and its tables in docs/performance.md.
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { createTrainer, languageModelDefaults, supportsRelaxedSimd } from '../../web/lib/index.js';
import { launchChromium, startPlayground } from '../../tests/e2e/support/browser.js';
import { launchFirefox } from '../../tests/e2e/support/firefox.js';
import { replaceDocsTable } from './docs-table.js';
import { measureThreads } from './threads-measure.js';
import { generationTable } from './threads-generation.js';
import { median, quartiles } from './median.js';

const args = process.argv.slice(2);
const rounds = Number(args[args.indexOf('--rounds') + 1] || 0) || 9;
const browsers = !args.includes('--no-browsers');
const training = !args.includes('--no-training');
const setting = { rounds, steps: 20, warmup: 5 };
const here = (file) => fileURLToPath(new URL(file, import.meta.url));

const corpusPath = 'corpora/pride-and-prejudice.txt'; // under web/: what the Generate view trains on
/**
 * Both models' default runs (the Train view's and the Generate view's), with schedules long enough never to end, on
 * the threaded build of the engine's best SIMD (its 1-thread figure is that build's on one thread).
 */
const runs = (corpus, relaxed) => {
  const backend = relaxed ? 'wasm-relaxed-simd-threads' : 'wasm-simd128-threads';
  return {
    translator: { backend, steps: 100000 },
    'language model': { backend, task: { ...languageModelDefaults.task, corpus }, steps: 100000 },
  };
};

async function inNode() {
  const corpus = readFileSync(here(`../../web/${corpusPath}`), 'utf8');
  return measureThreads(createTrainer, runs(corpus, supportsRelaxedSimd()), setting);
}

// How long a browser's measurement may go without starting a stage (a stage is a trainer's creation, its warm-up or
// a round's 20 steps: seconds even at load 8) before it is taken for a hang, said with its stage. Firefox driven
// through WebDriver BiDi hung here in 9 runs of 41 (load 4-15) while this worker made itself: inside `new Worker` as a
// threaded module made its pthread workers, the hang web/lib/pthreads-from-page.js explains. The worker is now
// started by web/lib's startWorker(), so its page makes them.
const stageTimeout = 60_000;

/**
 * The same function in a module Web Worker of the page (a worker may wait for its threads; a page may not), started
 * as the playground starts its workers (web/lib's startWorker), which says each stage as it starts. Answers
 * { results } or { error }, or { hung: stage } when no stage started for stageTimeout ms (the worker is then ended).
 */
function browserScript() {
  return `(async () => {
    const source = ${JSON.stringify(measureThreads.toString())};
    const worker = \`
      const { createTrainer, languageModelDefaults, supportsRelaxedSimd } = await import(\${JSON.stringify(location.origin + '/lib/index.js')});
      const corpus = await (await fetch(\${JSON.stringify(location.origin + '/${corpusPath}')})).text();
      const runs = (\${${JSON.stringify(runs.toString())}});
      \${source.replace(/^export /, '')}
      try {
        const progress = (stage) => postMessage({ stage });
        const results = await measureThreads(createTrainer, runs(corpus, supportsRelaxedSimd()), ${JSON.stringify(setting)}, progress);
        postMessage({ results });
      } catch (error) {
        postMessage({ error: String(error) });
      }\`;
    const url = URL.createObjectURL(new Blob([worker], { type: 'text/javascript' }));
    const { startWorker } = await import(location.origin + '/lib/index.js');
    const answer = await new Promise((resolve) => {
      const w = startWorker(url, { type: 'module' });
      let stage = 'loading the library and the corpus';
      let timer;
      const watch = () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          w.terminate();
          resolve({ hung: stage });
        }, ${stageTimeout});
      };
      watch();
      w.onmessage = (event) => {
        if (event.data.stage) {
          stage = event.data.stage;
          watch();
          return;
        }
        clearTimeout(timer);
        resolve(event.data);
      };
      w.onerror = (event) => {
        clearTimeout(timer);
        resolve({ error: event.message ?? 'worker failed' });
      };
    });
    return { ...answer, userAgent: navigator.userAgent, isolated: crossOriginIsolated };
  })()`;
}

/** The measurement in a fresh browser of engine `name` (Playwright's Chromium, puppeteer's Firefox: the same calls). */
async function inBrowser(name, url) {
  const browser = await (name === 'Chromium' ? launchChromium() : launchFirefox());
  try {
    const page = await browser.newPage();
    await page.goto(`${url}?view=steps`);
    await page.waitForSelector('body[data-ready]', { timeout: 60_000 });
    const measured = await page.evaluate(browserScript());
    if (!measured.hung) return measured;
    return { error: `nothing for ${stageTimeout / 1000} s from the stage "${measured.hung}"` }; // said by the caller
  } finally {
    await browser.close();
  }
}

/** Amdahl's speed-up on n cores of a step whose share p runs in `shards` shards (no more threads than shards help). */
const amdahl = (p, n, shards = 4) => 1 / (1 - p + p / Math.min(n, shards));

/** One table row per model of an engine's results. */
function rows(engine, results) {
  return Object.entries(results).map(([model, r]) => {
    const one = median(r.threads[1]),
      two = median(r.threads[2]);
    const ratios = r.threads[1].map((rate, i) => r.threads[2][i] / rate); // paired by round
    const ratio = median(ratios);
    const { q1, q3 } = quartiles(ratios);
    const p = median(r.shardShare);
    const shards = median(r.shards[1].map((time, i) => time / r.shards[2][i])); // the shards' own speed-up, by round
    const cells = [
      one.toFixed(1),
      two.toFixed(1),
      `${ratio.toFixed(2)}× (${q1.toFixed(2)}–${q3.toFixed(2)})`,
      `${shards.toFixed(2)}×`,
      `${(100 * p).toFixed(1)}%`,
    ];
    const law = [amdahl(p, 2), amdahl(p, 4), amdahl(p, 8), amdahl(p, 8, 8)].map((x) => `${x.toFixed(2)}×`);
    console.log(`${engine}, ${model}: ${cells.join(', ')}; Amdahl ${law.join(', ')}`);
    return `| ${engine} | ${model} | ${r.backend} | ${cells.join(' | ')} | ${law.join(' | ')} |`;
  });
}

// The machine's load as the run starts: on a shared machine another process's work takes the second thread's core.
const cpu = `${os.cpus()[0].model.trim()}, ${os.cpus().length} cores (load average ${os.loadavg()[0].toFixed(1)})`;
const lines = [];
if (training) lines.push(...rows(`Node ${process.version}`, await inNode()));
if (training && browsers) {
  const playground = await startPlayground();
  try {
    for (const name of ['Chromium', 'Firefox']) {
      const measured = await inBrowser(name, playground.url).catch((error) => ({ error: String(error) }));
      if (measured.error) {
        console.log(`${name}: ${measured.error}`);
        continue;
      }
      const version = measured.userAgent.match(/(Chrome|Firefox)\/([\d.]+)/)?.[2] ?? '';
      lines.push(...rows(`${name} ${version}`, measured.results));
    }
  } finally {
    await playground.server.close();
  }
}

const generation = await generationTable({ rounds, cpu });
replaceDocsTable('threads-generation-bench', generation);
const markdown = [
  '# Training on threads',
  '',
  `${cpu}, ${new Date().toISOString().slice(0, 10)}; the threaded build of each engine's best SIMD. Each model's default run (the`,
  `Train view's: D=32, 2+2 layers, batches of 48 pairs; the Generate view's: D=64, 2 layers, context 64, 8 windows,`,
  `on Pride and Prejudice) on 1 and 2 threads, ${setting.steps} steps a round after ${setting.warmup} of warm-up,`,
  `${rounds} rounds, each taking the two models in turn, alternating which goes first (of the models and of the`,
  `thread counts); medians (the 2-thread ratios paired by round, their quartiles in brackets; shards 2 / 1: the`,
  `shards' own time per step at 1 thread over at 2, so where a step's speed-up falls short of it the serial part is`,
  `why, and where this falls short of 2 the shards' imbalance and the machine's other work are). p: the share of a`,
  `1-thread step spent in its four shards (the part threads share; the batch drawn, the shards' gradients summed and`,
  `Adam's step run on one); Amdahl: 1 / ((1 − p) + p / n), with n capped at 4 by the four shards (8 cores: as 4;`,
  `the last column is what eight shards would give on eight cores).`,
  `Produced by \`npm run bench:threads\`.`,
  '',
  '| engine | model | build | 1 thread, steps/s | 2 threads, steps/s | 2 / 1 | shards 2 / 1 | p | Amdahl 2 | Amdahl 4 | Amdahl 8 | 8 cores, 8 shards |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...lines,
  '',
].join('\n');
const previous = readFileSync(here('threads.md'), 'utf8');
const trainingPart = training
  ? markdown
  : previous.slice(0, previous.indexOf('\n# Generating on threads') + 1 || undefined);
writeFileSync(here('threads.md'), `${trainingPart.trimEnd()}\n\n# Generating on threads\n\n${generation}`);
if (training) replaceDocsTable('threads-bench', markdown.slice(markdown.indexOf('\n\n') + 2));
console.log(`\n${training ? `${markdown}\n` : ''}${generation}`);
process.exit(0); // the threaded modules' workers would keep Node running

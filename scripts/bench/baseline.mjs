// Today's SIMD128 attention module against a stored earlier build of it (scripts/bench/baseline/<commit>/, the .mjs
// glue and .wasm as that commit's scripts/build.sh made them), side by side in one Node process, both driven through
// the same public calls (web/lib/attention-api.js): the kernels (matmul, logits, attention with its weights) and the
// attention API's batched heads (the streaming kernel), multi-head attention end to end. Outputs are compared before
// timing. Then pairs of samples, the two builds alternating which goes first; each pair gives a ratio (baseline time
// / today's: above 1, today is faster), and a figure "moved" when the ratios' interquartile range excludes 1.
//
// Alone: `node scripts/bench/baseline.mjs [--pairs N] [--baseline DIR] [--candidate DIR] [--only TEXT]` (about a
// minute); DIR is a folder holding an attention-simd.{mjs,wasm} pair (an experimental build, say), the candidate by
// default today's web/lib/wasm build; --only keeps the cases whose name contains TEXT. npm run bench runs it too (run.mjs), into scripts/bench/results.md.
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { attentionApi } from '../../web/lib/attention-api.js';
import { loadAttention } from '../../web/lib/index.js';
import { multiHeadInputs } from './multi-head.js';

/** The stored baseline: the commit whose SIMD128 build it is, and where its files are. */
export const baselineCommit = 'c750596';
const baselineFolder = fileURLToPath(new URL(`baseline/${baselineCommit}/`, import.meta.url));

/** A SIMD128 build from a folder holding attention-simd.{mjs,wasm}, behind today's API. */
export async function loadBuildFrom(folder) {
  const { default: createModule } = await import(pathToFileURL(resolve(folder, 'attention-simd.mjs')).href);
  const module = await createModule({ wasmBinary: await readFile(resolve(folder, 'attention-simd.wasm')) });
  return attentionApi(module, 'wasm-simd128');
}

function randomMatrix(count, seed) {
  let state = seed >>> 0;
  return Float32Array.from({ length: count }, () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296 - 0.5;
  });
}

const d = 64;
const heads = (h, s, seed) => ({ data: randomMatrix(h * s * d, seed), heads: h, rows: s, cols: d });
const matrix = (rows, cols, seed) => ({ data: randomMatrix(rows * cols, seed), rows, cols });

/** Each case: what it measures (the kind of figure and its name), and the call it makes on an API. */
export const baselineCases = [
  {
    kind: 'kernel',
    name: 'matmul 512×512 · 512×512',
    args: () => ({ a: matrix(512, 512, 1), b: matrix(512, 512, 2) }),
    call: (api, args) => api.matmul(args).data,
  },
  {
    kind: 'kernel',
    name: 'matmul 64×64 · 64×64',
    args: () => ({ a: matrix(64, 64, 3), b: matrix(64, 64, 4) }),
    call: (api, args) => api.matmul(args).data,
  },
  {
    kind: 'kernel',
    name: 'logits Q·Kᵀ, 512×64 · (512×64)ᵀ',
    args: () => ({ q: matrix(512, d, 5), k: matrix(512, d, 6) }),
    call: (api, args) => api.logits(args).data,
  },
  {
    kind: 'kernel',
    name: 'attention with its weights, 1 head, S=512',
    args: () => ({ q: matrix(512, d, 7), k: matrix(512, d, 8), v: matrix(512, d, 9) }),
    call: (api, args) => api.attention(args).output.data,
  },
  ...[128, 512].map((s) => ({
    kind: 'API',
    name: `attention, batched heads H=8 S=${s} (weights: false)`,
    args: () => ({ q: heads(8, s, s + 1), k: heads(8, s, s + 2), v: heads(8, s, s + 3), weights: false }),
    call: (api, args) => api.attention(args).output.data,
  })),
  {
    kind: 'API',
    name: 'multiHeadAttention D=512 H=8 S=128',
    args: () => {
      const { x, wq, wk, wv, wo, bq, bk, bv, bo } = multiHeadInputs({ dModel: 512, heads: 8, s: 128 }, 133);
      const square = (data) => ({ data, rows: 512, cols: 512 });
      const [q, k, v, o] = [wq, wk, wv, wo].map(square);
      return { xq: { data: x, rows: 128, cols: 512 }, wq: q, wk: k, wv: v, wo: o, bq, bk, bv, bo, heads: 8 };
    },
    call: (api, args) => api.multiHeadAttention(args).output.data,
  },
];

/** The value at fraction p of sorted `values`, linearly interpolated. */
function quantile(sorted, p) {
  const at = (sorted.length - 1) * p,
    low = Math.floor(at);
  return sorted[low] + (sorted[Math.min(low + 1, sorted.length - 1)] - sorted[low]) * (at - low);
}

const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { q1: quantile(sorted, 0.25), median: quantile(sorted, 0.5), q3: quantile(sorted, 0.75) };
};

function maxDifference(a, b) {
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  return worst;
}

/** Calls per sample so that one sample takes about `targetMs`, after at least `warmUpMs` of calls (V8 tiers up). */
function warmUp(run, warmUpMs = 400, targetMs = 10) {
  let calls = 0;
  const start = performance.now();
  while (calls < 3 || performance.now() - start < warmUpMs) {
    run();
    calls++;
  }
  const perCall = (performance.now() - start) / calls;
  return Math.max(1, Math.round(targetMs / perCall));
}

// A sample's time is the CPU time this process spent (user + system), not the clock's: on a shared machine the clock
// also counts the spells in which other processes ran, which is most of the noise. The calls run on this one thread.
function sample(run, repeats) {
  const start = process.cpuUsage();
  for (let i = 0; i < repeats; i++) run();
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000 / repeats;
}

/**
 * One case on two APIs: outputs compared, both warmed up, then `pairs` pairs of samples, the first of each pair
 * alternating. Returns each one's median ms per call and the per-pair ratios' quartiles (baseline ms / candidate ms).
 */
export function comparePair(testCase, baseline, candidate, pairs) {
  const args = testCase.args();
  const runs = [() => testCase.call(baseline, args), () => testCase.call(candidate, args)];
  const error = maxDifference(runs[0](), runs[1]());
  if (!(error < 1e-4)) throw new Error(`${testCase.name}: the two builds disagree by ${error}`);
  const repeats = Math.max(...runs.map((run) => warmUp(run)));
  const times = [[], []];
  for (let pair = 0; pair < pairs; pair++) {
    const order = pair % 2 === 0 ? [0, 1] : [1, 0];
    for (const which of order) times[which].push(sample(runs[which], repeats));
  }
  const ratios = times[0].map((ms, i) => ms / times[1][i]);
  return {
    baselineMs: summary(times[0]).median,
    candidateMs: summary(times[1]).median,
    ratio: summary(ratios),
    repeats,
  };
}

/** Whether the ratios' interquartile range excludes 1, and which way. */
export function verdict({ q1, q3 }) {
  if (q1 > 1) return 'faster';
  if (q3 < 1) return 'slower';
  return 'within the noise';
}

const ms = (x) => (x < 1 ? x.toFixed(3) : x.toFixed(2));

/**
 * Every case, today's build (or `candidate`, a folder) against the stored baseline (or `baseline`, a folder).
 * Returns markdown lines for results.md.
 */
export async function baselineComparison({ pairs = 27, baseline = baselineFolder, candidate = null, only = '' } = {}) {
  const base = await loadBuildFrom(baseline);
  const today = candidate ? await loadBuildFrom(candidate) : await loadAttention({ backend: 'wasm-simd128' });
  const rows = [];
  for (const testCase of baselineCases.filter(({ name }) => name.includes(only))) {
    const result = comparePair(testCase, base, today, pairs);
    const { q1, median, q3 } = result.ratio;
    const line = `| ${testCase.kind} | ${testCase.name} | ${ms(result.baselineMs)} | ${ms(result.candidateMs)} | ${median.toFixed(3)}× (${q1.toFixed(3)}–${q3.toFixed(3)}) | ${verdict(result.ratio)} |`;
    console.log(line);
    rows.push(line);
  }
  const baseName = baseline === baselineFolder ? `${baselineCommit} (stored)` : baseline;
  return [
    `## Against the stored baseline: ${baselineCommit}'s SIMD128 module`,
    '',
    `${os.cpus()[0].model}, Node ${process.version}. The SIMD128 build of ${baseName} and ${candidate ?? "today's"}, one process, the same calls (web/lib/attention-api.js) and inputs, outputs compared first; ${pairs} pairs of samples (each sample several calls, about 10 ms, timed by the process's CPU time), the first of each pair alternating. Speed ratio = baseline ms / today's ms per pair: median (interquartile range); "faster" or "slower" when the range excludes 1 (\`node scripts/bench/baseline.mjs\`).`,
    '',
    "| what | call | baseline ms (CPU) | today ms (CPU) | today's speed ÷ baseline's | moved |",
    '|---|---|---:|---:|---|---|',
    ...rows,
    '',
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      pairs: { type: 'string' },
      baseline: { type: 'string' },
      candidate: { type: 'string' },
      only: { type: 'string' },
    },
  });
  console.log(`machine: ${os.cpus()[0].model}, ${os.cpus().length} cores; Node ${process.version}`);
  const lines = await baselineComparison({
    pairs: values.pairs ? Number(values.pairs) : undefined,
    baseline: values.baseline ?? undefined,
    candidate: values.candidate ?? null,
    only: values.only ?? '',
  });
  console.log(`\n${lines.join('\n')}`);
}

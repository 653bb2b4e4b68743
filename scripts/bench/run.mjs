// npm run bench: every attention implementation on the same inputs, in one Node process, side by side.
// For each shape: warm-up (at least 3 calls and 1 s each, so V8 has tiered the code up), then 21 rounds in
// which every implementation is timed once (round robin), and each one's median. GFLOP/s counts the two
// matrix products, 4·H·S²·d (softmax not counted).
// Then multi-head attention end to end against onnxruntime's Attention operator, today's SIMD128 module against the
// stored baseline build (baseline.mjs), and the same attention table in headless Chromium. Writes
// scripts/bench/results.md (the tables) and scripts/bench/results.svg (the plot); then the training benchmark
// (train.mjs; skipped with --attention-only). Node runs with
// --experimental-wasm-relaxed-simd (package.json) so the relaxed builds are measured too.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { ceilingParts, gemmVariantShapes, gemmVariants, measureCeiling, measureGemmVariants } from './ceiling.js';
import { measurePeak } from './peak.js';
import { measureTileSteps, tileStepName } from './tile-step.js';
import { measureStackCheckCost, stackCheckParts } from './stack-checks.js';
import { barChart } from './plot.js';
import { attentionInChromium } from './browser-attention.js';
import { multiHeadInputs, onnxRuntimeMultiHead, oursMultiHead } from './multi-head.js';
import { naiveJs, onnxRuntime, ours, tensorflowWasm } from './peers.js';
import { enginesBenchmark } from './engines.mjs';
import { lighthouseBenchmark } from './lighthouse.mjs';
import { trainingBenchmark } from './train.mjs';
import { replaceDocsTable } from './docs-table.js';
import { baselineComparison } from './baseline.mjs';

const shapes = [
  { heads: 1, s: 64 },
  { heads: 8, s: 128 },
  { heads: 8, s: 512 },
  { heads: 12, s: 1024 },
];
const d = 64;
const label = ({ heads, s }) => `H=${heads} S=${s}`;
const flops = ({ heads, s }) => 4 * heads * s * s * d;
const here = (file) => fileURLToPath(new URL(file, import.meta.url));

function randomInputs({ heads, s }, seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296 - 0.5;
  };
  const m = () => Float32Array.from({ length: heads * s * d }, next);
  return { heads, s, d, q: m(), k: m(), v: m() };
}

// Warm-up: at least 3 calls and 1 s per implementation, so V8 has tiered its code up.
async function warmUp(run) {
  const start = performance.now();
  for (let calls = 0; calls < 3 || (performance.now() - start < 1000 && calls < 200); calls++) await run();
}

// Round robin: each round times one call of every implementation, so a slow spell of this shared machine
// hits them all alike and the ratios stay fair. Returns each implementation's median.
async function interleavedMedians(runs, rounds = 21) {
  const times = runs.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < runs.length; i++) {
      const t0 = performance.now();
      await runs[i]();
      times[i].push(performance.now() - t0);
    }
  }
  return times.map((ms) => ms.sort((a, b) => a - b)[ms.length >> 1]);
}

function maxDifference(a, b) {
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  return worst;
}

const format = (x, digits = 1) => (x === null || x === undefined ? '–' : x.toFixed(digits));

/** Times already-prepared runs: warm-up, then round robin; returns each one's median in ms. */
async function timeSideBySide(runs, rounds = 21) {
  for (const run of runs) await warmUp(run);
  return interleavedMedians(runs, rounds);
}

// Multi-head self-attention end to end (projections, attention, Wo), D = 512, H = 8.
const multiHeadShapes = [
  { dModel: 512, heads: 8, s: 128 },
  { dModel: 512, heads: 8, s: 512 },
];

async function multiHeadTable() {
  const implementations = [
    await oursMultiHead('wasm-relaxed-simd'),
    await oursMultiHead('wasm-simd128'),
    await onnxRuntimeMultiHead(1),
    await oursMultiHead('wasm-relaxed-simd-threads'),
    await onnxRuntimeMultiHead(2),
  ];
  const rows = implementations.map(() => []);
  for (const shape of multiHeadShapes) {
    const inputs = multiHeadInputs(shape, shape.s + 5);
    const runs = await Promise.all(implementations.map((impl) => impl.prepare(inputs)));
    const expected = await runs[2](); // onnxruntime's
    for (let i = 0; i < runs.length; i++) {
      const error = maxDifference(await runs[i](), expected);
      if (!(error < 1e-4))
        throw new Error(
          `${implementations[i].name} disagrees with onnxruntime's Attention at S=${shape.s}: max difference ${error}`,
        );
    }
    const medians = await timeSideBySide(runs, 11);
    medians.forEach((ms, i) => {
      rows[i].push(ms);
      console.log(`MHA S=${shape.s} ${implementations[i].name.padEnd(60)} ${ms.toFixed(2).padStart(8)} ms`);
    });
  }
  const lines = [
    '## Multi-head attention end to end',
    '',
    'Self-attention with Q/K/V projections, attention and Wo (all with biases), D = 512, H = 8, one sequence; onnxruntime-web runs its `com.microsoft` Attention contrib operator (fused Q/K/V projection and attention, weights as initializers) then MatMul + Add for Wo. Ours is one `multiHeadAttention()` call, weights handed over each call. Outputs agree to 1e-4 before timing; median of 11 calls, round robin.',
    '',
    `| implementation | ${multiHeadShapes.map((m) => `S=${m.s}`).join(' | ')} |`,
    `|---|${multiHeadShapes.map(() => '---').join('|')}|`,
    ...implementations.map((impl, i) => `| ${impl.name} | ${rows[i].map((ms) => `${format(ms, 2)} ms`).join(' | ')} |`),
    '',
    `| ratio | ${multiHeadShapes.map((m) => `S=${m.s}`).join(' | ')} |`,
    `|---|${multiHeadShapes.map(() => '---').join('|')}|`,
    `| onnxruntime 1 thread / ours relaxed SIMD | ${rows[2].map((ms, g) => `${format(ms / rows[0][g], 2)}×`).join(' | ')} |`,
    `| onnxruntime 1 thread / ours SIMD128 | ${rows[2].map((ms, g) => `${format(ms / rows[1][g], 2)}×`).join(' | ')} |`,
    `| onnxruntime 2 threads / ours relaxed SIMD, 2 threads | ${rows[4].map((ms, g) => `${format(ms / rows[3][g], 2)}×`).join(' | ')} |`,
    '',
  ];
  // onnxruntime 1 thread / ours relaxed, per shape: for the targets
  return { lines, relaxedRatios: rows[2].map((ms, g) => ms / rows[0][g]) };
}

async function main() {
  console.log(`machine: ${os.cpus()[0].model}, ${os.cpus().length} cores; Node ${process.version}`);
  const peak = await measurePeak();
  const fusedPeak = await measurePeak({ shapes: ['relaxed'] });
  console.log(
    `wasm SIMD128 mul+add peak: ${peak.gflops.toFixed(1)} GFLOP/s (${peak.shape}, ${peak.chains} chains); relaxed madd: ${fusedPeak.gflops.toFixed(1)} GFLOP/s`,
  );
  const tileSteps = await measureTileSteps();
  for (const { shape, gflops } of tileSteps)
    console.log(`tile step alone, ${tileStepName(shape).padEnd(40)} ${format(gflops)} GFLOP/s`);
  const ceiling = await measureCeiling();
  const variants = await measureGemmVariants();
  const stackChecks = measureStackCheckCost();
  ceilingParts.forEach((part, i) =>
    console.log(
      `${part.name.padEnd(45)} SIMD128 ${format(ceiling['wasm-simd128'][i])}, relaxed ${format(ceiling['wasm-relaxed-simd'][i])} GFLOP/s`,
    ),
  );

  const implementations = [
    await ours('wasm-relaxed-simd'),
    await ours('wasm-simd128'),
    await ours('wasm-scalar'),
    naiveJs(),
    await onnxRuntime(1),
    await onnxRuntime(2),
    await tensorflowWasm(),
    await ours('wasm-relaxed-simd-threads'),
    await ours('wasm-simd128-threads'),
  ];
  const results = new Map(implementations.map((impl) => [impl.name, []]));
  for (const shape of shapes) {
    const inputs = randomInputs(shape, shape.s * 31 + shape.heads);
    const runs = implementations.map((impl) => impl.prepare(inputs));
    const expected = await runs[2](); // the scalar build: the C++ reference loops
    for (let i = 0; i < runs.length; i++) {
      const error = maxDifference(await runs[i](), expected);
      if (!(error < 1e-4))
        throw new Error(
          `${implementations[i].name} disagrees with ${implementations[2].name} at ${label(shape)}: max difference ${error}`,
        );
    }
    const medians = await timeSideBySide(runs);
    implementations.forEach((impl, i) => {
      const ms = medians[i];
      results.get(impl.name).push({ ms, gflops: flops(shape) / ms / 1e6 });
      console.log(
        `${label(shape).padEnd(14)} ${impl.name.padEnd(40)} ${ms.toFixed(3).padStart(10)} ms ${format(flops(shape) / ms / 1e6).padStart(7)} GFLOP/s`,
      );
    });
  }

  const native = JSON.parse(execFileSync(here('../../build/native/tools/bench'), ['--json'], { encoding: 'utf8' }));
  const nativeOf = (prefix, shape) =>
    native.find((r) => r.kernel.startsWith(prefix) && r.heads === shape.heads && r.s === shape.s);
  // The machine's best single-thread streaming kernel: whatever wider SIMD it has (AVX2+FMA, AVX-512).
  const bestKernel =
    native.find((r) => r.kernel.startsWith('streaming, ') && !/sse4\.2|threads/.test(r.kernel))?.kernel ??
    'streaming, sse4.2';
  const [relaxed, simd, scalar, , ort1, ort2, , relaxedThreads, simdThreads] = implementations.map((i) => i.name);
  const gf = (name, g) => results.get(name)?.[g]?.gflops ?? null;
  const ms = (name, g) => results.get(name)?.[g]?.ms ?? null;
  const multiHead = await multiHeadTable();
  const againstBaseline = await baselineComparison(); // today's SIMD128 module against the stored earlier build
  const chromium = await attentionInChromium(shapes, d, 11);

  const lines = [];
  lines.push(`# Attention benchmark`, '');
  lines.push(
    `${os.cpus()[0].model}, ${os.cpus().length} cores (KVM guest), Node ${process.version} (with --experimental-wasm-relaxed-simd), ${new Date().toISOString().slice(0, 10)}. Single thread unless stated. d = 64; GFLOP/s counts 4·H·S²·d per call; median of 21 calls, taken round robin across implementations after at least 1 s of warm-up each; inputs copied in and the output read back for every implementation. Produced by \`npm run bench\`.`,
    '',
  );
  lines.push(
    `Measured in the same run: wasm SIMD128 mul+add peak **${peak.gflops.toFixed(1)} GFLOP/s**; relaxed-SIMD fused multiply-add (f32x4.relaxed_madd) peak **${fusedPeak.gflops.toFixed(1)} GFLOP/s**.`,
    '',
  );
  lines.push(`| implementation | ${shapes.map(label).join(' | ')} |`, `|---|${shapes.map(() => '---').join('|')}|`);
  for (const impl of implementations) {
    lines.push(
      `| ${impl.name} | ${results
        .get(impl.name)
        .map((r) => `${format(r.gflops)} GFLOP/s (${format(r.ms, r.ms < 1 ? 3 : 1)} ms)`)
        .join(' | ')} |`,
    );
  }
  lines.push(`| wasm SIMD128 mul+add loop (peak) | ${shapes.map(() => format(peak.gflops)).join(' | ')} |`);
  lines.push(`| wasm relaxed madd loop (peak) | ${shapes.map(() => format(fusedPeak.gflops)).join(' | ')} |`, '');
  lines.push('## Ratios (same run)', '');
  lines.push(`| ratio | ${shapes.map(label).join(' | ')} |`, `|---|${shapes.map(() => '---').join('|')}|`);
  const ratio = (f) => shapes.map((shape, g) => f(shape, g));
  const ratioRow = (name, f) =>
    lines.push(
      `| ${name} | ${ratio(f)
        .map((x) => `${format(x, 2)}×`)
        .join(' | ')} |`,
    );
  ratioRow('ours relaxed SIMD / onnxruntime-web, 1 thread', (_, g) => gf(relaxed, g) / gf(ort1, g));
  ratioRow('ours SIMD128 / onnxruntime-web, 1 thread', (_, g) => gf(simd, g) / gf(ort1, g));
  ratioRow('ours relaxed, 2 threads / onnxruntime-web, 2 threads', (_, g) => gf(relaxedThreads, g) / gf(ort2, g));
  ratioRow('ours relaxed, 2 threads / 1 thread', (_, g) => gf(relaxedThreads, g) / gf(relaxed, g));
  ratioRow('ours SIMD128, 2 threads / 1 thread', (_, g) => gf(simdThreads, g) / gf(simd, g));
  ratioRow('ours relaxed SIMD / SIMD128 mul+add peak', (_, g) => gf(relaxed, g) / peak.gflops);
  ratioRow('ours SIMD128 / SIMD128 mul+add peak', (_, g) => gf(simd, g) / peak.gflops);
  ratioRow('relaxed / SIMD128', (_, g) => gf(relaxed, g) / gf(simd, g));
  ratioRow('SIMD128 / scalar', (_, g) => gf(simd, g) / gf(scalar, g));
  ratioRow(
    'wasm relaxed time / native SSE4.2 time, per call',
    (shape, g) => ms(relaxed, g) / nativeOf('streaming, sse4.2', shape).ms,
  );
  ratioRow(
    `native ${bestKernel.replace('streaming, ', '')} / wasm relaxed SIMD`,
    (shape, g) => nativeOf(bestKernel, shape).gflops / gf(relaxed, g),
  );

  // The issue's targets, each with what this run measured.
  const atLeast = (values, bound) => values.every((x) => x >= bound);
  const list = (values) => values.map((x) => format(x, 2)).join(', ');
  const from = (minS) => shapes.map((shape, g) => [shape, g]).filter(([shape]) => shape.s >= minS);
  const gemmShare = (backend) => [0, 1].map((i) => ceiling[backend][i] / peak.gflops); // the two block products
  const targets = [
    ['GEMM alone in the module, SIMD128 ≥ 0.80× the mul+add peak', gemmShare('wasm-simd128'), 0.8],
    ['GEMM alone in the module, relaxed ≥ 0.90× the mul+add peak', gemmShare('wasm-relaxed-simd'), 0.9],
    [
      'attention (public API), SIMD128 ≥ 0.65× the peak, S ≥ 512',
      from(512).map(([, g]) => gf(simd, g) / peak.gflops),
      0.65,
    ],
    [
      'attention (public API), relaxed ≥ 0.80× the peak, S ≥ 512',
      from(512).map(([, g]) => gf(relaxed, g) / peak.gflops),
      0.8,
    ],
    ['SIMD128 ≥ 1.5× onnxruntime-web 1 thread, S ≥ 128', from(128).map(([, g]) => gf(simd, g) / gf(ort1, g)), 1.5],
    ['relaxed ≥ 1.8× onnxruntime-web 1 thread, S ≥ 128', from(128).map(([, g]) => gf(relaxed, g) / gf(ort1, g)), 1.8],
    ['multi-head end to end (relaxed) ≥ 1.7× onnxruntime Attention, 1 thread', multiHead.relaxedRatios, 1.7],
    [
      'in Chromium: attention, SIMD128 ≥ 0.65× the peak, S ≥ 512',
      from(512).map(([, g]) => chromium.results['wasm-simd128'][g].gflops / peak.gflops),
      0.65,
    ],
    [
      'in Chromium: attention, relaxed ≥ 0.80× the peak, S ≥ 512',
      from(512).map(([, g]) => chromium.results['wasm-relaxed-simd'][g].gflops / peak.gflops),
      0.8,
    ],
  ];
  const targetLines = [
    '## Targets (issue 26), this run',
    '',
    '| target | measured | holds |',
    '|---|---|---|',
    ...targets.map(
      ([name, values, bound]) => `| ${name} | ${list(values)} | ${atLeast(values, bound) ? 'yes' : 'no'} |`,
    ),
    '',
  ];
  lines.push('', ...targetLines);

  const share = (gflops) => `${format(gflops)} (${format(gflops / peak.gflops, 2)}×)`;
  lines.push(
    '## What bounds the peak targets',
    '',
    'Measured in the same process right after the peak, inside the module (no JS, no copies; `cpp/tools/bench/wasm_ceiling.cpp`). GFLOP/s (× the SIMD128 mul+add peak):',
    '',
    '| part | wasm SIMD128 | wasm relaxed SIMD |',
    '|---|---|---|',
    ...ceilingParts.map(
      (part, i) =>
        `| ${part.name} | ${share(ceiling['wasm-simd128'][i])} | ${share(ceiling['wasm-relaxed-simd'][i])} |`,
    ),
    ...from(512).map(
      ([shape, g]) =>
        `| public API, ${label(shape)}, copies included | ${share(gf(simd, g))} | ${share(gf(relaxed, g))} |`,
    ),
    '',
    "V8's stack-limit check, once per loop iteration: the GEMM alone in child processes with and without Node's testing-only `--no-wasm-stack-checks`, alternated, median of 3 each (`scripts/bench/stack-checks.js`). GFLOP/s (× the peak):",
    '',
    '| part | SIMD128, checked | SIMD128, unchecked | relaxed, checked | relaxed, unchecked |',
    '|---|---|---|---|---|',
    ...stackCheckParts.map((name, i) => {
      const { checked: s, unchecked: su } = stackChecks['wasm-simd128'],
        { checked: r, unchecked: ru } = stackChecks['wasm-relaxed-simd'];
      return `| ${name} | ${share(s[i])} | ${share(su[i])} | ${share(r[i])} | ${share(ru[i])} |`;
    }),
    '',
  );
  const microKernelLines = [
    '## Micro-kernel shapes side by side',
    '',
    'The GEMM tile shapes tried (`cpp/tools/bench/gemm_variants.hpp`), each 4 rows × 2 vectors of accumulators, in one module per build, round robin, median of 5; C = A · B with B packed, the copy of A made by the packed variants included. GFLOP/s (× the SIMD128 mul+add peak):',
    '',
    `| micro-kernel | ${gemmVariantShapes.map((shape) => `${shape.join('×')} SIMD128 | relaxed`).join(' | ')} |`,
    `|---|${gemmVariantShapes.map(() => '---|---').join('|')}|`,
    ...gemmVariants.map(
      (name, v) =>
        `| ${name} | ${gemmVariantShapes.map((_, s) => `${share(variants['wasm-simd128'][v][s])} | ${share(variants['wasm-relaxed-simd'][v][s])}`).join(' | ')} |`,
    ),
    '',
    'The tile step alone (`scripts/bench/tile-step.js`): hand-written wasm doing nothing but tile steps on data in L1, one pointer with constant offsets, no other address arithmetic: the most a compiled kernel of that shape could reach here. GFLOP/s (× the SIMD128 mul+add peak):',
    '',
    '| tile step | GFLOP/s |',
    '|---|---|',
    ...tileSteps.map(({ shape, gflops }) => `| ${tileStepName(shape)} | ${share(gflops)} |`),
    '',
  ];
  lines.push(...microKernelLines);
  lines.push(...multiHead.lines);
  lines.push(...againstBaseline);
  lines.push(
    '## In Chromium',
    '',
    `Headless ${chromium.userAgent.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium'} (Debian's chromium), the page cross-origin isolated; our builds only, same shapes and protocol (median of 11). GFLOP/s (ms):`,
    '',
    `| build | ${shapes.map(label).join(' | ')} |`,
    `|---|${shapes.map(() => '---').join('|')}|`,
    ...Object.entries(chromium.results).map(
      ([backend, rows]) =>
        `| ${backend}${chromium.threads[backend] > 1 ? ` (${chromium.threads[backend]} threads)` : ''} | ${rows.map((r) => `${format(r.gflops)} (${format(r.ms, r.ms < 1 ? 3 : 1)} ms)`).join(' | ')} |`,
    ),
    '',
  );
  lines.push('## The same kernels natively (build/native/tools/bench)', '');
  lines.push('| kernel | H | S | ms (median) | GFLOP/s |', '|---|---|---|---|---|');
  for (const r of native)
    lines.push(`| ${r.kernel} | ${r.heads} | ${r.s} | ${format(r.ms, 3)} | ${format(r.gflops)} |`);
  lines.push('');
  const markdown = lines.join('\n');
  writeFileSync(here('results.md'), `${markdown}\n![GFLOP/s per implementation and shape](results.svg)\n`);
  writeFileSync(
    here('results.svg'),
    barChart({
      title: `Attention, d = 64: GFLOP/s (${os.cpus()[0].model})`,
      shapes: shapes.map(label),
      series: [
        ...implementations.map((impl) => ({ name: impl.name, gflops: results.get(impl.name).map((r) => r.gflops) })),
        {
          name: `ours natively, ${bestKernel.replace('streaming, ', '')}`,
          gflops: shapes.map((shape) => nativeOf(bestKernel, shape)?.gflops ?? null),
        },
      ],
      peak: peak.gflops,
    }),
  );
  // docs/performance.md shows the latest tables between its markers.
  const tables = markdown
    .slice(markdown.indexOf('Measured in the same run'), markdown.indexOf('## In Chromium'))
    .replace('## Ratios (same run)', '**Ratios (same run)**')
    .replace('## Targets (issue 26), this run', '**Targets (issue 12), this run**')
    .replace('## Multi-head attention end to end', '**Multi-head attention end to end**')
    .replace('## What bounds the peak targets', '**What bounds the peak targets**');
  // The README shows the kernels' round: its targets and the micro-kernel shapes measured.
  replaceDocsTable(
    'kernels',
    [
      `${os.cpus()[0].model}, \`npm run bench\` of ${new Date().toISOString().slice(0, 10)}; SIMD128 mul+add peak ${format(peak.gflops)} GFLOP/s, relaxed madd peak ${format(fusedPeak.gflops)}.`,
      '',
      ...targetLines,
      ...microKernelLines,
    ]
      .join('\n')
      .replace(/^## (.*)$/gm, '**$1**'),
    'README.md',
  );
  replaceDocsTable(
    'bench',
    `${tables.trim()}\n\nFull tables, Chromium and native included: [scripts/bench/results.md](../scripts/bench/results.md).`,
  );
  console.log(
    `\n${markdown}\nwrote scripts/bench/results.md, scripts/bench/results.svg and the tables in docs/performance.md`,
  );
  if (!process.argv.includes('--attention-only')) {
    await trainingBenchmark();
    await enginesBenchmark(); // Chromium, Firefox and WebKit side by side: attention at H=8 S=512, the Train view
    await lighthouseBenchmark(); // the playground on a phone: Lighthouse mobile on every page, long tasks in use
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

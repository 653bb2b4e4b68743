// npm run bench: every attention implementation on the same inputs, in one Node process, side by side.
// For each shape: warm-up (at least 3 calls and 1 s each, so V8 has tiered the code up), then 21 rounds in
// which every implementation is timed once (round robin), and each one's median. GFLOP/s counts the two
// matrix products, 4·H·S²·d (softmax not counted).
// Writes scripts/bench/results.md (the tables) and scripts/bench/results.svg (the plot); then the training
// benchmark (train.mjs).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { measurePeak } from './peak.js';
import { barChart } from './plot.js';
import { naiveJs, onnxRuntime, ours, tensorflowWasm } from './peers.js';
import { trainingBenchmark } from './train.mjs';

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

async function main() {
  console.log(`machine: ${os.cpus()[0].model}, ${os.cpus().length} cores; Node ${process.version}`);
  const peak = await measurePeak();
  console.log(`wasm SIMD128 mul+add peak: ${peak.gflops.toFixed(1)} GFLOP/s (${peak.shape}, ${peak.chains} chains)`);

  const implementations = [await ours('wasm-simd128'), await ours('wasm-scalar'), naiveJs(), await onnxRuntime(1), await onnxRuntime(2), await tensorflowWasm(), await ours('wasm-simd128-threads')];
  const results = new Map(implementations.map((impl) => [impl.name, []]));
  for (const shape of shapes) {
    const inputs = randomInputs(shape, shape.s * 31 + shape.heads);
    const runs = implementations.map((impl) => impl.prepare(inputs));
    const expected = await runs[0]();
    for (let i = 0; i < runs.length; i++) {
      const error = maxDifference(await runs[i](), expected);
      if (!(error < 1e-4)) throw new Error(`${implementations[i].name} disagrees with ${implementations[0].name} at ${label(shape)}: max difference ${error}`);
      await warmUp(runs[i]);
    }
    const medians = await interleavedMedians(runs);
    implementations.forEach((impl, i) => {
      const ms = medians[i];
      results.get(impl.name).push({ ms, gflops: flops(shape) / ms / 1e6 });
      console.log(`${label(shape).padEnd(14)} ${impl.name.padEnd(40)} ${ms.toFixed(3).padStart(10)} ms ${format(flops(shape) / ms / 1e6).padStart(7)} GFLOP/s`);
    });
  }

  const native = JSON.parse(execFileSync(here('../../build/native/tools/bench'), ['--json'], { encoding: 'utf8' }));
  const nativeOf = (prefix, shape) => native.find((r) => r.kernel.startsWith(prefix) && r.heads === shape.heads && r.s === shape.s);
  const gf = (name, g) => results.get(name)?.[g]?.gflops ?? null;
  const [simd, scalar, , ort1, ort2, , threaded] = implementations.map((i) => i.name);

  const lines = [];
  lines.push(`# Attention benchmark`, '');
  lines.push(`${os.cpus()[0].model}, ${os.cpus().length} cores (KVM guest), Node ${process.version}, ${new Date().toISOString().slice(0, 10)}. Single thread unless stated. d = 64; GFLOP/s counts 4·H·S²·d per call; median of 21 calls, taken round robin across implementations after at least 1 s of warm-up each; inputs copied in and the output read back for every implementation. Produced by \`npm run bench\`.`, '');
  lines.push(`Measured wasm SIMD128 mul+add peak of this machine in the same run: **${peak.gflops.toFixed(1)} GFLOP/s**.`, '');
  lines.push(`| implementation | ${shapes.map(label).join(' | ')} |`, `|---|${shapes.map(() => '---').join('|')}|`);
  for (const impl of implementations) {
    lines.push(`| ${impl.name} | ${results.get(impl.name).map((r) => `${format(r.gflops)} GFLOP/s (${format(r.ms, r.ms < 1 ? 3 : 1)} ms)`).join(' | ')} |`);
  }
  lines.push(`| wasm SIMD128 mul+add loop (peak) | ${shapes.map(() => format(peak.gflops)).join(' | ')} |`, '');
  lines.push('## Ratios (same run)', '');
  lines.push(`| ratio | ${shapes.map(label).join(' | ')} |`, `|---|${shapes.map(() => '---').join('|')}|`);
  const ratioRow = (name, f) => lines.push(`| ${name} | ${shapes.map((shape, g) => `${format(f(shape, g), 2)}×`).join(' | ')} |`);
  ratioRow('ours / onnxruntime-web, 1 thread', (_, g) => gf(simd, g) / gf(ort1, g));
  ratioRow('ours, 2 threads / onnxruntime-web, 2 threads', (_, g) => gf(threaded, g) / gf(ort2, g));
  ratioRow('ours, 2 threads / ours, 1 thread', (_, g) => gf(threaded, g) / gf(simd, g));
  ratioRow('ours / wasm SIMD128 peak', (_, g) => gf(simd, g) / peak.gflops);
  ratioRow('SIMD / scalar', (_, g) => gf(simd, g) / gf(scalar, g));
  ratioRow('native SSE4.2 / wasm SIMD128', (shape, g) => nativeOf('streaming, sse4.2', shape).gflops / gf(simd, g));
  ratioRow('native best / wasm SIMD128', (shape, g) => nativeOf('streaming, avx', shape).gflops / gf(simd, g));
  lines.push('', '## The same kernels natively (build/native/tools/bench)', '');
  lines.push('| kernel | H | S | ms (median) | GFLOP/s |', '|---|---|---|---|---|');
  for (const r of native) lines.push(`| ${r.kernel} | ${r.heads} | ${r.s} | ${format(r.ms, 3)} | ${format(r.gflops)} |`);
  lines.push('');
  const markdown = lines.join('\n');
  writeFileSync(here('results.md'), `${markdown}\n![GFLOP/s per implementation and shape](results.svg)\n`);
  writeFileSync(here('results.svg'), barChart({
    title: `Attention, d = 64: GFLOP/s (${os.cpus()[0].model})`,
    shapes: shapes.map(label),
    series: [...implementations.map((impl) => ({ name: impl.name, gflops: results.get(impl.name).map((r) => r.gflops) })),
      { name: `ours natively, ${native.find((r) => r.kernel.startsWith('streaming, avx'))?.kernel.replace('streaming, ', '') ?? 'best'}`, gflops: shapes.map((shape) => nativeOf('streaming, avx', shape)?.gflops ?? null) }],
    peak: peak.gflops,
  }));
  // The README shows the latest tables between its markers.
  const readme = here('../../README.md');
  const start = '<!-- bench:start -->', end = '<!-- bench:end -->';
  const text = readFileSync(readme, 'utf8');
  if (text.includes(start) && text.includes(end)) {
    const tables = markdown.slice(markdown.indexOf('Measured wasm'), markdown.indexOf('## The same kernels natively')).replace('## Ratios (same run)', '**Ratios (same run)**');
    writeFileSync(readme, `${text.slice(0, text.indexOf(start) + start.length)}\n${tables.trim()}\n\nFull tables, native included: [scripts/bench/results.md](scripts/bench/results.md).\n${text.slice(text.indexOf(end))}`);
  }
  console.log(`\n${markdown}\nwrote scripts/bench/results.md, scripts/bench/results.svg and the README's table`);
  await trainingBenchmark();
}

main().then(() => process.exit(0), (error) => {
  console.error(error);
  process.exit(1);
});

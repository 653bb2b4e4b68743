// npm run bench: every attention implementation on the same inputs, in one Node process, side by side.
// For each shape: warm-up (at least 3 calls and 1 s, so V8 has tiered the code up), then the median of at
// least 21 timed calls; GFLOP/s counts the two matrix products, 4·H·S²·d (softmax not counted).
// Writes scripts/bench/results.md (the tables) and scripts/bench/results.svg (the plot).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { measurePeak } from './peak.js';
import { barChart } from './plot.js';
import { naiveJs, onnxRuntime, ours, tensorflowWasm } from './peers.js';

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

async function timeMedian(run) {
  const start = performance.now();
  for (let calls = 0; calls < 3 || (performance.now() - start < 1000 && calls < 200); calls++) await run();
  const ms = [];
  for (let i = 0; i < 21; i++) {
    const t0 = performance.now();
    await run();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return ms[ms.length >> 1];
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

  const implementations = [await ours('wasm-simd128'), await ours('wasm-scalar'), naiveJs(), await onnxRuntime(1), await onnxRuntime(2), await tensorflowWasm()];
  const results = new Map(implementations.map((impl) => [impl.name, []]));
  for (const shape of shapes) {
    const inputs = randomInputs(shape, shape.s * 31 + shape.heads);
    let expected = null;
    for (const impl of implementations) {
      const run = impl.prepare(inputs);
      const output = await run();
      expected ??= output;
      const error = maxDifference(output, expected);
      if (!(error < 1e-4)) throw new Error(`${impl.name} disagrees with ${implementations[0].name} at ${label(shape)}: max difference ${error}`);
      const ms = await timeMedian(run);
      results.get(impl.name).push({ ms, gflops: flops(shape) / ms / 1e6 });
      console.log(`${label(shape).padEnd(14)} ${impl.name.padEnd(40)} ${ms.toFixed(3).padStart(10)} ms ${format(flops(shape) / ms / 1e6).padStart(7)} GFLOP/s`);
    }
  }

  const native = JSON.parse(execFileSync(here('../../build/native/tools/bench'), ['--json'], { encoding: 'utf8' }));
  const nativeOf = (prefix, shape) => native.find((r) => r.kernel.startsWith(prefix) && r.heads === shape.heads && r.s === shape.s);
  const gf = (name, g) => results.get(name)?.[g]?.gflops ?? null;
  const [simd, scalar, , ort1, ort2] = implementations.map((i) => i.name);

  const lines = [];
  lines.push(`# Attention benchmark`, '');
  lines.push(`${os.cpus()[0].model}, ${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}. Single thread unless stated. d = 64; GFLOP/s counts 4·H·S²·d per call; median of 21 calls after at least 1 s of warm-up; inputs copied in and the output read back for every implementation. Produced by \`npm run bench\`.`, '');
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
  ratioRow('ours / onnxruntime-web, 2 threads', (_, g) => gf(simd, g) / gf(ort2, g));
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
  console.log(`\n${markdown}\nwrote scripts/bench/results.md and scripts/bench/results.svg`);
}

main().then(() => process.exit(0), (error) => {
  console.error(error);
  process.exit(1);
});

// npm run bench:gpt2: GPT-2 small (124 M parameters, seeded random weights in Hugging Face's layout) in ours against
// PyTorch (gpt2_torch.py, the same tensors, one thread), float32 and 8-bit: per prompt of 128 tokens, per generated
// token after it with the key/value cache, peak memory, and how far ours is from PyTorch float32 (max |Δ log p| over
// each generated step's 10 most likely tokens). Ours natively (gpt2_step), in Node and in Chromium (the wasm module
// through loadLanguageModel({ gpt2 }), SIMD128 and relaxed SIMD builds: gpt2-node.mjs, gpt2-chromium.mjs). Each
// measurement runs in a process of its own; medians of BENCH_RUNS (3) runs (PyTorch's: BENCH_TORCH_RUNS, default the
// same). BENCH_ENGINES (native,node,chromium) picks ours' engines; BENCH_LAYERS (12) shrinks the model for a quick
// try; BENCH_REUSE below. Writes scripts/bench/gpt2-results.md (its part from gpt2-notes' marker on is kept).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { decode, encode } from 'gpt-3-encoder';
import { writeGpt2Files } from '../../tests/support/gpt2-files.js';
import { gpt2InChromium } from './gpt2-chromium.mjs';
import { gpt2Table, kept } from './gpt2-table.mjs';
import { measureGpt2 } from './gpt2-wasm.js';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const root = here('../..');
const folder = '.cache/bench-gpt2';
const shape = { layers: Number(process.env.BENCH_LAYERS ?? 12), heads: 12, width: 768, positions: 1024, seed: 1 };
const promptTokens = 128,
  steps = 16,
  runs = Number(process.env.BENCH_RUNS ?? 3),
  torchRuns = Number(process.env.BENCH_TORCH_RUNS ?? runs);
const engines = (process.env.BENCH_ENGINES ?? 'native,node,chromium').split(',');
const wasmBackends = ['wasm-simd128', 'wasm-relaxed-simd'];
const loads = []; // [when, what, 1-minute load average]
const noteLoad = (what) => loads.push([new Date().toISOString().slice(11, 16), what, loadavg()[0]]);

// The four files, written again only when the shape changed (a 548 MB file takes a while).
mkdirSync(`${root}/${folder}`, { recursive: true });
const stamp = `${root}/${folder}/shape.json`;
const files = {
  weights: `${folder}/model.safetensors`,
  config: `${folder}/config.json`,
  vocab: `${folder}/vocab.json`,
  merges: `${folder}/merges.txt`,
};
if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== JSON.stringify(shape)) {
  console.log(`writing ${folder} (${shape.layers} layers, ${shape.width} wide, seed ${shape.seed})`);
  writeGpt2Files(`${root}/${folder}`, shape);
  rmSync(`${root}/${folder}/ours.json`, { force: true }); // rows measured on another file
  writeFileSync(stamp, JSON.stringify(shape));
}
const absolute = Object.fromEntries(Object.entries(files).map(([k, v]) => [k, `${root}/${v}`]));

// The prompt: README.md's first 128 GPT-2 tokens (gpt-3-encoder's encoding), and its text for the library's calls.
const ids = encode(readFileSync(`${root}/README.md`, 'utf8')).slice(0, promptTokens);
const prompt = decode(ids);

// `${engine} ${bits}` → { promptSeconds, tokenSeconds, …, steps: [{ id, top: [[id, log p]] }] }, saved as each engine
// ends; BENCH_REUSE=1 keeps the saved rows of the engines not run this time (same shape), to rerun one engine.
const saved = `${root}/${folder}/ours.json`;
const ours = process.env.BENCH_REUSE === '1' && existsSync(saved) ? JSON.parse(readFileSync(saved, 'utf8')) : {};
const save = () => writeFileSync(saved, JSON.stringify(ours));
if (engines.includes('native')) {
  // gpt2::load, the fast kernels built for this CPU
  execFileSync('cmake', ['--build', `${root}/build/native`, '--target', 'gpt2_step'], { stdio: 'inherit' });
  for (const bits of [32, 8]) {
    console.log(`ours, native, ${bits}-bit weights`);
    noteLoad(`native ${bits}`);
    const args = [absolute.weights, absolute.config, ids.join(), steps, runs, bits].map(String);
    const out = execFileSync(`${root}/build/native/tools/gpt2_step`, args, { maxBuffer: 1 << 26 });
    ours[`native ${bits}`] = { ...JSON.parse(out.toString()), load: loadavg()[0] };
  }
  save();
}
const wasmJob = (backend, weightBits) => ({ backend, weightBits, prompt, promptIds: ids, steps, runs });
if (engines.includes('node')) {
  for (const bits of [32, 8]) {
    for (const backend of wasmBackends) {
      console.log(`ours, Node, ${backend}, ${bits}-bit weights`);
      noteLoad(`Node ${backend} ${bits}`);
      const job = JSON.stringify({ ...wasmJob(backend, bits), files: absolute });
      const out = execFileSync(process.execPath, ['--experimental-wasm-relaxed-simd', here('gpt2-node.mjs'), job], {
        maxBuffer: 1 << 26,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      ours[`node ${backend} ${bits}`] = { ...JSON.parse(out.toString()), load: loadavg()[0] };
    }
  }
  save();
}
if (engines.includes('chromium')) {
  const jobs = [32, 8].flatMap((bits) => wasmBackends.map((backend) => ({ ...wasmJob(backend, bits), files })));
  noteLoad('Chromium');
  const results = await gpt2InChromium(jobs, measureGpt2);
  jobs.forEach((job, i) => {
    ours[`chromium ${job.backend} ${job.weightBits}`] = results[i];
  });
  save();
}

// PyTorch, given the prompt's ids and every run's generated steps to score.
const checks = Object.entries(ours).map(([name, run]) => ({
  name,
  sequence: [...ids, ...run.steps.map((s) => s.id)],
  queries: run.steps.flatMap((step, i) => step.top.map(([id]) => [promptTokens - 1 + i, id])),
}));
const torch = {};
for (const precision of ['float32', 'int8']) {
  console.log(`PyTorch, ${precision}`);
  noteLoad(`PyTorch ${precision}`);
  const job = { ...absolute, precision, prompt: ids, steps, runs: torchRuns, checks };
  torch[precision] = JSON.parse(
    execFileSync('/usr/bin/python3', [here('gpt2_torch.py')], {
      input: JSON.stringify(job),
      maxBuffer: 1 << 26,
    }).toString(),
  );
}
noteLoad('end');

const machine = execFileSync('lscpu', { encoding: 'utf8' });
const results = here('gpt2-results.md');
const measured = { ours, torch, fileBytes: statSync(absolute.weights).size };
const table = gpt2Table({ shape, promptTokens, steps, runs, torchRuns }, measured, {
  machine,
  loads,
  chromium: Object.values(ours).find((run) => run.userAgent)?.userAgent,
  notes: existsSync(results) ? kept(readFileSync(results, 'utf8')) : '',
});
writeFileSync(results, table);
console.log(table);

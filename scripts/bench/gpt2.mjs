// npm run bench:gpt2: GPT-2 small (124 M parameters, seeded random weights in Hugging Face's layout) in our C++
// against PyTorch (gpt2_torch.py, the same tensors, one thread), float32 and 8-bit: per prompt of 128 tokens, per
// generated token after it with the key/value cache, peak memory, and how far ours is from PyTorch float32 (max
// |Δ log p| over each generated step's 10 most likely tokens). Each measurement runs in a process of its own; medians
// of BENCH_RUNS (3) runs. Writes scripts/bench/gpt2-results.md.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { encode } from 'gpt-3-encoder';
import { writeGpt2File } from './gpt2-file.mjs';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const root = here('../..');
const folder = '.cache/bench-gpt2';
const shape = { layers: 12, heads: 12, width: 768, positions: 1024, seed: 1 };
const promptTokens = 128,
  steps = 16,
  runs = Number(process.env.BENCH_RUNS ?? 3);

mkdirSync(`${root}/${folder}`, { recursive: true });
const files = {
  weights: `${folder}/model.safetensors`,
  config: `${folder}/config.json`,
};
console.log(`writing ${files.weights} (${shape.layers} layers, ${shape.width} wide, seed ${shape.seed})`);
const config = writeGpt2File(`${root}/${files.weights}`, shape);
writeFileSync(`${root}/${files.config}`, JSON.stringify(config, null, 2));

// The prompt: README.md's first 128 GPT-2 tokens (gpt-3-encoder's encoding).
const ids = encode(readFileSync(`${root}/README.md`, 'utf8')).slice(0, promptTokens);

const absolute = Object.fromEntries(Object.entries(files).map(([k, v]) => [k, `${root}/${v}`]));
// Ours natively (gpt2_step: gpt2::load, the fast kernels built for this CPU). The wasm module in Node and Chromium
// joins once loadLanguageModel({ gpt2 }) (web/lib/gpt2.js, issue 60's load part) is in the tree.
const engines = ['native'];
execFileSync('cmake', ['--build', `${root}/build/native`, '--target', 'gpt2_step'], { stdio: 'inherit' });
const ours = {};
for (const weightBits of [32, 8]) {
  for (const engine of engines) {
    console.log(`ours, ${engine}, ${weightBits}-bit weights`);
    const args = [absolute.weights, absolute.config, ids.join(), steps, runs, weightBits].map(String);
    const out = execFileSync(`${root}/build/native/tools/gpt2_step`, args, { maxBuffer: 1 << 26 });
    ours[`${engine} ${weightBits}`] = JSON.parse(out.toString());
  }
}

// PyTorch, given the prompt's ids and every run's generated steps to score.
const checks = Object.entries(ours).map(([name, run]) => {
  const sequence = [...ids, ...run.steps.map((s) => s.id)];
  return {
    name,
    sequence,
    queries: run.steps.flatMap((step, i) => step.top.map(([id]) => [promptTokens - 1 + i, id])),
  };
});
const torch = {};
for (const precision of ['float32', 'int8']) {
  console.log(`PyTorch, ${precision}`);
  const job = {
    weights: absolute.weights,
    config: absolute.config,
    precision,
    prompt: ids,
    sequence: checks[0].sequence,
    steps,
    runs,
    checks,
  };
  torch[precision] = JSON.parse(
    execFileSync('/usr/bin/python3', [here('gpt2_torch.py')], {
      input: JSON.stringify(job),
      maxBuffer: 1 << 26,
    }).toString(),
  );
}

// Max |Δ log p| of a run's top tokens against PyTorch float32, and how many greedy tokens PyTorch would also pick.
const reference = Object.fromEntries(torch.float32.checks.map((c) => [c.name, c]));
function agreement(name, run) {
  const logProbs = reference[name].logProbs;
  let worst = 0,
    at = 0;
  run.steps.forEach((step) =>
    step.top.forEach(([, logP]) => {
      worst = Math.max(worst, Math.abs(logP - logProbs[at++]));
    }),
  );
  const same = run.steps.filter((step, i) => step.id === reference[name].argmax[i]).length;
  return { worst, same };
}
const torchInt8 = Object.fromEntries(torch.int8.checks.map((c) => [c.name, c]));
const torchInt8Worst = Math.max(
  ...torchInt8['native 32'].logProbs.map((lp, i) => Math.abs(lp - reference['native 32'].logProbs[i])),
);

const cpu = `${cpus()[0].model} (${cpus().length} cores)`;
const ms = (seconds) => (seconds * 1e3).toFixed(1);
// wall-clock ms, and this thread's CPU ms where the engine reports it (native, PyTorch)
const time = (run, what) =>
  run[`${what}CpuSeconds`] === undefined
    ? ms(run[`${what}Seconds`])
    : `${ms(run[`${what}Seconds`])} (${ms(run[`${what}CpuSeconds`])})`;
const rows = [];
for (const bits of [32, 8]) {
  const t = bits === 32 ? torch.float32 : torch.int8;
  const label = bits === 32 ? 'float32' : '8-bit';
  const torchAgreement = bits === 32 ? '(reference)' : torchInt8Worst.toFixed(4);
  rows.push(
    `| PyTorch ${t.torch} | ${bits === 32 ? 'float32' : `int8 (quantize_dynamic, ${t.engine})`} | ${time(t, 'prompt')} | ${time(t, 'token')} | ${t.peakMegabytes.toFixed(0)} | ${torchAgreement} | |`,
  );
  for (const engine of engines) {
    const run = ours[`${engine} ${bits}`];
    const { worst, same } = agreement(`${engine} ${bits}`, run);
    rows.push(
      `| ours, ${engine} | ${label} | ${time(run, 'prompt')} | ${time(run, 'token')} | ${run.peakMegabytes.toFixed(0)} | ${worst.toFixed(4)} | ${same}/${run.steps.length} |`,
    );
  }
}
const table = [
  `# GPT-2 small: ours against PyTorch (npm run bench:gpt2)`,
  '',
  `${cpu}; Node ${process.version}; one thread everywhere. GPT-2's architecture at 124 M parameters (12 layers, 12`,
  `heads, 768 wide, the 50,257-token vocabulary), seeded random weights written to a model.safetensors in Hugging`,
  `Face's layout; the prompt is README.md's first ${promptTokens} tokens. Per prompt: one causal pass over its ${promptTokens} tokens`,
  `(ours: LanguageModel::forward). Per token: each of ${steps} greedy tokens generated after the prompt with the key/value cache`,
  `(contexts ${promptTokens + 1}–${promptTokens + steps}). Medians of ${runs} runs: wall-clock ms, and in brackets the thread's`,
  `CPU ms where the engine reports it (the machine is shared: CPU time is what the work cost). Peak memory: each process's peak resident set`,
  `(ru_maxrss), loading included. Agreement: max |Δ log p| over the ${steps} steps' 10 most likely`,
  `tokens against PyTorch float32 on the same sequence; greedy: steps whose token PyTorch float32 also ranks first.`,
  '',
  '| engine | weights | per prompt of 128 (ms) | per token (ms) | peak memory (MB) | max \\|Δ log p\\| | greedy equal |',
  '|---|---|---:|---:|---:|---:|---:|',
  ...rows,
  '',
];
writeFileSync(here('gpt2-results.md'), table.join('\n'));
console.log(table.join('\n'));

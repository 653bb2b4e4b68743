// npm run bench:gpt2's Node rows, one build and weight width per process (so each has its own peak memory):
//   node --experimental-wasm-relaxed-simd gpt2-node.mjs '<job JSON>'
// job: { files: { weights, config, vocab, merges } (paths), backend, weightBits, prompt, promptIds, steps, runs }.
// The weights are read as a Blob (fs.openAsBlob), a few MB at a time, as a page reads a dropped file. Prints JSON:
// gpt2-wasm.js's measurements with the process's CPU time (process.cpuUsage: every thread of it, the wasm's one and
// V8's), its peak resident set and the module's wasm memory, and the sampled steps for the agreement.
import { openAsBlob, readFileSync } from 'node:fs';
import { loadLanguageModel } from '../../web/lib/index.js';
import { languageModelModule } from '../../web/lib/load-module.js';
import { measureGpt2, openGpt2Bench } from './gpt2-wasm.js';

const job = JSON.parse(process.argv[2]);
const text = (path) => readFileSync(path, 'utf8');
const gpt2 = {
  weights: await openAsBlob(job.files.weights),
  config: text(job.files.config),
  vocab: text(job.files.vocab),
  merges: text(job.files.merges),
};
const bench = await openGpt2Bench({ loadLanguageModel, languageModelModule }, { ...job, gpt2 });
const cpuSeconds = async () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};
const result = await measureGpt2(
  { prompt: async () => bench.prompt(), generate: async (tokens) => bench.generate(tokens) },
  cpuSeconds,
  job,
);
const steps = bench.sample(job.steps);
console.log(
  JSON.stringify({
    ...result,
    backend: bench.backend,
    loadSeconds: bench.loadSeconds,
    peakMegabytes: process.resourceUsage().maxRSS / 1024,
    heapMegabytes: bench.memory().heapBytes / 2 ** 20,
    steps,
  }),
);

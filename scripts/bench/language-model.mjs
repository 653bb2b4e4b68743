// The language model's key/value cache, measured (npm run bench:language-model): time per generated token with the
// cache and recomputing the window, at growing contexts, and the cache's memory by key/value heads. The weights are
// a fresh model's: a token's cost does not depend on what the weights are. Then training steps/s of the default model
// on Pride and Prejudice: this module (its relaxed-SIMD build, Chromium's default, and its SIMD128 one), the same C++
// natively, and PyTorch, each on one thread, in alternating rounds. Medians of 5 runs, side by side in one
// process; say which CPU when you quote them (this prints it).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { createTrainer, supportsRelaxedSimd } from '../../web/lib/index.js';
import { median } from './median.js';

const corpus =
  'It is a truth universally acknowledged, that a single man in possession of a good fortune, must be in want of a wife.\n'.repeat(
    40,
  );

async function languageModel(context, kvHeads) {
  const trainer = await createTrainer({
    task: { corpus, context },
    steps: 1,
    batchSize: 16, // 0.1's default run, as the figures were measured
    learningRate: 0.003,
    model: { dModel: 64, heads: 4, kvHeads, ffn: 256, layers: 2 },
  });
  trainer.step();
  const lm = trainer.languageModel();
  trainer.dispose();
  return lm;
}

/** Seconds per token for the last `tokens - 1` of a generation ending at `length` tokens (the prefill left out). */
function secondsPerToken(lm, length, tokens, cache) {
  const prompt = corpus.slice(0, length - tokens);
  const options = { tokens, decoding: 'greedy', cache };
  const runs = [];
  for (let run = 0; run < 5; run++) {
    const one = lm.generate(prompt, { ...options, tokens: 1 }).seconds;
    const all = lm.generate(prompt, options).seconds;
    runs.push((all - one) / (tokens - 1));
  }
  return median(runs);
}

const cacheBuild = supportsRelaxedSimd() ? 'wasm-relaxed-simd' : 'wasm-simd128'; // createTrainer's default
console.log(`CPU: ${cpus()[0].model} (${cpus().length} cores); Node ${process.version}; ${cacheBuild}, one thread`);
console.log('\nTime per generated token (model: 2 layers, width 64, 4 heads), the last 32 tokens of a sequence of:');
console.log('| context | cached (ms) | recomputed (ms) | speed-up |\n|---:|---:|---:|---:|');
const lm = await languageModel(256, 4);
for (const length of [64, 128, 256]) {
  const cached = secondsPerToken(lm, length, 33, true);
  const recomputed = secondsPerToken(lm, length, 33, false);
  console.log(
    `| ${length} | ${(cached * 1e3).toFixed(3)} | ${(recomputed * 1e3).toFixed(3)} | ${(recomputed / cached).toFixed(1)}× |`,
  );
}
const sixtyFour = median(
  [0, 1, 2, 3, 4].map(() => lm.generate(corpus.slice(0, 64), { tokens: 64, decoding: 'greedy' }).seconds),
);
console.log(`\n64 tokens after a 64-token prompt (context 128), cached: ${(sixtyFour * 1e3).toFixed(1)} ms`);
lm.dispose();

console.log(
  '\nThe cache after 256 positions, measured (bytes allocated) and computed (layers × 2 × kvHeads × head width × 4 × 256):',
);
console.log('| kvHeads | allocated | computed |\n|---:|---:|---:|');
for (const kvHeads of [4, 2, 1]) {
  const model = await languageModel(256, kvHeads);
  const { steps } = model.generate(corpus.slice(0, 200), { tokens: 56, decoding: 'greedy' });
  const computed = model.config.cacheBytesPerToken * 256;
  console.log(`| ${kvHeads} | ${steps.at(-1).cacheBytes} | ${computed} |`);
  model.dispose();
}

console.log(
  '\nTraining steps/s, the default model (2 blocks, width 64, context 64, batches of 16 windows), one thread each:',
);
const austen = new URL('../../web/corpora/pride-and-prejudice.txt', import.meta.url);
const corpusText = readFileSync(austen, 'utf8');
const nativeTool = new URL('../../build/native/tools/train_language_model', import.meta.url).pathname;
const torchScript = new URL('./train_language_model_torch.py', import.meta.url).pathname;
async function wasmRate(steps, backend) {
  const trainer = await createTrainer({
    task: { corpus: corpusText },
    steps: steps + 5,
    batchSize: 16, // the default model's batches of 16 windows (0.1's default run), as the native tool's
    learningRate: 0.003,
    backend,
  });
  trainer.step(5);
  const start = performance.now();
  trainer.step(steps);
  const rate = steps / ((performance.now() - start) / 1000);
  trainer.dispose();
  return rate;
}
function nativeRate(steps) {
  const out = execFileSync(
    nativeTool,
    ['--threads', '1', '--steps', String(steps), '--report-every', String(steps), '--evaluate-tokens', '100'],
    { encoding: 'utf8' },
  );
  return Number(out.match(/([\d.]+) steps\/s/)[1]);
}
function torchRate(steps) {
  try {
    const out = execFileSync('/usr/bin/python3', [torchScript, austen.pathname, String(steps)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return JSON.parse(out).steps_per_second;
  } catch {
    return null; // no PyTorch here (scripts/bench/install-torch.sh installs Debian's)
  }
}
const rates = { relaxed: [], wasm: [], native: [], torch: [] };
const relaxed = supportsRelaxedSimd(); // Node 20: with --experimental-wasm-relaxed-simd (npm run bench:language-model)
for (let round = 0; round < 3; round++) {
  if (relaxed) rates.relaxed.push(await wasmRate(40, 'wasm-relaxed-simd'));
  rates.wasm.push(await wasmRate(40, 'wasm-simd128'));
  rates.native.push(nativeRate(80));
  rates.torch.push(torchRate(40));
}
const torch = rates.torch.includes(null) ? null : median(rates.torch);
console.log('| implementation | steps/s (median of 3) |\n|---|---:|');
if (relaxed)
  console.log(`| this module (wasm relaxed SIMD, Node; Chromium's default) | ${median(rates.relaxed).toFixed(1)} |`);
console.log(`| this module (wasm SIMD128, Node) | ${median(rates.wasm).toFixed(1)} |`);
console.log(`| the same C++, native (SSE/AVX kernels) | ${median(rates.native).toFixed(1)} |`);
console.log(`| PyTorch ${torch ? '' : '(not installed)'} | ${torch ? torch.toFixed(1) : '–'} |`);
if (torch) {
  const ratios = [`wasm SIMD128 / PyTorch: ${(median(rates.wasm) / torch).toFixed(2)}×`];
  if (relaxed) ratios.unshift(`wasm relaxed SIMD / PyTorch: ${(median(rates.relaxed) / torch).toFixed(2)}×`);
  console.log(ratios.join('; '));
}
const fastest = relaxed ? median(rates.relaxed) : median(rates.wasm);
console.log(`native / wasm ${relaxed ? 'relaxed SIMD' : 'SIMD128'}: ${(median(rates.native) / fastest).toFixed(2)}×`);

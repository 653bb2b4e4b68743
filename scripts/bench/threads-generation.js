// bench:threads' generation part (Node): how fast generate() writes on 1 and 2 threads of the relaxed-SIMD threaded
// build (each token's large products shared: LanguageModel::use_threads, from kThreadedProductMadds multiply-adds up),
// for the Generate view's model (the shipped width-64 one, as the view asks: 80 tokens at temperature 0.8, the top 10
// and every map) and for GPT-2 small's shape (124 M seeded random weights, bench:gpt2's file: 16 greedy tokens).
// Alternating rounds (1 then 2, then 2 then 1, …), medians; the ratio paired by round. Returns the markdown table.
import { existsSync, mkdirSync, openAsBlob, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadLanguageModel } from '../../web/lib/index.js';
import { writeGpt2Files } from '../../tests/support/gpt2-files.js';
import { median } from './median.js';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const backend = 'wasm-relaxed-simd-threads';

/** bench:gpt2's GPT-2 small files (.cache/bench-gpt2), written first when that folder holds another shape. */
async function gpt2Small() {
  const folder = here('../../.cache/bench-gpt2');
  const shape = { layers: 12, heads: 12, width: 768, positions: 1024, seed: 1 }; // bench:gpt2's (gpt2.mjs)
  const stamp = `${folder}/shape.json`;
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== JSON.stringify(shape)) {
    mkdirSync(folder, { recursive: true });
    writeGpt2Files(folder, shape);
    writeFileSync(stamp, JSON.stringify(shape));
  }
  const text = (name) => readFileSync(`${folder}/${name}`, 'utf8');
  const weights = await openAsBlob(`${folder}/model.safetensors`);
  return { weights, config: text('config.json'), vocab: text('vocab.json'), merges: text('merges.txt') };
}

/**
 * Tokens per second of lm.generate(prompt, options) on 1 and 2 threads, per round of `calls` calls, after two rounds
 * of warm-up (V8 compiles wasm in a baseline tier first and optimises what runs hot).
 */
function rates(lm, prompt, options, rounds, calls) {
  const perRound = { 1: [], 2: [] };
  for (let round = -2; round < rounds; round++) {
    for (const threads of round % 2 ? [2, 1] : [1, 2]) {
      const started = performance.now();
      let tokens = 0;
      for (let call = 0; call < calls; call++) tokens += lm.generate(prompt, { ...options, threads }).steps.length;
      if (round >= 0) perRound[threads].push(tokens / ((performance.now() - started) / 1000));
    }
  }
  return perRound;
}

/** @param {{ rounds: number, cpu: string }} setting */
export async function generationTable({ rounds, cpu }) {
  const models = [
    {
      name: "the Generate view's (D=64, 2 layers)",
      open: async () => ({
        weights: new Uint8Array(readFileSync(here('../../web/corpora/pride-and-prejudice-language-model.bin'))),
      }),
      prompt: 'It is a truth',
      options: { tokens: 80, decoding: 'sample', outputTemperature: 0.8, seed: 1, top: 10 },
      calls: 40,
    },
    {
      name: 'GPT-2 small (D=768, 12 layers, 124 M)',
      open: async () => ({ gpt2: await gpt2Small() }),
      prompt: 'It is a truth universally acknowledged',
      options: { tokens: 16, decoding: 'greedy', top: 1 },
      calls: 1,
    },
  ];
  const lines = [];
  for (const model of models) {
    const lm = await loadLanguageModel({ backend, ...(await model.open()) });
    const measured = rates(lm, model.prompt, model.options, rounds, model.calls);
    lm.dispose();
    const ratio = median(measured[1].map((rate, i) => measured[2][i] / rate));
    const cells = [median(measured[1]).toFixed(1), median(measured[2]).toFixed(1), `${ratio.toFixed(2)}×`];
    console.log(`generating, ${model.name}: ${cells.join(', ')}`);
    lines.push(`| Node ${process.version} | ${model.name} | ${cells.join(' | ')} |`);
  }
  return [
    `${cpu}, ${new Date().toISOString().slice(0, 10)}; ${backend}. generate() on 1 and 2 threads, ${rounds} rounds`,
    `alternating which goes first; medians (the ratio paired by round). A token's products are shared from`,
    `kThreadedProductMadds multiply-adds up (cpp/include/attn/language_model.h): the Generate view's model has none`,
    `that large, so its two columns measure the same work. Produced by \`npm run bench:threads\`.`,
    '',
    '| engine | model | 1 thread, tokens/s | 2 threads, tokens/s | 2 / 1 |',
    '|---|---|---|---|---|',
    ...lines,
    '',
  ].join('\n');
}

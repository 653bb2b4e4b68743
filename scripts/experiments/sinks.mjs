// `npm run experiment:sinks`: attention sinks and windows (Xiao et al. 2023, StreamingLLM; Gu et al. 2024; Beltagy
// et al. 2020 and Jiang et al. 2023 for windows trained), for docs/models.md. The default language model (web/lib,
// wasm) trains on Pride and Prejudice with each position scheme, and with RoPE and a sliding window of half the
// context; then it reads the novel's last 32 contexts (2,048 characters, held out) a character at a time keeping
// every key, a window of half the context (cached, or recomputed from scratch at each step), or the first 1, 2 or 4
// characters beside the cached window (web/lib's streamingReadings); each head's mean attention on the first token
// of each context window is measured (Gu et al.'s sink heads: above 0.3), and the cache's allocation while writing;
// last, RoPE with a learnable sink logit per head (gpt-oss), and the share of attention the sinks take.
// `node scripts/experiments/sinks.mjs rope rope-window` runs only the models named.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createTrainer, sinkExperiment, sinkHeads, sinkLogitShares, streamingReadings } from '../../web/lib/index.js';

const corpus = readFileSync(new URL('../../web/corpora/pride-and-prejudice.txt', import.meta.url), 'utf8');
const fixed = (x, digits = 3) => x.toFixed(digits);
const grid = (rows) => rows.map((layer) => layer.map((x) => fixed(x, 2)).join(' / ')).join(' · ');
const bytes = (n) => n.toLocaleString('en');

const models = {
  rope: { positions: 'rope' },
  alibi: { positions: 'alibi' },
  sinusoidal: { positions: 'sinusoidal' },
  'rope-window': { positions: 'rope', trainedWindow: 32 },
  'rope-sink-logits': { positions: 'rope', sinkLogits: true },
};
const names = process.argv.length > 2 ? process.argv.slice(2) : Object.keys(models);
console.log(`Node ${process.version}; Pride and Prejudice, held-out = its last 10%`);
for (const name of names) {
  const { trainerOptions, text, window } = sinkExperiment({ corpus, ...models[name] });
  const started = performance.now();
  const trainer = await createTrainer(trainerOptions);
  trainer.step(trainerOptions.steps);
  const held = trainer.evaluate();
  const lm = trainer.languageModel();
  trainer.dispose();
  console.log(
    `\n${name}: ${bytes(lm.config.parameters)} parameters, context ${lm.config.context}, trained window ` +
      `${lm.config.window || 'none'}, ${trainerOptions.steps} steps (${fixed((performance.now() - started) / 1000, 0)} s); ` +
      `held-out ${fixed(held.bitsPerCharacter)} bits per character on its first ${bytes(held.tokens)} tokens (windows of the context); ` +
      `reading ${bytes(text.length)} characters, window ${window}`,
  );
  console.log(
    '| keys kept | bits per character | attention on the first position kept (layer 1 · layer 2) | cache bytes |',
  );
  console.log('|---|---:|---|---:|');
  for (const row of streamingReadings(lm, text, { window })) {
    console.log(
      `| ${row.reading} | ${fixed(row.bitsPerCharacter)} | ${grid(row.firstPositionAttention)} | ${bytes(row.cacheBytes)} |`,
    );
  }
  const heads = sinkHeads(lm, text);
  console.log(
    `first-token attention per head, windows of the context (Gu et al.): ${grid(heads.shares)}; ` +
      `sink heads (> 0.3): ${fixed(heads.sinkRate * 100, 0)}%`,
  );
  // The cache while writing: a window's stays one block; without one it grows to the context, then is refilled.
  const writing = lm.generate('It is a truth', { tokens: 1000, outputTemperature: 0.8, seed: 1 });
  const at = [10, 60, 250, 1000].map((n) => `${n}: ${bytes(writing.steps[n - 1].cacheBytes)}`).join(', ');
  const most = Math.max(...writing.steps.map((step) => step.cacheBytes));
  console.log(`cache bytes while writing 1,000 tokens, after token ${at}; most ${bytes(most)}`);
  if (lm.config.sinkLogits) {
    const shares = sinkLogitShares(writing, lm.config.layers, lm.config.heads);
    console.log(`attention taken by the sink logits while writing (layer 1 · layer 2): ${grid(shares)}`);
  }
  lm.dispose();
}

// `npm run experiment:sinks`: attention sinks and windows (Xiao et al. 2023, StreamingLLM; Gu et al. 2024), for
// docs/models.md. The default language model (web/lib, wasm) trains on Pride and Prejudice with each position
// scheme; then it reads the novel's last 32 contexts (2,048 characters, held out) a character at a time keeping
// every key, a window of half the context (cached, or recomputed from scratch at each step), or the first 1, 2 or 4
// characters beside the cached window (web/lib's streamingReadings), and each head's mean attention on the first
// token of each context window is measured (Gu et al.'s sink heads: above 0.3).
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createTrainer, sinkExperiment, sinkHeads, streamingReadings } from '../../web/lib/index.js';

const corpus = readFileSync(new URL('../../web/corpora/pride-and-prejudice.txt', import.meta.url), 'utf8');
const fixed = (x, digits = 3) => x.toFixed(digits);
const grid = (rows) => rows.map((layer) => layer.map((x) => fixed(x, 2)).join(' / ')).join(' · ');

const schemes = process.argv.slice(2).length ? process.argv.slice(2) : ['rope', 'alibi', 'sinusoidal'];
for (const positions of schemes) {
  const { trainerOptions, text, window } = sinkExperiment({ corpus, positions });
  const started = performance.now();
  const trainer = await createTrainer(trainerOptions);
  trainer.step(trainerOptions.steps);
  const held = trainer.evaluate();
  const lm = trainer.languageModel();
  trainer.dispose();
  const trained = (performance.now() - started) / 1000;
  console.log(
    `\n${positions}: ${lm.config.parameters.toLocaleString('en')} parameters, context ${lm.config.context}, ` +
      `${trainerOptions.steps} steps (${fixed(trained, 0)} s); held-out ${fixed(held.bitsPerCharacter)} bits per ` +
      `character (windows of the context); reading ${text.length.toLocaleString('en')} characters, window ${window}; Node ${process.version}`,
  );
  console.log(
    '| keys kept | bits per character | attention on the first position kept, per head (layer 1 · layer 2) | cache bytes |',
  );
  console.log('|---|---:|---|---:|');
  for (const row of streamingReadings(lm, text, { window })) {
    console.log(
      `| ${row.reading} | ${fixed(row.bitsPerCharacter)} | ${grid(row.firstPositionAttention)} | ${row.cacheBytes.toLocaleString('en')} |`,
    );
  }
  const heads = sinkHeads(lm, text);
  console.log(
    `first-token attention per head, windows of the context (Gu et al.): ${grid(heads.shares)}; ` +
      `sink heads (> 0.3): ${fixed(heads.sinkRate * 100, 0)}%`,
  );
  lm.dispose();
}

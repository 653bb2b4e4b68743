// createTrainer's GPT-2 architecture (model.architecture 'gpt2': learned positions, GELU, the unembedding tied to the
// embedding without a bias, the embedding unscaled) and its two choices on their own in ours (model.positions
// 'learned', model.activation 'gelu'): each trains, says what it is in its config, and keeps it through the weight
// file; cached generation writes what recomputing does.
import { describe, expect, it } from 'vitest';
import { createTrainer, loadLanguageModel } from '../../../web/lib/index.js';

const backend = 'wasm-simd128';
const corpus = `${Array.from({ length: 80 }, (_, i) => `the cat ${['sees', 'likes', 'finds'][i % 3]} a ${['dog', 'book', 'song', 'tree'][i % 4]}.`).join('\n')}\n`;
const options = {
  backend,
  seed: 5,
  steps: 60,
  batchSize: 8,
  learningRate: 0.01,
  task: { corpus, context: 24 },
  model: { dModel: 32, heads: 4, ffn: 64, layers: 2 },
};

/** A model's architecture, positions, activation and whether its unembedding is tied, as its config says. */
const choices = (config) => [config.architecture, config.positions, config.activation, config.tiedOutput];

describe("GPT-2's architecture in the trainer", () => {
  it('trains, says so in its config and keeps it through the weight file', async () => {
    const trainer = await createTrainer({ ...options, model: { ...options.model, architecture: 'gpt2' } });
    expect(trainer.options.model).toMatchObject({ architecture: 'gpt2', positions: 'learned', activation: 'gelu' });
    const ours = await createTrainer({ ...options, steps: 1 });
    expect(ours.options.model).toMatchObject({
      architecture: 'playground',
      positions: 'sinusoidal',
      activation: 'relu',
    });
    // Tied without a bias, with a context × dModel position table: V·D + V fewer, 24·32 more.
    const v = trainer.tokenizer.size;
    expect(trainer.parameters).toBe(ours.parameters - v * 32 - v + 24 * 32);
    const first = trainer.step(5).loss;
    expect(trainer.step(100).loss).toBeLessThan(first * 0.7);
    const lm = trainer.languageModel();
    expect(choices(lm.config)).toEqual(['gpt2', 'learned', 'gelu', true]);
    const cached = lm.generate('the cat ', { tokens: 20, seed: 3 });
    const recomputed = lm.generate('the cat ', { tokens: 20, seed: 3, cache: false });
    expect(cached.text).toBe(recomputed.text);
    const loaded = await loadLanguageModel({ weights: trainer.save(), backend });
    expect(loaded.config).toEqual(lm.config);
    for (const model of [lm, loaded, trainer, ours]) model.dispose();
  });

  it('offers learned positions and GELU in our architecture too', async () => {
    const trainer = await createTrainer({
      ...options,
      steps: 2,
      model: { ...options.model, positions: 'learned', activation: 'gelu' },
    });
    const lm = trainer.languageModel();
    expect(choices(lm.config)).toEqual(['playground', 'learned', 'gelu', false]);
    lm.dispose();
    trainer.dispose();
  });
});

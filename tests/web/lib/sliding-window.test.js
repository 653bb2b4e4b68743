// Sliding-window attention trained (createTrainer's model.window): the model keeps its window through its weight
// file, its cache rolls in flat memory however long the generation, cached and recomputed generation agree, and a
// window wider than the context is refused.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTrainer, loadLanguageModel } from '../../../web/lib/index.js';
import { languageModelRun01 } from './old-defaults.js';

const corpus = 'the cat sees the dog. a dog likes my letter. she reads the book.\n'.repeat(60);
const options = {
  ...languageModelRun01,
  task: { corpus, context: 24 },
  model: { dModel: 16, heads: 2, ffn: 32, layers: 2, positions: 'rope', window: 6 },
  steps: 40,
  seed: 5,
};

let windowed;
beforeAll(async () => {
  const trainer = await createTrainer(options);
  expect(trainer.options.model.window).toBe(6);
  trainer.step(40);
  windowed = trainer.languageModel();
  trainer.dispose();
});

describe('a model trained with a sliding window', () => {
  it('keeps its window through its weight file', async () => {
    expect(windowed.config.window).toBe(6);
    const loaded = await loadLanguageModel({ weights: windowed.save() });
    expect(loaded.config.window).toBe(6);
    expect(loaded.evaluate({ text: corpus.slice(0, 200) }).bitsPerCharacter).toBeCloseTo(
      windowed.evaluate({ text: corpus.slice(0, 200) }).bitsPerCharacter,
      2,
    );
    loaded.dispose();
  });

  it('generates with a cache that holds its window only, as recomputing under the band does', () => {
    const cached = windowed.generate('the', { tokens: 100, seed: 3 });
    const recomputed = windowed.generate('the', { tokens: 100, seed: 3, cache: false });
    expect(cached.text).toBe(recomputed.text);
    const perToken = windowed.config.cacheBytesPerToken;
    for (const [i, step] of cached.steps.entries()) {
      expect(step.length).toBe(Math.min(6, 3 + i));
      expect(step.cacheBytes).toBe(16 * perToken); // one block of 16 positions, however long the text
      expect(step.windowStart + step.length).toBe(3 + i);
      const other = recomputed.steps[i];
      expect(other.length).toBe(step.length);
      for (let j = 0; j < step.attention.length; j++) expect(step.attention[j]).toBeCloseTo(other.attention[j], 5);
    }
  });

  it('reads a long text with its own window unless told otherwise', () => {
    const text = corpus.slice(0, 300);
    const own = windowed.evaluateStreaming(text);
    expect(own.longest).toBe(6);
    expect(own.bitsPerCharacter).toBeCloseTo(windowed.evaluateStreaming(text, { window: 6 }).bitsPerCharacter, 6);
    expect(windowed.evaluateStreaming(text, { window: 3 }).longest).toBe(3);
  });

  it('refuses a window wider than the context, or not a whole number', async () => {
    const model = { ...options.model };
    await expect(createTrainer({ ...options, model: { ...model, window: 25 } })).rejects.toThrow(
      /model.window must be a whole number from 0 to 24, got 25/,
    );
    await expect(createTrainer({ ...options, model: { ...model, window: 1.5 } })).rejects.toThrow(RangeError);
    await expect(createTrainer({ ...options, model: { ...model, window: '6' } })).rejects.toThrow(TypeError);
    await expect(createTrainer({ ...options, model: { ...model, windw: 6 } })).rejects.toThrow(
      /unknown option 'model.windw'; did you mean 'model.window'/,
    );
  });
});

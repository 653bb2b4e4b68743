// 8-bit weights (loadLanguageModel's weightBits: 8, attn/quantized_weights.h) through the library: a model of GPT-2's
// architecture trained here (learned positions, GELU, the unembedding tied to the embedding, no output bias), saved,
// and opened twice, float32 and 8-bit. On held-out text the 8-bit model scores within 0.02 bits per character of
// float32 and not exactly as it (the int8 copy is what it reads), its most likely next character is float32's at
// nearly every position, and its cache still gives what recomputing gives. (The KL of 0.01 between the two
// distributions is checked whole in tests/cpp/quantized_model_test.cpp: generate's `top` shows 64 of 256 characters.)
import { describe, expect, it } from 'vitest';
import { createTrainer, loadLanguageModel } from '../../../web/lib/index.js';
import { languageModelRun01 } from './old-defaults.js';

const corpus = 'the cat sees the dog. a dog likes my letter. she reads the book. we see a red bird.\n'.repeat(40);
const heldOut = 'she sees the red dog. a cat reads my letter. the bird likes the book.';

/** The most likely next token after `prefix`. */
const next = (lm, prefix) => lm.generate(prefix, { tokens: 1, decoding: 'greedy', top: 1 }).steps[0].id;

describe('8-bit weights', () => {
  it('keep a GPT-2-architecture model near float32 on held-out text', async () => {
    const trainer = await createTrainer({
      ...languageModelRun01,
      task: { corpus, context: 32 },
      model: { dModel: 32, heads: 4, ffn: 128, layers: 2, architecture: 'gpt2' },
      steps: 150,
      seed: 3,
    });
    trainer.step(150);
    const weights = trainer.languageModel().save();
    trainer.dispose();
    const float32 = await loadLanguageModel({ weights });
    const eight = await loadLanguageModel({ weights, weightBits: 8 });

    const [bits32, bits8] = [float32, eight].map((lm) => lm.evaluate({ text: heldOut }).bitsPerCharacter);
    expect(Math.abs(bits8 - bits32)).toBeLessThan(0.02);
    expect(bits8).not.toBe(bits32);
    let same = 0,
      positions = 0;
    for (let end = 1; end < heldOut.length; end += 4, positions++)
      if (next(float32, heldOut.slice(0, end)) === next(eight, heldOut.slice(0, end))) same++;
    expect(same).toBeGreaterThanOrEqual(positions - 1);

    const cached = eight.generate('the ', { tokens: 20, seed: 4 });
    const recomputed = eight.generate('the ', { tokens: 20, seed: 4, cache: false });
    expect(cached.text).toBe(recomputed.text);
    float32.dispose();
    eight.dispose();
  });

  it('refuses a weightBits other than 8 or 32', async () => {
    const trainer = await createTrainer({ ...languageModelRun01, task: { corpus, context: 16 }, steps: 1 });
    const weights = trainer.languageModel().save();
    trainer.dispose();
    await expect(loadLanguageModel({ weights, weightBits: 4 })).rejects.toThrow(RangeError);
    await expect(loadLanguageModel({ weights, weightBits: '8' })).rejects.toThrow(TypeError);
  });
});

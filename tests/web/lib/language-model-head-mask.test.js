// Head masks on a language model (options.headMask, [layer][head] of on/off, as the translator's): a random GPT-2
// with two heads switched off against the float64 reference with the same heads zeroed; the mask lasting one call
// only; cached generation equal to recomputed under it; a mask of the wrong shape refused, the model still working.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguageModel } from '../../../web/lib/index.js';
import { gpt2Files } from '../../support/gpt2-files.js';
import { gpt2Reference } from '../../support/gpt2-reference.js';

const files = gpt2Files({ layers: 2, heads: 4, width: 64, positions: 32, seed: 23, dtype: 'F32' });
const headMask = [
  [true, false, true, true],
  [true, true, true, false],
];
const text = 'The heads we switch off';
let lm;

beforeAll(async () => {
  lm = await loadLanguageModel({ backend: 'wasm-simd128', gpt2: files });
});

describe('a language model with heads switched off', () => {
  it('predicts as the float64 reference with the same heads zeroed (≤ 1e-4 on log-probabilities)', () => {
    const generation = lm.generate(text, { tokens: 3, seed: 2, top: 32, headMask });
    const tokens = [...generation.promptTokens, ...generation.steps.map((step) => step.id)];
    const masked = gpt2Reference(files.tensors, files.config, tokens.slice(0, -1), { headMask });
    const whole = gpt2Reference(files.tensors, files.config, tokens.slice(0, -1));
    let worst = 0;
    let moved = 0;
    generation.steps.forEach((step, s) => {
      const query = generation.promptTokens.length - 1 + s;
      for (const entry of step.top) {
        worst = Math.max(worst, Math.abs(Math.log(entry.probability) - masked.logProbs[query][entry.id]));
        moved = Math.max(moved, Math.abs(Math.log(entry.probability) - whole.logProbs[query][entry.id]));
      }
    });
    expect(worst).toBeLessThan(1e-4);
    expect(moved).toBeGreaterThan(1e-3); // the mask changed what the model predicts
  });

  it('lasts one call: evaluate with every head on, without a mask and after a masked call agree exactly', () => {
    const plain = lm.evaluate({ text });
    const allOn = lm.evaluate({ text, headMask: [Array(4).fill(true), Array(4).fill(1)] });
    const masked = lm.evaluate({ text, headMask });
    expect(allOn).toEqual(plain);
    expect(masked.bitsPerCharacter).not.toBe(plain.bitsPerCharacter);
    expect(lm.evaluate({ text })).toEqual(plain);
  });

  it('generates the same tokens and probabilities with and without the cache under a mask', () => {
    const options = { tokens: 6, seed: 5, headMask };
    const cached = lm.generate(text, { ...options, cache: true });
    const recomputed = lm.generate(text, { ...options, cache: false });
    expect(recomputed.steps.map((step) => step.id)).toEqual(cached.steps.map((step) => step.id));
    recomputed.steps.forEach((step, s) => expect(step.probability).toBeCloseTo(cached.steps[s].probability, 5));
  });

  it('refuses a mask of the wrong shape, by name, and keeps working', () => {
    expect(() => lm.evaluate({ text, headMask: [[true, false]] })).toThrow(/options\.headMask\[0\] must list 4 heads/);
    expect(() => lm.evaluate({ text, headMask: [Array(4).fill(true)] })).toThrow(/must list 2 layers of 4 heads/);
    expect(() => lm.firstTokenAttention(text, { headMask: 'all' })).toThrow(TypeError);
    expect(lm.evaluate({ text }).tokens).toBeGreaterThan(1);
  });
});

// GPT-2 opened from its files (loadLanguageModel({ gpt2 })) against an independent float64 GPT-2
// (tests/support/gpt2-reference.js) on seeded random weights with the real 50,257-token vocabulary: each generated
// step's next-token log-probabilities and every head's attention row, for float32, float16 and bfloat16 files, with
// and without the "transformer." prefix (float16 and bfloat16 files against their rounded weights, which is what the
// file holds). Then what every language model does: cached generation equal to recomputed, <|endoftext|> first.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguageModel } from '../../../web/lib/index.js';
import { gpt2Files } from '../../support/gpt2-files.js';
import { gpt2Reference } from '../../support/gpt2-reference.js';

const backend = 'wasm-simd128';
const shape = { layers: 2, heads: 4, width: 64, positions: 48 };
const prompt = 'Hello world, this is a test of';
const tolerance = 1e-4;

/**
 * The worst |Δ| between the model's generation from `prompt` and the reference over the same tokens: the log of
 * each step's top probabilities against the reference's log-softmax, and each head's attention row at the step's
 * query; also whether each step's most likely token is the reference's (ties aside).
 */
function compare(lm, files, options) {
  // sampled at temperature 1 from the whole distribution, so that `top` holds the model's own probabilities
  const generation = lm.generate(prompt, { tokens: 8, seed: 4, top: 64, ...options });
  const tokens = [...generation.promptTokens, ...generation.steps.map((step) => step.id)];
  const reference = gpt2Reference(files.tensors, files.config, tokens.slice(0, -1));
  const { layers, heads } = lm.config;
  let logProb = 0;
  let attention = 0;
  generation.steps.forEach((step, s) => {
    const query = generation.promptTokens.length - 1 + s;
    const expected = reference.logProbs[query];
    for (const entry of step.top)
      logProb = Math.max(logProb, Math.abs(Math.log(entry.probability) - expected[entry.id]));
    let best = 0;
    for (let v = 1; v < expected.length; v++) if (expected[v] > expected[best]) best = v;
    expect(expected[step.top[0].id]).toBeCloseTo(expected[best], 4); // the most likely token is the reference's
    expect(step.length).toBe(query + 1);
    for (let layer = 0; layer < layers; layer++) {
      const pattern = reference.cache[`blocks.${layer}.attn.hook_pattern`];
      for (let head = 0; head < heads; head++) {
        const row = step.attention.subarray(
          (layer * heads + head) * step.length,
          (layer * heads + head + 1) * step.length,
        );
        for (let key = 0; key <= query; key++)
          attention = Math.max(attention, Math.abs(row[key] - pattern[head][query][key]));
      }
    }
  });
  return { logProb, attention, generation };
}

const worst = {};

describe('GPT-2 from its files against a float64 reference', () => {
  for (const dtype of ['F32', 'F16', 'BF16']) {
    for (const prefix of [false, true]) {
      it(`${dtype} ${prefix ? 'with' : 'without'} the transformer. prefix: ≤ 1e-4 on log-probabilities and attention`, async () => {
        const files = gpt2Files({ ...shape, seed: 11, dtype, prefix });
        const lm = await loadLanguageModel({ backend, gpt2: files });
        expect(lm.config).toMatchObject({
          architecture: 'gpt2',
          positions: 'learned',
          activation: 'gelu',
          tiedOutput: true,
          layers: 2,
          heads: 4,
          dModel: 64,
          context: 48,
          vocabulary: 50257,
        });
        const { logProb, attention } = compare(lm, files, {});
        worst[`${dtype}${prefix ? ' prefixed' : ''}`] = { logProb, attention };
        expect(logProb).toBeLessThan(tolerance);
        expect(attention).toBeLessThan(tolerance);
        lm.dispose();
      });
    }
  }
});

describe('GPT-2 as every language model', () => {
  let files;
  let lm;
  beforeAll(async () => {
    files = gpt2Files({ ...shape, seed: 12 });
    lm = await loadLanguageModel({
      backend,
      gpt2: { ...files, config: JSON.stringify(files.config, null, 2), vocab: JSON.parse(files.vocab) },
    });
  });

  it('generates the same tokens and probabilities with the key/value cache as recomputing, sampled', () => {
    const options = { tokens: 12, seed: 9, topK: 40, outputTemperature: 0.8 };
    const cached = lm.generate(prompt, { ...options, cache: true });
    const recomputed = lm.generate(prompt, { ...options, cache: false });
    expect(cached.steps.map((s) => s.id)).toEqual(recomputed.steps.map((s) => s.id));
    cached.steps.forEach((step, i) => {
      expect(step.probability).toBeCloseTo(recomputed.steps[i].probability, 5);
      expect(step.cacheBytes).toBeGreaterThan(0);
      expect(recomputed.steps[i].cacheBytes).toBe(0);
    });
    expect(cached.text).toBe(recomputed.text);
  });

  it('reads <|endoftext|> as GPT-2 does: its id, and as the first token the reference agrees', () => {
    expect(lm.tokenize('<|endoftext|>Hello world').ids).toEqual(Int32Array.from([50256, 15496, 995]));
    const generation = lm.generate('<|endoftext|>The', { tokens: 3, seed: 2, top: 64 });
    expect(Array.from(generation.promptTokens)).toEqual([50256, 464]);
    const tokens = [50256, 464, ...generation.steps.map((s) => s.id)];
    const reference = gpt2Reference(files.tensors, files.config, tokens.slice(0, -1));
    generation.steps.forEach((step, s) => {
      for (const entry of step.top)
        expect(Math.abs(Math.log(entry.probability) - reference.logProbs[1 + s][entry.id])).toBeLessThan(tolerance);
    });
  });

  it('scores a text as the reference does (evaluate: bits per character)', () => {
    const text = 'The quick brown fox jumps over the lazy dog.';
    const ids = Array.from(lm.tokenize(text).ids);
    const reference = gpt2Reference(files.tensors, files.config, ids);
    let bits = 0;
    for (let t = 1; t < ids.length; t++) bits -= reference.logProbs[t - 1][ids[t]] / Math.LN2;
    const score = lm.evaluate({ text });
    expect(score.tokens).toBe(ids.length - 1);
    expect(score.bitsPerCharacter).toBeCloseTo(bits / score.characters, 4);
  });

  it('reports the worst errors', () => {
    console.info(`GPT-2 reference comparison, worst |Δ|: ${JSON.stringify(worst)}`);
  });
});

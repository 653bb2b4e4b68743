// generate({ threads }): a generated token's large products (here the unembedding over GPT-2's 50,257 tokens; every
// product is shared in GoogleTest's threaded_generation_test.cpp) shared among 1, 2 or 4 threads of the threaded builds (in Node, the CommonJS twins'
// worker_threads). The count changes the time only: the tokens, their probabilities, each step's top list and every
// attention weight are the same bit for bit, and the same as the single-thread build's. A count the build cannot run
// is refused by name.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguageModel } from '../../../web/lib/index.js';
import { gpt2Files } from '../../support/gpt2-files.js';

const shape = { layers: 2, heads: 4, width: 128, positions: 48, seed: 23, dtype: 'F16' };
const prompt = 'Hello world, this is a test of';
// sampled at temperature 1 with the 64 most likely tokens kept per step: the draws follow the probabilities' bits
const options = { tokens: 8, seed: 5, top: 64 };

/** Everything a generation says, in one comparable form: each step's token, probability, top list and attention. */
const written = (generation) =>
  generation.steps.map((step) => ({
    id: step.id,
    probability: step.probability,
    top: step.top.map((entry) => [entry.id, entry.probability]),
    attention: Array.from(step.attention),
  }));

let files;
beforeAll(() => {
  files = gpt2Files(shape);
});

describe('a random GPT-2 generating on 1, 2 and 4 threads', () => {
  it.each([
    ['wasm-simd128', 'wasm-simd128-threads'],
    ['wasm-relaxed-simd', 'wasm-relaxed-simd-threads'],
  ])('%s and its threaded twin write the same tokens and probabilities bit for bit', async (single, threaded) => {
    const one = await loadLanguageModel({ backend: single, gpt2: files });
    const reference = written(one.generate(prompt, options));
    one.dispose();
    expect(new Set(reference.map((step) => step.id)).size).toBeGreaterThan(3); // a real draw, not one token repeated
    const lm = await loadLanguageModel({ backend: threaded, gpt2: files });
    try {
      for (const threads of [1, 2, 4]) {
        expect(written(lm.generate(prompt, { ...options, threads })), `${threaded} on ${threads} threads`).toEqual(
          reference,
        );
      }
    } finally {
      lm.dispose();
    }
  });

  it('refuses more than one thread on a single-thread build, and a count past four', async () => {
    const lm = await loadLanguageModel({ backend: 'wasm-simd128', gpt2: files });
    try {
      expect(() => lm.generate(prompt, { ...options, threads: 2 })).toThrow(/threads is 2.*runs on one thread/);
    } finally {
      lm.dispose();
    }
    const threaded = await loadLanguageModel({ backend: 'wasm-simd128-threads', gpt2: files });
    try {
      expect(() => threaded.generate(prompt, { ...options, threads: 5 })).toThrow(/options\.threads/);
    } finally {
      threaded.dispose();
    }
  });
});

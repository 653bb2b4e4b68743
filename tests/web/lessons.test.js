// The lessons' arithmetic (SIMD build): position encodings as the transformer adds them, permutation
// equivariance without them (to 1e-6) and its failure with them; memory-network hops whose weights sum to 1
// and whose second hop answers the story's question.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAttention } from '../../web/lib/index.js';
import { hops } from '../../web/src/lessons/memory-math.js';
import { embed, permutationCheck, shuffledOrder } from '../../web/src/lessons/position-math.js';

let api;
beforeAll(async () => {
  api = await loadAttention({ backend: 'wasm-simd128' });
});

describe('position', () => {
  it('positionalEncoding gives sin/cos pairs at falling frequencies, or adds them to x', () => {
    const p = api.positionalEncoding({ rows: 5, cols: 6 });
    expect(p).toMatchObject({ rows: 5, cols: 6 });
    for (let pos = 0; pos < 5; pos++) {
      for (let i = 0; i < 6; i += 2) {
        const angle = pos / 10000 ** (i / 6);
        expect(p.data[pos * 6 + i]).toBeCloseTo(Math.sin(angle), 6);
        expect(p.data[pos * 6 + i + 1]).toBeCloseTo(Math.cos(angle), 6);
      }
    }
    const x = embed(['the', 'cat', 'sat']);
    const sum = api.positionalEncoding({ x });
    const alone = api.positionalEncoding({ rows: 3, cols: 8 });
    sum.data.forEach((value, i) => expect(value).toBeCloseTo(x.data[i] + alone.data[i], 6));
    expect(() => api.positionalEncoding({ rows: 0, cols: 4 })).toThrow(new RangeError('positionalEncoding: rows must be a whole number from 1 to 65536, got 0'));
    expect(() => api.positionalEncoding({ rows: 2 })).toThrow(TypeError);
  });

  it('without positions, shuffling the words shuffles the outputs (1e-6); with them it does not', () => {
    const words = ['the', 'cat', 'chased', 'the', 'dog'];
    const order = shuffledOrder(words.length, 3);
    expect([...order].sort()).toEqual([0, 1, 2, 3, 4]);
    expect(permutationCheck(api, words, order, false).largest).toBeLessThan(1e-6);
    expect(permutationCheck(api, words, order, true).largest).toBeGreaterThan(0.05);
  });
});

describe('memory networks', () => {
  it('each hop’s weights sum to 1; one hop finds who took the apple, two find where she went', () => {
    const one = hops(api, 1), two = hops(api, 2), three = hops(api, 3);
    for (const { hops: list } of [one, two, three]) {
      for (const hop of list) expect(hop.weights.data.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
    }
    expect(Array.from(one.hops[0].weights.data).indexOf(Math.max(...one.hops[0].weights.data))).toBe(1); // "mary took the apple"
    expect(one.answer).toBeNull(); // one hop knows who, not where
    expect(Array.from(two.hops[1].weights.data).indexOf(Math.max(...two.hops[1].weights.data))).toBe(2); // "mary went to the garden"
    expect(two.answer).toBe('garden');
    expect(three.answer).toBe('garden');
  });
});

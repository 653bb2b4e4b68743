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

describe('heads, reshaped right and wrong', () => {
  it('the right split is each head’s columns of every token’s row; the straight reshape differs and mixes tokens', async () => {
    const { splitHeads, headWeights } = await import('../../web/src/lessons/reshape-math.js');
    const q = { data: Float32Array.from({ length: 4 * 6 }, (_, i) => i), rows: 4, cols: 6 };
    const right = splitHeads(q, 2, 'right'), wrong = splitHeads(q, 2, 'wrong');
    // head 1, token 2: columns 3..5 of row 2 → 15, 16, 17
    expect(Array.from(right.data.subarray((1 * 4 + 2) * 3, (1 * 4 + 2) * 3 + 3))).toEqual([15, 16, 17]);
    for (let h = 0; h < 2; h++) for (let r = 0; r < 4; r++) expect(new Set(right.token.slice((h * 4 + r) * 3, (h * 4 + r) * 3 + 3))).toEqual(new Set([r]));
    expect(Array.from(wrong.data)).toEqual(Array.from(q.data)); // the buffer as it was, read as 2 × 4 × 3
    expect(wrong.token.slice(3, 6)).toEqual([0, 0, 0]);
    expect(new Set(wrong.token.slice(6, 9)).size).toBe(1);
    expect(wrong.token.slice(0, 12)).toEqual([0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1]); // head 1's "rows" are half-tokens
    const x = { data: Float32Array.from({ length: 4 * 6 }, (_, i) => 3 * Math.sin(i)), rows: 4, cols: 6 };
    const w = () => ({ data: Float32Array.from({ length: 36 }, (_, i) => Math.cos(i * 0.7)), rows: 6, cols: 6 });
    const projections = [w(), w(), w()];
    const good = headWeights(api, x, projections, 2, 'right'), bad = headWeights(api, x, projections, 2, 'wrong');
    // The right split's head 1 equals attention on the projections' first 3 columns.
    const cols = (m, from) => ({ data: Float32Array.from({ length: 4 * 3 }, (_, i) => m.data[Math.floor(i / 3) * 6 + from + (i % 3)]), rows: 4, cols: 3 });
    const [pq, pk, pv] = projections.map((p) => api.matmul({ a: x, b: p }));
    const head1 = api.attention({ q: cols(pq, 0), k: cols(pk, 0), v: cols(pv, 0) }).weights;
    head1.data.forEach((value, i) => expect(good.data[i]).toBeCloseTo(value, 6));
    expect(Math.max(...good.data.map((v, i) => Math.abs(v - bad.data[i])))).toBeGreaterThan(0.01); // 0.06 here; rounding is 1e-7
  });
});

describe('attention as selective memory', () => {
  it('decay and attention weights sum to 1, gates do not; only attention keeps an old item; gates are sigmoids', async () => {
    const { items, summaries } = await import('../../web/src/lessons/selective-math.js');
    for (let chosen = 0; chosen < items.length; chosen++) {
      const [decay, gates, attention] = summaries(api, chosen, 0.5);
      expect(decay.total).toBeCloseTo(1, 5);
      expect(attention.total).toBeCloseTo(1, 5);
      expect(gates.total).toBeGreaterThan(1.5); // they open for everything
      expect(attention.kept).toBe(chosen);
      expect(decay.kept).toBe(items.length - 1); // the newest item, whatever was asked for
      // decay weights ∝ λ^age, age = n-1-i
      decay.weights.forEach((w, i) => expect(w / decay.weights[items.length - 1]).toBeCloseTo(0.5 ** (items.length - 1 - i), 4));
      // each gate is sigmoid(6 · the chosen item's vector · item i's)
      const vector = (i) => items.map((_, j) => (i === j ? 1 : 0.1));
      gates.weights.forEach((g, i) => {
        const score = 6 * vector(chosen).reduce((sum, v, j) => sum + v * vector(i)[j], 0);
        expect(g).toBeCloseTo(1 / (1 + Math.exp(-score)), 5);
      });
    }
  });
});

describe('attention as a graph', () => {
  it('the edges the mask allows are exactly the nonzero weights; causal keeps only earlier keys', async () => {
    const { edgesOf } = await import('../../web/src/graph-view.js');
    const m = (rows, cols, f) => ({ data: Float32Array.from({ length: rows * cols }, (_, i) => f(i)), rows, cols });
    const x = m(4, 3, (i) => Math.sin(i + 1));
    const weights = api.attention({ q: x, k: x, v: x, mask: 'causal' }).weights;
    const logits = api.logits({ q: x, k: x, mask: 'causal' });
    const edges = edgesOf(weights, logits);
    expect(edges).toHaveLength(16);
    for (const e of edges) {
      expect(e.allowed).toBe(e.key <= e.query);
      expect(e.weight > 0).toBe(e.allowed);
    }
    const free = edgesOf(api.attention({ q: x, k: x, v: x }).weights, api.logits({ q: x, k: x }));
    expect(free.every((e) => e.allowed && e.weight > 0)).toBe(true); // no mask: the complete graph
  });
});

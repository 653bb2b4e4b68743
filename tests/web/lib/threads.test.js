// The pthreads build in Node: heads and query blocks shared among threads give the reference's results
// (the scalar build) for every mask, with and without weights, above and below the size that starts the
// threads; errors and the translator work there too.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAttention, loadTranslator } from '../../../web/lib/index.js';
import { maxRelativeError, randomMask, randomMatrix } from '../helpers.js';

let threaded, scalar;
beforeAll(async () => {
  threaded = await loadAttention({ backend: 'wasm-simd128-threads' });
  scalar = await loadAttention({ backend: 'wasm-scalar' });
});

function randomHeads(heads, rows, cols, seed) {
  return { ...randomMatrix(heads * rows, cols, seed), heads, rows };
}

describe('wasm-simd128-threads', () => {
  it('runs with more than one thread on this machine', () => {
    expect(threaded.backend).toBe('wasm-simd128-threads');
    expect(threaded.threads).toBeGreaterThanOrEqual(Math.min(2, globalThis.navigator?.hardwareConcurrency ?? 2));
    expect(scalar.threads).toBe(1);
  });

  // Small shapes run on the caller's thread; the larger ones (≥ 4 MFLOP) are shared out.
  it.each([
    [2, 5, 7, 4, 3],
    [3, 40, 300, 16, 8],
    [8, 128, 128, 64, 64],
    [1, 700, 700, 32, 32],
  ])(
    'H=%i Sq=%i Sk=%i dk=%i dv=%i agrees with the reference, streaming and materialised, every mask',
    (H, sq, sk, dk, dv) => {
      const q = randomHeads(H, sq, dk, 1),
        k = randomHeads(H, sk, dk, 2),
        v = randomHeads(H, sk, dv, 3);
      for (const mask of ['none', 'causal', randomMask(sq, sk, 4)]) {
        const expected = scalar.attention({ q, k, v, mask });
        const withWeights = threaded.attention({ q, k, v, mask });
        const streamed = threaded.attention({ q, k, v, mask, weights: false });
        expect(maxRelativeError(withWeights.weights.data, expected.weights.data)).toBeLessThan(1e-5);
        expect(maxRelativeError(withWeights.output.data, expected.output.data)).toBeLessThan(1e-5);
        expect(maxRelativeError(streamed.output.data, expected.output.data)).toBeLessThan(2e-5);
      }
    },
  );

  // Projections split into row blocks and heads shared out: the single-thread SIMD build's numbers exactly.
  it.each([
    [4, 16, 2, 1],
    [100, 64, 8, 2],
    [260, 128, 8, 8],
  ])(
    'multiHeadAttention S=%i D=%i heads=%i kvHeads=%i equals the SIMD build bit for bit',
    async (s, d, heads, kvHeads) => {
      const simd = await loadAttention({ backend: 'wasm-simd128' });
      const kvw = (kvHeads * d) / heads;
      const args = {
        xq: randomMatrix(s, d, 11),
        wq: randomMatrix(d, d, 12),
        wk: randomMatrix(d, kvw, 13),
        wv: randomMatrix(d, kvw, 14),
        wo: randomMatrix(d, d, 15),
        bq: randomMatrix(1, d, 16).data,
        bo: randomMatrix(1, d, 17).data,
        heads,
        kvHeads,
        mask: 'causal',
      };
      const shared = threaded.multiHeadAttention(args);
      const single = simd.multiHeadAttention(args);
      expect(Array.from(shared.output.data)).toEqual(Array.from(single.output.data));
      expect(Array.from(shared.weights.data)).toEqual(Array.from(single.weights.data));
      expect(maxRelativeError(shared.output.data, scalar.multiHeadAttention(args).output.data)).toBeLessThan(5e-4); // float32 sums over D
    },
  );

  it('hard attention, shared out, picks the same value rows', () => {
    const q = randomHeads(6, 100, 16, 5),
      k = randomHeads(6, 300, 16, 6),
      v = randomHeads(6, 300, 16, 7);
    const expected = scalar.attention({ q, k, v, hard: true });
    expect(Array.from(threaded.attention({ q, k, v, hard: true, weights: false }).output.data)).toEqual(
      Array.from(expected.output.data),
    );
  });

  it('refuses bad input as the other builds do, and keeps working', () => {
    const q = randomHeads(2, 3, 4, 1);
    expect(() => threaded.attention({ q, k: randomHeads(3, 3, 4, 2), v: randomHeads(3, 3, 4, 3) })).toThrow(
      /k.heads \(one key head per query head\) must equal q.heads/,
    );
    expect(threaded.attention({ q, k: q, v: q }).output.heads).toBe(2);
  });

  it('runs the translation model', async () => {
    const translator = await loadTranslator({ backend: 'wasm-simd128-threads' });
    expect(translator.translate('maria loves the cat').target).toEqual(['maría', 'ama', 'al', 'gato', '<eos>']);
  });
});

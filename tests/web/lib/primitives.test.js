// matmul and logits, the building blocks the playground uses to show each stage, on both builds.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAttention } from '../../../web/lib/index.js';
import { fastBackends, matrix, maxRelativeError, randomMask, randomMatrix, sizes, workedExample } from '../helpers.js';

describe.each(fastBackends)('%s against the scalar reference', (fastBackend) => {
  let simd, scalar;
  beforeAll(async () => {
    simd = await loadAttention({ backend: fastBackend });
    scalar = await loadAttention({ backend: 'wasm-scalar' });
  });

  describe('matmul', () => {
    it('projects the worked example: Q = X·Wq, K = X·Wk, V = X·Wv', () => {
      const { x, wq, wk, wv, q, k, v } = workedExample;
      for (const api of [simd, scalar]) {
        expect(api.matmul({ a: x, b: wq })).toEqual(q);
        expect(api.matmul({ a: x, b: wk })).toEqual(k);
        expect(api.matmul({ a: x, b: wv })).toEqual(v);
      }
    });

    it('adds a bias to every row', () => {
      const c = simd.matmul({
        a: matrix([[1, 2]]),
        b: matrix([
          [1, 0],
          [0, 1],
        ]),
        bias: Float32Array.from([10, 20]),
      });
      expect(Array.from(c.data)).toEqual([11, 22]);
    });

    it.each(sizes)('SIMD matches scalar at n=%i', (n) => {
      const a = randomMatrix(n, n + 1, n),
        b = randomMatrix(n + 1, n + 3, n + 100);
      expect(maxRelativeError(simd.matmul({ a, b }).data, scalar.matmul({ a, b }).data)).toBeLessThan(1e-5);
    });

    it('refuses mismatched inner sizes', () => {
      expect(() => simd.matmul({ a: matrix([[1, 2]]), b: matrix([[1, 2]]) })).toThrow(
        /matmul: b.rows must equal a.cols: expected 2, got 1/,
      );
      expect(() => simd.matmul({ a: matrix([[1]]), b: matrix([[1, 2]]), bias: new Float32Array(3) })).toThrow(
        /matmul: bias has 3 values, expected 2 \(b.cols\)/,
      );
    });
  });

  describe('logits', () => {
    it('gives the worked example’s scores, scaled scores and masked logits', () => {
      const { q, k } = workedExample;
      for (const api of [simd, scalar]) {
        expect(Array.from(api.logits({ q, k, scale: 1 }).data)).toEqual([2, 4, 4, 4, 16, 12, 4, 12, 10]);
        expect(Array.from(api.logits({ q, k, scale: 0.5, temperature: 0.5 }).data)).toEqual([
          2, 4, 4, 4, 16, 12, 4, 12, 10,
        ]);
        const masked = api.logits({ q, k, scale: 0.5, mask: 'causal' });
        expect(Array.from(masked.data)).toEqual([1, -Infinity, -Infinity, 2, 8, -Infinity, 2, 6, 5]);
      }
    });

    it.each(sizes)('SIMD matches scalar at n=%i with an explicit mask', (n) => {
      const q = randomMatrix(n, 5, n),
        k = randomMatrix(n + 2, 5, n + 7),
        mask = randomMask(n, n + 2, n);
      const a = simd.logits({ q, k, mask }).data,
        b = scalar.logits({ q, k, mask }).data;
      for (let i = 0; i < a.length; i++) {
        expect(a[i] === -Infinity).toBe(mask[i] === 0);
        if (mask[i]) expect(Math.abs(a[i] - b[i])).toBeLessThan(1e-5 * Math.max(1, Math.abs(b[i])));
      }
    });
  });
});

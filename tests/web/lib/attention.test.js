// Scaled dot-product attention through the public API, on both builds: the worked example, every mask,
// sizes below/at/above the vector width, and SIMD vs scalar (the C++ reference) agreement to 1e-5.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAttention } from '../../../web/lib/index.js';
import { fastBackends, matrix, maxRelativeError, randomMask, randomMatrix, sizes, workedExample } from '../helpers.js';

describe.each(fastBackends)('%s against the scalar reference', (fastBackend) => {
  let simd, scalar;
  beforeAll(async () => {
    simd = await loadAttention({ backend: fastBackend });
    scalar = await loadAttention({ backend: 'wasm-scalar' });
  });

  const both = () => [simd, scalar];

  describe('the worked example from the lecture notes', () => {
    it.each([fastBackend, 'wasm-scalar'])('gives the notes’ weights and output on %s', async (backend) => {
      const api = await loadAttention({ backend });
      const { q, k, v } = workedExample;
      const { output, weights } = api.attention({ q, k, v, scale: 0.5 }); // 1/sqrt(d_x), as in the notes
      expect(weights.rows).toBe(3);
      expect(weights.cols).toBe(3);
      expect(Array.from(weights.data.slice(0, 3))).toEqual([
        expect.closeTo(0.1554, 4),
        expect.closeTo(0.4223, 4),
        expect.closeTo(0.4223, 4),
      ]);
      expect(Array.from(output.data.slice(0, 3))).toEqual([
        expect.closeTo(1.8446, 4),
        expect.closeTo(6.2232, 4),
        expect.closeTo(1.733, 4),
      ]);
    });

    it('defaults the scale to 1/sqrt(dk)', () => {
      const { q, k, v } = workedExample;
      const byDefault = simd.attention({ q, k, v });
      const explicit = simd.attention({ q, k, v, scale: 1 / Math.sqrt(3) });
      expect(byDefault.weights.data).toEqual(explicit.weights.data);
    });
  });

  describe('SIMD and scalar builds agree to 1e-5', () => {
    const shapes = (n) => [
      [n, n, n, n],
      [n, n + 2, 3, 5], // cross-attention: Sq != Sk, dk != dv
      [2, n, n, 1],
    ];
    for (const n of sizes) {
      for (const maskName of ['none', 'causal', 'explicit']) {
        for (const hard of [false, true]) {
          it(`n=${n} mask=${maskName}${hard ? ' hard' : ''}`, () => {
            let seed = n * 1000;
            for (const [sq, sk, dk, dv] of shapes(n)) {
              const q = randomMatrix(sq, dk, ++seed),
                k = randomMatrix(sk, dk, ++seed),
                v = randomMatrix(sk, dv, ++seed);
              const mask = maskName === 'explicit' ? randomMask(sq, sk, ++seed) : maskName;
              const args = { q, k, v, mask, scale: 2 / Math.sqrt(dk), temperature: 0.8, hard };
              const a = simd.attention(args),
                b = scalar.attention(args);
              expect(a.output.rows).toBe(sq);
              expect(a.output.cols).toBe(dv);
              expect(maxRelativeError(a.weights.data, b.weights.data)).toBeLessThan(1e-5);
              expect(maxRelativeError(a.output.data, b.output.data)).toBeLessThan(1e-5);
            }
          });
        }
      }
    }
  });

  describe('attention properties on both builds', () => {
    it('keeps logits of ±1e4 finite and correct', () => {
      for (const api of both()) {
        const q = matrix([[100], [-100]]),
          k = matrix([[100], [90], [100], [-100]]),
          v = matrix([[1], [2], [3], [4]]);
        const { weights, output } = api.attention({ q, k, v, scale: 1 });
        expect(Array.from(weights.data.slice(0, 4))).toEqual([0.5, 0, 0.5, 0]);
        expect(Array.from(weights.data.slice(4))).toEqual([0, 0, 0, 1]);
        expect(Array.from(output.data)).toEqual([2, 4]);
      }
    });

    it('gives a fully masked row zero weights and a zero output', () => {
      for (const api of both()) {
        const { q, k, v } = workedExample;
        const mask = Uint8Array.from([1, 1, 0, 0, 0, 0, 1, 1, 1]);
        const { weights, output } = api.attention({ q, k, v, mask });
        expect(Array.from(weights.data.slice(3, 6))).toEqual([0, 0, 0]);
        expect(Array.from(output.data.slice(3, 6))).toEqual([0, 0, 0]);
        expect(weights.data[2]).toBe(0);
      }
    });

    it('causal masking zeroes the upper triangle', () => {
      const x = randomMatrix(9, 4, 5);
      for (const api of both()) {
        const { weights } = api.attention({ q: x, k: x, v: x, mask: 'causal' });
        for (let i = 0; i < 9; i++) for (let j = i + 1; j < 9; j++) expect(weights.data[i * 9 + j]).toBe(0);
      }
    });

    it('hard attention is one-hot on the first maximum', () => {
      const q = matrix([[1, 0]]),
        k = matrix([
          [0, 1],
          [2, 0],
          [0.5, 0],
          [2, 5],
        ]),
        v = matrix([[10], [20], [30], [40]]);
      for (const api of both()) {
        const { weights, output } = api.attention({ q, k, v, hard: true });
        expect(Array.from(weights.data)).toEqual([0, 1, 0, 0]);
        expect(output.data[0]).toBe(20);
      }
    });

    it('temperature moves the weights between uniform and argmax', () => {
      const q = matrix([[1]]),
        k = matrix([[1], [2], [3]]),
        v = matrix([[0], [1], [2]]);
      for (const api of both()) {
        const top = (temperature) => Math.max(...api.attention({ q, k, v, scale: 1, temperature }).weights.data);
        expect(top(1e4)).toBeCloseTo(1 / 3, 3);
        expect(top(0.01)).toBeCloseTo(1, 6);
        expect(top(0.2)).toBeGreaterThan(top(1));
        expect(top(1)).toBeGreaterThan(top(5));
      }
    });

    it('returns copies the caller owns', () => {
      const { q, k, v } = workedExample;
      const first = simd.attention({ q, k, v });
      const snapshot = Float32Array.from(first.weights.data);
      simd.attention({ q: randomMatrix(64, 64, 1), k: randomMatrix(900, 64, 2), v: randomMatrix(900, 64, 3) });
      expect(first.weights.data).toEqual(snapshot);
      first.weights.data[0] = 42; // writable, and writing does not disturb the module
      expect(simd.attention({ q, k, v }).weights.data).toEqual(snapshot);
    });
  });
});

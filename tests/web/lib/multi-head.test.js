// Multi-head attention through the public API: SIMD vs scalar, MQA/GQA as standard attention with
// repeated K/V heads, and the shapes of what comes back.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAttention } from '../../../web/lib/index.js';
import { fastBackends, maxRelativeError, randomMask, randomMatrix } from '../helpers.js';

describe.each(fastBackends)('%s against the scalar reference', (fastBackend) => {
  let simd, scalar;
  beforeAll(async () => {
    simd = await loadAttention({ backend: fastBackend });
    scalar = await loadAttention({ backend: 'wasm-scalar' });
  });

  function model({ sq, sk, d, heads, kvHeads = heads, biases = false, seed = 1 }) {
    const kvWidth = (kvHeads * d) / heads;
    const w = 2 / d;
    const vector = (n, s) => randomMatrix(1, n, s).data;
    return {
      xq: randomMatrix(sq, d, seed),
      xkv: randomMatrix(sk, d, seed + 1),
      wq: randomMatrix(d, d, seed + 2, w * 2),
      wk: randomMatrix(d, kvWidth, seed + 3, w * 2),
      wv: randomMatrix(d, kvWidth, seed + 4),
      wo: randomMatrix(d, d, seed + 5, w),
      ...(biases && {
        bq: vector(d, seed + 6),
        bk: vector(kvWidth, seed + 7),
        bv: vector(kvWidth, seed + 8),
        bo: vector(d, seed + 9),
      }),
      heads,
      kvHeads,
    };
  }

  describe('multiHeadAttention', () => {
    const cases = [
      { sq: 3, sk: 3, d: 4, heads: 2 },
      { sq: 4, sk: 5, d: 4, heads: 4, kvHeads: 1, biases: true },
      { sq: 7, sk: 4, d: 12, heads: 4, kvHeads: 2, biases: true },
      { sq: 17, sk: 9, d: 64, heads: 8, kvHeads: 2 },
      { sq: 65, sk: 64, d: 64, heads: 8, biases: true },
      { sq: 5, sk: 65, d: 65, heads: 5, kvHeads: 1 },
    ];
    for (const c of cases) {
      for (const mask of ['none', 'causal', 'explicit']) {
        it(`SIMD matches scalar: ${JSON.stringify(c)} mask=${mask}`, () => {
          const args = { ...model(c), mask: mask === 'explicit' ? randomMask(c.sq, c.sk, 3) : mask };
          const a = simd.multiHeadAttention(args),
            b = scalar.multiHeadAttention(args);
          expect(a.weights).toMatchObject({ heads: c.heads, rows: c.sq, cols: c.sk });
          expect(a.output).toMatchObject({ rows: c.sq, cols: c.d });
          expect(a.weights.data.length).toBe(c.heads * c.sq * c.sk);
          expect(maxRelativeError(a.weights.data, b.weights.data)).toBeLessThan(1e-5);
          expect(maxRelativeError(a.output.data, b.output.data)).toBeLessThan(1e-5);
        });
      }
    }

    it('self-attention: omitting xkv means xkv = xq', () => {
      const args = model({ sq: 6, sk: 6, d: 8, heads: 2 });
      const self = simd.multiHeadAttention({ ...args, xkv: undefined });
      const explicit = simd.multiHeadAttention({ ...args, xkv: args.xq });
      expect(self.output.data).toEqual(explicit.output.data);
    });

    it.each([1, 2, 4])('kvHeads=%i equals standard attention with K/V heads repeated', (kvHeads) => {
      const heads = 8,
        d = 32,
        dh = d / heads;
      const grouped = model({ sq: 6, sk: 9, d, heads, kvHeads, biases: true, seed: 40 });
      const kvWidth = kvHeads * dh;
      const repeatColumns = (m) => {
        const out = new Float32Array(d * d);
        for (let row = 0; row < d; row++) {
          for (let h = 0; h < heads; h++) {
            const g = Math.floor((h * kvHeads) / heads);
            for (let c = 0; c < dh; c++) out[row * d + h * dh + c] = m.data[row * kvWidth + g * dh + c];
          }
        }
        return { data: out, rows: d, cols: d };
      };
      const repeatBias = (b) => repeatColumns({ data: b }).data.slice(0, d);
      const standard = {
        ...grouped,
        wk: repeatColumns(grouped.wk),
        wv: repeatColumns(grouped.wv),
        bk: repeatBias(grouped.bk),
        bv: repeatBias(grouped.bv),
        kvHeads: heads,
      };
      for (const api of [simd, scalar]) {
        const a = api.multiHeadAttention({ ...grouped, mask: 'causal' });
        const b = api.multiHeadAttention({ ...standard, mask: 'causal' });
        expect(maxRelativeError(a.weights.data, b.weights.data)).toBeLessThan(1e-6);
        expect(maxRelativeError(a.output.data, b.output.data)).toBeLessThan(1e-6);
      }
    });

    it('scales each head by 1/sqrt(D/H) by default', () => {
      const args = model({ sq: 4, sk: 4, d: 16, heads: 4 });
      const byDefault = simd.multiHeadAttention(args);
      const explicit = simd.multiHeadAttention({ ...args, scale: 1 / Math.sqrt(4) });
      const wrong = simd.multiHeadAttention({ ...args, scale: 1 / Math.sqrt(16) });
      expect(byDefault.weights.data).toEqual(explicit.weights.data);
      expect(maxRelativeError(byDefault.weights.data, wrong.weights.data)).toBeGreaterThan(1e-3);
    });
  });
});

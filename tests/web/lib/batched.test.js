// Batched heads ({ data, heads, rows, cols }) and weights: false (the streaming kernel) through the public
// API, on both builds: each head equals the single-matrix call, streaming equals the materialised output
// for every mask, SIMD agrees with scalar, and a 16384-long sequence runs without S² memory.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAttention } from '../../../web/lib/index.js';
import { maxRelativeError, randomMask, randomMatrix } from '../helpers.js';

const backends = ['wasm-simd128', 'wasm-relaxed-simd', 'wasm-scalar'];
const apis = {};
beforeAll(async () => {
  for (const backend of backends) apis[backend] = await loadAttention({ backend });
});

function randomHeads(heads, rows, cols, seed) {
  const m = randomMatrix(heads * rows, cols, seed);
  return { data: m.data, heads, rows, cols };
}

const head = (m, h) => ({
  data: m.data.subarray(h * m.rows * m.cols, (h + 1) * m.rows * m.cols),
  rows: m.rows,
  cols: m.cols,
});

// Shapes around the streaming kernel's blocks (16 query rows, 256 keys) and the vector widths.
const shapes = [
  [1, 1, 1, 1, 1],
  [3, 5, 7, 4, 3],
  [2, 17, 255, 8, 8],
  [4, 16, 256, 16, 5],
  [2, 33, 257, 64, 64],
  [8, 128, 128, 64, 64],
];

describe.each(backends)('%s', (backend) => {
  const api = () => apis[backend];

  it.each(shapes)(
    'H=%i Sq=%i Sk=%i dk=%i dv=%i: every head equals its own call; streaming equals materialised',
    (H, sq, sk, dk, dv) => {
      const q = randomHeads(H, sq, dk, sq * 7 + H),
        k = randomHeads(H, sk, dk, sk * 3 + 1),
        v = randomHeads(H, sk, dv, dv + 5);
      for (const mask of ['none', 'causal', randomMask(sq, sk, 11)]) {
        const batched = api().attention({ q, k, v, mask, temperature: 0.8 });
        const streamed = api().attention({ q, k, v, mask, temperature: 0.8, weights: false });
        expect(batched.output).toMatchObject({ heads: H, rows: sq, cols: dv });
        expect(batched.weights).toMatchObject({ heads: H, rows: sq, cols: sk });
        expect(streamed.weights).toBeNull();
        expect(streamed.output).toMatchObject({ heads: H, rows: sq, cols: dv });
        for (let h = 0; h < H; h++) {
          const single = api().attention({ q: head(q, h), k: head(k, h), v: head(v, h), mask, temperature: 0.8 });
          expect(Array.from(head(batched.output, h).data)).toEqual(Array.from(single.output.data));
          expect(Array.from(head(batched.weights, h).data)).toEqual(Array.from(single.weights.data));
        }
        expect(maxRelativeError(streamed.output.data, batched.output.data)).toBeLessThan(2e-5);
      }
    },
  );

  it('hard attention streams too: each output row is one value row', () => {
    const q = randomHeads(2, 20, 8, 1),
      k = randomHeads(2, 300, 8, 2),
      v = randomHeads(2, 300, 4, 3);
    const materialised = api().attention({ q, k, v, hard: true });
    const streamed = api().attention({ q, k, v, hard: true, weights: false });
    expect(Array.from(streamed.output.data)).toEqual(Array.from(materialised.output.data));
  });

  it('a single matrix with weights: false returns a plain matrix and null weights', () => {
    const m = randomMatrix(5, 4, 9);
    const r = api().attention({ q: m, k: m, v: m, weights: false });
    expect(r.weights).toBeNull();
    expect(r.output).toEqual({ data: expect.any(Float32Array), rows: 5, cols: 4 });
    expect(maxRelativeError(r.output.data, api().attention({ q: m, k: m, v: m }).output.data)).toBeLessThan(2e-5);
  });

  it.each([
    [
      'heads of q and k differ',
      { q: randomHeads(2, 3, 4, 1), k: randomHeads(3, 3, 4, 2), v: randomHeads(3, 3, 4, 3) },
      /k.heads \(one key head per query head\) must equal q.heads: expected 2, got 3/,
    ],
    [
      'a batch against a single matrix',
      { q: randomHeads(2, 3, 4, 1), k: randomMatrix(3, 4, 2), v: randomMatrix(3, 4, 3) },
      /k.heads .* expected 2, got 1/,
    ],
    [
      'data too short for the heads',
      { q: { ...randomHeads(2, 3, 4, 1), heads: 3 }, k: randomHeads(3, 3, 4, 2), v: randomHeads(3, 3, 4, 3) },
      /q.data has 24 values, expected heads\*rows\*cols = 3\*3\*4 = 36/,
    ],
    [
      'zero heads',
      {
        q: { data: new Float32Array(0), heads: 0, rows: 3, cols: 4 },
        k: randomHeads(1, 3, 4, 2),
        v: randomHeads(1, 3, 4, 3),
      },
      /q.heads must be a whole number >= 1, got 0/,
    ],
    [
      'NaN in the second head',
      {
        q: randomHeads(2, 3, 4, 1),
        k: (() => {
          const k = randomHeads(2, 3, 4, 2);
          k.data[13] = NaN;
          return k;
        })(),
        v: randomHeads(2, 3, 4, 3),
      },
      /k.data must hold finite numbers, got nan at head 1, row 0, column 1/,
    ],
  ])('refuses %s', (_, args, message) => {
    expect(() => api().attention(args)).toThrow(RangeError);
    expect(() => api().attention(args)).toThrow(message);
  });

  it('refuses heads and weights of the wrong type', () => {
    const m = randomMatrix(2, 2, 1);
    expect(() => api().attention({ q: { ...m, heads: '2' }, k: m, v: m })).toThrow(
      /q.heads must be a number, got string 2/,
    );
    expect(() => api().attention({ q: m, k: m, v: m, weights: 'no' })).toThrow(/weights must be a boolean/);
  });
});

describe('SIMD against the scalar build (the C++ reference), streaming', () => {
  it('agrees to 1e-5 on batched heads with a causal mask', () => {
    const q = randomHeads(4, 70, 64, 1),
      k = randomHeads(4, 300, 64, 2),
      v = randomHeads(4, 300, 32, 3);
    const simd = apis['wasm-simd128'].attention({ q, k, v, mask: 'causal', weights: false });
    const scalar = apis['wasm-scalar'].attention({ q, k, v, mask: 'causal', weights: false });
    expect(maxRelativeError(simd.output.data, scalar.output.data)).toBeLessThan(1e-5);
  });
});

describe('long sequences', () => {
  it('H=1, S=16384, d=64 runs with weights: false in far less than S² floats (1 GiB), and matches sampled rows', () => {
    const api = apis['wasm-simd128'];
    const S = 16384,
      d = 64;
    const q = randomHeads(1, S, d, 21),
      k = randomHeads(1, S, d, 22),
      v = randomHeads(1, S, d, 23);
    const { output } = api.attention({ q, k, v, mask: 'causal', weights: false });
    // The module's memory grew to hold inputs, output and packed K/V, not a 16384² weights matrix.
    expect(api.memoryStats().heapBytes).toBeLessThan(64 * 1024 * 1024);
    for (const row of [0, 255, 4096, 16383]) {
      // Row `row` under a causal mask is that query attending to keys 0..row: one unmasked call.
      const one = api.attention({
        q: { data: q.data.subarray(row * d, (row + 1) * d), rows: 1, cols: d },
        k: { data: k.data.subarray(0, (row + 1) * d), rows: row + 1, cols: d },
        v: { data: v.data.subarray(0, (row + 1) * d), rows: row + 1, cols: d },
      });
      expect(maxRelativeError(output.data.subarray(row * d, (row + 1) * d), one.output.data)).toBeLessThan(2e-5);
    }
  });
});

// FlashAttention's online softmax through the public API (onlineSoftmax): on the SIMD builds its output is the
// streaming attention's row for every block size and mask, its state after each block is the softmax over the
// keys seen so far, a causal row stops at its own key; bad arguments are named; the scalar build says it has no
// streaming kernel. Lesson 3's row beside the materialised one.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAttention } from '../../../web/lib/index.js';
import { onlineSoftmaxRow } from '../../../web/src/lessons/widgets/kqv-math.js';

const apis = {};
beforeAll(async () => {
  for (const backend of ['wasm-simd128', 'wasm-relaxed-simd', 'wasm-scalar'])
    apis[backend] = await loadAttention({ backend });
});

const matrix = (rows, cols, values) => ({ data: Float32Array.from(values), rows, cols });
const random = (rows, cols, seed) =>
  matrix(
    rows,
    cols,
    Array.from({ length: rows * cols }, (_, i) => Math.sin(seed * 7.1 + i * 1.7) * 2),
  );
const q = random(6, 5, 1),
  k = random(13, 5, 2),
  v = random(13, 3, 3);
const rowOf = (m, r) => Array.from(m.data.subarray(r * m.cols, (r + 1) * m.cols));

describe.each(['wasm-simd128', 'wasm-relaxed-simd'])('%s: online softmax', (backend) => {
  const api = () => apis[backend];

  it.each([1, 2, 4, 5, 13, 256])(
    'with %i keys per block ends at the streaming kernel’s row, for every mask',
    (blockSize) => {
      const allowed = Uint8Array.from({ length: 6 * 13 }, (_, i) => ((i * 7) % 5 === 0 ? 0 : 1));
      for (const mask of [undefined, 'causal', allowed]) {
        const streamed = api().attention({ q, k, v, mask, scale: 0.4, temperature: 0.7, weights: false }).output;
        for (let row = 0; row < q.rows; row++) {
          const trace = api().onlineSoftmax({ q, k, v, mask, scale: 0.4, temperature: 0.7, row, blockSize });
          const expected = rowOf(streamed, row);
          Array.from(trace.output).forEach((x, c) => expect(x).toBeCloseTo(expected[c], 5));
          const visible = mask === 'causal' ? row + 1 : 13;
          expect(trace.blocks).toHaveLength(Math.ceil(visible / blockSize));
        }
      }
    },
  );

  it('after each block, O / l is attention over the keys seen so far, and α rescales the old maximum to the new', () => {
    const trace = api().onlineSoftmax({ q, k, v, row: 4, blockSize: 3 });
    let previousMax = -Infinity;
    for (const block of trace.blocks) {
      const seen = block.firstKey + block.keys;
      const prefix = (m) => matrix(seen, m.cols, Array.from(m.data.subarray(0, seen * m.cols)));
      const soFar = rowOf(api().attention({ q, k: prefix(k), v: prefix(v) }).output, 4);
      Array.from(block.accumulator, (o) => o / block.runningSum).forEach((x, c) => expect(x).toBeCloseTo(soFar[c], 5));
      expect(block.runningMax).toBeGreaterThanOrEqual(previousMax);
      expect(block.rescale).toBeCloseTo(previousMax === -Infinity ? 0 : Math.exp(previousMax - block.runningMax), 6);
      expect(block.scores).toHaveLength(block.keys);
      previousMax = block.runningMax;
    }
  });

  it('lesson 3: the followed row’s online output is the materialised one, to float rounding', () => {
    for (let query = 0; query < 4; query++) {
      for (let block = 1; block <= 4; block++) {
        const { trace, largestDifference } = onlineSoftmaxRow(api(), query, block);
        expect(trace.blocks).toHaveLength(Math.ceil(4 / block));
        expect(largestDifference).toBeLessThan(1e-6);
      }
    }
  });

  it.each([
    [
      { q, k, v, row: 6, blockSize: 2 },
      RangeError,
      /onlineSoftmax: row must be a whole number from 0 to q\.rows - 1, got 6/,
    ],
    [{ q, k, v, row: 1.5, blockSize: 2 }, RangeError, /onlineSoftmax: row must be a whole number/],
    [
      { q, k, v, row: 0, blockSize: 0 },
      RangeError,
      /onlineSoftmax: blockSize must be a whole number from 1 to 4096, got 0/,
    ],
    [{ q, k, v, row: 0 }, TypeError, /onlineSoftmax: blockSize must be a number, got undefined/],
    [{ q, k, v: random(12, 3, 3), row: 0, blockSize: 2 }, RangeError, /onlineSoftmax: .*v/],
    [{ q, k, v, row: 0, blockSize: 2, hard: true }, TypeError, /onlineSoftmax: unknown argument 'hard'/],
  ])('refuses %o', (args, Kind, message) => {
    expect(() => api().onlineSoftmax(args)).toThrow(Kind);
    expect(() => api().onlineSoftmax(args)).toThrow(message);
    expect(api().onlineSoftmax({ q, k, v, row: 0, blockSize: 2 }).blocks).toHaveLength(7); // still works
  });
});

describe('the scalar build', () => {
  it('has no streaming kernel to trace, and says so', () => {
    expect(() => apis['wasm-scalar'].onlineSoftmax({ q, k, v, row: 0, blockSize: 2 })).toThrow(
      /onlineSoftmax: the scalar build has no streaming kernel to trace: use a SIMD build/,
    );
  });
});

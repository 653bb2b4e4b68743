// Bad input: every case is refused with a TypeError or RangeError naming the argument and the expected vs
// actual value, and the module keeps working without leaking.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAttention } from '../../../web/lib/index.js';
import { matrix, randomMatrix, workedExample } from '../helpers.js';

const backends = ['wasm-simd128', 'wasm-relaxed-simd', 'wasm-scalar'];
const apis = {};
beforeAll(async () => {
  for (const backend of backends) apis[backend] = await loadAttention({ backend });
});

const { q, k, v } = workedExample;
const nan = (m, index) => {
  const data = Float32Array.from(m.data);
  data[index] = NaN;
  return { ...m, data };
};

const attentionCases = [
  ['no arguments', undefined, TypeError, /attention: arguments must be an object, got undefined/],
  ['q missing', { k, v }, TypeError, /attention: q must be an object, got undefined/],
  [
    'data as a plain Array',
    { q: { data: [1, 2, 3], rows: 1, cols: 3 }, k, v },
    TypeError,
    /q.data must be a Float32Array, got an Array/,
  ],
  [
    'data as Float64Array',
    { q: { ...q, data: Float64Array.from(q.data) }, k, v },
    TypeError,
    /q.data must be a Float32Array, got a Float64Array/,
  ],
  ['rows as a string', { q: { ...q, rows: '3' }, k, v }, TypeError, /q.rows must be a number, got string 3/],
  [
    'data length ≠ rows·cols',
    { q: { ...q, rows: 2 }, k, v },
    RangeError,
    /q.data has 9 values, expected rows\*cols = 2\*3 = 6/,
  ],
  [
    'zero rows',
    { q: { data: new Float32Array(0), rows: 0, cols: 3 }, k, v },
    RangeError,
    /q.rows must be a whole number >= 1, got 0/,
  ],
  [
    'zero columns',
    { q, k, v: { data: new Float32Array(0), rows: 3, cols: 0 } },
    RangeError,
    /v.cols must be a whole number >= 1, got 0/,
  ],
  [
    'fractional rows',
    { q, k: { data: k.data, rows: 1.5, cols: 6 }, v },
    RangeError,
    /k.rows must be a whole number >= 1, got 1.5/,
  ],
  [
    'key width ≠ query width',
    {
      q,
      k: matrix([
        [1, 2],
        [3, 4],
        [5, 6],
      ]),
      v,
    },
    RangeError,
    /k.cols \(the key width dk\) must equal q.cols: expected 3, got 2/,
  ],
  [
    'values ≠ keys',
    { q, k, v: matrix([[1, 2]]) },
    RangeError,
    /v.rows \(one value per key\) must equal k.rows: expected 3, got 1/,
  ],
  ['NaN in q', { q: nan(q, 4), k, v }, RangeError, /q.data must hold finite numbers, got nan at row 1, column 1/],
  [
    'Infinity in v',
    { q, k, v: { ...v, data: Float32Array.from(v.data).fill(Infinity, 8) } },
    RangeError,
    /v.data must hold finite numbers, got inf at row 2, column 2/,
  ],
  [
    'mask of the wrong size',
    { q, k, v, mask: new Uint8Array(8) },
    RangeError,
    /mask has 8 entries, expected Sq\*Sk = 3\*3 = 9/,
  ],
  [
    'mask with a 2',
    { q, k, v, mask: new Uint8Array(9).fill(2) },
    RangeError,
    /mask entries must be 0 or 1, got 2 at row 0, column 0/,
  ],
  [
    'unknown mask name',
    { q, k, v, mask: 'diagonal' },
    TypeError,
    /mask must be 'none', 'causal' or a Uint8Array, got 'diagonal'/,
  ],
  [
    'mask as an Array',
    { q, k, v, mask: [1, 1] },
    TypeError,
    /mask must be 'none', 'causal' or a Uint8Array, got an Array/,
  ],
  [
    'zero temperature',
    { q, k, v, temperature: 0 },
    RangeError,
    /temperature must be a finite number > 0, from 1e-6 to 1e6, got 0/,
  ],
  ['NaN scale', { q, k, v, scale: NaN }, RangeError, /scale must be a finite number from -1e6 to 1e6, got nan/],
  ['hard as a string', { q, k, v, hard: 'yes' }, TypeError, /hard must be a boolean, got string yes/],
  [
    'too large for memory',
    {
      q: { data: new Float32Array(65536), rows: 65536, cols: 1 },
      k: { data: new Float32Array(65536), rows: 65536, cols: 1 },
      v: { data: new Float32Array(65536), rows: 65536, cols: 1 },
    },
    RangeError,
    /attention request too large: it needs \d+ MiB of wasm memory, the limit per call is 1024 MiB/,
  ],
];

const mha = () => ({
  xq: randomMatrix(4, 8, 1),
  wq: randomMatrix(8, 8, 2),
  wk: randomMatrix(8, 8, 3),
  wv: randomMatrix(8, 8, 4),
  wo: randomMatrix(8, 8, 5),
  heads: 2,
});

const multiHeadCases = [
  [
    'heads missing',
    { ...mha(), heads: undefined },
    TypeError,
    /multiHeadAttention: heads must be a number, got undefined/,
  ],
  [
    'heads not dividing D',
    { ...mha(), heads: 3 },
    RangeError,
    /heads must divide the model width D = 8, got heads = 3/,
  ],
  [
    'kvHeads not dividing heads',
    { ...mha(), heads: 4, kvHeads: 3 },
    RangeError,
    /kvHeads must divide heads = 4, got kvHeads = 3/,
  ],
  [
    'wk of the wrong width for kvHeads',
    { ...mha(), kvHeads: 1 },
    RangeError,
    /wk.cols must equal kvHeads\*D\/heads: expected 4, got 8/,
  ],
  [
    'wq of the wrong height',
    { ...mha(), wq: randomMatrix(4, 8, 2) },
    RangeError,
    /wq.rows must equal D: expected 8, got 4/,
  ],
  [
    'xkv of another width',
    { ...mha(), xkv: randomMatrix(4, 6, 6) },
    RangeError,
    /xkv.cols \(the model width D\) must equal xq.cols: expected 8, got 6/,
  ],
  ['bias of the wrong length', { ...mha(), bo: new Float32Array(7) }, RangeError, /bo has 7 values, expected 8 \(D\)/],
  ['bias as an Array', { ...mha(), bq: [1, 2] }, TypeError, /bq must be a Float32Array, got an Array/],
  [
    'NaN in a weight',
    { ...mha(), wv: nan(randomMatrix(8, 8, 4), 17) },
    RangeError,
    /wv.data must hold finite numbers, got nan at row 2, column 1/,
  ],
  ['NaN in a bias', { ...mha(), bk: new Float32Array(8).fill(NaN) }, RangeError, /bk must hold finite numbers/],
  [
    'causal mask of the wrong size',
    { ...mha(), mask: new Uint8Array(3) },
    RangeError,
    /mask has 3 entries, expected Sq\*Sk = 4\*4 = 16/,
  ],
];

describe.each(backends)('bad input on %s', (backend) => {
  it.each(attentionCases)('attention: %s', (_, args, ErrorType, message) => {
    const call = () => apis[backend].attention(args);
    expect(call).toThrow(ErrorType);
    expect(call).toThrow(message);
  });

  it.each(multiHeadCases)('multiHeadAttention: %s', (_, args, ErrorType, message) => {
    const call = () => apis[backend].multiHeadAttention(args);
    expect(call).toThrow(ErrorType);
    expect(call).toThrow(message);
  });

  // q·k = 1e60 passes float32's 3.4e38: the scalar build (double accumulation) still gets the right weights;
  // the float32 kernels would give inf - inf = NaN, and refuse the call instead.
  it('finite values whose products overflow float32: the right weights, or a RangeError, never NaN', () => {
    const column = (a, b) => ({ data: Float32Array.of(a, b), rows: 2, cols: 1 });
    const call = () => apis[backend].attention({ q: column(1e30, 1), k: column(1e30, 1), v: column(1, 2) });
    if (backend === 'wasm-scalar') expect(Array.from(call().weights.data)).toEqual([1, 0, 1, 0]);
    else expect(call).toThrow(/attention: the result overflowed float32: the inputs' products exceed 3.4e38/);
  });

  it('still answers correctly after 10,000 bad calls, without growing memory', () => {
    const api = apis[backend];
    const good = api.attention({ q, k, v, scale: 0.5 });
    const before = api.memoryStats();
    const bad = [
      ...attentionCases.map(
        ([, args]) =>
          () =>
            api.attention(args),
      ),
      ...multiHeadCases.map(
        ([, args]) =>
          () =>
            api.multiHeadAttention(args),
      ),
    ];
    let thrown = 0;
    for (let i = 0; i < 10_000; i++) {
      try {
        bad[i % bad.length]();
      } catch (error) {
        if (error instanceof TypeError || error instanceof RangeError) thrown++;
      }
    }
    expect(thrown).toBe(10_000);
    const after = api.memoryStats();
    expect(after.allocatedBytes).toBe(before.allocatedBytes);
    expect(after.heapBytes).toBe(before.heapBytes);
    expect(api.attention({ q, k, v, scale: 0.5 }).weights.data).toEqual(good.weights.data);
  });
});

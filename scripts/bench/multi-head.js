// Multi-head self-attention end to end (Q/K/V projections, attention, Wo) at D = 512, H = 8: our
// multiHeadAttention() against onnxruntime-web running its com.microsoft Attention contrib operator plus
// the output projection. Both get the same x, weights and biases; outputs are compared before timing.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { loadAttention } from '../../web/lib/index.js';
import { multiHeadAttentionModel } from './onnx-attention.js';

const require = createRequire(import.meta.url);

/** Random weights for D and H, in both layouts: ours (separate Wq, Wk, Wv) and onnxruntime's (fused D × 3D). */
export function multiHeadInputs({ dModel, heads, s }, seed) {
  let state = seed >>> 0;
  const next = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 4294967296 - 0.5) * 0.1;
  const m = (count) => Float32Array.from({ length: count }, next);
  const [wq, wk, wv, wo] = [0, 1, 2, 3].map(() => m(dModel * dModel));
  const [bq, bk, bv, bo] = [0, 1, 2, 3].map(() => m(dModel));
  const wqkv = new Float32Array(dModel * 3 * dModel);
  for (let r = 0; r < dModel; r++) {
    [wq, wk, wv].forEach((w, part) =>
      wqkv.set(w.subarray(r * dModel, (r + 1) * dModel), r * 3 * dModel + part * dModel),
    );
  }
  return {
    dModel,
    heads,
    s,
    x: Float32Array.from({ length: s * dModel }, next).map((v) => v * 10),
    wq,
    wk,
    wv,
    wo,
    bq,
    bk,
    bv,
    bo,
    wqkv,
    bqkv: Float32Array.from([...bq, ...bk, ...bv]),
  };
}

/** Ours: one multiHeadAttention() call per run, weights handed over with every call (as a caller holds them). */
export async function oursMultiHead(backend) {
  const api = await loadAttention({ backend });
  return {
    name: `ours, ${backend}${api.threads > 1 ? ` (${api.threads} threads)` : ''}`,
    prepare: ({ dModel, heads, s, x, wq, wk, wv, wo, bq, bk, bv, bo }) => {
      const square = (data) => ({ data, rows: dModel, cols: dModel });
      const args = {
        xq: { data: x, rows: s, cols: dModel },
        wq: square(wq),
        wk: square(wk),
        wv: square(wv),
        wo: square(wo),
        bq,
        bk,
        bv,
        bo,
        heads,
      };
      return async () => api.multiHeadAttention(args).output.data;
    },
  };
}

/** onnxruntime-web (wasm, `threads` threads): Attention contrib operator + MatMul + Add; one session per shape. */
export async function onnxRuntimeMultiHead(threads) {
  const url = pathToFileURL(require.resolve('onnxruntime-web')).href;
  const ort = await import(`${url}?threads=${threads}`);
  ort.env.wasm.numThreads = threads;
  return {
    name: `onnxruntime-web ${ort.env.versions?.web ?? ''} wasm, ${threads} thread${threads > 1 ? 's' : ''}, Attention contrib op`.replace(
      '  ',
      ' ',
    ),
    prepare: async (inputs) => {
      const session = await ort.InferenceSession.create(multiHeadAttentionModel(inputs), {
        executionProviders: ['wasm'],
      });
      const x = new ort.Tensor('float32', inputs.x, [1, inputs.s, inputs.dModel]);
      return async () => (await session.run({ x })).output.data;
    },
  };
}

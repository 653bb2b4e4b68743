// The attention implementations the benchmark compares, each behind one interface:
//   prepare({ heads, s, d, q, k, v }) → async run() computing softmax(Q·Kᵀ/√d)·V for every head, inputs
//   handed over as the caller holds them (Float32Arrays, H × S × d) and the output read back as a
//   Float32Array, so copies in and out count for everyone.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadAttention } from '../../web/lib/index.js';
import { attentionModel } from './onnx-attention.js';

const require = createRequire(import.meta.url);

/** Our module through its public API: batched heads, weights: false (the streaming kernel). */
export async function ours(backend) {
  const api = await loadAttention({ backend });
  const names = {
    'wasm-simd128': 'ours, wasm SIMD128',
    'wasm-scalar': 'ours, wasm scalar',
    'wasm-simd128-threads': `ours, wasm SIMD128, ${api.threads} threads`,
    'wasm-relaxed-simd': 'ours, wasm relaxed SIMD',
    'wasm-relaxed-simd-threads': `ours, wasm relaxed SIMD, ${api.threads} threads`,
  };
  return {
    name: names[backend],
    prepare: ({ heads, s, d, q, k, v }) => {
      const m = (data) => ({ data, heads, rows: s, cols: d });
      return async () => api.attention({ q: m(q), k: m(k), v: m(v), weights: false }).output.data;
    },
  };
}

/** What a web developer writes without a library: plain loops, one head at a time. */
export function naiveJs() {
  return {
    name: 'naive JS',
    prepare:
      ({ heads, s, d, q, k, v }) =>
      async () => {
        const out = new Float32Array(heads * s * d),
          row = new Float64Array(s),
          scale = 1 / Math.sqrt(d);
        for (let h = 0; h < heads; h++) {
          const base = h * s * d;
          for (let i = 0; i < s; i++) {
            let max = -Infinity;
            for (let j = 0; j < s; j++) {
              let dot = 0;
              for (let c = 0; c < d; c++) dot += q[base + i * d + c] * k[base + j * d + c];
              row[j] = dot * scale;
              if (row[j] > max) max = row[j];
            }
            let sum = 0;
            for (let j = 0; j < s; j++) sum += row[j] = Math.exp(row[j] - max);
            for (let c = 0; c < d; c++) {
              let acc = 0;
              for (let j = 0; j < s; j++) acc += row[j] * v[base + j * d + c];
              out[base + i * d + c] = acc / sum;
            }
          }
        }
        return out;
      },
  };
}

/**
 * onnxruntime-web's wasm backend with `threads` threads. Each thread count gets its own instance of the
 * library (a distinct module URL), because ORT fixes its thread pool when its wasm first starts.
 */
export async function onnxRuntime(threads) {
  const url = pathToFileURL(require.resolve('onnxruntime-web')).href;
  const ort = await import(`${url}?threads=${threads}`);
  ort.env.wasm.numThreads = threads;
  const session = await ort.InferenceSession.create(attentionModel(64), { executionProviders: ['wasm'] });
  return {
    name: `onnxruntime-web ${ort.env.versions?.web ?? ''} wasm, ${threads} thread${threads > 1 ? 's' : ''}`.replace(
      '  ',
      ' ',
    ),
    prepare: ({ heads, s, d, q, k, v }) => {
      const tensor = (data) => new ort.Tensor('float32', data, [heads, s, d]);
      return async () => (await session.run({ q: tensor(q), k: tensor(k), v: tensor(v) })).output.data;
    },
  };
}

/**
 * TensorFlow.js's wasm backend, by its faster formulation for the shape: per-head 2-D matMul (its batched
 * matMul has no SIMD kernel) or the batched one; both are timed during preparation and the faster kept.
 */
export async function tensorflowWasm() {
  const tf = await import('@tensorflow/tfjs-core');
  const wasm = await import('@tensorflow/tfjs-backend-wasm');
  wasm.setWasmPaths(`${dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'))}/`);
  await tf.setBackend('wasm');
  const perHead =
    ({ heads, s, d, q, k, v }) =>
    () =>
      tf.tidy(() => {
        const out = new Float32Array(heads * s * d);
        for (let h = 0; h < heads; h++) {
          const slice = (m) => tf.tensor2d(m.subarray(h * s * d, (h + 1) * s * d), [s, d]);
          const weights = tf.softmax(tf.mul(tf.matMul(slice(q), slice(k), false, true), 1 / Math.sqrt(d)));
          out.set(tf.matMul(weights, slice(v)).dataSync(), h * s * d);
        }
        return out;
      });
  const batched =
    ({ heads, s, d, q, k, v }) =>
    () =>
      tf.tidy(() => {
        const t = (m) => tf.tensor3d(m, [heads, s, d]);
        const weights = tf.softmax(tf.mul(tf.matMul(t(q), t(k), false, true), 1 / Math.sqrt(d)));
        return tf.matMul(weights, t(v)).dataSync();
      });
  const timeOnce = (run) => {
    run();
    const t0 = performance.now();
    run();
    return performance.now() - t0;
  };
  return {
    name: `tfjs-backend-wasm ${tf.version_core}`,
    prepare: (shape) => {
      const [a, b] = [perHead(shape), batched(shape)];
      const run = timeOnce(a) <= timeOnce(b) ? a : b;
      return async () => run();
    },
  };
}

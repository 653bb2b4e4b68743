// attention-playground's public API: scaled dot-product and multi-head attention computed by the C++
// kernels in WebAssembly. Works unchanged in browsers (bundled by Vite or served as plain ES modules) and
// in Node 20. See index.d.ts for the documented types.
import { backends, moduleFor, resolveBackend, setAssetBase, supportsRelaxedSimd, supportsSimd, supportsThreads } from './load-module.js';
import { unwrap, withOperation } from './errors.js';
import * as validate from './validate.js';

export { backends, setAssetBase, supportsRelaxedSimd, supportsSimd, supportsThreads };
export { loadTranslator, UnknownWordError } from './translator.js';
export { createTrainer, trainerDefaults } from './trainer.js';

const loaded = new Map(); // backend → Promise<Attention>

/**
 * Loads the attention module: the relaxed-SIMD build where the engine has relaxed SIMD, else the SIMD128
 * build where it has SIMD, else the scalar build, each threaded in a cross-origin-isolated page; or the one
 * named by `options.backend` (Node runs a threaded build only when asked).
 */
export function loadAttention(options = {}) {
  validate.requireObject(options, 'options');
  let backend;
  try {
    backend = resolveBackend(options.backend);
  } catch (error) {
    return Promise.reject(error);
  }
  if (!loaded.has(backend)) {
    const attention = moduleFor(backend).then((module) => wrap(module, backend));
    attention.catch(() => loaded.delete(backend)); // a failed load (e.g. offline) may be retried
    loaded.set(backend, attention);
  }
  return loaded.get(backend);
}

function wrap(module, backend) {
  return Object.freeze({
    backend,
    threads: module.threads(),

    attention(args) {
      return withOperation('attention', () => {
        validate.requireObject(args, 'arguments');
        const request = {
          q: validate.matrixOrHeads(args.q, 'q'),
          k: validate.matrixOrHeads(args.k, 'k'),
          v: validate.matrixOrHeads(args.v, 'v'),
          mask: validate.mask(args.mask),
          scale: validate.optionalNumber(args.scale, 'scale', undefined),
          temperature: validate.optionalNumber(args.temperature, 'temperature', 1),
          hard: validate.optionalBoolean(args.hard, 'hard', false),
          weights: validate.optionalBoolean(args.weights, 'weights', true),
        };
        return unwrap(module.attention(request), 'attention');
      });
    },

    multiHeadAttention(args) {
      return withOperation('multiHeadAttention', () => {
        validate.requireObject(args, 'arguments');
        const xq = validate.matrix(args.xq, 'xq');
        const heads = validate.optionalNumber(args.heads, 'heads', undefined);
        if (heads === undefined) throw new TypeError('heads must be a number, got undefined');
        const request = {
          xq,
          xkv: args.xkv === undefined || args.xkv === null ? xq : validate.matrix(args.xkv, 'xkv'),
          wq: validate.matrix(args.wq, 'wq'),
          wk: validate.matrix(args.wk, 'wk'),
          wv: validate.matrix(args.wv, 'wv'),
          wo: validate.matrix(args.wo, 'wo'),
          bq: validate.optionalVector(args.bq, 'bq'),
          bk: validate.optionalVector(args.bk, 'bk'),
          bv: validate.optionalVector(args.bv, 'bv'),
          bo: validate.optionalVector(args.bo, 'bo'),
          heads,
          kvHeads: validate.optionalNumber(args.kvHeads, 'kvHeads', heads),
          mask: validate.mask(args.mask),
          scale: validate.optionalNumber(args.scale, 'scale', undefined),
          temperature: validate.optionalNumber(args.temperature, 'temperature', 1),
          hard: validate.optionalBoolean(args.hard, 'hard', false),
        };
        return unwrap(module.multiHeadAttention(request), 'multiHeadAttention');
      });
    },

    matmul(args) {
      return withOperation('matmul', () => {
        validate.requireObject(args, 'arguments');
        const request = {
          a: validate.matrix(args.a, 'a'),
          b: validate.matrix(args.b, 'b'),
          bias: validate.optionalVector(args.bias, 'bias'),
        };
        return unwrap(module.matmul(request), 'matmul');
      });
    },

    logits(args) {
      return withOperation('logits', () => {
        validate.requireObject(args, 'arguments');
        const request = {
          q: validate.matrix(args.q, 'q'),
          k: validate.matrix(args.k, 'k'),
          mask: validate.mask(args.mask),
          scale: validate.optionalNumber(args.scale, 'scale', undefined),
          temperature: validate.optionalNumber(args.temperature, 'temperature', 1),
        };
        return unwrap(module.logits(request), 'logits');
      });
    },

    /** The sinusoidal position encodings P ({ rows, cols }), or x + P ({ x }): what a transformer adds to its inputs. */
    positionalEncoding(args) {
      return withOperation('positionalEncoding', () => {
        validate.requireObject(args, 'arguments');
        if (args.x !== undefined) return unwrap(module.positionalEncoding({ x: validate.matrix(args.x, 'x') }), 'positionalEncoding');
        const request = { x: null, rows: validate.optionalNumber(args.rows, 'rows', undefined), cols: validate.optionalNumber(args.cols, 'cols', undefined) };
        if (request.rows === undefined || request.cols === undefined) throw new TypeError('positionalEncoding: give { rows, cols } or { x }');
        return unwrap(module.positionalEncoding(request), 'positionalEncoding');
      });
    },

    /** Bytes malloc has handed out and the size of wasm memory: for leak checks and curiosity. */
    memoryStats() {
      return module.memoryStats();
    },
  });
}

// attention-playground's public API: scaled dot-product and multi-head attention computed by the C++
// kernels in WebAssembly. Works unchanged in browsers (bundled by Vite or served as plain ES modules) and
// in Node 20. See index.d.ts for the documented types.
import {
  backends,
  moduleFor,
  resolveBackend,
  setAssetBase,
  singleThreadFallback,
  supportsRelaxedSimd,
  supportsSimd,
  supportsThreads,
} from './load-module.js';
import { ModelFileError, ModuleLoadError, unwrap, withOperation } from './errors.js';
import { checkKnownKeys, matrixShape } from './known-keys.js';
import * as validate from './validate.js';

export { backends, resolveBackend, setAssetBase, supportsRelaxedSimd, supportsSimd, supportsThreads };
export { loadTranslator, UnknownWordError } from './translator.js';
export { createTrainer, defaultTrainerSteps, trainerDefaults } from './trainer.js';
export { defaultTrainerThreads, maxTrainerThreads } from './trainer-threads.js';
export { languageModelDefaults, loadLanguageModel } from './language-model.js';
export { gpt2Tokenizer } from './gpt2-tokenizer.js';
export { inductionExperiment, inductionScores, repeatedSequences } from './induction.js';
export { sinkExperiment, sinkHeads, sinkLogitShares, sinkThreshold, streamingReadings } from './sinks.js';
export { startWorker } from './start-worker.js';
export { ModelFileError, ModuleLoadError };

const loaded = new Map(); // backend → Promise<Attention>

/**
 * Loads the attention module: the relaxed-SIMD build where the engine has relaxed SIMD, else the SIMD128
 * build where it has SIMD, else the scalar build, each threaded in the workers of a cross-origin-isolated page;
 * or the one named by `options.backend` (a page's own thread and Node run a threaded build only when asked).
 * Rejects with a ModuleLoadError when the build cannot load; a threaded default that does not start falls back to
 * its single-thread twin instead.
 * @param {import('./index.js').LoadOptions} [options]
 * @returns {Promise<import('./index.js').Attention>}
 */
export function loadAttention(options = {}) {
  validate.requireObject(options, 'options');
  let backend;
  try {
    checkKnownKeys(options, { backend: null }, { operation: 'loadAttention' });
    backend = resolveBackend(options.backend);
  } catch (error) {
    return Promise.reject(error);
  }
  const attention = loadBuild(backend);
  if (options.backend !== undefined) return attention;
  // The fastest build was asked for: a threaded one that does not start gives way to its single-thread twin (the
  // result's backend says which runs; singleThreadFallback says why on the console).
  return attention.catch((error) => {
    const twin = singleThreadFallback(backend, error);
    if (twin === null) throw error;
    return loadBuild(twin);
  });
}

/** The API over one build, loaded once. */
function loadBuild(backend) {
  if (!loaded.has(backend)) {
    const attention = moduleFor(backend).then((module) => wrap(module, backend));
    attention.catch(() => loaded.delete(backend)); // a failed load (e.g. offline) may be retried
    loaded.set(backend, attention);
  }
  return loaded.get(backend);
}

// The module reads each call's numbers from one Float64Array (see cpp/bindings/embind.cpp), written here in
// place, with no arrays made per call: per matrix its heads (1 unless batched), rows, cols, data.length and
// whether it was batched; an optional number as present (0/1) and value; a vector's length or -1 for none.
class CallNumbers {
  constructor(count) {
    this.array = new Float64Array(count);
    this.at = 0;
  }

  start() {
    this.at = 0;
    return this;
  }

  put(...values) {
    for (const value of values) this.array[this.at++] = value;
    return this;
  }

  matrix(m) {
    return this.put(m.heads ?? 1, m.rows, m.cols, m.data.length, m.heads === undefined ? 0 : 1);
  }

  optional(value) {
    return value === undefined ? this.put(0, 0) : this.put(1, value);
  }
}
// The arguments each call knows (see checkKnownKeys: an unknown one is a TypeError, not silently ignored).
const mapOptions = { mask: null, scale: null, temperature: null };
const argumentShapes = {
  attention: { q: matrixShape, k: matrixShape, v: matrixShape, ...mapOptions, hard: null, weights: null },
  multiHeadAttention: {
    xq: matrixShape,
    xkv: matrixShape,
    wq: matrixShape,
    wk: matrixShape,
    wv: matrixShape,
    wo: matrixShape,
    bq: null,
    bk: null,
    bv: null,
    bo: null,
    heads: null,
    kvHeads: null,
    ...mapOptions,
    hard: null,
  },
  onlineSoftmax: { q: matrixShape, k: matrixShape, v: matrixShape, ...mapOptions, row: null, blockSize: null },
  matmul: { a: matrixShape, b: matrixShape, bias: null },
  logits: { q: matrixShape, k: matrixShape, ...mapOptions },
  positionalEncoding: { rows: null, cols: null, x: matrixShape },
};
const checkArguments = (operation, args) => {
  validate.requireObject(args, 'arguments');
  checkKnownKeys(args, argumentShapes[operation], { operation, noun: 'argument' });
};

const vectorLength = (vector) => (vector === null ? -1 : vector.length);
const maskLength = (mask) => (mask.allowed === null ? 0 : mask.allowed.length);
const bool = (flag) => (flag ? 1 : 0);

/** { data, rows, cols }, or { data, heads, rows, cols } when the call's argument was a batch of heads. */
function resultMatrix(data, like, rows, cols) {
  return like.heads === undefined ? { data, rows, cols } : { data, heads: like.heads, rows, cols };
}

/**
 * The module's calls as index.d.ts declares them (the type check holds this object to that declaration).
 * @returns {import('./index.js').Attention}
 */
function wrap(module, backend) {
  // One buffer per operation, reused: calls into the module are synchronous.
  const numbers = {
    attention: new CallNumbers(21),
    multiHeadAttention: new CallNumbers(41),
    onlineSoftmax: new CallNumbers(21),
    matmul: new CallNumbers(11),
    logits: new CallNumbers(14),
    positions: new CallNumbers(2),
    positionsOfX: new CallNumbers(5),
  };
  return Object.freeze({
    backend,
    threads: module.threads(),

    attention(args) {
      return withOperation('attention', () => {
        checkArguments('attention', args);
        const q = validate.matrixOrHeads(args.q, 'q');
        const k = validate.matrixOrHeads(args.k, 'k');
        const v = validate.matrixOrHeads(args.v, 'v');
        const mask = validate.mask(args.mask);
        const scale = validate.optionalNumber(args.scale, 'scale', undefined);
        const temperature = validate.optionalNumber(args.temperature, 'temperature', 1);
        const hard = validate.optionalBoolean(args.hard, 'hard', false);
        const weights = validate.optionalBoolean(args.weights, 'weights', true);
        const call = numbers.attention
          .start()
          .matrix(q)
          .matrix(k)
          .matrix(v)
          .put(maskLength(mask))
          .optional(scale)
          .put(temperature, bool(hard), bool(weights));
        const result = unwrap(
          module.attention(q.data, k.data, v.data, mask.allowed, mask.kind, call.array),
          'attention',
        );
        return {
          output: resultMatrix(result.output, q, q.rows, v.cols),
          weights: weights ? resultMatrix(result.weights, q, q.rows, k.rows) : null,
        };
      });
    },

    onlineSoftmax(args) {
      return withOperation('onlineSoftmax', () => {
        checkArguments('onlineSoftmax', args);
        const q = validate.matrix(args.q, 'q');
        const k = validate.matrix(args.k, 'k');
        const v = validate.matrix(args.v, 'v');
        const mask = validate.mask(args.mask);
        const scale = validate.optionalNumber(args.scale, 'scale', undefined);
        const temperature = validate.optionalNumber(args.temperature, 'temperature', 1);
        const row = validate.requireNumber(args.row, 'row');
        const blockSize = validate.requireNumber(args.blockSize, 'blockSize');
        const call = numbers.onlineSoftmax
          .start()
          .matrix(q)
          .matrix(k)
          .matrix(v)
          .put(maskLength(mask))
          .optional(scale)
          .put(temperature, row, blockSize);
        return unwrap(
          module.onlineSoftmax(q.data, k.data, v.data, mask.allowed, mask.kind, call.array),
          'onlineSoftmax',
        );
      });
    },

    multiHeadAttention(args) {
      return withOperation('multiHeadAttention', () => {
        checkArguments('multiHeadAttention', args);
        const xq = validate.matrix(args.xq, 'xq');
        const heads = validate.optionalNumber(args.heads, 'heads', undefined);
        if (heads === undefined) throw new TypeError('heads must be a number, got undefined');
        const xkv = args.xkv === undefined || args.xkv === null ? xq : validate.matrix(args.xkv, 'xkv');
        const matrices = [
          xq,
          xkv,
          validate.matrix(args.wq, 'wq'),
          validate.matrix(args.wk, 'wk'),
          validate.matrix(args.wv, 'wv'),
          validate.matrix(args.wo, 'wo'),
        ];
        const biases = ['bq', 'bk', 'bv', 'bo'].map((name) => validate.optionalVector(args[name], name));
        const kvHeads = validate.optionalNumber(args.kvHeads, 'kvHeads', heads);
        const mask = validate.mask(args.mask);
        const scale = validate.optionalNumber(args.scale, 'scale', undefined);
        const temperature = validate.optionalNumber(args.temperature, 'temperature', 1);
        const hard = validate.optionalBoolean(args.hard, 'hard', false);
        const call = numbers.multiHeadAttention.start();
        for (const m of matrices) call.matrix(m);
        for (const bias of biases) call.put(vectorLength(bias));
        call.put(heads, kvHeads, maskLength(mask)).optional(scale).put(temperature, bool(hard));
        const result = unwrap(
          module.multiHeadAttention(...matrices.map((m) => m.data), ...biases, mask.allowed, mask.kind, call.array),
          'multiHeadAttention',
        );
        return {
          output: { data: result.output, rows: xq.rows, cols: xq.cols },
          weights: { data: result.weights, heads, rows: xq.rows, cols: xkv.rows },
        };
      });
    },

    matmul(args) {
      return withOperation('matmul', () => {
        checkArguments('matmul', args);
        const a = validate.matrix(args.a, 'a');
        const b = validate.matrix(args.b, 'b');
        const bias = validate.optionalVector(args.bias, 'bias');
        const call = numbers.matmul.start().matrix(a).matrix(b).put(vectorLength(bias));
        return { data: unwrap(module.matmul(a.data, b.data, bias, call.array), 'matmul'), rows: a.rows, cols: b.cols };
      });
    },

    logits(args) {
      return withOperation('logits', () => {
        checkArguments('logits', args);
        const q = validate.matrix(args.q, 'q');
        const k = validate.matrix(args.k, 'k');
        const mask = validate.mask(args.mask);
        const scale = validate.optionalNumber(args.scale, 'scale', undefined);
        const temperature = validate.optionalNumber(args.temperature, 'temperature', 1);
        const call = numbers.logits.start().matrix(q).matrix(k).put(maskLength(mask)).optional(scale).put(temperature);
        return {
          data: unwrap(module.logits(q.data, k.data, mask.allowed, mask.kind, call.array), 'logits'),
          rows: q.rows,
          cols: k.rows,
        };
      });
    },

    /** The sinusoidal position encodings P ({ rows, cols }), or x + P ({ x }): what a transformer adds to its inputs. */
    positionalEncoding(args) {
      return withOperation('positionalEncoding', () => {
        checkArguments('positionalEncoding', args);
        if (args.x !== undefined) {
          const x = validate.matrix(args.x, 'x');
          const call = numbers.positionsOfX.start().matrix(x);
          return {
            data: unwrap(module.positionalEncoding(x.data, call.array), 'positionalEncoding'),
            rows: x.rows,
            cols: x.cols,
          };
        }
        const rows = validate.optionalNumber(args.rows, 'rows', undefined);
        const cols = validate.optionalNumber(args.cols, 'cols', undefined);
        if (rows === undefined || cols === undefined)
          throw new TypeError('positionalEncoding: give { rows, cols } or { x }');
        const call = numbers.positions.start().put(rows, cols);
        return { data: unwrap(module.positionalEncoding(null, call.array), 'positionalEncoding'), rows, cols };
      });
    },

    /** Bytes malloc has handed out and the size of wasm memory: for leak checks and curiosity. */
    memoryStats() {
      return module.memoryStats();
    },
  });
}

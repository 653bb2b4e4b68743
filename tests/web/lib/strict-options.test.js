// Strict options: every options or arguments object of the public API refuses a key it does not know with a
// TypeError naming the key and, where one is close, the known key (also at another level of the options); the
// call does nothing else, and the module keeps working.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTrainer, loadAttention, loadTranslator, startWorker } from '../../../web/lib/index.js';
import { checkKnownKeys } from '../../../web/lib/known-keys.js';
import { workedExample } from '../helpers.js';

let api, translator;
beforeAll(async () => {
  api = await loadAttention({ backend: 'wasm-simd128' });
  translator = await loadTranslator({ backend: 'wasm-simd128' });
});

const { q, k, v, x, wq, wk } = workedExample;
const wo = { data: new Float32Array(16), rows: 4, cols: 4 };

describe('the attention calls refuse unknown arguments, in matrices too', () => {
  const cases = [
    [
      'attention',
      () => api.attention({ q, k, v, tempreature: 2 }),
      "attention: unknown argument 'tempreature'; did you mean 'temperature'?",
    ],
    [
      'attention',
      () => api.attention({ q, k, v, causal: true }),
      "attention: unknown argument 'causal'; the known arguments are q, k, v, mask, scale, temperature, hard, weights",
    ],
    [
      'attention',
      () => api.attention({ q: { ...q, row: 3 }, k, v }),
      "attention: unknown argument 'q.row'; did you mean 'q.rows'?",
    ],
    [
      'attention',
      () => api.attention({ q, k, v, returnWeights: false }),
      "attention: unknown argument 'returnWeights'; the known arguments are q, k, v, mask, scale, temperature, hard, weights",
    ],
    [
      'multiHeadAttention',
      () => api.multiHeadAttention({ xq: x, wq, wk, wv: wk, wo, heads: 1, kvHead: 1 }),
      "multiHeadAttention: unknown argument 'kvHead'; did you mean 'kvHeads'?",
    ],
    [
      'multiHeadAttention',
      () => api.multiHeadAttention({ xq: x, xk: x, wq, wk, wv: wk, wo, heads: 1 }),
      "multiHeadAttention: unknown argument 'xk'; did you mean 'xq'?",
    ],
    [
      'matmul',
      () => api.matmul({ a: x, b: wq, biases: new Float32Array(3) }),
      "matmul: unknown argument 'biases'; did you mean 'bias'?",
    ],
    ['logits', () => api.logits({ q, k, scaling: 1 }), "logits: unknown argument 'scaling'; did you mean 'scale'?"],
    [
      'logits',
      () => api.logits({ q, k: { ...k, colums: 3 } }),
      "logits: unknown argument 'k.colums'; did you mean 'k.cols'?",
    ],
    [
      'positionalEncoding',
      () => api.positionalEncoding({ rows: 4, columns: 8 }),
      "positionalEncoding: unknown argument 'columns'; did you mean 'cols'?",
    ],
  ];
  it.each(cases)('%s: %s', (_, call, message) => {
    const before = api.memoryStats().allocatedBytes;
    expect(call).toThrow(TypeError);
    expect(call).toThrow(message);
    expect(api.memoryStats().allocatedBytes).toBe(before);
  });

  it('keys the API knows, including those of its own results, still work', () => {
    const heads = api.multiHeadAttention({
      xq: x,
      xkv: x,
      wq: wo,
      wk: wo,
      wv: wo,
      wo,
      heads: 2,
      kvHeads: 2,
      mask: 'none',
      scale: 1,
      temperature: 1,
      hard: false,
    });
    expect(heads.weights.heads).toBe(2);
    const result = api.attention({ q, k, v, mask: 'causal', scale: 1, temperature: 1, hard: false, weights: true });
    expect(api.attention({ q: result.weights, k: result.weights, v: result.output }).output.rows).toBe(3); // results are valid arguments
  });
});

describe('loading, translating and training refuse unknown options', () => {
  it('loadAttention', async () => {
    await expect(loadAttention({ backnd: 'wasm-scalar' })).rejects.toThrow(
      new TypeError("loadAttention: unknown option 'backnd'; did you mean 'backend'?"),
    );
  });

  it('loadTranslator', async () => {
    await expect(loadTranslator({ weigths: 'en-ja' })).rejects.toThrow(
      new TypeError("loadTranslator: unknown option 'weigths'; did you mean 'weights'?"),
    );
    await expect(loadTranslator({ language: 'en-ja' })).rejects.toThrow(
      new TypeError("loadTranslator: unknown option 'language'; the known options are backend, weights"),
    );
  });

  it.each([
    [
      { sampling: 'greedy' },
      "translate: unknown option 'sampling'; the known options are temperature, decoding, outputTemperature, seed, target, beam, headMask, cache, top",
    ],
    [{ outputTemprature: 2 }, "translate: unknown option 'outputTemprature'; did you mean 'outputTemperature'?"],
    [{ Seed: 3 }, "translate: unknown option 'Seed'; did you mean 'seed'?"],
  ])('translate(%j)', (options, message) => {
    expect(() => translator.translate('the dog', options)).toThrow(new TypeError(message));
    expect(translator.translate('the dog').target).toEqual(['el', 'perro', '<eos>']); // still working
  });

  it.each([
    [{ dModel: 32, heads: 3 }, "createTrainer: unknown option 'dModel'; did you mean 'model.dModel'?"],
    [{ heads: 2 }, "createTrainer: unknown option 'heads'; did you mean 'model.heads'?"],
    [{ noPositions: true }, "createTrainer: unknown option 'noPositions'; did you mean 'ablations.noPositions'?"],
    [{ model: { dmodel: 16 } }, "createTrainer: unknown option 'model.dmodel'; did you mean 'model.dModel'?"],
    [
      { model: { width: 16 } },
      "createTrainer: unknown option 'model.width'; the known options of 'model' are dModel, heads, ffn, encoderLayers, decoderLayers, kvHeads, positions, tiedOutput",
    ],
    [
      { ablations: { noScale: true } },
      "createTrainer: unknown option 'ablations.noScale'; did you mean 'ablations.noScaling'?",
    ],
    [
      { sequenceLength: { minimum: 2 } },
      "createTrainer: unknown option 'sequenceLength.minimum'; did you mean 'sequenceLength.min'?",
    ],
    [
      { sequenceLength: { shortest: 2 } },
      "createTrainer: unknown option 'sequenceLength.shortest'; the known options of 'sequenceLength' are min, max",
    ],
    [
      { task: { pairs: [['a dog', 'un perro']], heldout: 0.2 } },
      "createTrainer: unknown option 'task.heldout'; did you mean 'task.heldOut'?",
    ],
    [{ stepz: 10 }, "createTrainer: unknown option 'stepz'; did you mean 'steps'?"],
    [{ learningrate: 0.01 }, "createTrainer: unknown option 'learningrate'; did you mean 'learningRate'?"],
    [{ batch: 8 }, "createTrainer: unknown option 'batch'; did you mean 'batchSize'?"],
    [
      { layers: 3 },
      "createTrainer: unknown option 'layers'; the known options are backend, threads, task, sequenceLength, longestSentence, vocabulary, seed, dataSeed, steps, batchSize, learningRate, warmupSteps, unknownWordRate, model, ablations",
    ],
  ])('createTrainer(%j)', async (options, message) => {
    await expect(createTrainer({ backend: 'wasm-simd128', ...options })).rejects.toThrow(new TypeError(message));
  });

  it('createTrainer with every known option still trains', async () => {
    const trainer = await createTrainer({
      backend: 'wasm-simd128',
      task: 'reverse',
      sequenceLength: { min: 2, max: 4 },
      seed: 3,
      dataSeed: 2,
      steps: 2,
      batchSize: 4,
      learningRate: 0.01,
      warmupSteps: 1,
      model: { dModel: 8, heads: 2, ffn: 8, encoderLayers: 1, decoderLayers: 1 },
      ablations: { noPositions: false, noScaling: false, singleHead: false, sigmoidGates: false },
    });
    expect(trainer.step(2).done).toBe(true);
    trainer.dispose();
  });

  it('startWorker', () => {
    expect(() => startWorker('worker.js', { typ: 'module' })).toThrow(
      new TypeError("startWorker: unknown option 'typ'; did you mean 'type'?"),
    );
  });
});

describe('checkKnownKeys', () => {
  const shape = { model: { heads: null, dModel: null }, steps: null, task: { pairs: null } };
  it('leaves values that are not plain objects alone: arrays, typed arrays, URLs, strings', () => {
    expect(() => checkKnownKeys({ task: 'en-es', model: { heads: 2 } }, shape)).not.toThrow();
    expect(() => checkKnownKeys({ task: { pairs: [['a', 'b']] } }, shape)).not.toThrow();
    expect(() => checkKnownKeys(new URL('https://example.org/'), shape)).not.toThrow();
    expect(() => checkKnownKeys({ steps: new Float32Array(2) }, shape)).not.toThrow();
  });

  it('refuses keys of an object without a prototype, and says nothing when no key is close', () => {
    const options = Object.assign(Object.create(null), { zzz: 1 });
    expect(() => checkKnownKeys(options, shape)).toThrow(
      "unknown option 'zzz'; the known options are model, steps, task",
    );
  });

  it('prefers the same level when the same name is close at several', () => {
    expect(() => checkKnownKeys({ model: { head: 1 } }, { model: { heads: null }, heads: null })).toThrow(
      "unknown option 'model.head'; did you mean 'model.heads'?",
    );
  });

  it('does not take an inherited name (toString, __proto__) for a known key', () => {
    expect(() => checkKnownKeys(JSON.parse('{"__proto__": {"x": 1}}'), shape)).toThrow("unknown option '__proto__'");
    expect(() => checkKnownKeys({ toString: 1 }, shape)).toThrow("unknown option 'toString'");
  });
});

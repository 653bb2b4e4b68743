// The language model in the browser (or Node): a decoder-only transformer trained in the module on any text
// (createTrainer({ task: { corpus } })), and generation token by token with its key/value cache, every step's
// probabilities and attention returned. The arithmetic is the C++ of cpp/src/model.
import { languageModelModule, resolveLanguageModelBackend } from './load-module.js';
import { unwrap, withOperation } from './errors.js';
import { ModuleHandle } from './module-handle.js';
import { checkKnownKeys } from './known-keys.js';
import { weightBytes } from './model-files.js';
import { nextTask } from './next-task.js';
import { renamedOptions, warnRenamed } from './renamed.js';
import { generatedSteps } from './generated-steps.js';
import * as validate from './validate.js';
import { byLayer, streamingOptions } from './sinks.js';
import { inspectLanguageModel } from './inspect.js';
import { checkLoadOptions } from './gpt2-options.js';
import { requireCorpus, resolveResumeOptions, resumedOptions } from './resumed-run.js';
import { useWeightBits, weightBits } from './weight-bits.js';
import { generationThreads, trainerThreads } from './trainer-threads.js';

/**
 * The Generate view's default run, which trains on a few hundred kilobytes of text in under a minute in a browser
 * tab: characters as tokens, 2 blocks of width 64, a context of 64 characters, 1,200 steps of 8 windows at a peak
 * rate of 0.008 (on Pride and Prejudice, 2.38 bits per character held out in 43 s in Chromium on a busy 2-core
 * machine; the bigram model: 3.47). 0.1's default, 600 steps of 16 windows at 0.003, took about 70 s.
 */
export const languageModelDefaults = Object.freeze({
  task: Object.freeze({ tokenizer: 'characters', merges: 256, context: 64, heldOut: 0.1 }),
  seed: 7,
  dataSeed: 1,
  steps: 1200,
  batchSize: 8,
  learningRate: 0.008,
  warmupSteps: 60,
  model: Object.freeze({
    dModel: 64,
    heads: 4,
    ffn: 256,
    layers: 2,
    positions: 'sinusoidal',
    window: 0,
    sinkLogits: false,
    activation: 'relu',
    architecture: 'playground',
  }),
});

// model.architecture 'gpt2' (GPT-2's model: the embedding as it is, the unembedding tied to it without a bias) has
// GPT-2's positions and activation unless told otherwise (the module refuses any other).
const gpt2ModelDefaults = Object.freeze({ positions: 'learned', activation: 'gelu' });

const trainerOptionShape = {
  backend: null,
  threads: null,
  resume: null,
  task: { corpus: null, tokenizer: null, merges: null, context: null, heldOut: null },
  seed: null,
  dataSeed: null,
  steps: null,
  batchSize: null,
  learningRate: null,
  warmupSteps: null,
  model: {
    dModel: null,
    heads: null,
    kvHeads: null,
    ffn: null,
    layers: null,
    positions: null,
    window: null,
    sinkLogits: null,
    activation: null,
    architecture: null,
  },
};

/** Whether createTrainer's options ask for a language model: a task given as { corpus }. */
export function isLanguageModelTask(options) {
  return options !== null && typeof options === 'object' && options.task !== null && typeof options.task === 'object'
    ? Object.hasOwn(options.task, 'corpus')
    : false;
}

/** The options with defaults filled in and every type checked (values are checked by the module). */
export function resolveLanguageModelOptions(options) {
  validate.requireObject(options, 'options');
  checkKnownKeys(options, trainerOptionShape, { operation: 'createTrainer' });
  const task = validate.requireObject(options.task, 'options.task');
  requireCorpus(task);
  const model = options.model === undefined ? {} : validate.requireObject(options.model, 'options.model');
  const defaults = languageModelDefaults;
  const number = (source, key, fallback, prefix) => validate.optionalNumber(source[key], `${prefix}${key}`, fallback);
  const steps = number(options, 'steps', defaults.steps, 'options.');
  const heads = number(model, 'heads', defaults.model.heads, 'options.model.');
  const architecture = validate.optionalString(
    model.architecture,
    'options.model.architecture',
    defaults.model.architecture,
  );
  const modelDefaults = architecture === 'gpt2' ? { ...defaults.model, ...gpt2ModelDefaults } : defaults.model;
  return Object.freeze({
    task: Object.freeze({
      tokenizer: validate.optionalString(task.tokenizer, 'options.task.tokenizer', defaults.task.tokenizer),
      merges: number(task, 'merges', defaults.task.merges, 'options.task.'),
      context: number(task, 'context', defaults.task.context, 'options.task.'),
      heldOut: number(task, 'heldOut', defaults.task.heldOut, 'options.task.'),
      characters: task.corpus.length,
    }),
    seed: number(options, 'seed', defaults.seed, 'options.'),
    dataSeed: number(options, 'dataSeed', defaults.dataSeed, 'options.'),
    steps,
    batchSize: number(options, 'batchSize', defaults.batchSize, 'options.'),
    learningRate: number(options, 'learningRate', defaults.learningRate, 'options.'),
    // The default warm-up is a tenth of the run, so a short run is not all warm-up.
    warmupSteps: number(options, 'warmupSteps', Math.min(defaults.warmupSteps, Math.floor(steps / 10)), 'options.'),
    model: Object.freeze({
      dModel: number(model, 'dModel', defaults.model.dModel, 'options.model.'),
      heads,
      kvHeads: number(model, 'kvHeads', heads, 'options.model.'),
      ffn: number(model, 'ffn', defaults.model.ffn, 'options.model.'),
      layers: number(model, 'layers', defaults.model.layers, 'options.model.'),
      positions: validate.optionalString(model.positions, 'options.model.positions', modelDefaults.positions),
      window: number(model, 'window', defaults.model.window, 'options.model.'),
      sinkLogits: validate.optionalBoolean(model.sinkLogits, 'options.model.sinkLogits', defaults.model.sinkLogits),
      activation: validate.optionalString(model.activation, 'options.model.activation', modelDefaults.activation),
      architecture,
    }),
  });
}

const generateOptionShape = {
  tokens: null,
  decoding: null,
  outputTemperature: null,
  topK: null,
  topP: null,
  seed: null,
  top: null,
  cache: null,
  threads: null,
};

/**
 * 0.1's `temperature` (the sampling temperature; 0 for the most likely token) as 0.2's options: outputTemperature,
 * or decoding: 'greedy' for 0. Warned about once.
 */
function withoutOldTemperature(options) {
  if (!Object.hasOwn(options, 'temperature')) return options;
  const { temperature, ...rest } = options;
  if (temperature === 0) {
    warnRenamed('generate', 'options.temperature: 0', "options.decoding: 'greedy'");
    return { decoding: 'greedy', ...rest };
  }
  return renamedOptions(options, { temperature: 'outputTemperature' }, 'generate');
}

/**
 * generate()'s options checked, as the module reads them (its `temperature` 0: the most likely token), for a model on
 * `backend`.
 */
function generateOptions(options, backend) {
  validate.requireObject(options, 'options');
  const given = withoutOldTemperature(options);
  checkKnownKeys(given, generateOptionShape, { operation: 'generate' });
  const decoding = validate.optionalString(given.decoding, 'options.decoding', 'sample');
  if (decoding !== 'greedy' && decoding !== 'sample')
    throw new RangeError(`options.decoding must be 'greedy' or 'sample', got '${decoding}'`);
  const outputTemperature = validate.optionalNumber(given.outputTemperature, 'options.outputTemperature', 1);
  // translate()'s range, checked here because the module's own check speaks of 0.1's name
  if (!(outputTemperature >= 0.01 && outputTemperature <= 100))
    throw new RangeError(`options.outputTemperature must be a number from 0.01 to 100, got ${outputTemperature}`);
  return {
    tokens: validate.optionalNumber(given.tokens, 'options.tokens', 64),
    temperature: decoding === 'greedy' ? 0 : outputTemperature,
    topK: validate.optionalNumber(given.topK, 'options.topK', 0),
    topP: validate.optionalNumber(given.topP, 'options.topP', 1),
    seed: validate.optionalNumber(given.seed, 'options.seed', 0),
    top: validate.optionalNumber(given.top, 'options.top', 10),
    cache: validate.optionalBoolean(given.cache, 'options.cache', true),
    threads: generationThreads(given.threads, backend),
  };
}

function requireText(value, operation, name) {
  if (typeof value !== 'string')
    throw new TypeError(`${operation}: ${name} must be a string, got ${validate.describe(value)}`);
  return value;
}

class LanguageModel {
  #handle;

  constructor(module, backend, loaded) {
    this.#handle = new ModuleHandle(module, loaded.id, 'language model', 'languageModelFree');
    this.backend = backend;
    /** { dModel, heads, kvHeads, ffn, layers, context, vocabulary, positions, window, sinkLogits, activation, architecture, tiedOutput, parameters, cacheBytesPerToken } */
    this.config = Object.freeze(loaded.config);
    /** { kind: 'characters' | 'byte-pairs', size, merges } */
    this.tokenizer = Object.freeze(loaded.tokenizer);
    Object.freeze(this);
  }

  /**
   * Continues `prompt` by options.tokens tokens (default 64). decoding 'greedy' takes the most likely token;
   * 'sample' (the default) draws from softmax(logits / outputTemperature) (default 1), cut to the topK most likely
   * (0: all) and to the smallest set reaching topP, with `seed` (default 0). With cache (default true) each token
   * reads the keys and values kept from the tokens before; cache: false recomputes the whole window each step (the
   * same tokens, to compare the cost). On a threaded build `threads` (default: the machine's cores less one, at most
   * 4) share each token's large products, the same tokens and probabilities for any count. Returns { text, promptTokens, promptPieces, steps: [{ id, text, probability,
   * top: [{ id, text, probability }] (the `top` most likely, default 10), attention, length, windowStart,
   * cacheBytes }], seconds (the call's time) }: attention holds layers × heads rows of `length` weights over the
   * window of tokens starting at windowStart (in prompt + generated tokens).
   */
  generate(prompt, options = {}) {
    this.#handle.live('generate');
    requireText(prompt, 'generate', 'prompt');
    const [given, mask] = this.#headMask('generate', options);
    const resolved = withOperation('generate', () => generateOptions(given, this.backend));
    const started = performance.now();
    const generation = this.#masked('generate', mask, () =>
      this.#handle.call('generate', 'languageModelGenerate', prompt, resolved),
    );
    generation.steps = generatedSteps(generation.steps, this.config.layers * this.config.heads);
    generation.seconds = (performance.now() - started) / 1000;
    return generation;
  }

  /**
   * Bits per character of options.text under the model: { bitsPerCharacter, tokens, characters } (options.headMask:
   * [layer][head] of on/off, as generate's, evaluateStreaming's and inspect's). 0.1's evaluate(text) still works,
   * with a warning.
   */
  evaluate(options = {}) {
    this.#handle.live('evaluate');
    if (typeof options === 'string') {
      warnRenamed('evaluate', 'evaluate(text)', 'evaluate({ text })');
      options = { text: options };
    }
    const [given, mask] = this.#headMask('evaluate', options);
    const text = withOperation('evaluate', () => {
      validate.requireObject(given, 'options');
      checkKnownKeys(given, { text: null }, { operation: 'evaluate' });
      return requireText(given.text, 'evaluate', 'options.text');
    });
    return this.#masked('evaluate', mask, () => this.#handle.call('evaluate', 'languageModelEvaluate', text));
  }

  /**
   * Bits per character of `text` read a token at a time past the context, keeping every key, the last
   * options.window (with the first options.sinks tokens), or that window recomputed (web/lib/sinks.js).
   */
  evaluateStreaming(text, options = {}) {
    this.#handle.live('evaluateStreaming');
    const [given, mask] = this.#headMask('evaluateStreaming', options);
    const keys = withOperation('evaluateStreaming', () => streamingOptions(given));
    requireText(text, 'evaluateStreaming', 'text');
    return this.#masked('evaluateStreaming', mask, () =>
      this.#handle.call('evaluateStreaming', 'languageModelStream', text, keys),
    );
  }

  /** Per [layer][head], the mean attention on the first token of each window (Gu et al. 2024); options.headMask. */
  firstTokenAttention(text, options = {}) {
    const [, mask] = this.#headMask('firstTokenAttention', options);
    requireText(text, 'firstTokenAttention', 'text');
    const { shares } = this.#masked('firstTokenAttention', mask, () =>
      this.#handle.call('firstTokenAttention', 'languageModelFirstTokenAttention', text),
    );
    return byLayer(shares, this.config.layers, this.config.heads);
  }

  /** Every part of the forward pass at one position of `text`, and the logit lens (web/lib/inspect.js). */
  inspect(text, options = {}) {
    const [given, mask] = this.#headMask('inspect', options);
    return this.#masked('inspect', mask, () => inspectLanguageModel(this.#handle, this.config, text, given));
  }

  // options without its headMask ([layer][head] of on/off: the heads switched off for this one call, as the
  // translator's), and that mask as the module's flat bytes (null: every head on).
  #headMask(operation, options) {
    if (options === null || typeof options !== 'object' || !Object.hasOwn(options, 'headMask')) return [options, null];
    const { headMask, ...given } = options;
    if (headMask === undefined || headMask === null) return [given, null];
    return [
      given,
      withOperation(operation, () => validate.layerHeads(headMask, 'options.headMask', this.config.heads)),
    ];
  }

  // `pass` with `mask`'s heads off in the module, on again after it (when it throws too).
  #masked(operation, mask, pass) {
    if (!mask) return pass();
    this.#handle.call(operation, 'languageModelSetHeadsOn', mask);
    try {
      return pass();
    } finally {
      this.#handle.call(operation, 'languageModelSetHeadsOn', null);
    }
  }

  /** The tokens of `text`: { ids: Int32Array, pieces: string[] } (a byte no token spells reads <0xNN>). */
  tokenize(text) {
    return this.#handle.call('tokenize', 'languageModelTokenize', requireText(text, 'tokenize', 'text'));
  }

  /**
   * Each head's copying score, [layer][head], read from the weights (Elhage et al. 2021): Σλ / Σ|λ| over the
   * eigenvalues of its direct OV circuit (embedding → value → output → unembedding, LayerNorm's gains folded in) on
   * the distinct tokens of `text`: 1 for a head that raises the logit of the very token it attends to (a copying head,
   * as an induction head is), −1 for one that lowers it, near 0 for one that maps tokens elsewhere.
   */
  copyingScores(text) {
    const { scores } = this.#handle.call(
      'copyingScores',
      'languageModelCopyingScores',
      requireText(text, 'copyingScores', 'text'),
    );
    const { layers, heads } = this.config;
    return Array.from({ length: layers }, (_, layer) =>
      Array.from(scores.subarray(layer * heads, (layer + 1) * heads)),
    );
  }

  /** The byte-pair merges in the order learned: [{ left, right, merged }] (empty for a characters tokenizer). */
  merges() {
    return this.#handle.call('merges', 'languageModelMerges').merges;
  }

  /** GPT-2's tokenizer files for a 'gpt2-byte-pairs' model: { vocab, merges } as gpt2Tokenizer reads them. */
  tokenizerFiles() {
    return this.#handle.call('tokenizerFiles', 'languageModelTokenizerFiles');
  }

  /** GPT-2's four files for a model of its architecture and tokenizer, as loadLanguageModel({ gpt2 }) reads them. */
  gpt2Files() {
    return this.#handle.call('gpt2Files', 'languageModelGpt2Files');
  }
  /** The weight file (float16) that loadLanguageModel({ weights }) reads. */
  save() {
    return this.#handle.call('save', 'languageModelSave').bytes;
  }

  /** Frees the model's memory in the module; later calls throw. */
  dispose() {
    this.#handle.dispose();
  }
}

class LanguageModelTrainer {
  #handle;

  /** @param {{ backend: any, threads: number }} build  the build it runs on and the threads its shards share */
  constructor(module, build, options, created) {
    this.#handle = new ModuleHandle(module, created.id, 'trainer', 'languageModelTrainerFree');
    this.backend = build.backend;
    this.threads = build.threads;
    this.options = options;
    this.parameters = created.parameters;
    /** Tokens of the corpus's training and held-out parts (the held-out part is its last `heldOut` share). */
    this.trainTokens = created.trainTokens;
    this.heldOutTokens = created.heldOutTokens;
    this.tokenizer = Object.freeze(created.tokenizer);
    /** The step a continued run started from (0 for a fresh one). */
    this.resumedAt = created.step;
    Object.freeze(this);
  }

  /** Trains `count` more steps (default 1), as the translator's trainer does: { step, loss, losses, …, done }. */
  step(count = 1) {
    this.#handle.live('step');
    if (typeof count !== 'number') throw new TypeError(`step: count must be a number, got ${typeof count}`);
    return this.#handle.call('step', 'languageModelTrainerStep', count);
  }

  /**
   * Bits per character on the first `count` held-out tokens (default 4096), beside a unigram and a bigram
   * model counted on the training part: { bitsPerCharacter, tokens, characters, baselines: { unigram, bigram } }.
   * 0.1's maxTokens is read as count, with a warning.
   */
  evaluate(options = {}) {
    this.#handle.live('evaluate');
    const maxTokens = withOperation('evaluate', () => {
      validate.requireObject(options, 'options');
      const given = renamedOptions(options, { maxTokens: 'count' }, 'evaluate');
      checkKnownKeys(given, { count: null }, { operation: 'evaluate' });
      return validate.optionalNumber(given.count, 'options.count', 4096);
    });
    return this.#handle.call('evaluate', 'languageModelTrainerEvaluate', maxTokens);
  }

  /** A LanguageModel over a copy of the current weights (it stays as it is while training goes on). */
  languageModel() {
    const loaded = this.#handle.call('languageModel', 'languageModelTrainerModel');
    return new LanguageModel(this.#handle.module, this.backend, loaded);
  }

  /** The current weights as a weight file (float16), for loadLanguageModel({ weights }) or a download. */
  save() {
    return this.#handle.call('save', 'languageModelTrainerSave').bytes;
  }

  /**
   * The run as it stands, to continue later with createTrainer({ task: { corpus }, resume }): the weights at full
   * precision, Adam's moments, the schedule and the window draws (about 12 bytes a parameter). The continued run
   * takes exactly the steps this one would have.
   */
  checkpoint() {
    return this.#handle.call('checkpoint', 'languageModelTrainerCheckpoint').bytes;
  }

  /** Frees the trainer's memory in the module; later calls throw. */
  dispose() {
    this.#handle.dispose();
  }
}

/**
 * createTrainer() for a task given as { corpus, tokenizer?, merges?, context?, heldOut? }, or a saved run continued
 * ({ task: { corpus }, resume: checkpoint, steps? }).
 */
export async function createLanguageModelTrainer(options) {
  const resuming = options.resume !== undefined;
  const resolved = withOperation('createTrainer', () =>
    resuming ? resolveResumeOptions(options) : resolveLanguageModelOptions(options),
  );
  const build = withOperation('createTrainer', () => trainerThreads(options, resolveLanguageModelBackend));
  const module = await languageModelModule(build.backend);
  const { corpus } = options.task;
  const { threads } = build;
  if (resuming) {
    const created = unwrap(module.languageModelTrainerResume({ ...resolved, corpus, threads }), 'createTrainer');
    return new LanguageModelTrainer(module, build, resumedOptions(created, corpus.length), created);
  }
  const { task, model, ...schedule } = resolved;
  const created = unwrap(
    module.languageModelTrainerCreate({ ...schedule, ...model, ...task, corpus, threads }),
    'createTrainer',
  );
  /** @type {import('./index.js').LanguageModelTrainer} the class, checked against its declaration */
  const trainer = new LanguageModelTrainer(module, build, resolved, created);
  return trainer;
}

/**
 * A language model from its weight file: options.weights is the file's bytes (a trainer's save(), a download)
 * or its URL (or GPT-2's four files: options.gpt2, gpt2.js); backend as for loadAttention; weightBits 8 or 32 (the
 * default): 8 generates from an int8 copy of the weights (weight-bits.js). A translator's file is refused by name, as
 * forged or truncated ones are.
 */
export async function loadLanguageModel(options = {}) {
  validate.requireObject(options, 'options');
  checkLoadOptions(options);
  const backend = withOperation('loadLanguageModel', () => resolveLanguageModelBackend(options.backend));
  const bits = weightBits(options, 'loadLanguageModel');
  if (options.gpt2 !== undefined) {
    const { openGpt2WithModule } = await import('./gpt2.js'); // GPT-2's reading: fetched by the pages that open it
    const [module, , loaded] = await openGpt2WithModule(options, backend);
    const model = new LanguageModel(module, backend, loaded);
    useWeightBits(module, loaded.id, bits, 'loadLanguageModel');
    return model;
  }
  const bytes = await weightBytes(options.weights, 'loadLanguageModel', 'a saved language model');
  const module = await languageModelModule(backend);
  await nextTask();
  const loaded = unwrap(module.languageModelLoad(bytes), 'loadLanguageModel');
  /** @type {import('./index.js').LanguageModel} the class, checked against its declaration */
  const model = new LanguageModel(module, backend, loaded);
  useWeightBits(module, loaded.id, bits, 'loadLanguageModel');
  return model;
}

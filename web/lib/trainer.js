// Training the translation model inside the module: createTrainer() builds a fresh model of the chosen shape
// (and ablations) and trains it a few steps per call, so a page (or its Web Worker) decides when to draw,
// evaluate, pause or stop. The arithmetic is the C++ of cpp/src/model, the same code as `npm run train`.
import { moduleFor, resolveBackend } from './load-module.js';
import { unwrap, withOperation } from './errors.js';
import { ModuleHandle } from './module-handle.js';
import { evaluateOptions, translatorFromModule } from './translator.js';
import { checkKnownKeys } from './known-keys.js';
import { createLanguageModelTrainer, isLanguageModelTask } from './language-model.js';
import { languagePairNames, sequenceTaskNames } from './language-pairs.js';
import { trainerThreads } from './trainer-threads.js';
import * as validate from './validate.js';

/**
 * The Train view's default run: a model half the shipped ones' width (32, FFN 64) on the toy grammar's sentences of at most 5 English words
 * (longestSentence) over its 90 most common nouns, verbs and adjectives (vocabulary), 1,000 steps at a peak rate of
 * 0.008. A learner's first run must reach 95% held-out exact in
 * seconds: natively, 1,000 steps at 5 words reached 96.3% (800: 94.6%; 4 words, 800 steps: 92.4%). The whole grammar
 * (344 words, sentences of up to 12) needs about 4,000 steps at 0.003, the shipped models' recipe; 0.1's default,
 * 400 steps of it, reached about 35%. The grammar's lexicon of 540 open-class words needs a smaller vocabulary for
 * the first run, measured in Node (SIMD128, seeds 7 and 1, 500 held-out): the whole lexicon 68.6%, the commonest 117
 * 93.8%, 100 93.2%, 90 95.8%, 77 (the fewest the grammar allows) 95.0%. `steps` is the sequence tasks' and pasted pairs' run (they learn in fewer), and
 * `languagePairSteps` a language pair's: defaultTrainerSteps(task) picks one.
 */
export const trainerDefaults = Object.freeze({
  task: languagePairNames[0], // the registry's first language pair
  sequenceLength: Object.freeze({ min: 3, max: 8 }),
  longestSentence: 5,
  vocabulary: 90,
  seed: 7,
  dataSeed: 1,
  steps: 400,
  languagePairSteps: 1000,
  batchSize: 48,
  learningRate: 0.008,
  warmupSteps: 40,
  unknownWordRate: 0,
  model: Object.freeze({ dModel: 32, heads: 4, ffn: 64, encoderLayers: 2, decoderLayers: 2 }),
  ablations: Object.freeze({ noPositions: false, noScaling: false, singleHead: false, sigmoidGates: false }),
});

/** The tasks by name, as messages list them: "'en-es', …, 'copy'" (the registry's). */
const taskNames = [...languagePairNames, ...sequenceTaskNames].map((name) => `'${name}'`).join(', ');

/**
 * { pairs: [[source, target], …] } or { text } (one pair per line, a tab or " ||| " between the sides), with
 * heldOut (share, default 0.1) and lowercase (the target side; default true) → what the module parses.
 */
function pairsText(task) {
  const heldOut = validate.optionalNumber(task.heldOut, 'options.task.heldOut', 0.1);
  const lowercase = validate.optionalBoolean(task.lowercase, 'options.task.lowercase', true);
  if (typeof task.text === 'string') return { text: task.text, heldOut, lowercase };
  if (!Array.isArray(task.pairs)) {
    throw new TypeError(`options.task must be ${taskNames}, { pairs: [[source, target], …] }, { text } or { corpus }`);
  }
  const lines = task.pairs.map((pair, i) => {
    if (!Array.isArray(pair) || pair.length !== 2 || typeof pair[0] !== 'string' || typeof pair[1] !== 'string') {
      throw new TypeError(`options.task.pairs[${i}] must be [source, target], two strings`);
    }
    if (/[\t\n]/.test(pair[0] + pair[1]))
      throw new RangeError(`options.task.pairs[${i}] has a tab or a line break inside a side`);
    return `${pair[0]}\t${pair[1]}`;
  });
  return { text: lines.join('\n'), heldOut, lowercase };
}

function optionsObject(value, name) {
  return value === undefined ? {} : validate.requireObject(value, name);
}

/** Every option createTrainer knows (a task given as an object: pasted pairs or text). */
/** The weight file's parameter encodings, by the number the file (and trainerSave) stores. */
const weightEncodings = Object.freeze(['float16', 'int8', 'int4']);

const trainerOptionShape = {
  backend: null,
  threads: null,
  task: { pairs: null, text: null, heldOut: null, lowercase: null },
  sequenceLength: { min: null, max: null },
  longestSentence: null,
  vocabulary: null,
  seed: null,
  dataSeed: null,
  steps: null,
  batchSize: null,
  learningRate: null,
  warmupSteps: null,
  unknownWordRate: null,
  model: {
    ...Object.fromEntries(Object.keys(trainerDefaults.model).map((key) => [key, null])),
    kvHeads: null,
    positions: null,
    tiedOutput: null,
  },
  ablations: Object.fromEntries(Object.keys(trainerDefaults.ablations).map((key) => [key, null])),
};

const sequenceTasks = new Set(['reverse', 'sort', 'copy']);

/**
 * A task's default run length: a language pair's `languagePairSteps`, the sequence tasks' and pasted pairs' (an
 * object, or 'pairs' as resolved options and the Train view name them) `steps`.
 */
/** @param {any} [task] */
export function defaultTrainerSteps(task = trainerDefaults.task) {
  const other = typeof task === 'object' || task === 'pairs' || sequenceTasks.has(task);
  return other ? trainerDefaults.steps : trainerDefaults.languagePairSteps;
}

/** The options with defaults filled in and every type checked (values are checked by the module). */
export function resolveTrainerOptions(options = {}) {
  validate.requireObject(options, 'options');
  checkKnownKeys(options, trainerOptionShape, { operation: 'createTrainer' });
  const number = (source, key, fallback, prefix) => validate.optionalNumber(source[key], `${prefix}${key}`, fallback);
  const model = optionsObject(options.model, 'options.model');
  const lengths = optionsObject(options.sequenceLength, 'options.sequenceLength');
  const pairs = options.task !== null && typeof options.task === 'object' ? pairsText(options.task) : null;
  if (!pairs && options.task !== undefined && typeof options.task !== 'string') {
    throw new TypeError(`options.task must be ${taskNames}, { pairs } or { corpus }, got ${typeof options.task}`);
  }
  const ablations = optionsObject(options.ablations, 'options.ablations');
  /** @type {Record<string, any>} the options as given, checked and completed (frozen below) */
  const resolved = {
    task: pairs ? 'pairs' : (options.task ?? trainerDefaults.task),
    ...(pairs ? { pairs } : {}),
    sequenceLength: {
      min: number(lengths, 'min', trainerDefaults.sequenceLength.min, 'options.sequenceLength.'),
      max: number(lengths, 'max', trainerDefaults.sequenceLength.max, 'options.sequenceLength.'),
    },
    longestSentence: number(options, 'longestSentence', trainerDefaults.longestSentence, 'options.'),
    vocabulary: number(options, 'vocabulary', trainerDefaults.vocabulary, 'options.'),
    seed: number(options, 'seed', trainerDefaults.seed, 'options.'),
    dataSeed: number(options, 'dataSeed', trainerDefaults.dataSeed, 'options.'),
    steps: number(options, 'steps', defaultTrainerSteps(options.task), 'options.'),
    batchSize: number(options, 'batchSize', trainerDefaults.batchSize, 'options.'),
    learningRate: number(options, 'learningRate', trainerDefaults.learningRate, 'options.'),
    warmupSteps: number(options, 'warmupSteps', undefined, 'options.'),
    unknownWordRate: number(options, 'unknownWordRate', trainerDefaults.unknownWordRate, 'options.'),
    model: {},
    ablations: {},
  };
  for (const [key, fallback] of Object.entries(trainerDefaults.model)) {
    resolved.model[key] = number(model, key, fallback, 'options.model.');
  }
  for (const [key, fallback] of Object.entries(trainerDefaults.ablations)) {
    resolved.ablations[key] = validate.optionalBoolean(ablations[key], `options.ablations.${key}`, fallback);
  }
  // Which scheme: the module checks the name; without one, the noPositions ablation means 'none'.
  resolved.model.positions = validate.optionalString(
    model.positions,
    'options.model.positions',
    resolved.ablations.noPositions ? 'none' : 'sinusoidal',
  );
  // The default warm-up is a tenth of the run, so a short run is not all warm-up.
  resolved.warmupSteps ??= Math.min(trainerDefaults.warmupSteps, Math.floor(resolved.steps / 10));
  if (resolved.ablations.singleHead) resolved.model.heads = 1;
  // Key/value heads: as many as query heads unless shared (1: multi-query; a divisor of heads: grouped-query).
  resolved.model.kvHeads = number(model, 'kvHeads', resolved.model.heads, 'options.model.');
  // The output projection tied to the target embeddings (Press & Wolf 2017): fewer parameters, by vocabulary × dModel.
  resolved.model.tiedOutput = validate.optionalBoolean(model.tiedOutput, 'options.model.tiedOutput', false);
  return resolved;
}

class Trainer {
  #handle;

  /** @param {{ backend: any, threads: number }} build  the build it runs on and the threads its shards share */
  constructor(module, build, options, created) {
    this.#handle = new ModuleHandle(module, created.id, 'trainer', 'trainerFree');
    this.backend = build.backend;
    this.threads = build.threads;
    this.options = options;
    this.parameters = created.parameters;
    Object.freeze(this);
  }

  /**
   * Trains `count` more steps (default 1; fewer if the run ends first). Returns the last step's number,
   * learning rate and gradient norm (before clipping), the mean loss per target token of these steps, each
   * step's loss, and whether the run is done.
   */
  step(count = 1) {
    this.#handle.live('step');
    if (typeof count !== 'number') throw new TypeError(`step: count must be a number, got ${typeof count}`);
    return this.#handle.call('step', 'trainerStep', count);
  }

  /**
   * Greedy translations of the first `count` held-out sentences (default 100): exact matches and alignment.
   * `options` is { count, headMask } (heads switched off as Translator.translate() does); 0.1's evaluate(count)
   * still works, with a warning.
   */
  evaluate(options = {}) {
    this.#handle.live('evaluate');
    const { count, headMask } = evaluateOptions(options, this.options.model.heads);
    return this.#handle.call('evaluate', 'trainerEvaluate', count, headMask);
  }

  /**
   * For a sequence task: `count` held-out sequences (default 100) of every length from 1 to `longest` (default
   * 16, twice the default training range's top), scored exactly: [{ length, exact, total }]. Lengths outside
   * those trained on show how far the model's positions (model.positions) carry it.
   */
  evaluateLengths(options = {}) {
    this.#handle.live('evaluateLengths');
    const { longest, count } = withOperation('evaluateLengths', () => {
      validate.requireObject(options, 'options');
      checkKnownKeys(options, { longest: null, count: null }, { operation: 'evaluateLengths' });
      return {
        longest: validate.optionalNumber(options.longest, 'options.longest', 16),
        count: validate.optionalNumber(options.count, 'options.count', 100),
      };
    });
    return this.#handle.call('evaluateLengths', 'trainerEvaluateLengths', longest, count).lengths;
  }

  /** A Translator over a copy of the current weights (it stays as it is while training goes on). */
  translator() {
    this.#handle.live('translator');
    return translatorFromModule(
      this.#handle.module,
      this.backend,
      this.#handle.call('translator', 'trainerTranslator'),
    );
  }

  /**
   * The current weights as a weight file, for loadTranslator({ model: bytes }) or a download: `encoding`
   * 'float16' (the default), 'int8' (8-bit values in blocks of 64 sharing a float16 scale: half the bytes) or
   * 'int4' (4-bit values in blocks of 32 sharing a float16 scale, as the shipped models are stored: 28% of the
   * bytes); the block encodings are format version 4, which older builds refuse by name.
   */
  save(options = {}) {
    this.#handle.live('save');
    const encoding = withOperation('save', () => {
      validate.requireObject(options, 'options');
      checkKnownKeys(options, { encoding: null }, { operation: 'save' });
      const name = validate.optionalString(options.encoding, 'options.encoding', 'float16');
      const index = weightEncodings.indexOf(name);
      if (index < 0) throw new RangeError(`options.encoding must be 'float16', 'int8' or 'int4', got '${name}'`);
      return index;
    });
    return this.#handle.call('save', 'trainerSave', encoding).bytes;
  }

  /**
   * The task's own answer for a source sentence: { target, sourceIndex } (the target words and, for each, the
   * index of the source word it comes from; -1 for none), or null when the task has none (e.g. a sentence
   * outside the toy grammar).
   */
  reference(sentence) {
    this.#handle.live('reference');
    if (typeof sentence !== 'string')
      throw new TypeError(`reference: sentence must be a string, got ${typeof sentence}`);
    return this.#handle.call('reference', 'trainerReference', sentence).reference;
  }

  /** The first `count` held-out pairs of the task (those evaluate() scores): { source, target, sourceIndex }. */
  heldOut(count) {
    this.#handle.live('heldOut');
    if (typeof count !== 'number') throw new TypeError(`heldOut: count must be a number, got ${typeof count}`);
    return this.#handle.call('heldOut', 'trainerHeldOut', count).pairs;
  }

  /** A copy of the current parameters, float32, flat, in the order the weight file stores them. */
  weights() {
    this.#handle.live('weights');
    return this.#handle.call('weights', 'trainerWeights').weights;
  }

  /** Frees the trainer's memory in the module; later calls throw. */
  dispose() {
    this.#handle.dispose();
  }
}

/**
 * @overload
 * @param {import('./index.js').TrainerOptions} [options]
 * @returns {Promise<import('./index.js').Trainer>}
 */
/**
 * @overload
 * @param {import('./index.js').LanguageModelTrainerOptions} options
 * @returns {Promise<import('./index.js').LanguageModelTrainer>}
 */
/**
 * A trainer for a fresh translation model, or, for a task given as { corpus }, a language model (see
 * language-model.js: createLanguageModelTrainer). With no options, the Train view's default run (trainerDefaults).
 * Options (all optional): task (a language pair's or a sequence task's name, language-pairs.js: the
 * registry's) and sequenceLength { min, max } for the sequence tasks, longestSentence (the language pairs' longest English
 * sentence in words, 2-12: a smaller task of the same grammar; default 5), vocabulary (the language pairs' lexicon:
 * its N most common nouns, verbs and adjectives, the closed classes whole; 0 for the whole lexicon; default 90),
 * seed, dataSeed, steps (default 1,000 for
 * a language pair, 400 for the others: defaultTrainerSteps), batchSize,
 * learningRate, warmupSteps, unknownWordRate (the share of aligned word pairs masked as <unk>, so the model learns
 * to carry unknown words; default 0), model { dModel, heads, kvHeads (key/value heads shared by the query heads: 1 for
 * multi-query, a divisor of heads for grouped-query; default heads), ffn, encoderLayers, decoderLayers, positions
 * ('sinusoidal', 'none', 'rope' or 'alibi'), tiedOutput (the logits read the target embeddings; default false) }, ablations
 * { noPositions, noScaling, singleHead, sigmoidGates }, backend (as for loadAttention), threads (each step's shards
 * shared among 1 to 4 threads: trainer-threads.js).
 * @param {any} [options]
 * @returns {Promise<any>}
 */
export async function createTrainer(options = {}) {
  if (isLanguageModelTask(options)) return createLanguageModelTrainer(options);
  const resolved = resolveTrainerOptions(options);
  const { backend, threads } = withOperation('createTrainer', () => trainerThreads(options, resolveBackend));
  const module = await moduleFor(backend);
  const { model, ablations, sequenceLength, pairs, ...schedule } = resolved;
  const created = unwrap(
    module.trainerCreate({
      ...schedule,
      threads,
      ...model,
      minLength: sequenceLength.min,
      maxLength: sequenceLength.max,
      pairsText: pairs?.text ?? '',
      heldOutShare: pairs?.heldOut ?? 0.1,
      lowercase: pairs?.lowercase ?? true,
      noPositions: ablations.noPositions,
      noScaling: ablations.noScaling,
      sigmoidGates: ablations.sigmoidGates,
    }),
    'createTrainer',
  );
  if (pairs) resolved.pairs = { heldOut: pairs.heldOut, lowercase: pairs.lowercase }; // not the text itself
  /** @type {import('./index.js').Trainer} the class, checked against its declaration */
  const trainer = new Trainer(module, { backend, threads }, Object.freeze(resolved), created);
  return trainer;
}

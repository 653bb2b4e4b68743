// The translation model in the browser (or Node): loads the weight file into the module and translates
// sentences, returning every attention map of the encoder, the decoder and between them.
import { moduleFor, resolveBackend } from './load-module.js';
import { UnknownWordError, unwrap, withOperation } from './errors.js';
import { checkKnownKeys } from './known-keys.js';
import { ModuleHandle } from './module-handle.js';
import { shippedModelNames, translatorWeightBytes } from './model-files.js';
import { layeredMaps, stepPrefixes } from './translation-maps.js';
import { nextTask } from './next-task.js';
import { renamedOptions, warnRenamed, withOldFields } from './renamed.js';
import * as validate from './validate.js';

export { UnknownWordError, shippedModelNames };

const translateOptionShape = {
  temperature: null,
  decoding: null,
  outputTemperature: null,
  seed: null,
  target: null,
  beam: null,
  headMask: null,
  cache: null,
  top: null,
};

const unknownToken = '<unk>';
const specialTokens = new Set(['<bos>', '<eos>', unknownToken]);

// 0.1's fields of a step and of its top entries: the word was `token` and `word`, now `text` beside its `id`.
const oldStepFields = { token: 'text' };
const oldTopFields = { word: 'text' };

/**
 * One step's most likely words as { id, text, probability }, most likely first (equal ones in the vocabulary's
 * order), from the module's choice (`top`: T × count ids, -1 past a step's last word with any probability, and
 * their probabilities), copied out of its memory once for the whole translation.
 */
function topWords(top, step, count, words) {
  const entries = [];
  for (let rank = 0; rank < count; rank++) {
    const id = top.ids[step * count + rank];
    if (id < 0) break;
    const probability = top.probabilities[step * count + rank];
    entries.push(withOldFields({ id, text: words[id], probability }, oldTopFields, 'translate() step.top[]'));
  }
  return entries;
}

/**
 * Each output word's step: { step, id, text, probability, top, decoderSelfAttention, crossAttention }.
 * @param {any} result     the module's answer
 * @param {any} maps       its maps as [layer][head] matrices: { decoderSelf, cross }
 * @param {readonly string[]} words  the output words
 * @param {ReadonlyMap<string, number>} ids  each output word's column (its first, as indexOf gives it)
 * @param {number} top     how many of each step's words the module chose
 */
function steps(result, maps, words, ids, top) {
  const count = Math.min(top, words.length); // the module chose this many per step
  const decoderSelf = stepPrefixes(maps.decoderSelf, result.target.length, true);
  const cross = stepPrefixes(maps.cross, result.target.length, false);
  return result.target.map((text, step) => {
    // A copied word was the model's <unk>: its id and probability are that column's.
    const id = ids.get(result.copiedFrom[step] >= 0 ? unknownToken : text) ?? -1;
    const record = {
      step,
      id,
      text,
      probability: result.probabilities.data[step * result.probabilities.cols + id],
      top: topWords(result.top, step, count, words),
      decoderSelfAttention: decoderSelf[step],
      crossAttention: cross[step],
    };
    return withOldFields(record, oldStepFields, 'translate() step');
  });
}

function alignment(result) {
  if (!result.grammar) return null;
  const produced = result.target.filter((t) => !specialTokens.has(t));
  const { target, sourceIndex } = result.grammar;
  return {
    target,
    sourceIndex,
    matchesModel: produced.length === target.length && produced.every((word, i) => word === target[i]),
  };
}

/** The copies of a model with "<unk>": [{ targetIndex, sourceIndex, word }], one per output <unk> replaced. */
function copies(result) {
  return result.copiedFrom.flatMap((sourceIndex, targetIndex) =>
    sourceIndex < 0 ? [] : [{ targetIndex, sourceIndex, word: result.source[sourceIndex] }],
  );
}

/**
 * The module's beam search with each hypothesis's words, and where greedy decoding's path runs in the tree:
 * `greedy.path[step]` is the index of the node holding greedy's first step + 1 tokens, -1 once it has left the beam.
 */
function beamSearch(beam, layers, heads, sourceLength) {
  if (!beam) return null;
  /** @type {string[][][]} each node's words, first to last */
  const words = [];
  const tree = beam.steps.map((nodes, step) =>
    nodes.map((node, index) => {
      (words[step] ??= [])[index] = [...(step ? words[step - 1][node.parent] : []), node.word];
      return {
        token: node.token,
        word: node.word,
        words: words[step][index],
        parent: node.parent,
        score: node.score,
        normalizedScore: node.normalizedScore,
        finished: node.finished,
        attendedSource: node.attendedSource,
        repeats: node.repeats,
        copiedFrom: node.copiedFrom,
        crossAttention: layeredMaps(node.cross, layers, heads, 1, sourceLength),
      };
    }),
  );
  const path = [];
  for (const [step, token] of beam.greedy.tokens.entries()) {
    const previous = step ? path[step - 1] : -1;
    const found =
      step && previous < 0 ? -1 : (tree[step] ?? []).findIndex((n) => n.parent === previous && n.token === token);
    path.push(found);
  }
  return {
    width: beam.width,
    alpha: beam.alpha,
    steps: tree,
    best: beam.best,
    greedy: { ...beam.greedy, path },
  };
}

/** evaluate()'s options, checked: { count (default 100), headMask (flat, or null) }. */
export function evaluateOptions(options, heads) {
  return withOperation('evaluate', () => {
    if (typeof options === 'number') {
      warnRenamed('evaluate', 'evaluate(count)', 'evaluate({ count })');
      return { count: options, headMask: null };
    }
    if (typeof options !== 'object' || options === null || Array.isArray(options)) {
      throw new TypeError(`options must be { count, headMask }, got ${validate.describe(options)}`);
    }
    checkKnownKeys(options, { count: null, headMask: null }, { operation: 'evaluate' });
    return {
      count: validate.optionalNumber(options.count, 'options.count', 100),
      headMask: validate.headMask(options.headMask, 'options.headMask', heads),
    };
  });
}

/** How many of each step's most likely words a translation keeps (`top`, default 10): a whole number. */
function topCount(top) {
  const count = validate.optionalNumber(top, 'options.top', 10);
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`options.top must be a whole number, got ${count}`);
  return count;
}

/** attribution()'s options, checked: { temperature (default 1), headMask (flat, or null) }. */
function attributionOptions(options, heads) {
  return withOperation('attribution', () => {
    validate.requireObject(options, 'options');
    checkKnownKeys(options, { temperature: null, headMask: null }, { operation: 'attribution' });
    return {
      temperature: validate.optionalNumber(options.temperature, 'options.temperature', 1),
      headMask: validate.headMask(options.headMask, 'options.headMask', heads),
    };
  });
}

class Translator {
  #handle;
  #grammarVocabulary; // the commonest words of the lexicon the model was trained on (0: all): its held-out sentences
  #outputIds = new Map(); // outputWords' columns by word: a step's id without a scan of the vocabulary

  constructor(module, backend, loaded) {
    this.#handle = new ModuleHandle(module, loaded.id, 'translator', 'translatorFree');
    this.backend = backend;
    this.config = loaded.config;
    this.maxWords = loaded.maxWords;
    this.task = loaded.task; // a language pair's name when the vocabularies are that pair's, else null
    this.copiesUnknownWords = loaded.copiesUnknownWords; // the model has "<unk>": unknown words are carried
    this.#grammarVocabulary = loaded.grammarVocabulary;
    this.vocabulary = Object.freeze({
      source: Object.freeze(loaded.sourceWords.filter((w) => !specialTokens.has(w))),
      target: Object.freeze(loaded.targetWords.filter((w) => !specialTokens.has(w))),
    });
    // the columns of `probabilities`: <bos>, <eos> (and <unk> for a model that has it) first
    this.outputWords = Object.freeze([...loaded.targetWords]);
    for (const [id, word] of this.outputWords.entries()) if (!this.#outputIds.has(word)) this.#outputIds.set(word, id);
    Object.freeze(this);
  }

  /**
   * Translation, step by step. `options.temperature` (default 1) divides every attention layer's logits:
   * below 1 sharpens attention towards hard alignment, above 1 flattens it towards an average. How each word
   * is chosen: `decoding` 'greedy' (default: the most likely) or 'sample' (a seeded draw, `seed` default 0)
   * from softmax(logits / `outputTemperature`) (default 1); `target` (words separated by spaces) forces the
   * decoder's input (teacher forcing); `beam` (1-8) runs beam search of that width (1 gives greedy's words): the
   * translation is the best hypothesis, `beam` the tree of every hypothesis kept. A model with "<unk>"
   * (`copiesUnknownWords`) reads unknown words as <unk> and copies into the output the word each output <unk>
   * attends to (`copied`); others throw UnknownWordError. `headMask` ({ encoderSelf, decoderSelf, cross }, each [layer][head] of
   * true/1 for on, false/0 for off; a kind left out is all on) switches heads off: an off head's output is
   * zeroed before the output projection (its map is still computed and returned). `cache` (default true): greedy
   * and sampled decoding keep the decoder's keys and values and decode each word from them (a row of work per
   * layer); false recomputes the whole prefix at every step, to compare (the same words; probabilities equal
   * within float rounding). Each of `steps` is { step, id, text, probability, top, decoderSelfAttention,
   * crossAttention }: the word chosen (`text`, its column `id` in `outputWords`) and the `top` (default 10) most
   * likely as { id, text, probability }.
   */
  translate(sentence, options = {}) {
    this.#handle.live('translate');
    if (typeof sentence !== 'string')
      throw new TypeError(`translate: sentence must be a string, got ${typeof sentence}`);
    const { temperature, decoding, headMask, top } = withOperation('translate', () => {
      validate.requireObject(options, 'options');
      checkKnownKeys(options, translateOptionShape, { operation: 'translate' });
      return {
        temperature: validate.optionalNumber(options.temperature, 'options.temperature', 1),
        decoding: {
          choice: validate.optionalString(options.decoding, 'options.decoding', 'greedy'),
          outputTemperature: validate.optionalNumber(options.outputTemperature, 'options.outputTemperature', 1),
          seed: validate.optionalNumber(options.seed, 'options.seed', 0),
          target: validate.optionalString(options.target, 'options.target', null),
          beam: options.beam === undefined ? null : validate.requireNumber(options.beam, 'options.beam'),
          cache: validate.optionalBoolean(options.cache, 'options.cache', true),
        },
        headMask: validate.headMask(options.headMask, 'options.headMask', this.config.heads),
        top: topCount(options.top),
      };
    });
    const result = this.#handle.call(
      'translate',
      'translatorTranslate',
      sentence,
      temperature,
      decoding,
      headMask,
      top,
    );
    const { encoderLayers, decoderLayers, heads } = this.config;
    const [s, t] = [result.source.length, result.target.length];
    const maps = {
      encoderSelf: layeredMaps(result.encoderSelf, encoderLayers, heads, s, s),
      decoderSelf: layeredMaps(result.decoderSelf, decoderLayers, heads, t, t),
      cross: layeredMaps(result.cross, decoderLayers, heads, t, s),
    };
    return {
      source: result.source,
      target: result.target,
      encoderSelfAttention: maps.encoderSelf,
      decoderSelfAttention: maps.decoderSelf,
      crossAttention: maps.cross,
      probabilities: result.probabilities,
      decoding: {
        choice: decoding.beam === null ? decoding.choice : 'beam',
        outputTemperature: decoding.outputTemperature,
        seed: decoding.seed,
        forced: decoding.target !== null,
        beam: decoding.beam,
      },
      steps: steps(result, maps, this.outputWords, this.#outputIds, top),
      copied: copies(result),
      unknownWords: result.unknownWords.map((word, i) => ({ word, ...result.readings[i] })),
      beam: beamSearch(result.beam, decoderLayers, heads, s),
      alignment: alignment(result),
      outsideGrammar: result.outsideGrammar,
    };
  }

  /**
   * `count` held-out sentence pairs of the model's language pair (never seen in training), the same on every
   * platform; only for models of the toy grammar's language pairs (`task` not null).
   */
  heldOutSentences(count, seed = 2) {
    this.#handle.live('heldOutSentences');
    if (!this.task) throw new RangeError('heldOutSentences: this model is not one of the toy grammar’s language pairs');
    withOperation('heldOutSentences', () => {
      validate.requireNumber(count, 'count');
      validate.requireNumber(seed, 'seed');
    });
    const { module } = this.#handle;
    return unwrap(module.heldOutSentences(this.task, count, seed, this.#grammarVocabulary), 'heldOutSentences')
      .sentences;
  }

  /**
   * Greedy translations of the first `count` held-out sentence pairs (default 100, the same on every platform),
   * with the heads `headMask` switches off (as for translate()): { exact, total, alignment, alignmentHead,
   * alignmentByHead }, as a Trainer's evaluate() answers. Only for models of the toy grammar's language pairs.
   */
  evaluate(options = {}) {
    this.#handle.live('evaluate');
    const { count, headMask } = evaluateOptions(options, this.config.heads);
    return this.#handle.call('evaluate', 'translatorEvaluate', count, headMask);
  }

  /**
   * Which source words each word of the sentence's greedy translation depended on, four ways (Abnar & Zuidema
   * 2020): `relevance.raw` (cross-attention averaged over decoder layers and heads), `relevance.rollout` (that,
   * times the encoder's rollout: each layer's heads averaged, 0.5·A + 0.5·I for the residual, multiplied down to
   * the input), `relevance.flow` (the maximum flow from the output word through the encoder's layers to each
   * source word, those Ã as capacities), each T × S (rows: the translation + <eos>; columns: the source words +
   * <eos>); and `removal` (T × (S − 1)): how much less likely each output word becomes when that source word is
   * removed, the output teacher-forced. `agreement` { raw, rollout, flow, rows }: each method's Spearman with
   * removal over the words, averaged over the output words where it is defined (null if none); `rowAgreement`
   * per output word. `encoder` { raw, rollout, flow }: the encoder's own S × S maps (raw: its last layer, heads
   * averaged). Options: `temperature` and `headMask` as for translate().
   */
  attribution(sentence, options = {}) {
    this.#handle.live('attribution');
    if (typeof sentence !== 'string')
      throw new TypeError(`attribution: sentence must be a string, got ${typeof sentence}`);
    const { temperature, headMask } = attributionOptions(options, this.config.heads);
    return this.#handle.call('attribution', 'translatorAttribute', sentence, temperature, headMask);
  }

  /**
   * attribution()'s agreement pooled over the first `count` held-out sentences (default 100; every output word
   * of every sentence a row): { raw, rollout, flow, rows, sentences }. Only for models of the toy grammar's
   * language pairs.
   */
  attributionAgreement(options = {}) {
    this.#handle.live('attributionAgreement');
    const { count, headMask } = withOperation('attributionAgreement', () => {
      validate.requireObject(options, 'options');
      checkKnownKeys(options, { count: null, headMask: null }, { operation: 'attributionAgreement' });
      return {
        count: validate.optionalNumber(options.count, 'options.count', 100),
        headMask: validate.headMask(options.headMask, 'options.headMask', this.config.heads),
      };
    });
    return this.#handle.call('attributionAgreement', 'translatorAttributionAgreement', count, headMask);
  }

  /** Frees the model's memory in the module; the translator cannot be used afterwards. */
  dispose() {
    this.#handle.dispose();
  }
}

/** A Translator over a model the module has already loaded (by translatorLoad or a trainer). */
export function translatorFromModule(module, backend, loaded) {
  return new Translator(module, backend, loaded);
}

/**
 * Loads a translation model: options.weights is a shipped model's name (shippedModelNames, the registry's; the
 * first is the default; the npm package leaves some out), a weight file's URL (a string relative to the page) or its bytes; backend as
 * for loadAttention. 0.1's options.model is read as weights, with a warning.
 */
export async function loadTranslator(options = {}) {
  validate.requireObject(options, 'options');
  options = renamedOptions(options, { model: 'weights' }, 'loadTranslator');
  checkKnownKeys(options, { backend: null, weights: null }, { operation: 'loadTranslator' });
  const backend = resolveBackend(options.backend);
  const [module, bytes] = await Promise.all([moduleFor(backend), translatorWeightBytes(options.weights)]);
  // Every translator waiting for the module would otherwise be built in the task that resolved it, with the
  // module's own start: on a page with several models, one long task on a phone.
  await nextTask();
  return translatorFromModule(module, backend, unwrap(module.translatorLoad(bytes), 'loadTranslator'));
}

// Inside a language model at one position of a text (LanguageModel.inspect): the module's reading of its forward
// pass (cpp/src/model/language_model_inspect.cpp) in its final shape, each part under the name TransformerLens
// gives it, and the logit lens (nostalgebraist 2020): the residual stream after the embeddings and after each block
// read through the model's own final LayerNorm and unembedding.
import { withOperation } from './errors.js';
import { checkKnownKeys } from './known-keys.js';
import * as validate from './validate.js';

const inspectShape = { position: null, top: null, attention: null };

/** Whole maps [head][query][key] are returned only for texts of this many tokens or fewer. */
export const fullPatternTokens = 256;

/** TransformerLens's names of what inspect() returns, for layers 0 … layers − 1. */
export function activationNames(layers) {
  const perBlock = ['hook_resid_pre', 'attn.hook_pattern', 'hook_resid_mid', 'mlp.hook_post', 'hook_resid_post'];
  return [
    'hook_embed',
    'hook_pos_embed',
    ...Array.from({ length: layers }, (_, i) => perBlock.map((name) => `blocks.${i}.${name}`)).flat(),
    'ln_final',
  ];
}

/** inspect()'s options checked, as the module reads them (position −1: the text's last token). */
function inspectOptions(options) {
  validate.requireObject(options, 'options');
  checkKnownKeys(options, inspectShape, { operation: 'inspect' });
  const attention = validate.optionalString(options.attention, 'options.attention', 'rows');
  if (attention !== 'rows' && attention !== 'full')
    throw new RangeError(`options.attention must be 'rows' or 'full', got '${attention}'`);
  return {
    position: validate.optionalNumber(options.position, 'options.position', -1),
    top: validate.optionalNumber(options.top, 'options.top', 10),
    full: attention === 'full',
  };
}

/** `count` consecutive runs of `length` values of `values`, as views: [run] → Float32Array. */
function runs(values, count, length) {
  return Array.from({ length: count }, (_, i) => values.subarray(i * length, (i + 1) * length));
}

/** One block from the module's reading: its attention split per head (and per query for whole maps). */
function block({ pattern, full, ...parts }, heads, keys, tokens) {
  const attention = { pattern: runs(pattern, heads, keys) };
  if (full) attention.full = runs(full, heads, tokens * tokens).map((map) => runs(map, tokens, tokens));
  return { residPre: parts.residPre, attention, residMid: parts.residMid, mlp: parts.mlp, residPost: parts.residPost };
}

/**
 * lm.inspect(text, options) for a LanguageModel's module handle (see index.d.ts: LanguageModel.inspect).
 * @param {import('./module-handle.js').ModuleHandle} handle  @param {{ heads: number, layers: number }} config
 * @param {string} text  @param {object} options
 */
export function inspectLanguageModel(handle, config, text, options) {
  handle.live('inspect');
  if (typeof text !== 'string') throw new TypeError(`inspect: text must be a string, got ${validate.describe(text)}`);
  const resolved = withOperation('inspect', () => inspectOptions(options));
  const reading = handle.call('inspect', 'languageModelInspect', text, resolved);
  const { ids, pieces, position, logitLens } = reading;
  return {
    tokens: Array.from(ids, (id, i) => ({ id, text: pieces[i] })),
    position,
    names: activationNames(config.layers),
    embed: reading.embed,
    blocks: reading.blocks.map((b) => block(b, config.heads, position + 1, ids.length)),
    logitLens,
    final: { top: logitLens[logitLens.length - 1].top },
    firstAgreeingLayer: reading.firstAgreeingLayer,
  };
}

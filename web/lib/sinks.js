// Attention sinks and windows (Xiao et al. 2023, StreamingLLM; Gu et al. 2024, "When Attention Sink Emerges in
// Language Models"), measured on a language model: its bits per character on a text many times longer than its
// context when each query keeps every key, a window of the last keys (cached, or recomputed from scratch), or the
// text's first tokens beside the window; and each head's share of attention on the first token. The numbers are
// the module's (LanguageModel.evaluateStreaming and firstTokenAttention); this file names the readings and the recipe.
import { checkKnownKeys } from './known-keys.js';
import * as validate from './validate.js';

const streamingShape = { window: null, sinks: null, recompute: null };

/** evaluateStreaming()'s options with defaults, types checked (the module checks the ranges). */
export function streamingOptions(options) {
  validate.requireObject(options, 'options');
  checkKnownKeys(options, streamingShape, { operation: 'evaluateStreaming' });
  return {
    window: validate.optionalNumber(options.window, 'options.window', 0),
    sinks: validate.optionalNumber(options.sinks, 'options.sinks', 0),
    recompute: validate.optionalBoolean(options.recompute, 'options.recompute', false),
  };
}

/** layers × heads numbers, layer-major, as rows: [layer][head]. */
export function byLayer(values, layers, heads) {
  return Array.from({ length: layers }, (_, layer) => Array.from(values.subarray(layer * heads, (layer + 1) * heads)));
}

/**
 * StreamingLLM's comparison on one text: every key (the cache grows with the text), a window of the last `window`
 * keys cached (the oldest evicted), the same window recomputed from scratch at each step, and the text's first
 * `sinks` tokens kept beside the cached window for each count in `sinkCounts`. Each row: { reading, window, sinks,
 * recompute, bitsPerCharacter, firstPositionAttention ([layer][head]), longest, cacheBytes }.
 * @param {import('./index.js').LanguageModel} lm  @param {string} text
 * @param {{ window: number, sinkCounts?: number[] }} options
 */
export function streamingReadings(lm, text, { window, sinkCounts = [1, 2, 4] }) {
  const readings = [
    { reading: 'every key', window: 0, sinks: 0, recompute: false },
    { reading: 'window, cached', window, sinks: 0, recompute: false },
    { reading: 'window, recomputed', window, sinks: 0, recompute: true },
    ...sinkCounts.map((sinks) => ({ reading: `${sinks} first + window`, window, sinks, recompute: false })),
  ];
  const { layers, heads } = lm.config;
  return readings.map((options) => {
    const { reading, ...keys } = options;
    const score = lm.evaluateStreaming(text, keys);
    return {
      reading,
      ...keys,
      bitsPerCharacter: score.bitsPerCharacter,
      firstPositionAttention: byLayer(score.firstPositionAttention, layers, heads),
      longest: score.longest,
      cacheBytes: score.cacheBytes,
    };
  });
}

/**
 * Per [layer][head], the mean share of attention a head's learnable sink logit takes (1 − the row's sum) over the
 * steps of `generation` (0 for a model without sink logits).
 * @param {import('./index.js').Generation} generation  @param {number} layers  @param {number} heads
 */
export function sinkLogitShares(generation, layers, heads) {
  const shares = Array.from({ length: layers }, () => new Array(heads).fill(0));
  for (const { attention, length } of generation.steps)
    for (let layer = 0; layer < layers; layer++)
      for (let head = 0; head < heads; head++) {
        const row = attention.subarray((layer * heads + head) * length, (layer * heads + head + 1) * length);
        shares[layer][head] += (1 - row.reduce((sum, w) => sum + w, 0)) / generation.steps.length;
      }
  return shares;
}

/** Gu et al.'s threshold: a head whose mean attention on the first token exceeds it is a sink head. */
export const sinkThreshold = 0.3;

/**
 * Per [layer][head], the mean attention on the first token (queries 2..context of each window of the text), and
 * the share of heads above sinkThreshold (Gu et al.'s sink rate).
 * @param {import('./index.js').LanguageModel} lm  @param {string} text
 */
export function sinkHeads(lm, text) {
  const shares = lm.firstTokenAttention(text);
  const all = shares.flat();
  return { shares, sinkRate: all.filter((share) => share > sinkThreshold).length / all.length };
}

/**
 * The experiment `npm run experiment:sinks` runs: createTrainer options for the default language model (width 64,
 * 2 blocks, 4 heads, context 64) with `positions` ('rope' by default: StreamingLLM's models use RoPE or ALiBi) and
 * a sliding window of `trainedWindow` (default 0: none), with a learnable sink logit per head if `sinkLogits`, on
 * `corpus`, and the text to read: its last `contexts` × 64 characters (inside the held-out tenth).
 * @param {{ corpus: string, positions?: 'sinusoidal' | 'rope' | 'alibi', trainedWindow?: number,
 *   sinkLogits?: boolean, steps?: number, contexts?: number }} options
 */
export function sinkExperiment({
  corpus,
  positions = 'rope',
  trainedWindow = 0,
  sinkLogits = false,
  steps = 800,
  contexts = 32,
}) {
  if (typeof corpus !== 'string') throw new TypeError(`corpus must be a string, got ${validate.describe(corpus)}`);
  const context = 64;
  if (!Number.isInteger(contexts) || contexts < 2 || contexts * context * 10 > corpus.length)
    throw new RangeError(`contexts must be a whole number from 2 whose text fits the corpus's held-out tenth`);
  return {
    trainerOptions: {
      task: { corpus, context, heldOut: 0.1 },
      model: { dModel: 64, heads: 4, ffn: 256, layers: 2, positions, window: trainedWindow, sinkLogits },
      steps,
      batchSize: 16,
      learningRate: 0.003,
    },
    text: corpus.slice(corpus.length - contexts * context),
    window: context / 2,
  };
}

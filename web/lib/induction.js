// Induction heads (Elhage et al. 2021; Olsson et al. 2022, "In-context Learning and Induction Heads"), measured on a
// language model of characters: sequences of random characters whose second half repeats the first, and per head
// the two attention patterns of the circuit (a previous-token head in one layer; an induction head in a later one,
// reading the character after the current one's earlier occurrence), with the model's loss on each half. The
// numbers are the model's own attention weights and probabilities, read through generate() and evaluate().
import { uniformSource } from './seeded-random.js';
import * as validate from './validate.js';

const letters = 'abcdefghijklmnopqrstuvwxyz';

/**
 * `count` sequences, each `length` distinct characters of `alphabet` (length drawn from minLength to maxLength, so a
 * model cannot learn one offset instead of the mechanism) followed by the same characters again: "qfkxqfkx".
 * Distinct within a sequence, so every character of the repeat has exactly one earlier occurrence.
 * @param {{ count: number, minLength?: number, maxLength?: number, alphabet?: string, seed?: number }} options
 * @returns {string[]}
 */
export function repeatedSequences({ count, minLength = 8, maxLength = 20, alphabet = letters, seed = 1 }) {
  for (const [name, value] of Object.entries({ count, minLength, maxLength, seed }))
    if (!Number.isInteger(value) || value < (name === 'count' ? 1 : 0))
      throw new RangeError(
        `${name} must be a whole number${name === 'count' ? ' from 1' : ''}, got ${validate.describe(value)}`,
      );
  const characters = [...validate.optionalString(alphabet, 'alphabet', letters)];
  if (minLength < 2 || maxLength < minLength || maxLength > characters.length)
    throw new RangeError(
      `lengths must satisfy 2 ≤ minLength ≤ maxLength ≤ the alphabet's ${characters.length} characters, got ${minLength} to ${maxLength}`,
    );
  const uniform = uniformSource(seed);
  return Array.from({ length: count }, () => {
    const length = minLength + Math.floor(uniform() * (maxLength - minLength + 1));
    const pool = [...characters];
    for (let i = 0; i < length; i++) {
      const j = i + Math.floor(uniform() * (pool.length - i)); // a partial Fisher-Yates shuffle
      [pool[i], pool[j]] = [pool[j], pool[i]];
    }
    const half = pool.slice(0, length).join('');
    return half + half;
  });
}

/** Bits to predict every character of `text` after its first, under `lm`. */
const totalBits = (lm, text) => {
  const { bitsPerCharacter, characters } = lm.evaluate({ text });
  return bitsPerCharacter * characters;
};

/**
 * Per head of `lm` (a LanguageModel with the characters tokenizer), over `sequences` from repeatedSequences():
 *   previousToken[layer][head]: mean attention from a position to the one just before it (every position but the
 *     first);
 *   prefixMatching[layer][head]: mean attention from a position of the repeat to the position after the same
 *     character's occurrence in the first half (Olsson et al.'s prefix-matching score; 1 is a perfect induction head);
 *   copying[layer][head]: lm.copyingScores() on the sequences' characters (from the weights: whether what a head reads
 *     is what it raises, the second half of an induction head);
 * and the model's bits per character predicting the first half (positions 2..L) and the repeat (L+2..2L: its first
 * character cannot be known), where an induction circuit makes the second near 0.
 * @param {import('./index.js').LanguageModel} lm  @param {string[]} sequences
 */
export function inductionScores(lm, sequences) {
  const { layers, heads } = lm.config;
  const grid = () => Array.from({ length: layers }, () => new Array(heads).fill(0));
  const previousToken = grid();
  const prefixMatching = grid();
  let previousCount = 0;
  let prefixCount = 0;
  let firstBits = 0;
  let firstCount = 0;
  let repeatBits = 0;
  let repeatCount = 0;
  for (const sequence of sequences) {
    const length = sequence.length / 2;
    if (!Number.isInteger(length) || sequence.slice(0, length) !== sequence.slice(length))
      throw new RangeError(`each sequence must be a string followed by itself, got ${validate.describe(sequence)}`);
    if (sequence.length > lm.config.context)
      throw new RangeError(`a sequence of ${sequence.length} characters is longer than the model's context`);
    // The attention of the query at `position` (the prompt's last character) over every position up to it.
    for (let position = 1; position < sequence.length - 1; position++) {
      const step = lm.generate(sequence.slice(0, position + 1), { tokens: 1, decoding: 'greedy', top: 1 }).steps[0];
      if (step.length !== position + 1) throw new RangeError('the model must read one token per character');
      const induction = position >= length ? position - length + 1 : -1; // after the earlier occurrence
      for (let layer = 0; layer < layers; layer++)
        for (let head = 0; head < heads; head++) {
          const row = step.attention.subarray(
            (layer * heads + head) * step.length,
            (layer * heads + head + 1) * step.length,
          );
          previousToken[layer][head] += row[position - 1];
          if (induction >= 0) prefixMatching[layer][head] += row[induction];
        }
      previousCount += 1;
      if (induction >= 0) prefixCount += 1;
    }
    const first = sequence.slice(0, length);
    firstBits += totalBits(lm, first);
    firstCount += length - 1;
    repeatBits += totalBits(lm, sequence) - totalBits(lm, sequence.slice(0, length + 1));
    repeatCount += length - 1;
  }
  const mean = (rows, count) => rows.map((row) => row.map((sum) => sum / count));
  return {
    previousToken: mean(previousToken, previousCount),
    prefixMatching: mean(prefixMatching, prefixCount),
    copying: lm.copyingScores(sequences.join('')),
    firstHalfBits: firstBits / firstCount,
    repeatBits: repeatBits / repeatCount,
  };
}

/**
 * The experiment `npm run experiment:induction` and the Generate view run: createTrainer options for an
 * attention-only model of `layers` layers (2: the circuit can form; 1: the control) on 8,000 random strings of 4-16
 * letters each repeated, and 16 other such strings to measure with. Measured here: at width 64 the two-layer
 * model's induction head forms between steps 400 and 600 (docs/models.md); at width 32 it had not by step 3,000.
 * @param {{ layers: 1 | 2 }} options
 */
export function inductionExperiment({ layers }) {
  if (layers !== 1 && layers !== 2) throw new RangeError(`layers must be 1 or 2, got ${validate.describe(layers)}`);
  const lengths = { minLength: 4, maxLength: 16 };
  const corpus = repeatedSequences({ count: 8000, seed: 1, ...lengths })
    .map((sequence) => `${sequence}\n`)
    .join('');
  return {
    trainerOptions: {
      task: { corpus, context: 40, heldOut: 0.05 },
      model: { dModel: 64, heads: 2, ffn: 0, layers, positions: /** @type {'sinusoidal'} */ ('sinusoidal') },
      steps: 1500,
      batchSize: 32,
      learningRate: 0.01,
      warmupSteps: 50,
    },
    probe: repeatedSequences({ count: 16, seed: 99, ...lengths }), // never trained on
  };
}

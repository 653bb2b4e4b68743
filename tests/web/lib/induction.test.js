// web/lib's induction-head measures (induction.js): the repeated sequences they read, and the scores' shape, range
// and refusals on a language model of characters.
import { describe, expect, it } from 'vitest';
import { createTrainer, inductionScores, repeatedSequences } from '../../../web/lib/index.js';
import { languageModelRun01 } from './old-defaults.js';

describe('repeatedSequences', () => {
  it('draws distinct characters of every length in range, each half repeated, the same for the same seed', () => {
    const sequences = repeatedSequences({ count: 300, minLength: 4, maxLength: 9, seed: 5 });
    expect(repeatedSequences({ count: 300, minLength: 4, maxLength: 9, seed: 5 })).toEqual(sequences);
    expect(repeatedSequences({ count: 300, minLength: 4, maxLength: 9, seed: 6 })).not.toEqual(sequences);
    const lengths = new Set();
    for (const sequence of sequences) {
      const half = sequence.slice(0, sequence.length / 2);
      expect(sequence).toBe(half + half);
      expect(new Set(half).size).toBe(half.length);
      expect(half).toMatch(/^[a-z]+$/);
      lengths.add(half.length);
    }
    expect([...lengths].sort()).toEqual([4, 5, 6, 7, 8, 9]);
    expect(
      repeatedSequences({ count: 3, alphabet: 'xyz', minLength: 3, maxLength: 3 }).every((s) => s.length === 6),
    ).toBe(true);
  });

  it('names what is wrong with its options', () => {
    expect(() => repeatedSequences({ count: 0 })).toThrow(/count must be a whole number from 1, got number 0/);
    expect(() => repeatedSequences({ count: 2, seed: 1.5 })).toThrow(/seed must be a whole number, got number 1\.5/);
    expect(() => repeatedSequences({ count: 2, maxLength: 30 })).toThrow(/≤ the alphabet's 26 characters, got 8 to 30/);
    expect(() => repeatedSequences({ count: 2, minLength: 1 })).toThrow(/2 ≤ minLength/);
    expect(() => repeatedSequences({ count: 2, alphabet: 7 })).toThrow(TypeError);
  });
});

/**
 * A stand-in for a language model with hand-made attention over 'abcdabcd' (half length 4): head 1 always attends to the
 * previous token; head 2 attends to the token after the current one's earlier occurrence in the repeat, uniformly in
 * the first half. Every character costs 1 bit. What inductionScores must make of it is known exactly.
 */
function handMadeModel(length) {
  return {
    config: { layers: 1, heads: 2, context: 64 },
    generate(prompt) {
      const position = [...prompt].length - 1;
      const size = position + 1;
      const attention = new Float32Array(2 * size);
      attention[position - 1] = 1;
      if (position >= length) attention[size + position - length + 1] = 1;
      else attention.fill(1 / size, size, 2 * size);
      return { steps: [{ attention, length: size }] };
    },
    evaluate: ({ text }) => ({ bitsPerCharacter: 1, characters: [...text].length - 1 }),
    copyingScores: () => [[0.25, 1]],
  };
}

describe('inductionScores', () => {
  it('reads a hand-made attention pattern as it must: a previous-token head and a perfect induction head', () => {
    const scores = inductionScores(/** @type {any} */ (handMadeModel(4)), ['abcdabcd']);
    expect(scores.previousToken[0][0]).toBe(1);
    // Head 2 puts 1/2, 1/3 and 1/4 on the previous token at positions 1-3 (uniform), 0 in the repeat: over 6 queries.
    expect(scores.previousToken[0][1]).toBeCloseTo((1 / 2 + 1 / 3 + 1 / 4) / 6, 6);
    expect(scores.prefixMatching[0]).toEqual([0, 1]);
    expect(scores.copying).toEqual([[0.25, 1]]);
    expect(scores.firstHalfBits).toBe(1);
    expect(scores.repeatBits).toBe(1);
  });

  it('gives every head of an attention-only model its scores, each a share of attention, and the loss on each half', async () => {
    const corpus = repeatedSequences({ count: 200, seed: 2 })
      .map((s) => `${s}\n`)
      .join('');
    const trainer = await createTrainer({
      ...languageModelRun01,
      task: { corpus, context: 48 },
      model: { dModel: 16, heads: 2, ffn: 0, layers: 2, positions: 'rope' },
      steps: 20,
    });
    expect(trainer.languageModel().config.ffn).toBe(0);
    trainer.step(20);
    const lm = trainer.languageModel();
    const scores = inductionScores(lm, repeatedSequences({ count: 4, seed: 3 }));
    for (const kind of ['previousToken', 'prefixMatching']) {
      expect(scores[kind]).toHaveLength(2);
      for (const layer of scores[kind]) {
        expect(layer).toHaveLength(2);
        for (const share of layer) (expect(share).toBeGreaterThan(0), expect(share).toBeLessThan(1));
      }
    }
    // The copying scores: one per head, each Σλ/Σ|λ| in [−1, 1], on the probes' characters (order and repeats aside).
    expect(scores.copying).toHaveLength(2);
    for (const layer of scores.copying) {
      expect(layer).toHaveLength(2);
      for (const score of layer) (expect(score).toBeGreaterThanOrEqual(-1), expect(score).toBeLessThanOrEqual(1));
    }
    const probeCharacters = [...new Set(repeatedSequences({ count: 4, seed: 3 }).join(''))];
    expect(lm.copyingScores(probeCharacters.reverse().join(''))).toEqual(scores.copying);
    expect(lm.copyingScores('abc')).not.toEqual(lm.copyingScores('xyz'));
    expect(() => lm.copyingScores('')).toThrow(/copyingScores: text must hold at least one token/);
    expect(() => lm.copyingScores(3)).toThrow(TypeError);
    // 20 steps learn which 26 characters occur (log2 26 = 4.7 bits), not yet any repeat.
    expect(scores.firstHalfBits).toBeGreaterThan(4);
    expect(scores.firstHalfBits).toBeLessThan(8);
    expect(Math.abs(scores.repeatBits - scores.firstHalfBits)).toBeLessThan(1);
    expect(() => inductionScores(lm, ['abcabd'])).toThrow(/a string followed by itself, got string abcabd/);
    expect(() => inductionScores(lm, ['abcdefghijklmnopqrstuvwxyz'.repeat(2)])).toThrow(
      /longer than the model's context/,
    );
    lm.dispose();
    trainer.dispose();
  });
});

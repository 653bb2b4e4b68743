// What the Generate view draws from a real generation (a small model trained a few steps in the module): the
// causal map is a lower triangle that moves with the window, each step's attention rows are distributions, pieces
// read back to their bytes, and the prompt-and-prefix the worker feeds again gives the model's own distribution
// exactly (it equals a temperature-1 generation's own).
import { beforeAll, describe, expect, it } from 'vitest';
import { createTrainer } from '../../../web/lib/index.js';
import { loadMessages } from '../../../web/src/i18n/messages.js';
import { spokenPiece } from '../../../web/src/generate/generate-text.js';
import {
  allPieces,
  attendedPositions,
  causalMap,
  headWeights,
  stepAttention,
} from '../../../web/src/generate/generation-maps.js';
import { modelPrefix, pieceBytes, visiblePiece } from '../../../web/src/generate/token-pieces.js';

const corpus = 'the cat sees the dog. the dog sees the cat. a cat likes a dog.\n'.repeat(30);

describe('token pieces', () => {
  beforeAll(() => loadMessages('generate')); // the names of spaces and line breaks are English messages here

  it('reads byte pieces back to their bytes and text pieces as UTF-8', () => {
    expect(Array.from(pieceBytes('<0xE0><0xA4>'))).toEqual([0xe0, 0xa4]);
    expect(Array.from(pieceBytes('é'))).toEqual([0xc3, 0xa9]);
    expect(Array.from(pieceBytes('<0x'))).toEqual([60, 48, 120]); // not a byte piece: its own characters
  });

  it('shows spaces and line breaks as signs, and says them in words', () => {
    expect(visiblePiece(' the\n')).toBe('␣the↵');
    expect(spokenPiece(' ')).toBe('space');
    expect(spokenPiece('\n')).toBe('line break');
    expect(spokenPiece('ab')).toBe('“ab”');
  });
});

describe('a generation as the view draws it', async () => {
  const trainer = await createTrainer({
    task: { corpus, context: 16 },
    steps: 30,
    batchSize: 4,
    learningRate: 0.003, // 0.1's default, which this run was made with
    model: { dModel: 16, heads: 2, ffn: 32, layers: 2 },
  });
  trainer.step(30);
  const lm = trainer.languageModel();
  const heads = lm.config.heads;
  const generation = lm.generate('the dog', { tokens: 30, outputTemperature: 1, seed: 3 });

  it('has a row of attention per layer and head at each step, each a distribution over its window', () => {
    generation.steps.forEach((step, i) => {
      const matrix = stepAttention(generation, i);
      expect(matrix.rows).toBe(lm.config.layers * heads);
      for (let r = 0; r < matrix.rows; r++) {
        const row = matrix.data.subarray(r * matrix.cols, (r + 1) * matrix.cols);
        expect(row.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 4);
      }
      // The query is the last token before this one: the window ends there.
      expect(attendedPositions(generation, i).last).toBe(generation.promptPieces.length + i - 1);
    });
  });

  it('draws the causal map as a lower triangle, cut on the left once the window moves', () => {
    const map = causalMap(generation, { layer: 1, head: 1, heads });
    expect(map.rows).toBe(30);
    expect(map.cols).toBe(generation.promptPieces.length + 29);
    expect(new Set(generation.steps.map((s) => s.windowStart)).size).toBeGreaterThan(1); // a context of 16 moved
    for (let i = 0; i < map.rows; i++) {
      const { first, last } = attendedPositions(generation, i);
      const weights = headWeights(generation, i, { layer: 1, head: 1, heads });
      for (let j = 0; j < map.cols; j++) {
        const value = map.data[i * map.cols + j];
        if (j < first || j > last) expect(value).toBe(-Infinity);
        else expect(value).toBe(weights[j - first]);
      }
    }
    expect(allPieces(generation)).toHaveLength(generation.promptPieces.length + 30);
  });

  it('feeds a prefix again to the same tokens, and its distribution is the generation’s own', () => {
    const written = {
      prompt: 'the dog',
      promptTokens: Array.from(generation.promptTokens),
      steps: generation.steps,
    };
    let exact = 0;
    generation.steps.forEach((_, index) => {
      const { text, tokens } = modelPrefix(written, index);
      // A barely trained model writes stray bytes; where they split a character the text does not read back.
      if (Array.from(lm.tokenize(text).ids).join() !== tokens.join()) return;
      exact += 1;
      const again = lm.generate(text, { tokens: 1, outputTemperature: 1, top: 10 }).steps[0].top;
      const own = generation.steps[index].top;
      expect(again.map((e) => e.id)).toEqual(own.map((e) => e.id));
      again.forEach((e, k) => expect(e.probability).toBeCloseTo(own[k].probability, 5));
    });
    expect(exact).toBeGreaterThan(0); // the first token's prefix is the prompt alone
    // A lone byte of a split character decodes to U+FFFD: the worker sees the text does not read back, and says so.
    const split = modelPrefix(
      { prompt: 'the', promptTokens: [116, 104, 101], steps: [{ id: 0xc3, text: '<0xC3>' }] },
      1,
    );
    expect(split.tokens).toEqual([116, 104, 101, 0xc3]);
    expect(Array.from(lm.tokenize(split.text).ids)).not.toEqual(split.tokens);
    // An empty prompt is the line break the library starts from.
    const fromNothing = lm.generate('', { tokens: 3, decoding: 'greedy' });
    const prefix = modelPrefix(
      { prompt: '', promptTokens: Array.from(fromNothing.promptTokens), steps: fromNothing.steps },
      2,
    );
    expect(Array.from(lm.tokenize(prefix.text).ids)).toEqual(prefix.tokens);
    lm.dispose();
    trainer.dispose();
  });
});

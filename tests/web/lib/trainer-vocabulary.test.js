// createTrainer({ vocabulary }): a language pair trained on its lexicon's commonest nouns, verbs and adjectives (the
// closed classes whole), 90 by default, 0 for the whole lexicon. The option reaches the module (a smaller vocabulary
// gives the model a smaller source vocabulary), is ignored by the sequence tasks, and a bad value names the option.
import { describe, expect, it } from 'vitest';
import { createTrainer, trainerDefaults } from '../../../web/lib/index.js';

const backend = 'wasm-simd128';
// The smallest model and no training: only the task and the vocabularies are built.
const tiny = {
  backend,
  steps: 1,
  warmupSteps: 0,
  model: { dModel: 8, heads: 1, ffn: 8, encoderLayers: 1, decoderLayers: 1 },
};

/** The source and target vocabularies of a fresh trainer's model for `options`, and its resolved vocabulary. */
async function vocabularies(options) {
  const trainer = await createTrainer({ ...tiny, ...options });
  const translator = trainer.translator();
  const { source, target } = translator.vocabulary;
  const result = { source: source.length, target: target.length, vocabulary: trainer.options.vocabulary };
  translator.dispose();
  trainer.dispose();
  return result;
}

describe('createTrainer({ vocabulary })', () => {
  it('defaults to the 90 commonest words, the Train view’s default run', async () => {
    expect(trainerDefaults.vocabulary).toBe(90);
    expect((await vocabularies({})).vocabulary).toBe(90);
  });

  it('reaches the module: 20 words give a smaller source vocabulary than 90, and 90 no larger than the whole lexicon', async () => {
    const few = await vocabularies({ task: 'en-es', vocabulary: 20 });
    const usual = await vocabularies({ task: 'en-es' });
    const all = await vocabularies({ task: 'en-es', vocabulary: 0 });
    expect(few.vocabulary).toBe(20);
    expect(few.source).toBeLessThan(all.source);
    expect(few.source).toBeLessThan(usual.source);
    expect(usual.source).toBeLessThanOrEqual(all.source);
    expect(few.target).toBeLessThan(all.target); // the words' translations go with them
    // more than the lexicon has is the whole lexicon
    expect((await vocabularies({ task: 'en-es', vocabulary: 100000 })).source).toBe(all.source);
  });

  it('is ignored by the sequence tasks, as longestSentence is', async () => {
    const reverse = await vocabularies({ task: 'reverse', vocabulary: 20 });
    expect(reverse.source).toBe((await vocabularies({ task: 'reverse', vocabulary: 0 })).source);
  });

  it.each([
    ['a negative count', -1],
    ['a fraction', 2.5],
    ['NaN', NaN],
    ['infinity', Infinity],
    ['more than 100,000', 100001],
  ])('refuses %s with a RangeError naming options.vocabulary', async (_, vocabulary) => {
    const attempt = createTrainer({ ...tiny, task: 'en-ja', vocabulary });
    await expect(attempt).rejects.toThrow(RangeError);
    await expect(createTrainer({ ...tiny, task: 'en-ja', vocabulary })).rejects.toThrow(
      /createTrainer: options\.vocabulary must be 0 \(the whole lexicon\) or a whole number of the commonest words from 1 to 100000, got /,
    );
  });

  it('refuses a count that is not a number with a TypeError naming options.vocabulary', async () => {
    await expect(createTrainer({ ...tiny, vocabulary: '90' })).rejects.toThrow(
      new TypeError('options.vocabulary must be a number, got string 90'),
    );
  });
});

// The Train view's first sentence for a language pair (its probe, from the registry) is one the model being trained
// can read at every vocabulary the view offers: a probe of words outside the commonest 60 would answer a learner's
// first run with "unknown word" (the commonest N words of a smaller N are among a larger N's).
import { describe, expect, it } from 'vitest';
import { createTrainer } from '../../../web/lib/index.js';
import { languagePairs } from '../../../web/lib/language-pairs.js';
import { trainChoices } from '../../../web/src/train/train-state.js';

const smallest = Math.min(...trainChoices.vocabulary.filter((words) => words > 0));

describe('the Train view’s probes', () => {
  it.each(languagePairs.map((pair) => [pair.id, pair.probe]))(
    '%s: “%s” is read by a model of the commonest words the view offers, and the grammar translates it',
    async (task, probe) => {
      const trainer = await createTrainer({ task, vocabulary: smallest, steps: 1, backend: 'wasm-simd128' });
      expect(trainer.reference(probe)?.target.length).toBeGreaterThan(1);
      trainer.step(1);
      const translator = trainer.translator();
      expect(translator.translate(probe).source).toEqual([...probe.split(' '), '<eos>']);
      translator.dispose();
      trainer.dispose();
    },
  );
});

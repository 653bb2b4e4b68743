// A run's one-line description (the legend, the saved models' names, the Translation view's label): a language
// pair's vocabulary is said when it is not the default's, and not for other tasks or runs saved before the option.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../web/src/i18n/messages.js';
import { describeRun } from '../../../web/src/train/run-description.js';
import { defaultTrainState, trainerOptions } from '../../../web/src/train/train-state.js';

beforeAll(() => Promise.all([loadMessages('train'), loadMessages('heads')]));

const run = (changes) => ({ options: trainerOptions({ ...defaultTrainState(), ...changes }) });

describe('describeRun', () => {
  it('says a language pair’s vocabulary when it is not the default’s', () => {
    expect(describeRun(run({}))).toBe('D=32, 4 heads, 2+2 layers');
    expect(describeRun(run({ vocabulary: 60 }))).toBe('60 most common words, D=32, 4 heads, 2+2 layers');
    expect(describeRun(run({ task: 'en-mr', vocabulary: 0 }))).toBe('en-mr, whole lexicon, D=32, 4 heads, 2+2 layers');
    expect(describeRun(run({ task: 'reverse', vocabulary: 60 }))).toBe(
      'reverse, lengths 3-8, D=32, 4 heads, 2+2 layers',
    );
    const saved = run({ vocabulary: 60 }); // an entry saved before the option: none said
    delete saved.options.vocabulary;
    expect(describeRun(saved)).toBe('D=32, 4 heads, 2+2 layers');
  });
});

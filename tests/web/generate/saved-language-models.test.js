// A saved language model's entry is read as strictly as a weight file: any forged, truncated or foreign entry gets a
// reason (a code the list says in the page's language), never an exception, and only well-formed entries of this
// version pass; its files must be bytes, and the learner's text must be there when the run trained on it.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { SavedFilesError } from '../../../web/src/common/saved-models-store.js';
import {
  languageModelEntryProblem,
  languageModelEntryVersion,
  languageModelFilesProblem,
  languageModelProblemCodes,
} from '../../../web/src/generate/saved-language-models.js';
import { savedDescription, savedText } from '../../../web/src/generate/saved-models-text.js';
import { languageModelFileName } from '../../../web/src/generate/generate-text.js';
import { loadMessages } from '../../../web/src/i18n/messages.js';
import { keptOptions } from '../../../web/src/generate/run-keeper.js';
import { languageModelDefaults } from '../../../web/lib/language-model.js';
import { hostileObjects } from '../hostile-values.js';

beforeAll(() => Promise.all([loadMessages('generate'), loadMessages('generatePage')])); // the reasons are said in the page's language (English here)

// The options as a run's trainer resolves them (every default filled in), kept as the view keeps them.
const options = keptOptions({
  ...languageModelDefaults,
  task: { ...languageModelDefaults.task, characters: 5000 },
  model: { ...languageModelDefaults.model, kvHeads: 4 },
  warmupSteps: 60,
});

const valid = () => ({
  id: 2,
  version: languageModelEntryVersion,
  savedAt: Date.now(),
  status: 'unfinished',
  corpus: 'own',
  characters: 5000,
  step: 300,
  steps: 600,
  losses: new Float32Array([5.5, 4, 3]),
  evaluations: [{ step: 0, bitsPerCharacter: 8, unigram: 4.5, bigram: 3.4 }],
  sample: 'the cat',
  options,
});

describe('languageModelEntryProblem', () => {
  it('accepts an entry as the Generate view writes it, whose options keep no text', () => {
    expect(languageModelEntryProblem(valid())).toBeNull();
    expect(options.task).toEqual({ tokenizer: 'characters', merges: 256, context: 64, heldOut: 0.1 });
    expect(languageModelEntryProblem({ ...valid(), sample: null, corpus: 'austen' })).toBeNull();
  });

  it.each([
    ['a newer version', { version: languageModelEntryVersion + 1 }, 'newer'],
    ['no version', { version: undefined }, 'older'],
    ['a fractional id', { id: 1.5 }, 'id'],
    ['a date as text', { savedAt: 'yesterday' }, 'date'],
    ['an unknown status', { status: 'running' }, 'status'],
    ['an unknown text', { corpus: 'moby-dick' }, 'corpus'],
    ['a negative length', { characters: -1 }, 'characters'],
    ['more steps done than planned', { step: 601 }, 'steps'],
    ['losses as an Array', { losses: [5, 4] }, 'losses'],
    ['a NaN score', { evaluations: [{ step: 1, bitsPerCharacter: NaN, unigram: 1, bigram: 1 }] }, 'evaluations'],
    ['a null score', { evaluations: [null] }, 'evaluations'],
    ['a sample of a megabyte', { sample: 'x'.repeat(1e6) }, 'sample'],
    ['no options', { options: null }, 'options'],
    ['an unknown tokenizer', { options: { ...options, task: { ...options.task, tokenizer: 'words' } } }, 'tokenizer'],
    ['a NaN held-out share', { options: { ...options, task: { ...options.task, heldOut: NaN } } }, 'context'],
    ['a fractional width', { options: { ...options, model: { ...options.model, dModel: 1.5 } } }, 'shape'],
    ['unknown positions', { options: { ...options, model: { ...options.model, positions: 'learned' } } }, 'shape'],
    ['a batch of text', { options: { ...options, batchSize: '16' } }, 'schedule'],
  ])('refuses %s, and says why in words', (_, change, code) => {
    const entry = { ...valid(), ...change };
    expect(languageModelEntryProblem(entry)).toBe(code);
    expect(languageModelProblemCodes).toContain(code);
    expect(savedText.unreadableText(2, entry, code).text).toMatch(/^Entry 2: cannot be used \(\w[^.]+\)\.$/);
  });

  it('names an unreadable entry by its id, and says a newer format as such', () => {
    expect(savedText.unreadableText(7, { ...valid(), savedAt: 'yesterday' }, 'date').text).toBe(
      'Entry 7: cannot be used (its date is not a number).',
    );
    expect(savedText.unreadableText(undefined, null, 'notAnEntry').text).toBe(
      'Entry ?: cannot be used (not a saved model).',
    );
    expect(savedText.unreadableText(8, { version: 99 }, 'newer').text).toBe(
      'Entry 8: cannot be used (saved by a newer version of the site: reload the page).',
    );
  });

  it('gives a reason for anything at all, and never throws', () => {
    fc.assert(fc.property(fc.anything(), (value) => typeof languageModelEntryProblem(value) === 'string'));
    const fields = Object.keys(valid());
    fc.assert(
      fc.property(fc.constantFrom(...fields), fc.anything(), (field, value) => {
        const problem = languageModelEntryProblem({ ...valid(), [field]: value });
        return problem === null || typeof problem === 'string';
      }),
    );
  });

  it.each(Object.entries(hostileObjects))('%s in any field gives a reason, not an exception', (_, hostile) => {
    for (const field of Object.keys(valid())) {
      const problem = languageModelEntryProblem({ ...valid(), [field]: hostile }); // a Float32Array is a loss curve
      expect(problem === null || typeof problem === 'string').toBe(true);
    }
  });
});

describe('languageModelFilesProblem', () => {
  const bytes = new Uint8Array([1, 2, 3]);
  it('wants both files as bytes, and the learner’s text when the run trained on it', () => {
    expect(languageModelFilesProblem({ checkpoint: bytes, weights: bytes, text: 'abc' }, valid())).toBeNull();
    expect(
      languageModelFilesProblem({ checkpoint: bytes, weights: bytes, text: null }, { corpus: 'austen' }),
    ).toBeNull();
    expect(languageModelFilesProblem({ checkpoint: bytes, weights: bytes, text: null }, valid())).toBe('text');
    for (const bad of [undefined, null, { checkpoint: bytes }, { checkpoint: [1], weights: bytes }])
      expect(languageModelFilesProblem(bad, valid())).toBe('files');
    expect(savedText.problemText(new SavedFilesError('text'))).toBe(
      'This saved model cannot be used: the text it was trained on is missing.',
    );
  });
});

describe('a saved model as the list and a download name it', () => {
  const model = { dModel: 64, heads: 4, kvHeads: 2, layers: 2 };

  it('says its key/value heads beside its heads', () => {
    const entry = { corpus: 'austen', characters: 1, options: { model, task: { tokenizer: 'characters' } } };
    expect(savedDescription(entry)).toBe(
      'Pride and Prejudice · characters · width 64, 2 layers × 4 heads, 2 key/value heads',
    );
  });

  it('downloads under a name carrying the key/value heads and its time: two runs of one shape never share one', () => {
    const first = Date.UTC(2026, 10, 28, 12, 0, 5);
    const name = languageModelFileName(model, 600, first);
    expect(name).toMatch(/^language-model-d64-2x4-kv2-600steps-\d{8}-\d{6}\.bin$/);
    expect(languageModelFileName(model, 600, first + 1000)).not.toBe(name);
    expect(languageModelFileName({ ...model, kvHeads: 1 }, 600, first)).not.toBe(name);
    expect(languageModelFileName(model, null)).toBe('language-model-d64-2x4-kv2.bin');
  });
});

// The saved models' entries are read as strictly as weight files: any forged, truncated or foreign entry gets a
// reason (listed as unreadable), never an exception, and only well-formed entries of this version pass.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { SavedFilesError } from '../../../web/src/common/saved-models-store.js';
import { loadMessages } from '../../../web/src/i18n/messages.js';
import { entryProblem, entryVersion, weightsProblem } from '../../../web/src/train/saved-models.js';
import { savedText } from '../../../web/src/train/saved-models-text.js';
import { hostileObjects } from '../hostile-values.js';

beforeAll(() => loadMessages('train')); // the reasons are said in the page's language (English here)

const valid = () => ({
  id: 3,
  version: entryVersion,
  name: 'my model',
  description: 'D=16, 2 heads, 1+1 layers',
  savedAt: Date.now(),
  status: 'finished',
  task: 'en-es',
  options: {
    steps: 40,
    model: { dModel: 16, heads: 2, ffn: 32, encoderLayers: 1, decoderLayers: 1 },
    ablations: { noPositions: false },
    sequenceLength: { min: 3, max: 8 },
  },
  step: 40,
  steps: 40,
  final: { exact: 3, total: 500 },
  losses: new Float32Array([5, 4, 3]),
  evaluations: [{ step: 40, exact: 1, total: 50, alignment: 0.5 }],
  examples: [],
  probe: 'the dog',
});

describe('entryProblem', () => {
  it('accepts an entry as the Train view writes it', () => {
    expect(entryProblem(valid())).toBeNull();
  });

  it.each([
    [
      'a newer version',
      { version: entryVersion + 1 },
      'newer',
      /saved by a newer version of the site \(format 2; this one reads 1\): reload the page/,
    ],
    ['an older version', { version: 0 }, 'older', /saved in an older format \(0\)/],
    ['no version', { version: undefined }, 'older', /saved in an older format \(undefined\)/],
    ['a name that is not text', { name: { toString: () => 'x' } }, 'name', /name or description/],
    ['a name of a megabyte', { name: 'x'.repeat(1e6) }, 'name', /name or description/],
    ['an unknown status', { status: 'running' }, 'status', /status is neither/],
    ['more steps done than asked', { step: 41 }, 'steps', /step counts/],
    ['losses as an Array', { losses: [5, 4] }, 'losses', /loss curve/],
    [
      'a score with more exact than total',
      { evaluations: [{ step: 1, exact: 60, total: 50, alignment: 0 }] },
      'score',
      /scores is malformed/,
    ],
    [
      'a NaN alignment',
      { evaluations: [{ step: 1, exact: 1, total: 50, alignment: NaN }] },
      'score',
      /scores is malformed/,
    ],
    ['a null score', { evaluations: [null] }, 'score', /scores is malformed/],
    ['scores that are not a list', { evaluations: 'none' }, 'evaluations', /scores are not a list/],
    ['a final score as a number', { final: 3 }, 'final', /final score/],
    ['examples that are not text', { examples: [1, 2] }, 'examples', /example sentences/],
    ['options without a model', { options: { steps: 40 } }, 'shape', /model shape/],
    [
      'a model of a fractional width',
      { options: { ...valid().options, model: { ...valid().options.model, dModel: 1.5 } } },
      'shape',
      /model shape/,
    ],
    ['no options', { options: null }, 'options', /training options are missing/],
    [
      'sequence lengths that are not numbers',
      { options: { ...valid().options, sequenceLength: { min: 'a', max: 8 } } },
      'lengths',
      /sequence lengths/,
    ],
    ['a task that is not a name', { task: 7 }, 'task', /task is not a name/],
    ['a date that is not a number', { savedAt: 'today' }, 'date', /date is not a number/],
    ['an id that is not whole', { id: 1.5 }, 'id', /id is not a whole number/],
    [
      'ablations that are not flags',
      { options: { ...valid().options, ablations: { noPositions: 'yes' } } },
      'ablations',
      /ablations are malformed/,
    ],
  ])('refuses %s, and says why in words', (_, change, code, reason) => {
    const entry = { ...valid(), ...change };
    expect(entryProblem(entry)).toBe(code);
    expect(savedText.unreadableText(3, entry, code).text).toMatch(reason);
  });

  it('names an unreadable entry by its name when it is text, else by its id', () => {
    expect(savedText.unreadableText(3, valid(), 'date').text).toBe(
      'my model: cannot be used (its date is not a number).',
    );
    expect(savedText.unreadableText(7, { name: { toString: () => 'x' } }, 'name').name).toBe('entry 7');
  });

  it('weights: bytes, not empty, at most 64 MiB', () => {
    expect(weightsProblem(new Uint8Array([1, 2, 3]))).toBeNull();
    for (const bad of ['AAAA', new Uint8Array(0), [1, 2], new Float32Array(2), undefined, null])
      expect(weightsProblem(bad)).toBe('weights');
    expect(savedText.problemText(new SavedFilesError('weights'))).toBe(
      'This saved model cannot be used: its weight file is missing or not bytes.',
    );
  });

  it('gives a reason for anything at all, and never throws', () => {
    fc.assert(fc.property(fc.anything(), (value) => typeof entryProblem(value) === 'string'));
    const fields = Object.keys(valid());
    fc.assert(
      fc.property(fc.constantFrom(...fields), fc.anything(), (field, value) => {
        const problem = entryProblem({ ...valid(), [field]: value });
        return problem === null || typeof problem === 'string';
      }),
    );
  });
});

describe('entryProblem on values whose conversion to text throws', () => {
  // Found by an unseeded fast-check run: String(entry.version) threw on { toString: 0 }.
  it.each(Object.entries(hostileObjects))('%s in any field gives a reason, not an exception', (_, hostile) => {
    expect(entryProblem({ ...valid(), version: hostile })).toBe('older');
    expect(savedText.unreadableText(3, { version: hostile, name: hostile }, 'older').text).toMatch(
      /^entry 3: cannot be used \(saved in an older format \((object|function)\)/,
    );
    for (const field of Object.keys(valid())) {
      const problem = entryProblem({ ...valid(), [field]: hostile }); // a Float32Array is a valid loss curve
      expect(problem === null || typeof problem === 'string').toBe(true);
    }
  });
});

// The saved models' entries are read as strictly as weight files: any forged, truncated or foreign entry gets a
// reason (listed as unreadable), never an exception, and only well-formed entries of this version pass.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entryProblem, entryVersion, weightsProblem } from '../../../web/src/train/saved-models.js';
import { hostileObjects } from '../hostile-values.js';

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
    ['a newer version', { version: entryVersion + 1 }, /saved by a newer version of the site/],
    ['an older version', { version: 0 }, /saved in an older format \(0\)/],
    ['no version', { version: undefined }, /saved in an older format \(undefined\)/],
    ['a name that is not text', { name: { toString: () => 'x' } }, /name or description/],
    ['a name of a megabyte', { name: 'x'.repeat(1e6) }, /name or description/],
    ['an unknown status', { status: 'running' }, /status/],
    ['more steps done than asked', { step: 41 }, /step counts/],
    ['losses as an Array', { losses: [5, 4] }, /loss curve/],
    [
      'a score with more exact than total',
      { evaluations: [{ step: 1, exact: 60, total: 50, alignment: 0 }] },
      /scores is malformed/,
    ],
    ['a NaN alignment', { evaluations: [{ step: 1, exact: 1, total: 50, alignment: NaN }] }, /scores is malformed/],
    ['a null score', { evaluations: [null] }, /scores is malformed/],
    ['a final score as a number', { final: 3 }, /final score/],
    ['examples that are not text', { examples: [1, 2] }, /example sentences/],
    ['options without a model', { options: { steps: 40 } }, /model shape/],
    [
      'a model of a fractional width',
      { options: { ...valid().options, model: { ...valid().options.model, dModel: 1.5 } } },
      /model shape/,
    ],
    [
      'ablations that are not flags',
      { options: { ...valid().options, ablations: { noPositions: 'yes' } } },
      /ablations/,
    ],
  ])('refuses %s', (_, change, reason) => {
    expect(entryProblem({ ...valid(), ...change })).toMatch(reason);
  });

  it('weights: bytes, not empty, at most 64 MiB', () => {
    expect(weightsProblem(new Uint8Array([1, 2, 3]))).toBeNull();
    for (const bad of ['AAAA', new Uint8Array(0), [1, 2], new Float32Array(2), undefined, null])
      expect(weightsProblem(bad)).toMatch(/missing or not bytes/);
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
    expect(entryProblem({ ...valid(), version: hostile })).toMatch(/older format \((object|function)\)/);
    for (const field of Object.keys(valid())) {
      const problem = entryProblem({ ...valid(), [field]: hostile }); // a Float32Array is a valid loss curve
      expect(problem === null || typeof problem === 'string').toBe(true);
    }
  });
});

// The line by the strip says the newest timing of the writing shown: its own, or, once "Compare with recomputing"
// has timed the same writing again, the comparison's time for the way it was written (cache or not), said as such.
import { beforeAll, describe, expect, it } from 'vitest';
import { generationTime } from '../../../web/src/generate/generate-text.js';
import { loadMessages } from '../../../web/src/i18n/messages.js';

describe('the generation’s time line', () => {
  beforeAll(() => loadMessages('generate'));
  const written = (cache, comparison) => ({
    steps: new Array(40).fill({}),
    seconds: 0.05,
    options: { cache },
    trainedSteps: 4000,
    ...(comparison && { comparison }),
  });
  const comparison = { cachedSeconds: 0.012, recomputedSeconds: 0.031, tokens: 40, sameText: true };

  it('says its own time before any comparison', () => {
    expect(generationTime(written(true))).toBe(
      '40 tokens in 50 ms, with the key/value cache, by the model of step 4000.',
    );
  });

  it('says the comparison’s time for the way it was written once compared, never the older one', () => {
    expect(generationTime(written(true, comparison))).toBe(
      '40 tokens in 12 ms, with the key/value cache, by the model of step 4000. Timed again by the comparison with recomputing.',
    );
    expect(generationTime(written(false, comparison))).toMatch(
      /^40 tokens in 31 ms, recomputing the window at every token/,
    );
  });
});

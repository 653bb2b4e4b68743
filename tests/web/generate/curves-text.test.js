// The sentences the Generate view writes under its chart (curves-text.js) and beside its progress bar
// (generate-text.js), from issue 59's story read at each moment: "not yet better than counting" only while it never
// was, the best so far beside the latest, overfitting by the rule, the small held-out part warned of; a stopped run
// with no time left, a finished one "finished".
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../web/src/i18n/messages.js';
import { curvesSentences } from '../../../web/src/generate/curves-text.js';
import { progressText } from '../../../web/src/generate/generate-text.js';
import { curvePoints, readCurves } from '../../../web/src/generate/overfitting.js';

beforeAll(() => Promise.all([loadMessages('generate'), loadMessages('generatePage')]));

const baselines = { unigram: 4.27, bigram: 3.21 };
const story = [
  [0, 8.1],
  [100, 3.18],
  [200, 3.4],
  [300, 3.7],
  [1200, 4.86],
].map(([step, bits]) => ({ step, bitsPerCharacter: bits, ...baselines }));
const losses = Array.from({ length: 1200 }, (_, i) => 0.13 + 5.4 * Math.exp(-i / 60)); // down to 0.13 nats
const at = (step, tokens = 276) =>
  curvesSentences(
    readCurves(
      curvePoints(
        story.filter((e) => e.step <= step),
        losses,
        1,
      ),
    ),
    tokens,
  );

describe('the chart’s sentences', () => {
  it('say "not yet better than counting" only before the model ever was', () => {
    expect(at(0).summary).toBe(
      'Step 0: 8.100 bits per character on held-out text (276 tokens), above the unigram model: not yet better than ' +
        'counting tokens. Counting models: unigram 4.270, bigram 3.210.',
    );
    expect(at(100).summary).toMatch(/^Step 100: 3.180 bits .*, below the bigram model: it reads more than the token/);
    expect(at(1200).summary).toBe(
      'Step 1200: 4.860 bits per character on held-out text (276 tokens), above the unigram model: worse than ' +
        'counting tokens now, though it was better earlier. Its best so far: 3.180 at step 100, below the bigram ' +
        'model. Counting models: unigram 4.270, bigram 3.210.',
    );
  });

  it('name overfitting from the second rise, with the training curve’s bits, and warn of a small held-out part', () => {
    expect(at(200).overfitting).toBe('');
    expect(at(300).overfitting).toMatch(
      /^Overfitting: the held-out score has stayed above its best since step 200 while the training curve fell to /,
    );
    // The mean of steps 301 to 1,200 (0.13 nats and the fall's last 0.002), over ln 2.
    expect(at(1200).overfitting).toMatch(/fell to 0\.191 bits per character: /);
    expect(at(1200).warning).toMatch(/^Only 276 held-out tokens, fewer than 1,000: .* about 0\.15 bits per character/);
    expect(at(1200, 1000).warning).toBe('');
    expect(curvesSentences(null, 276).summary).toMatch(/^Held-out text is never trained on/);
  });
});

describe('the progress line', () => {
  const run = { step: 537, steps: 1200, stepsPerSecond: 5, trainingSeconds: 107 };
  it('says where a stopped run stopped, with no time left; a finished one, finished', () => {
    expect(progressText(run, 'running', {})).toBe('step 537 of 1200 · 5 steps/s · 2 min 13 s left');
    expect(progressText(run, 'pausing', {})).toBe('step 537 of 1200 · 5 steps/s');
    expect(progressText(run, 'paused', {})).toBe('stopped at step 537 of 1200');
    expect(progressText({ ...run, step: 1200 }, 'done', {})).toBe(
      'step 1200 of 1200 · 5 steps/s · finished in 1 min 47 s',
    );
  });
});

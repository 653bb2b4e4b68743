// The page's reading of a run's curves (web/src/generate/overfitting.js) on recorded curves: issue 59's story (a
// 2,756-character text: held-out 3.18 at step 100 under the bigram's 3.21, 4.86 by step 1,200 over the unigram's
// 4.27, training down to 0.13 nats), the rule's edges, and properties on random curves (the suite's seed).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../property-seed.js';
import {
  bitsPerCharacter,
  curvePoints,
  readCurves,
  riseMargin,
  risesToCall,
  verdict,
} from '../../../web/src/generate/overfitting.js';

const baselines = { unigram: 4.27, bigram: 3.21 };
const measured = (pairs) => pairs.map(([step, bits]) => ({ step, bitsPerCharacter: bits, ...baselines }));
/** Held-out scores measured every 10 steps from step 0. */
const everyTen = (...heldOut) => measured(heldOut.map((bits, i) => [10 * i, bits]));

/** Training losses (nats per token) of `steps` steps falling from ln 256 to `last`, as a run records them. */
function fallingLosses(steps, last) {
  const first = Math.log(256);
  return Array.from({ length: steps }, (_, i) => last + (first - last) * Math.exp(-i / 60));
}

// The story, measured every 100 steps (characters: one character a token).
const story = measured([
  [0, 8.1],
  [100, 3.18],
  [200, 3.26],
  [300, 3.41],
  [400, 3.62],
  [500, 3.8],
  [600, 3.97],
  [700, 4.12],
  [800, 4.29],
  [900, 4.45],
  [1000, 4.6],
  [1100, 4.74],
  [1200, 4.86],
]);
const storyLosses = fallingLosses(1200, 0.13);

describe('reading the curves', () => {
  it('converts nats per token to bits per character at the text’s characters per token', () => {
    expect(bitsPerCharacter(Math.LN2, 1)).toBe(1);
    expect(bitsPerCharacter(0.13, 1)).toBeCloseTo(0.1876, 4);
    expect(bitsPerCharacter(2 * Math.LN2, 2.5)).toBeCloseTo(0.8, 12); // byte pairs: 2.5 characters a token
  });

  it('puts the training curve at each measurement: the mean of the steps since the one before', () => {
    const points = curvePoints(
      measured([
        [0, 8],
        [2, 5],
        [5, 4],
      ]),
      [1, 3, 2, 2, 2].map((b) => b * Math.LN2),
      1,
    );
    expect(points.map((p) => p.training)).toEqual([null, 2, 2]);
    expect(points.map((p) => p.heldOut)).toEqual([8, 5, 4]);
    // A measurement past the losses known (a continued run's past kept without them) has no training point.
    expect(
      curvePoints(
        measured([
          [0, 8],
          [9, 5],
        ]),
        [1, 1],
        1,
      )[1].training,
    ).toBeNull();
  });

  it('tells issue 59’s story: best at step 100 under the bigram, overfitting from step 200, above the unigram now', () => {
    const reading = readCurves(curvePoints(story, storyLosses, 1));
    expect(reading.best.step).toBe(100);
    expect(reading.best.heldOut).toBe(3.18);
    expect(reading.bestVerdict).toBe('below');
    expect(reading.now.step).toBe(1200);
    expect(reading.nowVerdict).toBe('above');
    expect(reading.overfitting).toEqual({ since: 200, best: 100 });
    expect(reading.now.training).toBeCloseTo(bitsPerCharacter(0.13, 1), 2);
    expect(reading.now.training).toBeLessThan(reading.best.training);

    // At each moment of the run: at step 100 the best is now; one rise is not yet overfitting; two are.
    const at = (step) =>
      readCurves(
        curvePoints(
          story.filter((e) => e.step <= step),
          storyLosses,
          1,
        ),
      );
    expect(at(100).overfitting).toBeNull();
    expect(at(100).best.step).toBe(100);
    expect(at(200).overfitting).toBeNull();
    expect(at(300).overfitting).toEqual({ since: 200, best: 100 });
    // Over the unigram from step 800, but its best stays below the bigram: never "not yet better than counting".
    expect(at(800).nowVerdict).toBe('above');
    expect(at(800).bestVerdict).toBe('below');
  });

  it('calls nothing overfitting while the training curve does not fall, after a new best, or within the margin', () => {
    // Held-out rising while training rises too: the run diverges (a learning rate too high), it is not overfitting.
    const diverging = curvePoints(everyTen(8, 3, 3.5, 4), [...Array(30).keys()], 1);
    expect(readCurves(diverging).overfitting).toBeNull();
    const overfits = (...heldOut) =>
      readCurves(curvePoints(everyTen(...heldOut), fallingLosses(10 * heldOut.length, 0.5), 1)).overfitting;
    expect(overfits(8, 3.2, 3.3, 3.4, 3.1)).toBeNull(); // a new best after rises
    // Rises within the margin are a steady model's wobble, not overfitting; past it, they are.
    expect(overfits(8, 3.08, 3.12, 3.09)).toBeNull();
    expect(overfits(8, 3.08, 3.14, 3.2)).toEqual({ since: 20, best: 10 });
    expect(readCurves([])).toBeNull();
  });

  it('places a score against the baselines', () => {
    expect(verdict(3.18, baselines)).toBe('below');
    expect(verdict(3.21, baselines)).toBe('between');
    expect(verdict(4.27, baselines)).toBe('above');
  });

  it('on random curves: the best is the lowest, never after now, and overfitting only after enough rises', () => {
    const curve = fc.array(fc.double({ min: 0.5, max: 8, noNaN: true }), { minLength: 1, maxLength: 30 });
    fc.assert(
      fc.property(curve, fc.double({ min: 0.05, max: 2, noNaN: true }), (heldOut, last) => {
        const evaluations = everyTen(...heldOut);
        const reading = readCurves(curvePoints(evaluations, fallingLosses(10 * heldOut.length, last), 1));
        expect(reading.best.heldOut).toBe(Math.min(...heldOut));
        expect(reading.best.step).toBe(10 * heldOut.indexOf(Math.min(...heldOut)));
        const rises = heldOut.length - 1 - heldOut.indexOf(Math.min(...heldOut));
        const risen = heldOut.slice(-risesToCall).every((bits) => bits > reading.best.heldOut + riseMargin);
        // The training losses fall at every step, so the rule is the held-out rises alone.
        expect(reading.overfitting !== null).toBe(reading.best.step > 0 && rises >= risesToCall && risen);
      }),
      { numRuns: propertyRuns(200) },
    );
  });
});

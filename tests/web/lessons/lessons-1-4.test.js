// Lessons 1-4 as a learner checks them (SIMD build): lesson 1's marks said from what was computed (the gates keep
// every item, so they are not selective), lesson 2's distances named and computed in the max-norm, lesson 3's X
// edited (through the module and the URL) with its formula's numbers, lesson 4's slopes w(1 − w) scaled and not.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAttention } from '../../../web/lib/index.js';
import { loadMessages } from '../../../web/src/i18n/messages.js';
import { decodeLessonsState, defaultLessonsState, encodeLessonsState } from '../../../web/src/lessons/lessons-state.js';
import { items, summaries, verdict } from '../../../web/src/lessons/widgets/selective-math.js';
import {
  defaultScores,
  hardAttention,
  maxNormDistances,
  softAttention,
} from '../../../web/src/lessons/widgets/softmax-math.js';
import { defaultX, keysQueriesValues, onlineSoftmaxRow } from '../../../web/src/lessons/widgets/kqv-math.js';
import { formulaMeanings } from '../../../web/src/lessons/widgets/kqv-formula.js';
import { keyCount, scalingExperiment, softmaxSlopes, widths } from '../../../web/src/lessons/widgets/scaling-math.js';

let api;
beforeAll(async () => {
  api = await loadAttention({ backend: 'wasm-simd128' });
  await loadMessages('lessons'); // the formula's legend is in words (English here)
});

describe('lesson 1: each summary’s mark says what was computed', () => {
  it('the gates are all open (above ½) and keep every item: not selective; attention keeps; the decay forgets', () => {
    for (let chosen = 0; chosen < items.length; chosen++) {
      const [decay, gates, attention] = summaries(api, chosen, 0.5).map((s) => verdict(s, chosen));
      expect(gates).toMatchObject({ kind: 'unselective', open: items.length });
      expect(gates.share).toBeLessThan(0.25); // the item asked for holds a fifth of the gates' weight
      expect(attention.kind).toBe('kept');
      expect(attention.share).toBeGreaterThan(0.95);
      // the decay keeps the newest item: forgotten unless the newest was asked for (then it holds 32/63 > ½)
      expect(decay.kind).toBe(chosen === items.length - 1 ? 'kept' : 'forgotten');
    }
    expect(verdict(summaries(api, 0, 0.5)[0], 0).share).toBeCloseTo(1 / 63, 5); // λ^5 / Σ λ^age at λ = ½
  });
});

describe('lesson 2: distances in the max-norm', () => {
  it('is the largest difference of any one weight from the one-hot argmax and from uniform', () => {
    const { weights } = softAttention(api, defaultScores, 1);
    const { fromOneHot, fromUniform } = maxNormDistances(weights, 1); // sun has the largest score
    expect(fromOneHot).toBeCloseTo(1 - weights[1], 6); // sun's own weight is the farthest from 1
    expect(fromUniform).toBeCloseTo(weights[1] - 0.2, 6);
    expect(maxNormDistances(hardAttention(api, defaultScores).weights, 1).fromOneHot).toBe(0);
    expect(Array.from(hardAttention(api, defaultScores).weights).filter((w) => w === 0)).toHaveLength(4); // exact 0s
  });
});

describe('lesson 3: X is the learner’s', () => {
  const at = (m, r, c) => m.data[r * m.cols + c];

  it('an edited X goes through Wq, Wk, Wv, the scores and the weights (as worked by hand)', () => {
    const x = [...defaultX];
    x[2 * 2 + 1] = 3; // "a"'s second feature: 0.2 → 3
    const before = keysQueriesValues(api, 'rows'),
      after = keysQueriesValues(api, 'rows', x);
    expect(Array.from(after.x.data)).toEqual(x.map(Math.fround)); // the module's floats
    expect(Array.from(after.wq.data)).toEqual([1, 0.5, 0, 1]);
    // "a" = (0, 3): q = (0, 3)·Wq = (0, 3); k = (0, 3)·Wk = (1.5, 3); v = (0, 3)·Wv = (0, 3)
    expect([at(after.q, 2, 0), at(after.q, 2, 1)]).toEqual([0, 3]);
    expect([at(after.k, 2, 0), at(after.k, 2, 1)]).toEqual([1.5, 3]);
    expect([at(after.v, 2, 0), at(after.v, 2, 1)]).toEqual([0, 3]);
    // "she"'s score against "a": (1, 0.5)·(1.5, 3) / √2 = 3 / √2
    expect(at(after.scores, 0, 2)).toBeCloseTo(3 / Math.SQRT2, 6);
    expect(at(after.weights, 0, 2)).toBeGreaterThan(at(before.weights, 0, 2));
    after.rowSums.forEach((sum) => expect(sum).toBeCloseTo(1, 6));
    // the online softmax follows the same X
    const online = onlineSoftmaxRow(api, 0, 1, x);
    expect(online.largestDifference).toBeLessThan(1e-5);
    expect(online.materialised[1]).toBeCloseTo(at(after.output, 0, 1), 6);
  });

  it('the formula’s legend gives d_k, √d_k and the followed row at the digits chosen', () => {
    const result = keysQueriesValues(api, 'rows');
    const four = formulaMeanings(result, { axis: 'rows', query: 0, digits: 4 });
    expect(four.d_k).toMatch(
      /^2, the width of a key .* √d_k = 1\.414, .*“she”’s row \[0\.7071, 1\.061, 0\.1414, 1\.273\]/,
    );
    expect(four.softmax).toMatch(/sum to 1/);
    expect(formulaMeanings(result, { axis: 'rows', query: 0, digits: 2 }).d_k).toMatch(/√d_k = 1\.4,/);
    expect(formulaMeanings(result, { axis: 'columns', query: 0, digits: 3 }).softmax).toMatch(/not this formula/);
  });

  it('X and the digits round-trip through the URL; anything but 8 numbers a cell may hold is ignored', () => {
    const state = { ...defaultLessonsState(), lesson: 3 };
    state.kqv = { ...state.kqv, x: [1, -2.5, 0.5, 1, 0, 3, 1e-7, 0.8], digits: 4 };
    const query = encodeLessonsState(state);
    expect(query.get('x')).toBe('1,-2.5,0.5,1,0,3,1e-7,0.8');
    expect(decodeLessonsState(`?${query}`).kqv).toEqual(state.kqv);
    // the lesson's own X and 3 digits are not written
    const plain = encodeLessonsState({ ...defaultLessonsState(), lesson: 3 });
    expect(plain.has('x') || plain.has('dig')).toBe(false);
    const defaults = defaultLessonsState().kqv;
    for (const junk of ['1,2,3', '1,0,0.5,1,0,0.2,1,x', '1,0,0.5,1,0,0.2,1,1e7', '1,0,0.5,1,0,0.2,1,Infinity', ''])
      expect(decodeLessonsState(`?lesson=3&x=${junk}`).kqv.x).toEqual(defaults.x);
    for (const digits of ['1', '5', 'x']) expect(decodeLessonsState(`?lesson=3&dig=${digits}`).kqv.digits).toBe(3);
  });
});

describe('lesson 4: the softmax’s slope w(1 − w), computed', () => {
  it('is each weight times one minus it; its row largest, averaged, vanishes unscaled and stays scaled', () => {
    expect(Array.from(softmaxSlopes([0, 0.5, 1, 0.1]))).toEqual([0, 0.25, 0, Math.fround(0.1 * 0.9)]);
    for (const d of widths) {
      const { unscaled, scaled } = scalingExperiment(api, d, 0);
      expect(scaled.meanLargestSlope).toBeGreaterThan(0.18); // a soft row: some weight near ½
      expect(scaled.meanLargestSlope).toBeLessThanOrEqual(0.25);
      expect(unscaled.firstRow).toHaveLength(keyCount);
    }
    const wide = scalingExperiment(api, 512, 0);
    expect(wide.unscaled.meanLargestSlope).toBeLessThan(wide.scaled.meanLargestSlope / 4);
    expect(wide.rootWidth).toBeCloseTo(Math.sqrt(512), 12);
    // the first query's largest slope is one of its own weights' w(1 − w)
    const slopes = softmaxSlopes(wide.scaled.firstRow);
    const largest = Math.max(...slopes);
    expect(wide.scaled.firstRow.some((w) => Math.abs(w * (1 - w) - largest) < 1e-7)).toBe(true);
  });
});

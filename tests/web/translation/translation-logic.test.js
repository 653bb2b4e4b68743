// The translation view's logic without a browser: which maps it shows for a step and head choice, the
// true-alignment cells, the line view's links, the URL round trip, and fixing a sentence by suggestion.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTranslator } from '../../../web/lib/index.js';
import { formatWeight } from '../../../web/src/common/format.js';
import {
  alignmentAgreement,
  alignmentCells,
  averageOf,
  links,
  pickMap,
  rowArgmax,
  upToStep,
} from '../../../web/src/translation/translation-maps.js';
import {
  decodeTranslationState,
  defaultTranslationState,
  encodeTranslationState,
  headMaskOf,
} from '../../../web/src/translation/translation-state.js';
import { replaceWord } from '../../../web/src/translation/sentence-error.js';
import { matrix } from '../helpers.js';

let translation;
beforeAll(async () => {
  translation = (await loadTranslator()).translate('the big dog sees the white cats');
});

describe('maps for a step and a head choice', () => {
  const a = matrix([
    [1, 0],
    [0.5, 0.5],
  ]);
  const b = matrix([
    [0, 1],
    [0.25, 0.75],
  ]);

  it('averages heads element-wise', () => {
    expect(Array.from(averageOf([a, b]).data)).toEqual([0.5, 0.5, 0.375, 0.625]);
  });

  it('picks a head or the average of a layer, clamping out-of-range choices', () => {
    const maps = [
      [a, b],
      [b, a],
    ];
    expect(pickMap(maps, 1, 0)).toBe(b);
    expect(pickMap(maps, 5, 9)).toBe(a);
    expect(Array.from(pickMap(maps, 0, 'average').data)).toEqual([0.5, 0.5, 0.375, 0.625]);
  });

  it('cuts a map to the rows of a decoding step, and square maps to the same columns', () => {
    const m = matrix([
      [1, 2, 3],
      [4, 5, 6],
      [7, 8, 9],
    ]);
    expect(upToStep(m, 0)).toEqual({ data: Float32Array.from([1, 2, 3]), rows: 1, cols: 3 });
    expect(upToStep(m, 1, true)).toEqual({ data: Float32Array.from([1, 2, 4, 5]), rows: 2, cols: 2 });
    expect(upToStep(m, 7).rows).toBe(3);
  });

  it('the model’s own maps: each step’s cut equals the step’s maps from the API', () => {
    const full = translation.crossAttention[1][2];
    translation.steps.forEach((step, i) => expect(upToStep(full, i)).toEqual(step.crossAttention[1][2]));
  });
});

describe('true alignment and agreement', () => {
  it('lists aligned cells for the rows shown, skipping words with no source (the personal "a")', () => {
    const alignment = { sourceIndex: [0, 2, 1, 3, -1, 4], matchesModel: true };
    expect(alignmentCells(alignment, 6)).toEqual([
      { row: 0, col: 0 },
      { row: 1, col: 2 },
      { row: 2, col: 1 },
      { row: 3, col: 3 },
      { row: 5, col: 4 },
    ]);
    expect(alignmentCells(alignment, 2)).toEqual([
      { row: 0, col: 0 },
      { row: 1, col: 2 },
    ]);
  });

  it('shows nothing when the model’s words differ from the grammar’s, or the sentence is outside it', () => {
    expect(alignmentCells({ sourceIndex: [0, 1], matchesModel: false }, 2)).toEqual([]);
    expect(alignmentCells(null, 2)).toEqual([]);
  });

  it('measures how often the largest weight is on the aligned word', () => {
    const m = matrix([
      [0.9, 0.1],
      [0.6, 0.4],
      [0.2, 0.8],
    ]);
    expect(rowArgmax(m)).toEqual([0, 0, 1]);
    expect(
      alignmentAgreement(m, [
        { row: 0, col: 0 },
        { row: 1, col: 1 },
        { row: 2, col: 1 },
      ]),
    ).toBeCloseTo(2 / 3);
    expect(alignmentAgreement(m, [])).toBeNull();
  });

  it('for the shipped model, layer 2’s average puts every aligned word’s largest weight on its source', () => {
    const cells = alignmentCells(translation.alignment, translation.target.length);
    expect(cells).toHaveLength(7);
    expect(alignmentAgreement(pickMap(translation.crossAttention, 1, 'average'), cells)).toBe(1);
  });
});

describe('line view links', () => {
  it('keeps weights above the threshold, strongest last', () => {
    const m = matrix([
      [0.7, 0.3, 0.01],
      [0.04, 0.06, 0.9],
    ]);
    expect(links(m).map((l) => [l.row, l.col])).toEqual([
      [1, 1],
      [0, 1],
      [0, 0],
      [1, 2],
    ]);
  });
});

describe('the translation view’s URL', () => {
  it('round-trips every setting', () => {
    const state = {
      model: 'en-es',
      sentence: 'maria loves the cat',
      temperature: 2.5,
      layer: 0,
      head: 3,
      showAlignment: false,
      decoding: 'sample',
      beamWidth: 4,
      outputTemperature: 2,
      seed: 17,
      teacherForcing: true,
      headsOff: ['c2.4', 'd1.1', 'e2.3'],
    };
    expect(encodeTranslationState(state).get('off')).toBe('c2.4,d1.1,e2.3');
    expect(decodeTranslationState(`?${encodeTranslationState(state)}`)).toEqual(state);
    const japanese = { ...state, model: 'en-ja', sentence: 'juan walks with the dogs' };
    expect(encodeTranslationState(japanese).get('model')).toBe('en-ja');
    expect(encodeTranslationState(state).has('model')).toBe(false); // the default stays out of links
    expect(decodeTranslationState(`?${encodeTranslationState(japanese)}`)).toEqual(japanese);
    const average = { ...defaultTranslationState(), head: 'average' };
    expect(decodeTranslationState(`?${encodeTranslationState(average)}`)).toEqual(average);
  });

  it('falls back to defaults for anything malformed, and clamps the temperature', () => {
    const fallback = defaultTranslationState();
    expect(decodeTranslationState('?q=%20&temp=abc&layer=9&head=0&model=fr')).toEqual(fallback);
    expect(decodeTranslationState('?model=en-ja')).toEqual(defaultTranslationState('en-ja'));
    expect(decodeTranslationState('?dec=beam&otemp=1e9&seed=-1&tf=yes')).toMatchObject({
      decoding: 'greedy',
      outputTemperature: 10,
      seed: 0,
      teacherForcing: false,
    });
    expect(decodeTranslationState('?temp=1e9').temperature).toBe(20);
    expect(decodeTranslationState('?temp=-3').temperature).toBe(0.05);
    expect(decodeTranslationState(`?q=${'a'.repeat(1000)}`).sentence).toHaveLength(200);
    expect(decodeTranslationState('?q=%3Cimg%20src%3Dx%3E').sentence).toBe('<img src=x>'); // shown as text, never HTML
    // Only heads the model has, each once, in order: no layer 3 of 2, no head 0 or 5 of 4, no other kinds.
    expect(decodeTranslationState('?off=c3.1,x1.1,c0.1,e1.5,c1.1,d2.4,c1.1,c01.1,c1.1x').headsOff).toEqual([
      'c1.1',
      'd2.4',
    ]);
    expect(decodeTranslationState('?off=e3.1', { layers: 2, heads: 4, encoderLayers: 3 }).headsOff).toEqual(['e3.1']);
  });

  it('turns the heads switched off into the headMask translate() takes', () => {
    const config = { encoderLayers: 1, decoderLayers: 2, heads: 2 };
    expect(headMaskOf([], config)).toBeUndefined();
    expect(headMaskOf(['c2.1', 'e1.2'], config)).toEqual({
      encoderSelf: [[true, false]],
      decoderSelf: [
        [true, true],
        [true, true],
      ],
      cross: [
        [true, true],
        [false, true],
      ],
    });
  });
});

describe('small helpers', () => {
  it('replaces an unknown word by a suggestion, whatever its case or trailing punctuation', () => {
    expect(replaceWord('The dgo sees the Dgo.', 'dgo', 'dog')).toBe('The dog sees the dog');
    expect(replaceWord('a  dgo', 'dgo', 'dog')).toBe('a  dog');
  });

  it('formats weights for cells: two decimals, 0 below 0.005', () => {
    expect([0, 0.004, 0.005, 0.5, 0.987, 1].map(formatWeight)).toEqual(['0', '0', '0.01', '0.5', '0.99', '1']);
  });
});

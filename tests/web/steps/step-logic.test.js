// Page logic in Node: cell input validation, number formatting, the stages computed through the real
// module, and the JSON/CSV exports.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAttention } from '../../../web/lib/index.js';
import { parseCell } from '../../../web/src/drawing/cell-input.js';
import { computeStages } from '../../../web/src/steps/step-compute.js';
import { toCSV, toJSON } from '../../../web/src/steps/export.js';
import { formatNumber } from '../../../web/src/common/format.js';
import { defaultState, resize } from '../../../web/src/steps/step-state.js';
import { loadMessages } from '../../../web/src/i18n/messages.js';

let api;
beforeAll(async () => {
  [api] = await Promise.all([loadAttention(), loadMessages('app')]); // the cells' refusals are messages (English here)
});

describe('cell input', () => {
  it.each([
    ['3', 3],
    [' -2.5 ', -2.5],
    ['+.5', 0.5],
    ['1e-3', 0.001],
    ['−4', -4],
    ['-0', 0],
  ])('accepts %j', (text, value) => {
    expect(parseCell(text)).toEqual({ ok: true, value });
  });

  it.each([
    ['', /Enter a number/],
    ['abc', /“abc” is not a number/],
    ['1,5', /is not a number/],
    ['0x10', /is not a number/],
    ['Infinity', /is not a number/],
    ['NaN', /is not a number/],
    ['1e7', /between/],
    ['<b>1</b>', /is not a number/],
    ['12345678901234567890x', /“123456789012…” is not a number/],
  ])('refuses %j', (text, message) => {
    const result = parseCell(text);
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(message);
  });
});

describe('number formatting', () => {
  it('uses significant digits without trailing zeros, a real minus and −∞', () => {
    expect(formatNumber(0.155362, 4)).toBe('0.1554');
    expect(formatNumber(2, 4)).toBe('2');
    expect(formatNumber(-1.25, 4)).toBe('−1.25');
    expect(formatNumber(16, 7)).toBe('16');
    expect(formatNumber(-Infinity, 4)).toBe('−∞');
    expect(formatNumber(0.0000123, 4)).toBe('1.23e−5');
    expect(formatNumber(0.1553624, 7)).toBe('0.1553624');
  });
});

describe('stages', () => {
  it('computes the worked example through the module', () => {
    const stages = computeStages(api, defaultState());
    const head = stages.heads[0];
    expect(Array.from(head.scores.data)).toEqual([2, 4, 4, 4, 16, 12, 4, 12, 10]);
    expect(Array.from(head.scaled.data)).toEqual([1, 2, 2, 2, 8, 6, 2, 6, 5]);
    expect(Array.from(head.weights.data.slice(0, 3)).map((w) => w.toFixed(4))).toEqual(['0.1554', '0.4223', '0.4223']);
    expect(stages.output).toBe(head.output);
    expect(stages.concat).toBeNull();
  });

  it('splits heads, shares K/V heads and mixes with Wo, matching multiHeadAttention', () => {
    const state = {
      ...resize(defaultState(), { dModel: 4, dK: 4, dV: 4, heads: 4, kvHeads: 2 }),
      scaleMode: 'dk',
      maskMode: 'causal',
    };
    const stages = computeStages(api, state);
    expect(stages.heads.map((h) => h.kvIndex)).toEqual([0, 0, 1, 1]);
    const m = (values, rows, cols) => ({ data: Float32Array.from(values), rows, cols });
    const reference = api.multiHeadAttention({
      xq: m(state.x, 3, 4),
      wq: m(state.wq, 4, 4),
      wk: m(state.wk, 4, 2),
      wv: m(state.wv, 4, 2),
      wo: m(state.wo, 4, 4),
      heads: 4,
      kvHeads: 2,
      mask: 'causal',
    });
    for (let i = 0; i < reference.output.data.length; i++)
      expect(stages.output.data[i]).toBeCloseTo(reference.output.data[i], 5);
    stages.heads.forEach((head, h) => {
      const expected = reference.weights.data.subarray(h * 9, (h + 1) * 9);
      head.weights.data.forEach((w, i) => expect(w).toBeCloseTo(expected[i], 6));
    });
  });

  it('shows hard attention beside soft when asked', () => {
    const stages = computeStages(api, { ...defaultState(), hard: true });
    expect(Array.from(stages.heads[0].hardWeights.data)).toEqual([0, 1, 0, 0, 1, 0, 0, 1, 0]);
  });
});

describe('exports', () => {
  const state = { ...defaultState(), maskMode: 'causal' };

  it('JSON holds the settings and every matrix, with masked logits as null', () => {
    const document = JSON.parse(toJSON(state, computeStages(api, state)));
    expect(document.settings).toMatchObject({
      sequenceLength: 3,
      dModel: 4,
      dK: 3,
      dV: 3,
      scale: 0.5,
      mask: 'causal',
      temperature: 1,
    });
    expect(Object.keys(document.matrices)).toEqual([
      'X',
      'Wq',
      'Wk',
      'Wv',
      'Q',
      'K',
      'V',
      'scores QKᵀ',
      'scaled',
      'logits',
      'weights',
      'head output',
      'output',
    ]);
    expect(document.matrices.Q.data).toEqual([
      [1, 0, 2],
      [2, 2, 2],
      [2, 1, 3],
    ]);
    expect(document.matrices.logits.data[0]).toEqual([1, null, null]);
    expect(document.matrices.weights.data[0]).toEqual([1, 0, 0]);
  });

  it('CSV has one labelled block per matrix', () => {
    const csv = toCSV(computeStages(api, state));
    const blocks = csv.trim().split('\n\n');
    expect(blocks).toHaveLength(13);
    expect(blocks[0]).toBe('X,3x4\n1,0,1,0\n0,2,0,2\n1,1,1,1');
    expect(blocks[9]).toBe('logits,3x3\n1,-inf,-inf\n2,8,-inf\n2,6,5');
  });

  it('names per-head matrices in a multi-head export', () => {
    const multi = resize(defaultState(), { dK: 4, dV: 4, heads: 2 });
    const names = Object.keys(JSON.parse(toJSON(multi, computeStages(api, multi))).matrices);
    expect(names).toContain('weights (head 2)');
    expect(names).toContain('Wo');
    expect(names).toContain('concat');
  });
});

// The step view's mask edits: a click toggles one query/key pair starting from the mask in force, and padding
// hides the last key from every query.
import { describe, expect, it } from 'vitest';
import { paddedLastMask, toggledMask } from '../../../web/src/steps/mask-edits.js';
import { defaultState } from '../../../web/src/steps/step-state.js';

describe('mask edits', () => {
  it('toggles a pair starting from the causal mask, and selects that query row', () => {
    const causal = { ...defaultState(), maskMode: 'causal' };
    expect(toggledMask(causal, 0, 2)).toEqual({ maskMode: 'custom', customMask: [1, 0, 1, 1, 1, 0, 1, 1, 1], row: 0 });
  });

  it('toggles a pair of a custom mask back and forth', () => {
    const custom = { ...defaultState(), maskMode: 'custom', customMask: [1, 1, 1, 1, 1, 1, 1, 1, 1] };
    const once = toggledMask(custom, 1, 1);
    expect(once.customMask).toEqual([1, 1, 1, 1, 0, 1, 1, 1, 1]);
    expect(toggledMask({ ...custom, ...once }, 1, 1).customMask).toEqual(custom.customMask);
    expect(custom.customMask).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1]); // the state itself is left alone
  });

  it('pads the last token: no query reads it, unless it is the only one', () => {
    expect(paddedLastMask({ s: 3 })).toEqual({ maskMode: 'custom', customMask: [1, 1, 0, 1, 1, 0, 1, 1, 0] });
    expect(paddedLastMask({ s: 1 }).customMask).toEqual([1]);
  });
});

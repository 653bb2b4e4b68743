// The step view's state: defaults, resizing, and the URL round trip, including malformed and hostile links.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../web/src/i18n/messages.js';
import {
  decodeState,
  defaultState,
  encodeState,
  headChoices,
  kvHeadChoices,
  kvHeadsMeaning,
  resize,
  scaleValue,
  shapes,
  workedExampleNote,
} from '../../../web/src/steps/step-state.js';

beforeAll(async () => {
  await Promise.all([loadMessages('steps'), loadMessages('heads')]); // the notices and sentences read below are English messages
});

const roundTrip = (state) => decodeState(`?${encodeState(state)}`);

describe('default state', () => {
  it('is the worked example at scale 1/sqrt(d_model)', () => {
    const state = defaultState();
    expect(state).toMatchObject({ s: 3, dModel: 4, dK: 3, dV: 3, heads: 1, kvHeads: 1, scaleMode: 'dmodel' });
    expect(state.x).toEqual([1, 0, 1, 0, 0, 2, 0, 2, 1, 1, 1, 1]);
    expect(scaleValue(state)).toBe(0.5);
    expect(state.wo).toHaveLength(3 * 4);
  });
});

describe('URL round trip', () => {
  it('reproduces every field', () => {
    const state = {
      ...resize(defaultState(), { s: 5, dK: 4, dV: 4, heads: 4, kvHeads: 2 }),
      scaleMode: 'custom',
      customScale: -0.75,
      temperature: 0.137,
      hard: true,
      maskMode: 'custom',
      row: 4,
      digits: 7,
    };
    state.customMask = state.customMask.map((_, i) => (i % 3 ? 1 : 0));
    state.x = state.x.map((v, i) => v + i / 8);
    const { state: decoded, notice } = roundTrip(state);
    expect(notice).toBeNull();
    expect(decoded).toEqual(state);
  });

  it('gives the defaults, silently, for an empty query', () => {
    expect(decodeState('')).toEqual({ state: defaultState(), notice: null });
    expect(decodeState('?backend=wasm-scalar')).toEqual({ state: defaultState(), notice: null });
  });

  it('reads the worked example with only a mask, scaling or hardness named (the lessons’ links)', () => {
    expect(decodeState('?view=steps&mask=causal')).toEqual({
      state: { ...defaultState(), maskMode: 'causal' },
      notice: null,
    });
    expect(decodeState('?scale=none&hard=1').state).toEqual({ ...defaultState(), scaleMode: 'none', hard: true });
    expect(decodeState('?scale=custom&cs=0.25').state).toMatchObject({ scaleMode: 'custom', customScale: 0.25 });
    const { state, notice } = decodeState('?mask=custom');
    expect(state).toEqual(defaultState());
    expect(notice).toMatch(/“mask” must be one of none, causal/);
  });

  const good = new URLSearchParams(encodeState(defaultState()));
  const withParam = (key, value) => {
    const params = new URLSearchParams(good);
    if (value === null) params.delete(key);
    else params.set(key, value);
    return `?${params}`;
  };

  it.each([
    ['s', '0', /“s” must be a whole number from 1 to 16/],
    ['s', '17', /“s” must be a whole number from 1 to 16/],
    ['s', '3.5', /“s” must be a whole number/],
    ['dm', 'four', /“dm” must be a whole number/],
    ['x', '1,2,3', /“x” has 3 numbers, expected 3×4 = 12/],
    ['x', '1,0,1,0,0,2,0,2,1,1,1,NaN', /“x” must hold numbers/],
    ['wq', '1,0,1,1,0,0,0,0,1,0,1,1e400', /“wq” must hold numbers/],
    ['wk', '<img src=x onerror=alert(1)>', /“wk” has 1 numbers/],
    ['wv', null, /“wv” is missing/],
    ['h', '2', /“h” \(heads\) must divide dk and dv/],
    ['scale', 'huge', /“scale” must be one of dk, dmodel, none, custom/],
    ['t', '0', /“t” \(temperature\) must lie between 0.05 and 20/],
    ['t', '1e999', /“t” must hold numbers/],
    ['mask', 'diagonal', /“mask” must be one of none, causal, custom/],
    ['cm', '10101', /“cm” \(custom mask\) must be 9 digits 0 or 1/],
    ['row', '3', /“row” must be a whole number from 0 to 2/],
    ['dig', '100', /“dig” must be one of 4, 7/],
  ])('falls back to the defaults with a notice when %s=%s', (key, value, message) => {
    const { state, notice } = decodeState(withParam(key, value));
    expect(state).toEqual(defaultState());
    expect(notice).toMatch(message);
    expect(notice).toMatch(/the worked example is shown instead/);
  });

  it('refuses absurdly long links', () => {
    const { notice } = decodeState(`${withParam('x', good.get('x'))}&junk=${'9'.repeat(30_000)}`);
    expect(notice).toMatch(/too long/);
  });

  it('never lets a URL value reach the notice unescaped as markup (the notice is plain text)', () => {
    const { notice } = decodeState(withParam('s', '<script>alert(1)</script>'));
    expect(notice).not.toContain('<script>');
  });
});

describe('resizing', () => {
  it('keeps the values that still fit', () => {
    const state = resize(defaultState(), { s: 4 });
    expect(state.x.slice(0, 12)).toEqual(defaultState().x);
    expect(state.x).toHaveLength(16);
    const smaller = resize(defaultState(), { dModel: 2 });
    expect(smaller.x).toEqual([1, 0, 0, 2, 1, 1]);
    expect(smaller.wq).toEqual([1, 0, 1, 1, 0, 0]);
  });

  it('narrows Wk and Wv when K/V heads are shared', () => {
    const state = resize(defaultState(), { dK: 4, dV: 8, heads: 4, kvHeads: 1 });
    expect(shapes(state)).toMatchObject({ wq: [4, 4], wk: [4, 1], wv: [4, 2], wo: [8, 4] });
    expect(state.wk).toHaveLength(4);
  });

  it('drops head counts that no longer divide the widths', () => {
    const four = resize(defaultState(), { dK: 4, dV: 4, heads: 4, kvHeads: 2 });
    const three = resize(four, { dK: 3 });
    expect(three.heads).toBe(1);
    expect(three.kvHeads).toBe(1);
    expect(headChoices(four)).toEqual([1, 2, 4]);
    expect(kvHeadChoices(four)).toEqual([1, 2, 4]);
  });

  it('keeps the selected row and the custom mask inside the sequence', () => {
    const state = { ...defaultState(), row: 2, customMask: [1, 0, 1, 0, 1, 0, 1, 0, 1] };
    const shorter = resize(state, { s: 2 });
    expect(shorter.row).toBe(1);
    expect(shorter.customMask).toEqual([1, 0, 0, 1]);
    expect(resize(state, { s: 4 }).customMask).toEqual([1, 0, 1, 1, 0, 1, 0, 1, 1, 0, 1, 1, 1, 1, 1, 1]);
  });
});

describe('K/V heads follow the heads, visibly', () => {
  it('stay equal to the heads (standard multi-head) when the learner had not chosen fewer', () => {
    const three = resize(defaultState(), { heads: 3 });
    expect(three.kvHeads).toBe(3);
    expect(shapes(three)).toMatchObject({ wk: [4, 3], wv: [4, 3] });
    expect(resize(three, { heads: 1 }).kvHeads).toBe(1);
  });

  it('keep the learner’s fewer K/V heads, as the largest divisor of the heads not above their choice', () => {
    const grouped = resize(defaultState(), { dK: 12, dV: 12, heads: 4, kvHeads: 2 });
    expect(resize(grouped, { heads: 6 }).kvHeads).toBe(2);
    expect(resize(grouped, { heads: 3 }).kvHeads).toBe(1);
    expect(resize(grouped, { heads: 12 }).kvHeads).toBe(2);
    const multiQuery = resize(grouped, { kvHeads: 1 });
    expect(resize(multiQuery, { heads: 6 }).kvHeads).toBe(1);
    for (const heads of headChoices(grouped)) {
      const next = resize(grouped, { heads });
      expect(heads % next.kvHeads, `${heads} heads`).toBe(0);
    }
  });

  it('say what the setting means: standard, multi-query, or which heads share in grouped-query', () => {
    const four = resize(defaultState(), { dK: 4, dV: 4, heads: 4 });
    expect(kvHeadsMeaning(defaultState())).toMatch(/^One head/);
    expect(kvHeadsMeaning(four)).toMatch(/^Standard multi-head: each of the 4 heads has its own keys and values/);
    expect(kvHeadsMeaning(resize(four, { kvHeads: 1 }))).toMatch(/multi-query/);
    expect(kvHeadsMeaning(resize(four, { kvHeads: 1 }))).toMatch(/Wk is 4×1 and Wv 4×1/);
    expect(kvHeadsMeaning(resize(four, { kvHeads: 2 }))).toMatch(/grouped-query.*heads 1-2, heads 3-4/);
  });
});

describe('the worked example comes back with its shape', () => {
  it('brings back its weights when the heads return to one after multi-query shrank Wk and Wv', () => {
    const multiQuery = resize(defaultState(), { heads: 3, kvHeads: 1 });
    expect(shapes(multiQuery).wk).toEqual([4, 1]);
    const back = resize(multiQuery, { heads: 1 });
    for (const name of ['x', 'wq', 'wk', 'wv']) expect(back[name], name).toEqual(defaultState()[name]);
    expect(workedExampleNote(back)).toBe('These are the lecture notes’ worked example.');
  });

  it('brings back its inputs when a size shrinks and grows back, keeping the learner’s edits that fit', () => {
    const edited = { ...defaultState(), x: [9, ...defaultState().x.slice(1)] };
    const back = resize(resize(edited, { s: 1, dModel: 2 }), { s: 3, dModel: 4 });
    expect(back.x).toEqual(edited.x);
    expect(back.wq).toEqual(defaultState().wq);
  });

  it('says plainly when the numbers are not the worked example’s, and which ones are made up', () => {
    expect(workedExampleNote(defaultState())).toBe('These are the lecture notes’ worked example.');
    const edited = { ...defaultState(), wq: defaultState().wq.map((v) => v + 1) };
    expect(workedExampleNote(edited)).toMatch(/not the worked example’s numbers.*Restore the worked example/);
    expect(workedExampleNote(resize(defaultState(), { s: 5 }))).toMatch(/made-up small integers/);
    expect(workedExampleNote(resize(defaultState(), { heads: 3 }))).toMatch(/Wo is made up/);
  });
});

// The step-by-step view's whole state, its defaults (the lecture notes' worked example), resizing, and its
// round trip through the URL so a link reproduces the view exactly. Decoding trusts nothing: any malformed
// field sends the whole view back to the defaults with a notice saying what was wrong. Its sentences are the
// `steps` section's messages (loaded before a link is decoded).
import { headSharingText } from '../common/head-labels.js';
import { t } from '../i18n/messages.js';

export const limits = Object.freeze({ minSize: 1, maxSize: 16, minTemperature: 0.05, maxTemperature: 20 });
export const scaleModes = Object.freeze(['dk', 'dmodel', 'none', 'custom']);
export const maskModes = Object.freeze(['none', 'causal', 'custom']);
export const digitChoices = Object.freeze([4, 7]);

const workedExample = {
  s: 3,
  dModel: 4,
  dK: 3,
  dV: 3,
  x: [1, 0, 1, 0, 0, 2, 0, 2, 1, 1, 1, 1],
  wq: [1, 0, 1, 1, 0, 0, 0, 0, 1, 0, 1, 1],
  wk: [0, 0, 1, 1, 1, 0, 0, 1, 0, 1, 1, 0],
  wv: [0, 2, 0, 0, 3, 0, 1, 0, 3, 1, 1, 0],
};

/** Shapes of every matrix in a state: Wk and Wv narrow when K/V heads are shared (kvHeads < heads). */
export function shapes(state) {
  const kCols = (state.kvHeads * state.dK) / state.heads;
  const vCols = (state.kvHeads * state.dV) / state.heads;
  return {
    x: [state.s, state.dModel],
    wq: [state.dModel, state.dK],
    wk: [state.dModel, kCols],
    wv: [state.dModel, vCols],
    wo: [state.dV, state.dModel],
  };
}

export const matrixNames = Object.freeze(['x', 'wq', 'wk', 'wv', 'wo']);

export function defaultState() {
  const state = {
    ...structuredClone(workedExample),
    wo: [],
    scaleMode: 'dmodel', // the notes' worked example divides by sqrt(d_model); 'dk' is the usual choice
    customScale: 1,
    temperature: 1,
    hard: false,
    maskMode: 'none',
    customMask: [],
    heads: 1,
    kvHeads: 1,
    row: 0,
    digits: 4,
  };
  return resize(state, {});
}

/** The inputs the worked example gives (it has one head and no Wo), and their shapes. */
const exampleInputs = Object.freeze(['x', 'wq', 'wk', 'wv']);
const exampleShapes = shapes({ ...workedExample, heads: 1, kvHeads: 1 });

/**
 * A filler for cells that appear when a matrix grows: the worked example's number where it has one (so shrinking
 * and growing back, or going to several heads and back to one, returns to it), beyond it small integers, the same
 * for the same position.
 */
function filler(name, i, j, cols) {
  const example = workedExample[name];
  if (example && i < exampleShapes[name][0] && j < exampleShapes[name][1])
    return example[i * exampleShapes[name][1] + j];
  const hash = Math.imul(i * cols + j + 1, 2654435761) ^ Math.imul(name.charCodeAt(1) || 7, 40503);
  return ((hash >>> 7) % 4) - 1; // -1 … 2
}

function resizeMatrix(values, [oldRows, oldCols], [rows, cols], name) {
  const out = new Array(rows * cols);
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) {
      out[i * cols + j] =
        i < oldRows && j < oldCols && values.length === oldRows * oldCols
          ? values[i * oldCols + j]
          : filler(name, i, j, cols);
    }
  }
  return out;
}

/** The custom mask at a new sequence length: kept where it fits, new query/key pairs allowed. */
function resizeMask(mask, oldS, s) {
  const out = new Array(s * s).fill(1);
  if (mask.length !== oldS * oldS) return out;
  for (let i = 0; i < Math.min(oldS, s); i++)
    for (let j = 0; j < Math.min(oldS, s); j++) out[i * s + j] = mask[i * oldS + j];
  return out;
}

/**
 * Applies size changes (s, dModel, dK, dV, heads, kvHeads), keeping every value that still fits and filling
 * new cells. Head counts that no longer divide the widths fall back to 1. K/V heads follow the heads: equal to
 * them (standard multi-head) unless fewer were chosen, then the largest divisor of the heads not above that choice.
 */
export function resize(state, changes) {
  const before = shapes(state);
  const next = { ...state, ...changes };
  if (next.dK % next.heads !== 0 || next.dV % next.heads !== 0) next.heads = 1;
  const chosenKvHeads = 'kvHeads' in changes || state.kvHeads < state.heads ? next.kvHeads : next.heads;
  next.kvHeads = Math.max(...divisors(next.heads).filter((h) => h <= chosenKvHeads));
  const after = shapes(next);
  for (const name of matrixNames) next[name] = resizeMatrix(state[name], before[name], after[name], name);
  next.customMask = resizeMask(state.customMask, state.s, next.s);
  next.row = Math.min(next.row, next.s - 1);
  return next;
}

/** Head counts that divide both dK and dV. */
export function headChoices(state) {
  const choices = [];
  for (let h = 1; h <= Math.min(state.dK, state.dV); h++) if (state.dK % h === 0 && state.dV % h === 0) choices.push(h);
  return choices;
}

function divisors(n) {
  return Array.from({ length: n }, (_, i) => i + 1).filter((h) => n % h === 0);
}

/** K/V head counts for the state's heads: its divisors (H: standard; 1: multi-query; between: grouped-query). */
export function kvHeadChoices(state) {
  return divisors(state.heads);
}

/** What the K/V-heads setting means for the state, in a sentence or two (the Wk and Wv it leaves). */
export function kvHeadsMeaning(state) {
  const { heads, kvHeads } = state;
  if (heads === 1) return t('steps.kvHeads.one');
  if (kvHeads === heads) return t('steps.kvHeads.standard', { heads });
  const { wk, wv } = shapes(state);
  return t('steps.kvHeads.shared', { sharing: headSharingText(state), wk: wk.join('×'), wv: wv.join('×') });
}

/** Whether the inputs are the worked example's, said plainly (and which numbers are made up when not). */
export function workedExampleNote(state) {
  const shape = shapes(state);
  const madeUpWo = state.heads > 1 ? ` ${t('steps.inputs.madeUpWo')}` : '';
  const restore = t('steps.controls.restore'); // the button's name, as the page shows it
  if (exampleInputs.some((name) => shape[name].join() !== exampleShapes[name].join())) {
    const exampleSizes = { x: exampleShapes.x.join('×'), w: exampleShapes.wq.join('×') };
    return t('steps.inputs.otherShapes', { ...exampleSizes, madeUpWo, restore });
  }
  if (exampleInputs.some((name) => state[name].some((value, i) => value !== workedExample[name][i]))) {
    return t('steps.inputs.edited', { madeUpWo, restore });
  }
  return madeUpWo ? t('steps.inputs.exampleWithWo', { madeUpWo }) : t('steps.inputs.example');
}

/** The scale each head's scores are multiplied by. */
export function scaleValue(state) {
  switch (state.scaleMode) {
    case 'dk':
      return 1 / Math.sqrt(state.dK / state.heads);
    case 'dmodel':
      return 1 / Math.sqrt(state.dModel);
    case 'none':
      return 1;
    default:
      return state.customScale;
  }
}

// ---- URL ----

const numberList = (values) => values.map((v) => String(v)).join(',');

export function encodeState(state) {
  const params = new URLSearchParams();
  params.set('s', state.s);
  params.set('dm', state.dModel);
  params.set('dk', state.dK);
  params.set('dv', state.dV);
  params.set('h', state.heads);
  params.set('kvh', state.kvHeads);
  for (const name of matrixNames) params.set(name, numberList(state[name]));
  params.set('scale', state.scaleMode);
  if (state.scaleMode === 'custom') params.set('cs', state.customScale);
  params.set('t', String(Number(state.temperature.toPrecision(6))));
  if (state.hard) params.set('hard', '1');
  params.set('mask', state.maskMode);
  if (state.maskMode === 'custom') params.set('cm', state.customMask.join(''));
  params.set('row', state.row);
  params.set('dig', state.digits);
  return params.toString();
}

class LinkError extends Error {}

const maxQueryLength = 20_000; // 16×16 matrices fit easily; anything longer is not one of our links

function integer(params, key, min, max) {
  const text = params.get(key);
  if (text === null) throw new LinkError(t('steps.link.missing', { key }));
  if (!/^\d{1,3}$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new LinkError(t('steps.link.wholeNumber', { key, min, max }));
  }
  return Number(text);
}

function finiteNumber(text, key) {
  if (
    !/^-?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(text ?? '') ||
    !Number.isFinite(Number(text)) ||
    Math.abs(Number(text)) > 1e6
  ) {
    throw new LinkError(t('steps.link.numbers', { key }));
  }
  return Number(text);
}

function numbers(params, key, [rows, cols]) {
  const text = params.get(key);
  if (text === null) throw new LinkError(t('steps.link.missing', { key }));
  const parts = text.split(',');
  if (parts.length !== rows * cols)
    throw new LinkError(t('steps.link.count', { key, count: parts.length, rows, cols, total: rows * cols }));
  return parts.map((part) => finiteNumber(part, key));
}

function choice(params, key, allowed, fallback) {
  const text = params.get(key) ?? fallback;
  if (!allowed.map(String).includes(text))
    throw new LinkError(t('steps.link.choice', { key, choices: allowed.join(', ') }));
  return text;
}

/**
 * The worked example with only some settings named (the lessons link to "the step view with a causal mask"):
 * scaling, hardness and mask, each read like a full link's.
 */
function withSettings(state, params) {
  state.scaleMode = choice(params, 'scale', scaleModes, state.scaleMode);
  if (state.scaleMode === 'custom') state.customScale = finiteNumber(params.get('cs'), 'cs');
  state.hard = choice(params, 'hard', ['0', '1'], state.hard ? '1' : '0') === '1';
  state.maskMode = choice(
    params,
    'mask',
    maskModes.filter((mode) => mode !== 'custom'),
    state.maskMode,
  );
  return state;
}

/**
 * Reads a state from a query string. No parameters → defaults, silently. Anything malformed → defaults and
 * a notice naming the first problem found.
 * @returns {{ state: object, notice: string | null }}
 */
export function decodeState(search) {
  const query = search.startsWith('?') ? search.slice(1) : search;
  const params = new URLSearchParams(query);
  try {
    if (!params.has('s')) return { state: withSettings(defaultState(), params), notice: null };
    if (query.length > maxQueryLength) throw new LinkError(t('steps.link.tooLong'));
    const { maxSize } = limits;
    const state = {
      s: integer(params, 's', 1, maxSize),
      dModel: integer(params, 'dm', 1, maxSize),
      dK: integer(params, 'dk', 1, maxSize),
      dV: integer(params, 'dv', 1, maxSize),
      heads: integer(params, 'h', 1, maxSize),
      kvHeads: integer(params, 'kvh', 1, maxSize),
    };
    if (state.dK % state.heads || state.dV % state.heads) throw new LinkError(t('steps.link.headsDivide'));
    if (state.heads % state.kvHeads) throw new LinkError(t('steps.link.kvHeadsDivide'));
    const shape = shapes(state);
    for (const name of matrixNames) state[name] = numbers(params, name, shape[name]);
    state.scaleMode = choice(params, 'scale', scaleModes, 'dmodel');
    state.customScale = state.scaleMode === 'custom' ? finiteNumber(params.get('cs'), 'cs') : 1;
    state.temperature = finiteNumber(params.get('t'), 't');
    if (state.temperature < limits.minTemperature || state.temperature > limits.maxTemperature) {
      throw new LinkError(t('steps.link.temperature', { min: limits.minTemperature, max: limits.maxTemperature }));
    }
    state.hard = choice(params, 'hard', ['0', '1'], '0') === '1';
    state.maskMode = choice(params, 'mask', maskModes, 'none');
    const maskText = params.get('cm') ?? '1'.repeat(state.s * state.s);
    if (!new RegExp(`^[01]{${state.s * state.s}}$`).test(maskText)) {
      throw new LinkError(t('steps.link.customMask', { count: state.s * state.s }));
    }
    state.customMask = [...maskText].map(Number);
    state.row = integer(params, 'row', 0, state.s - 1);
    state.digits = Number(choice(params, 'dig', digitChoices, '4'));
    return { state, notice: null };
  } catch (error) {
    if (!(error instanceof LinkError)) throw error;
    return {
      state: defaultState(),
      notice: t('steps.link.notice', { problem: error.message }),
    };
  }
}

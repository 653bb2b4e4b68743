// Every stage of the step-by-step view, computed by the wasm module through web/lib: this file only slices
// matrices into heads and glues results together; all arithmetic happens in the kernels.
import { matrixNames, scaleValue, shapes } from './step-state.js';

const toMatrix = (values, [rows, cols]) => ({ data: Float32Array.from(values), rows, cols });

/** Columns [start, start + width) of a matrix, as a new matrix: a head's slice. */
export function columns(m, start, width) {
  const data = new Float32Array(m.rows * width);
  for (let i = 0; i < m.rows; i++) data.set(m.data.subarray(i * m.cols + start, i * m.cols + start + width), i * width);
  return { data, rows: m.rows, cols: width };
}

/** Matrices side by side (the concatenation of head outputs). */
export function concatColumns(parts) {
  const rows = parts[0].rows;
  const cols = parts.reduce((sum, p) => sum + p.cols, 0);
  const data = new Float32Array(rows * cols);
  for (let i = 0; i < rows; i++) {
    let offset = 0;
    for (const p of parts) {
      data.set(p.data.subarray(i * p.cols, (i + 1) * p.cols), i * cols + offset);
      offset += p.cols;
    }
  }
  return { data, rows, cols };
}

export function maskArgument(state) {
  if (state.maskMode === 'custom') return Uint8Array.from(state.customMask);
  return state.maskMode;
}

/**
 * @returns {{ inputs, q, k, v, heads: Array<{ index, kvIndex, q, k, v, scores, scaled, logits, weights, output,
 *   hardWeights?, hardOutput? }>, concat, output, scale }}
 */
export function computeStages(api, state) {
  const shape = shapes(state);
  const inputs = Object.fromEntries(matrixNames.map((name) => [name, toMatrix(state[name], shape[name])]));
  const q = api.matmul({ a: inputs.x, b: inputs.wq });
  const k = api.matmul({ a: inputs.x, b: inputs.wk });
  const v = api.matmul({ a: inputs.x, b: inputs.wv });
  const scale = scaleValue(state);
  const mask = maskArgument(state);
  const { temperature } = state;
  const dkHead = state.dK / state.heads,
    dvHead = state.dV / state.heads;

  const heads = [];
  for (let h = 0; h < state.heads; h++) {
    const kvIndex = Math.floor((h * state.kvHeads) / state.heads);
    const qh = columns(q, h * dkHead, dkHead);
    const kh = columns(k, kvIndex * dkHead, dkHead);
    const vh = columns(v, kvIndex * dvHead, dvHead);
    const soft = api.attention({ q: qh, k: kh, v: vh, mask, scale, temperature });
    const head = {
      index: h,
      kvIndex,
      q: qh,
      k: kh,
      v: vh,
      scores: api.logits({ q: qh, k: kh, scale: 1 }),
      scaled: api.logits({ q: qh, k: kh, scale }),
      logits: api.logits({ q: qh, k: kh, scale, temperature, mask }),
      weights: soft.weights,
      output: soft.output,
    };
    if (state.hard) {
      const hard = api.attention({ q: qh, k: kh, v: vh, mask, scale, temperature, hard: true });
      head.hardWeights = hard.weights;
      head.hardOutput = hard.output;
    }
    heads.push(head);
  }

  // One head: the notes' single attention, output = weights·V. Several: concatenate and mix with Wo.
  const concat = state.heads > 1 ? concatColumns(heads.map((h) => h.output)) : null;
  const output = concat ? api.matmul({ a: concat, b: inputs.wo }) : heads[0].output;
  return { inputs, q, k, v, heads, concat, output, scale };
}

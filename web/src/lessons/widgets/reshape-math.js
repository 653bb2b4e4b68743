// The heads lesson's layouts: the projection Q (S × D) split into H heads of width D/H the right way,
// (S, D) → (S, H, D/H) → (H, S, D/H), where head h takes columns h·D/H … of every token's row; and the
// tempting wrong way, the same buffer read straight as (H, S, D/H), where a head's "rows" are pieces of
// several tokens. Each layout keeps, per number, the token it came from. The attention runs in the module.

/** Head-major data (H × S × D/H) and the token each number came from, for one of the two layouts. */
export function splitHeads(m, heads, layout) {
  const { rows: s, cols: d } = m;
  const width = d / heads;
  const data = new Float32Array(s * d),
    token = new Array(s * d);
  for (let h = 0; h < heads; h++) {
    for (let r = 0; r < s; r++) {
      for (let c = 0; c < width; c++) {
        const to = (h * s + r) * width + c;
        // right: token r's columns h·width + c; wrong: the flat buffer read in order
        const from = layout === 'right' ? r * d + h * width + c : to;
        data[to] = m.data[from];
        token[to] = Math.floor(from / d);
      }
    }
  }
  return { data, heads, rows: s, cols: width, token };
}

/** Each head's attention weights (H × S × S) when Q, K, V are split by `layout`; scores ÷ √(D/H), the module's default for a head of width D/H. */
export function headWeights(api, x, projections, heads, layout) {
  // Q, K and V from the one fused product, as a transformer computes them; each then split by `layout`.
  const { q, k, v } = fusedProjection(api, x, projections);
  const [qh, kh, vh] = [q, k, v].map((m) => splitHeads(m, heads, layout));
  const strip = ({ data, rows, cols }) => ({ data, heads, rows, cols });
  return api.attention({ q: strip(qh), k: strip(kh), v: strip(vh) }).weights;
}

/** The columns [from, from + width) of a matrix, as a matrix of their own (a layout step, no arithmetic). */
export function columns(m, from, width) {
  const data = new Float32Array(m.rows * width);
  for (let r = 0; r < m.rows; r++) data.set(m.data.subarray(r * m.cols + from, r * m.cols + from + width), r * width);
  return { data, rows: m.rows, cols: width };
}

/**
 * Q, K and V from one product: X·[Wq|Wk|Wv] (the three D × D projections side by side, D × 3D) gives one
 * S × 3D matrix, whose first D columns are Q, the next K, the last V. One call to the module instead of three.
 */
export function fusedProjection(api, x, projections) {
  const d = projections[0].cols;
  const fusedWeights = {
    data: Float32Array.from({ length: x.cols * 3 * d }, (_, i) => {
      const row = Math.floor(i / (3 * d)),
        col = i % (3 * d);
      const w = projections[Math.floor(col / d)];
      return w.data[row * d + (col % d)];
    }),
    rows: x.cols,
    cols: 3 * d,
  };
  const fused = api.matmul({ a: x, b: fusedWeights });
  const [q, k, v] = [0, 1, 2].map((part) => columns(fused, part * d, d));
  return { fusedWeights, fused, q, k, v };
}

/**
 * One head's scores, three ways, all from the module's logits: raw dot products (scale 1); divided by √(D/H),
 * the head's own width (the module's default for a head, and what multi-head attention uses); and divided by
 * √D, the model's width, the mistake that makes every head's softmax too flat.
 */
export function headScores(api, q, k, heads, head) {
  const [qh, kh] = [q, k].map((m) => {
    const split = splitHeads(m, heads, 'right');
    const size = split.rows * split.cols;
    return { data: split.data.slice(head * size, (head + 1) * size), rows: split.rows, cols: split.cols };
  });
  return {
    raw: api.logits({ q: qh, k: kh, scale: 1 }),
    byHeadWidth: api.logits({ q: qh, k: kh }),
    byModelWidth: api.logits({ q: qh, k: kh, scale: 1 / Math.sqrt(q.cols) }),
  };
}

const lessonWidth = 6;

/** The lesson's four tokens (S = 4, D = 6) with distinct vectors, and fixed projections (the lesson is the layout, not these numbers). */
export function lessonInputs() {
  const x = {
    data: Float32Array.from({ length: 4 * lessonWidth }, (_, i) => Math.round(Math.sin(i * 1.7 + 1) * 10) / 10),
    rows: 4,
    cols: lessonWidth,
  };
  let state = 7;
  const next = () =>
    Math.round(((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 4294967296 - 0.5) * 20) / 10;
  const projections = [0, 1, 2].map(() => ({
    data: Float32Array.from({ length: lessonWidth * lessonWidth }, next),
    rows: lessonWidth,
    cols: lessonWidth,
  }));
  return { x, projections };
}

// Lesson 3's arithmetic, through the module: four words' vectors X projected to queries, keys and values
// (Q = X·Wq, K = X·Wk, V = X·Wv), the scaled scores Q·Kᵀ/√dk, and the weights normalised the right way
// (softmax along each query's row: every row sums to 1) or the wrong way (along each key's column: the
// columns sum to 1 and a query's weights no longer form a distribution), each with its output, weights · V.

export const words = Object.freeze(['she', 'reads', 'a', 'book']);
/** Features per word, and the width of a query, key and value (d_k = 2). */
export const featureCount = 2;
// Small hand-picked numbers (2 features per word, 2-wide projections) a learner can follow by hand. X, a row per
// word, is the learner's to edit (the URL keeps it, row by row); the projections are fixed.
/** X's numbers row by row (she, reads, a, book), as the lesson starts. */
export const defaultX = Object.freeze([1, 0, 0.5, 1, 0, 0.2, 1, 0.8]);
/** How many significant digits the lesson may show (a learner checking a number by hand wants 3 or 4). */
export const digitChoices = Object.freeze([2, 3, 4]);
/** Wq, Wk, Wv: the projections X is multiplied by, row by row (features of x down, of q, k or v across). */
export const projections = Object.freeze({
  wq: [
    [1, 0.5],
    [0, 1],
  ],
  wk: [
    [1, 0],
    [0.5, 1],
  ],
  wv: [
    [2, 0],
    [0, 1],
  ],
});

const matrix = (rows) => ({ data: Float32Array.from(rows.flat()), rows: rows.length, cols: rows[0].length });
const transpose = (m) => ({
  data: Float32Array.from(
    { length: m.rows * m.cols },
    (_, i) => m.data[(i % m.rows) * m.cols + Math.floor(i / m.rows)],
  ),
  rows: m.cols,
  cols: m.rows,
});

const wordsMatrix = (x) => ({ data: Float32Array.from(x), rows: words.length, cols: featureCount });

/** X (its numbers row by row), its projections Wq, Wk, Wv and Q = X·Wq, K = X·Wk, V = X·Wv, through the module. */
function project(api, x) {
  const inputs = wordsMatrix(x);
  const [wq, wk, wv] = ['wq', 'wk', 'wv'].map((name) => matrix(projections[name]));
  const [q, k, v] = [wq, wk, wv].map((w) => api.matmul({ a: inputs, b: w }));
  // d_k, the keys' width: the scores are divided by √d_k
  const rootKeyWidth = Math.sqrt(k.cols);
  return { x: inputs, wq, wk, wv, q, k, v, keyWidth: k.cols, rootKeyWidth, scale: 1 / rootKeyWidth };
}

/**
 * X, Wq, Wk, Wv, Q, K, V, d_k, the scaled scores Q·Kᵀ/√d_k, and the weights and output for `axis` 'rows' (right)
 * or 'columns' (wrong); `x`: X's numbers row by row (the lesson's own by default).
 */
export function keysQueriesValues(api, axis, x = defaultX) {
  const projected = project(api, x);
  const { q, k, v, scale } = projected;
  const scores = api.logits({ q, k, scale });
  // Along the columns: each key's column normalised over the queries, i.e. the row softmax of K·Qᵀ, transposed.
  const weights =
    axis === 'rows'
      ? api.attention({ q, k, v, scale }).weights
      : transpose(api.attention({ q: k, k: q, v: q, scale }).weights);
  const output = api.matmul({ a: weights, b: v });
  const rowSums = Array.from({ length: weights.rows }, (_, r) =>
    weights.data.slice(r * weights.cols, (r + 1) * weights.cols).reduce((a, b) => a + b, 0),
  );
  return { ...projected, scores, weights, output, rowSums };
}

/**
 * FlashAttention's online softmax on query `query`'s row (X's numbers `x`, row by row): the module's streaming
 * kernel run `blockSize` keys at a time (api.onlineSoftmax), beside the materialised row's output. The largest difference between the two outputs
 * is float rounding. Throws the module's RangeError in the scalar build, which has no streaming kernel.
 */
export function onlineSoftmaxRow(api, query, blockSize, x = defaultX) {
  const { q, k, v, scale } = project(api, x);
  const trace = api.onlineSoftmax({ q, k, v, scale, row: query, blockSize });
  const materialised = api.attention({ q, k, v, scale }).output.data.slice(query * v.cols, (query + 1) * v.cols);
  const largestDifference = Math.max(...trace.output.map((value, c) => Math.abs(value - materialised[c])));
  return { trace, materialised, largestDifference };
}

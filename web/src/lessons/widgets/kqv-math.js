// Lesson 3's arithmetic, through the module: four words' vectors X projected to queries, keys and values
// (Q = X·Wq, K = X·Wk, V = X·Wv), the scaled scores Q·Kᵀ/√dk, and the weights normalised the right way
// (softmax along each query's row: every row sums to 1) or the wrong way (along each key's column: the
// columns sum to 1 and a query's weights no longer form a distribution), each with its output, weights · V.

export const words = Object.freeze(['she', 'reads', 'a', 'book']);
// Small hand-picked numbers (2 features per word, 2-wide projections) a learner can follow by hand.
const x = [
  [1, 0],
  [0.5, 1],
  [0, 0.2],
  [1, 0.8],
];
const projections = {
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
};

const matrix = (rows) => ({ data: Float32Array.from(rows.flat()), rows: rows.length, cols: rows[0].length });
const transpose = (m) => ({
  data: Float32Array.from(
    { length: m.rows * m.cols },
    (_, i) => m.data[(i % m.rows) * m.cols + Math.floor(i / m.rows)],
  ),
  rows: m.cols,
  cols: m.rows,
});

/** X, Q, K, V, the scaled scores and the weights and output for `axis` 'rows' (right) or 'columns' (wrong). */
export function keysQueriesValues(api, axis) {
  const inputs = matrix(x);
  const [q, k, v] = ['wq', 'wk', 'wv'].map((name) => api.matmul({ a: inputs, b: matrix(projections[name]) }));
  const scale = 1 / Math.sqrt(q.cols);
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
  return { x: inputs, q, k, v, scores, weights, output, rowSums };
}

/**
 * FlashAttention's online softmax on query `query`'s row: the module's streaming kernel run `blockSize` keys at a
 * time (api.onlineSoftmax), beside the materialised row's output. The largest difference between the two outputs
 * is float rounding. Throws the module's RangeError in the scalar build, which has no streaming kernel.
 */
export function onlineSoftmaxRow(api, query, blockSize) {
  const inputs = matrix(x);
  const [q, k, v] = ['wq', 'wk', 'wv'].map((name) => api.matmul({ a: inputs, b: matrix(projections[name]) }));
  const scale = 1 / Math.sqrt(q.cols);
  const trace = api.onlineSoftmax({ q, k, v, scale, row: query, blockSize });
  const materialised = api.attention({ q, k, v, scale }).output.data.slice(query * v.cols, (query + 1) * v.cols);
  const largestDifference = Math.max(...trace.output.map((value, c) => Math.abs(value - materialised[c])));
  return { trace, materialised, largestDifference };
}

// Lesson 1's arithmetic, all through the module: a sequence of items summarised three ways, each a weighted
// sum of the items (weights · X):
//   a fixed exponential decay: weights = softmax over positions of (age · ln λ), whatever the items hold;
//   unnormalised gates: each weight sigmoid(score) on its own, computed as a softmax over [score, 0];
//   attention: weights = softmax(score), scores = the query (what to remember) · each item.
// Which item a summary still resembles most (its dot product with each item) says what it kept.

export const items = Object.freeze(['cat', 'apple', 'park', 'tom', 'bread', 'dog']);
const width = items.length;
// One direction per item, with a little shared background so no two are exactly orthogonal.
const vectors = items.map((_, i) => Array.from({ length: width }, (__, j) => (i === j ? 1 : 0.1)));
const sharpness = 6;

const matrix = (rows) => ({ data: Float32Array.from(rows.flat()), rows: rows.length, cols: rows[0].length });
const column = (values) => matrix(values.map((v) => [v]));

function weightedSum(api, weights) {
  return api.matmul({ a: { data: weights, rows: 1, cols: items.length }, b: matrix(vectors) }).data;
}

/** The three summaries for remembering item `chosen`, with a decay λ in (0, 1). */
export function summaries(api, chosen, decay) {
  const n = items.length;
  const x = matrix(vectors);
  const query = matrix([vectors[chosen]]);
  // Decay: logits (age · ln λ) that ignore the items' content; the softmax normalises λ^age.
  const ages = Array.from({ length: n }, (_, i) => n - 1 - i);
  const decayWeights = api.attention({
    q: matrix([[1]]),
    k: column(ages.map((age) => age * Math.log(decay))),
    v: column(ages),
    scale: 1,
  }).weights.data;
  // Gates: one sigmoid per item, sigmoid(s) = softmax([s, 0])[0], as n one-row attentions (heads).
  const scores = api.logits({ q: query, k: x, scale: sharpness }).data;
  const gates = api.attention({
    q: { data: new Float32Array(n).fill(1), heads: n, rows: 1, cols: 1 },
    k: { data: Float32Array.from(Array.from(scores).flatMap((s) => [s, 0])), heads: n, rows: 2, cols: 1 },
    v: { data: Float32Array.from(Array.from({ length: n }).flatMap(() => [1, 0])), heads: n, rows: 2, cols: 1 },
    scale: 1,
  }).output.data;
  const attention = api.attention({ q: query, k: x, v: x, scale: sharpness }).weights.data;
  return [
    { name: 'fixed decay', weights: Float32Array.from(decayWeights) },
    { name: 'sigmoid gates', weights: Float32Array.from(gates) },
    { name: 'softmax attention', weights: Float32Array.from(attention) },
  ].map((summary) => {
    const vector = weightedSum(api, summary.weights);
    const resemblance = api.matmul({
      a: { data: vector, rows: 1, cols: width },
      b: { data: Float32Array.from(vectors.flatMap((v, i) => v.map((_, j) => vectors[j][i]))), rows: width, cols: n },
    }).data;
    const kept = Array.from(resemblance).indexOf(Math.max(...resemblance));
    const total = summary.weights.reduce((a, b) => a + b, 0);
    return { ...summary, vector, kept, total };
  });
}

/**
 * What a summary did with item `chosen`, from its weights and resemblance: `share`, the part of all its weight on
 * the chosen item; `open`, how many weights are above ½ (a sigmoid gate counts as open there); and `kind`:
 *   'kept'        it looks most like the chosen item, which holds more than half the weight;
 *   'unselective' it looks most like the chosen item, but that item holds half the weight or less: the summary
 *                 keeps the others as much (the gates, open for everything);
 *   'forgotten'   it looks most like another item.
 */
export function verdict(summary, chosen) {
  const share = summary.weights[chosen] / summary.total;
  const open = summary.weights.filter((w) => w > 0.5).length;
  const kind = summary.kept !== chosen ? 'forgotten' : share > 0.5 ? 'kept' : 'unselective';
  return { kind, share, open };
}

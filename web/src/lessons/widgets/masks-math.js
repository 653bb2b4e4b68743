// Lesson 6's arithmetic, through the module: five tokens attending to each other (Q = K = V = X, scaled by
// 1/√3) under a mask, the mask being the attention graph's adjacency: none (the complete graph), causal (each
// token reads itself and earlier ones), padding (no token reads the last, a pad) or one of the learner's own.

export const tokens = Object.freeze(['she', 'reads', 'a', 'long', 'book']);
export const maskModes = Object.freeze(['none', 'causal', 'pad', 'custom']);
const x = [
  [1, 0, 0.5],
  [0.2, 1, 0],
  [0, 0.3, 0.2],
  [0.6, 0.4, 1],
  [1, 0.2, 0.8],
];
const n = tokens.length;

/** The adjacency (n × n, row = query, column = key; 1 = may read) of a mode; `custom` is the learner's bits. */
export function allowedOf(mode, custom) {
  return Uint8Array.from({ length: n * n }, (_, i) => {
    const query = Math.floor(i / n),
      key = i % n;
    if (mode === 'causal') return key <= query ? 1 : 0;
    if (mode === 'pad') return key === n - 1 ? 0 : 1;
    if (mode === 'custom') return custom[i];
    return 1;
  });
}

/** The same adjacency with one edge (key → query) flipped: what clicking it makes. */
export function toggled(allowed, query, key) {
  const next = Array.from(allowed);
  next[query * n + key] ^= 1;
  return next;
}

/** The weights and logits under the mask `allowed` (an explicit mask: the module's own checks apply). */
export function maskedAttention(api, allowed) {
  const X = { data: Float32Array.from(x.flat()), rows: n, cols: x[0].length };
  const scale = 1 / Math.sqrt(X.cols);
  const mask = Uint8Array.from(allowed);
  return {
    weights: api.attention({ q: X, k: X, v: X, mask, scale }).weights,
    logits: api.logits({ q: X, k: X, mask, scale }),
    mask: { data: Float32Array.from(allowed), rows: n, cols: n },
  };
}

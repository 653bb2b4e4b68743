// The position lesson's arithmetic, all through the module: words as fixed vectors, one self-attention
// layer, and the check that shuffling the input shuffles the output rows the same way (permutation
// equivariance), which holds without position encodings and breaks with them.

export const width = 8; // each word's vector, and so the encoding added to it

/** A fixed pseudo-random vector per word (the same word, the same vector), width × 1 per row. */
function wordVector(word) {
  let h = 2166136261;
  for (const c of word) h = Math.imul(h ^ c.codePointAt(0), 16777619);
  return Array.from(
    { length: width },
    (_, i) => ((Math.imul(h ^ (i * 2654435761), 2246822519) >>> 8) % 2001) / 1000 - 1,
  );
}

export function embed(words) {
  return { data: Float32Array.from(words.flatMap(wordVector)), rows: words.length, cols: width };
}

// Fixed projections, seeded: the lesson is about order, not about these numbers.
function projection(seed) {
  let state = seed;
  const next = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 4294967296 - 0.5;
  return { data: Float32Array.from({ length: width * width }, next), rows: width, cols: width };
}
const projections = [projection(11), projection(23), projection(37)];

/** Self-attention outputs (S × width) of these word vectors, with or without sinusoidal positions added. */
export function selfAttention(api, words, withPositions) {
  const x = withPositions ? api.positionalEncoding({ x: embed(words) }) : embed(words);
  const [q, k, v] = projections.map((w) => api.matmul({ a: x, b: w }));
  return api.attention({ q, k, v }).output;
}

/**
 * Outputs for the words in order and in `order` (a permutation of their indices), and the largest difference
 * between shuffled output row r and original row order[r]: ~1e-7 without positions, large with them.
 */
export function permutationCheck(api, words, order, withPositions) {
  const original = selfAttention(api, words, withPositions);
  const shuffled = selfAttention(
    api,
    order.map((i) => words[i]),
    withPositions,
  );
  let largest = 0;
  order.forEach((from, r) => {
    for (let c = 0; c < width; c++)
      largest = Math.max(largest, Math.abs(shuffled.data[r * width + c] - original.data[from * width + c]));
  });
  return { original, shuffled, largest };
}

/** A seeded shuffle of 0..n-1 that moves at least one index (n ≥ 2). */
export function shuffledOrder(n, seed) {
  const order = Array.from({ length: n }, (_, i) => i);
  let state = seed + 1;
  for (let i = n - 1; i > 0; i--) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const j = state % (i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  if (n > 1 && order.every((v, i) => v === i)) [order[0], order[1]] = [order[1], order[0]];
  return order;
}

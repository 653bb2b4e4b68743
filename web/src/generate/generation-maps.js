// The matrices the Generate view draws from a generation, as pure functions tested in Node. A generated step's
// attention arrives as layers × heads rows of `length` weights over its window (prompt and generated tokens from
// `windowStart`): the query is the last token written so far, and the token it chose comes next.

/** Every token of a generation in order: the prompt's pieces, then the generated ones. */
export function allPieces(generation) {
  return [...generation.promptPieces, ...generation.steps.map((step) => step.text)];
}

/** The positions step `index` attended: from its window's start to the last token before it, inclusive. */
export function attendedPositions(generation, index) {
  const { windowStart, length } = generation.steps[index];
  return { first: windowStart, last: windowStart + length - 1 };
}

/** Step `index`'s attention as a heatmap's matrix: a row per layer and head (layer-major), a column per position. */
export function stepAttention(generation, index) {
  const { attention, length } = generation.steps[index];
  return { data: attention, rows: attention.length / length, cols: length };
}

/** One head's weights at step `index`, over its window (a view into the step's attention, not a copy). */
export function headWeights(generation, index, { layer, head, heads }) {
  const { attention, length } = generation.steps[index];
  const row = layer * heads + head;
  return attention.subarray(row * length, (row + 1) * length);
}

/**
 * The causal map of one head over the whole generation: row i is step i's attention, placed at the positions it
 * read; positions after its query (the causal mask) and before its window (moved on) are −∞, drawn as masked. The
 * columns are every position a query ever was: the prompt's and all generated tokens but the last.
 */
export function causalMap(generation, { layer, head, heads }) {
  const rows = generation.steps.length;
  const cols = generation.promptPieces.length + rows - 1;
  const data = new Float32Array(rows * cols).fill(-Infinity);
  generation.steps.forEach((_, i) => {
    const { first } = attendedPositions(generation, i);
    data.set(headWeights(generation, i, { layer, head, heads }), i * cols + first);
  });
  return { data, rows, cols };
}

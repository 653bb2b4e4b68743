// What the translation view shows, computed from a translate() result without touching the page: the maps
// for a decoding step and a head choice, the head average, the true-alignment cells and the line view's links.

/** Element-wise mean of same-shaped matrices: the average over heads. */
export function averageOf(matrices) {
  const { rows, cols } = matrices[0];
  const data = new Float32Array(rows * cols);
  for (const m of matrices) for (let i = 0; i < data.length; i++) data[i] += m.data[i];
  for (let i = 0; i < data.length; i++) data[i] /= matrices.length;
  return { data, rows, cols };
}

/**
 * One map of a [layer][head] set: `head` is a head index or 'average'.
 * @param {{ data: Float32Array, rows: number, cols: number }[][]} maps
 */
export function pickMap(maps, layer, head) {
  const heads = maps[Math.min(layer, maps.length - 1)];
  return head === 'average' ? averageOf(heads) : heads[Math.min(head, heads.length - 1)];
}

/** The first `step + 1` rows of a map (and columns too when the map is square, i.e. decoder self-attention). */
export function upToStep(matrix, step, square = false) {
  const rows = Math.min(step + 1, matrix.rows),
    cols = square ? rows : matrix.cols;
  const data = new Float32Array(rows * cols);
  for (let r = 0; r < rows; r++) data.set(matrix.data.subarray(r * matrix.cols, r * matrix.cols + cols), r * cols);
  return { data, rows, cols };
}

/**
 * Cells (target row, source column) of the true alignment, for the rows shown. Only meaningful when the
 * model produced the grammar's translation word for word; otherwise rows would not correspond.
 */
export function alignmentCells(alignment, rows) {
  if (!alignment?.matchesModel) return [];
  const cells = [];
  alignment.sourceIndex.forEach((col, row) => {
    if (row < rows && col >= 0) cells.push({ row, col });
  });
  return cells;
}

/** Links for the line view: every weight of at least `threshold`, strongest last so they draw on top. */
export function links(matrix, threshold = 0.05) {
  const out = [];
  for (let row = 0; row < matrix.rows; row++) {
    for (let col = 0; col < matrix.cols; col++) {
      const weight = matrix.data[row * matrix.cols + col];
      if (weight >= threshold) out.push({ row, col, weight });
    }
  }
  return out.sort((a, b) => a.weight - b.weight);
}

/** For each row, the column with the largest weight (ties: the first). */
export function rowArgmax(matrix) {
  return Array.from({ length: matrix.rows }, (_, row) => {
    let best = 0;
    for (let col = 1; col < matrix.cols; col++) {
      if (matrix.data[row * matrix.cols + col] > matrix.data[row * matrix.cols + best]) best = col;
    }
    return best;
  });
}

/** Share of the aligned target rows whose largest weight falls on the truly aligned source word. */
export function alignmentAgreement(matrix, cells) {
  if (cells.length === 0) return null;
  const argmax = rowArgmax(matrix);
  return cells.filter(({ row, col }) => argmax[row] === col).length / cells.length;
}

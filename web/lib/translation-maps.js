// A translation's attention maps as translate() returns them, from the module's answer: each kind's maps arrive in
// one Float32Array (copied out of the module's memory once) and become [layer][head] → { data, rows, cols } views
// of it; each step's prefix of a cross-attention map is a view of the map's first rows, and of a decoder
// self-attention map (fewer columns than the map's rows) a copy, all the steps' in one buffer. Making a typed array
// with memory of its own was most of what a translation's few hundred small maps cost in Node, so every map here
// shares memory; each is still JS's own, never a view of the module's (which a memory growth detaches).

/**
 * `all` (layers × heads × rows × cols floats) as [layer][head] → { data, rows, cols }, each data a view of `all`.
 * @param {Float32Array} all
 * @param {number} layers
 * @param {number} heads
 * @param {number} rows
 * @param {number} cols
 */
export function layeredMaps(all, layers, heads, rows, cols) {
  const size = rows * cols;
  return Array.from({ length: layers }, (_, layer) =>
    Array.from({ length: heads }, (_, head) => {
      const start = (layer * heads + head) * size;
      return { data: all.subarray(start, start + size), rows, cols };
    }),
  );
}

/**
 * For each of `steps` steps, the maps' prefix as [layer][head] → { data, rows, cols }: at step t, rows 0..t, and
 * for square (decoder self-attention) maps columns 0..t too. A prefix of every column is a view of the map's first
 * rows; the square maps' prefixes are copied, all steps' into one buffer.
 * @param {{ data: Float32Array, rows: number, cols: number }[][]} maps
 * @param {number} steps
 * @param {boolean} square
 */
export function stepPrefixes(maps, steps, square) {
  if (!square) {
    return Array.from({ length: steps }, (_, step) =>
      maps.map((layer) =>
        layer.map(({ data, cols }) => ({ data: data.subarray(0, (step + 1) * cols), rows: step + 1, cols })),
      ),
    );
  }
  const matrices = maps.flat();
  let size = 0;
  for (let step = 0; step < steps; step++) size += matrices.length * (step + 1) * (step + 1);
  const buffer = new Float32Array(size);
  let offset = 0;
  return Array.from({ length: steps }, (_, step) =>
    maps.map((layer) =>
      layer.map((matrix) => {
        const rows = step + 1,
          cols = step + 1;
        const data = buffer.subarray(offset, offset + rows * cols);
        offset += rows * cols;
        for (let r = 0; r < rows; r++) {
          for (let c = 0; c < cols; c++) data[r * cols + c] = matrix.data[r * matrix.cols + c];
        }
        return { data, rows, cols };
      }),
    ),
  );
}

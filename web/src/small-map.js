// A thumbnail of a weights matrix in [0, 1]: no labels, a few pixels per cell, the same viridis scale as
// the full heatmaps. Used by the layer × head grid.
import { viridis } from './viridis.js';

export function drawSmallMap(canvas, matrix, cell = 5) {
  const { rows, cols, data } = matrix;
  const ratio = globalThis.devicePixelRatio || 1;
  const [width, height] = [Math.round(cols * cell * ratio), Math.round(rows * cell * ratio)];
  if (canvas.width !== width || canvas.height !== height) { // a new size only: each assignment is a new bitmap
    [canvas.width, canvas.height] = [width, height];
    canvas.style.width = `${cols * cell}px`;
    canvas.style.height = `${rows * cell}px`;
  }
  const ctx = canvas.getContext('2d');
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) {
      ctx.fillStyle = viridis(data[i * cols + j]);
      ctx.fillRect(j * cell, i * cell, cell, cell);
    }
  }
}

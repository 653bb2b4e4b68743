// A thumbnail of a weights matrix in [0, 1]: no labels, `cell` CSS pixels per cell, the same viridis scale as the
// full heatmaps. Used by the layer × head grid and the training snapshots. Its canvas holds a pixel per cell and
// the browser scales it up (pixelated): a bitmap at the screen's resolution would cost far more to allocate.
import { cellPixels } from './heatmap-picture.js';

export function drawSmallMap(canvas, matrix, cell = 5) {
  const { rows, cols } = matrix;
  if (canvas.width !== cols || canvas.height !== rows) {
    // a new size only: each assignment is a new bitmap
    [canvas.width, canvas.height] = [cols, rows];
    canvas.classList.add('pixelated');
    canvas.style.width = `${cols * cell}px`;
    canvas.style.height = `${rows * cell}px`;
  }
  canvas.getContext('2d').putImageData(cellPixels(matrix, [0, 1]), 0, 0);
}

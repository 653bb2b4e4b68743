// The viridis colour scale (d3-scale-chromatic: perceptually uniform, readable with the common colour-vision
// deficiencies) as 256 ready CSS colours. A map redraws every cell on every decoding step; d3's interpolator
// builds a new colour string per call, and the canvas parses each one: the table is built once, on first use.
import { interpolateViridis } from 'd3-scale-chromatic';

const levels = 256;
let table = null;

/** The viridis colour of `t` in [0, 1] (clamped; NaN is the lowest colour), to 1/255 of the scale. */
export function viridis(t) {
  table ??= Array.from({ length: levels }, (_, i) => interpolateViridis(i / (levels - 1)));
  const index = Math.round(Math.min(1, Math.max(0, t)) * (levels - 1));
  return table[Number.isNaN(index) ? 0 : index];
}

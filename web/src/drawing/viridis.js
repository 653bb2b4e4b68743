// The viridis colour scale (d3-scale-chromatic: perceptually uniform, readable with the common colour-vision
// deficiencies) at 256 levels, as CSS colours and as RGB bytes. Maps redraw every cell on every decoding step: the
// tables are built once, on first use, rather than a colour string made (and parsed) per cell.
import { interpolateViridis } from 'd3-scale-chromatic';

const levels = 256;
let colours = null,
  bytes = null;

const level = (t) => {
  const index = Math.round(Math.min(1, Math.max(0, t)) * (levels - 1));
  return Number.isNaN(index) ? 0 : index;
};

/** The viridis colour of `t` in [0, 1] (clamped; NaN is the lowest colour), to 1/255 of the scale. */
export function viridis(t) {
  colours ??= Array.from({ length: levels }, (_, i) => interpolateViridis(i / (levels - 1)));
  return colours[level(t)];
}

/** The same colour as [r, g, b] bytes. */
export function viridisBytes(t) {
  bytes ??= Array.from({ length: levels }, (_, i) => {
    const hex = viridis(i / (levels - 1)); // d3 writes "#rrggbb"
    return [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  });
  return bytes[level(t)];
}

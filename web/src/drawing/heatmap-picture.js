// A map's picture, described once and painted two ways. On the page: the cells in a canvas of one pixel per cell,
// which the browser scales up (pixelated), under an SVG of labels, values and rings. A canvas the size of the
// picture costs its whole bitmap at its first drawing (about 20 ns a pixel where canvases are drawn in software:
// 15 ms of a phone's main thread for a ten-word map at a 1.75 pixel ratio); a few dozen pixels and an SVG cost next
// to nothing. For a PNG (exports, <attention-map>.toPNG()): the same picture on one full-resolution canvas.
import { viridisBytes } from './viridis.js';
import { devanagariFamily } from '../common/devanagari-family.js';

export const maskedFill = [0xd9, 0xd9, 0xd9];
const maskedStroke = '#9a9a9a';
// Labels are words, Marathi ones too: the site's Devanagari font first (web/src/app/devanagari-font.js adds it when a
// Marathi model is opened; elsewhere the name matches no font and the system's draw them).
const labelFont = { family: `"${devanagariFamily}", system-ui, sans-serif`, size: 12 }; // the type scale's --text-xs
const valueFamily = 'ui-monospace, monospace';

/** Where a value falls in the colour range, 0 to 1 (0.5 for a range of one value). */
function position(value, [lo, hi]) {
  return hi > lo ? (value - lo) / (hi - lo) : 0.5;
}

/** The cells' colours, one RGBA pixel per cell (masked entries grey). */
export function cellPixels({ rows, cols, data }, range) {
  const pixels = new ImageData(cols, rows);
  for (let k = 0; k < rows * cols; k++) {
    const value = data[k];
    const [r, g, b] = value === -Infinity ? maskedFill : viridisBytes(position(value, range));
    pixels.data.set([r, g, b, 255], 4 * k);
  }
  return pixels;
}

/**
 * What is drawn over the cells, in CSS pixels from the picture's top left: texts, rectangle outlines and one path
 * of line segments (the masked cells' diagonals).
 * @param {object} map  rows, cols, data, cell, labelWidth, labelHeight, wordLabels, rowLabels, colLabels,
 *   showText, range, palette, marks, highlightRow, focusCell ({ row, col } or null), formatCell
 */
export function overlayShapes(map) {
  const { rows, cols, data, cell, labelWidth: left, labelHeight: top, palette, range } = map;
  const shapes = [];
  const label = (text, x, y, align, maxWidth, rotate = 0) =>
    shapes.push({ type: 'text', text, x, y, align, maxWidth, rotate, font: labelFont, fill: palette.label });
  if (map.wordLabels) {
    // Words are wider than cells: slant the column labels and right-align the row labels.
    for (let j = 0; j < cols; j++) label(map.colLabels[j], left + (j + 0.5) * cell, top - 4, 'start', top * 1.3, -45);
    for (let i = 0; i < rows; i++) label(map.rowLabels[i], left - 4, top + (i + 0.5) * cell, 'end', left - 6);
  } else {
    for (let j = 0; j < cols; j++) label(map.colLabels[j], left + (j + 0.5) * cell, top / 2, 'middle', cell - 2);
    for (let i = 0; i < rows; i++) label(map.rowLabels[i], left / 2, top + (i + 0.5) * cell, 'middle', left - 2);
  }
  if (palette.frame) {
    shapes.push({
      type: 'rect',
      x: left - 0.5,
      y: top - 0.5,
      width: cols * cell + 1,
      height: rows * cell + 1,
      stroke: palette.frame,
      lineWidth: 1,
    });
  }
  const diagonals = [];
  const valueFont = { family: valueFamily, size: cell >= 44 ? 12 : 10, monospace: true };
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) {
      const value = data[i * cols + j];
      const x = left + j * cell,
        y = top + i * cell;
      if (value === -Infinity) diagonals.push([x, y + cell, x + cell, y]);
      if (map.showText) {
        const light = value !== -Infinity && position(value, range) < 0.55;
        shapes.push({
          type: 'text',
          text: map.formatCell(value),
          x: x + cell / 2,
          y: y + cell / 2,
          align: 'middle',
          maxWidth: cell - 3,
          rotate: 0,
          font: valueFont,
          fill: light ? '#ffffff' : '#111111',
        });
      }
    }
  }
  if (diagonals.length) shapes.push({ type: 'segments', segments: diagonals, stroke: maskedStroke, lineWidth: 1 });
  const ring = (x, y, width, height, inset) => {
    // White under the accent: a ring that reads on every viridis colour.
    shapes.push({
      type: 'rect',
      x: x + inset,
      y: y + inset,
      width: width - 2 * inset,
      height: height - 2 * inset,
      stroke: '#ffffff',
      lineWidth: 3,
    });
  };
  for (const { row, col } of map.marks) {
    if (row >= rows || col >= cols) continue;
    const x = left + col * cell,
      y = top + row * cell;
    ring(x, y, cell, cell, 2.5);
    shapes.push({
      type: 'rect',
      x: x + 2.5,
      y: y + 2.5,
      width: cell - 5,
      height: cell - 5,
      stroke: palette.accent,
      lineWidth: 1.5,
    });
  }
  if (map.highlightRow !== null && map.highlightRow < rows) {
    const y = top + map.highlightRow * cell;
    ring(left, y, cols * cell, cell, 1.5);
    shapes.push({
      type: 'rect',
      x: left + 1,
      y: y + 1,
      width: cols * cell - 2,
      height: cell - 2,
      stroke: palette.accent,
      lineWidth: 2,
    });
  }
  if (map.focusCell) {
    const { row, col } = map.focusCell;
    shapes.push({
      type: 'rect',
      x: left + col * cell + 1,
      y: top + row * cell + 1,
      width: cell - 2,
      height: cell - 2,
      stroke: '#000000',
      lineWidth: 2,
      dash: [3, 2],
    });
  }
  return shapes;
}

const svgNS = 'http://www.w3.org/2000/svg';
const fontString = ({ family, size }) => `${size}px ${family}`;
let measuring = null;
let measuringFont = '';
// font → text → width. Maps repeat their labels and values ("0.01", a sentence's words) in every drawing, and
// setting a context's font costs more than measuring: each is measured once. Emptied if it ever grows large.
const measured = new Map();

/** A text's width as the canvas would draw it (a context that never draws has no bitmap to pay for). */
function textWidth(text, font) {
  // A monospace font's printable ASCII all have one advance: a map's many values cost one measurement.
  if (font.monospace && /^[\x20-\x7e]*$/.test(text)) return text.length * textWidth('0', { ...font, monospace: false });
  const css = fontString(font);
  let widths = measured.get(css);
  if (!widths) measured.set(css, (widths = new Map()));
  let width = widths.get(text);
  if (width === undefined) {
    measuring ??= document.createElement('canvas').getContext('2d');
    if (measuringFont !== css) measuring.font = measuringFont = css;
    width = measuring.measureText(text).width;
    if (widths.size >= 4096) widths.clear();
    widths.set(text, width);
  }
  return width;
}

/**
 * A page's first text measurements cost milliseconds each (a context, then each font's set-up: up to 20 ms in
 * all): paid here, in a task of their own before a view's first maps are drawn, not inside the first drawing.
 */
export function warmUpTextMeasures() {
  textWidth('the', labelFont);
  for (const size of [10, 12]) textWidth('0', { family: valueFamily, size });
}

export const textMeasuresWarm = () => measuring !== null;

/** The width a map's row labels take on its left (overlayShapes gives each `left - 6`): 64 px, or what the longest needs. */
export const rowLabelWidth = (labels) =>
  Math.min(160, Math.max(64, Math.ceil(Math.max(0, ...labels.map((label) => textWidth(label, labelFont)))) + 10));

const svgAnchor = { start: 'start', middle: 'middle', end: 'end' };

/** Replaces the SVG's content with the shapes (presentation attributes only: no style, allowed by a strict CSP). */
export function paintSvg(svg, shapes, width, height) {
  const make = (name, attributes) => {
    const node = document.createElementNS(svgNS, name);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
    return node;
  };
  svg.setAttribute('width', String(width));
  svg.setAttribute('height', String(height));
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  const nodes = shapes.map((shape) => {
    if (shape.type === 'text') {
      const node = make('text', {
        x: shape.x,
        y: shape.y,
        'text-anchor': svgAnchor[shape.align],
        'dominant-baseline': 'central',
        'font-family': shape.font.family,
        'font-size': shape.font.size,
        fill: shape.fill,
      });
      if (shape.rotate) node.setAttribute('transform', `rotate(${shape.rotate} ${shape.x} ${shape.y})`);
      // As the canvas's maxWidth: squeezed only when it would not fit.
      if (textWidth(shape.text, shape.font) > shape.maxWidth) {
        node.setAttribute('textLength', String(shape.maxWidth));
        node.setAttribute('lengthAdjust', 'spacingAndGlyphs');
      }
      node.textContent = shape.text;
      return node;
    }
    if (shape.type === 'segments') {
      return make('path', {
        d: shape.segments.map(([x1, y1, x2, y2]) => `M${x1} ${y1}L${x2} ${y2}`).join(''),
        stroke: shape.stroke,
        'stroke-width': shape.lineWidth,
        fill: 'none',
      });
    }
    const rect = make('rect', {
      x: shape.x,
      y: shape.y,
      width: shape.width,
      height: shape.height,
      stroke: shape.stroke,
      'stroke-width': shape.lineWidth,
      fill: 'none',
    });
    if (shape.dash) rect.setAttribute('stroke-dasharray', shape.dash.join(' '));
    return rect;
  });
  svg.replaceChildren(...nodes);
}

const canvasAlign = { start: 'left', middle: 'center', end: 'right' };

/**
 * The whole picture on one new canvas at the screen's pixel ratio: the surface, the cells, then the shapes.
 * @param {{ width: number, height: number, left: number, top: number, cell: number, surface: string }} frame
 */
export function pictureCanvas(pixels, shapes, frame) {
  const ratio = globalThis.devicePixelRatio || 1;
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(frame.width * ratio);
  canvas.height = Math.round(frame.height * ratio);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = frame.surface;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  const { width: cols, height: rows, data } = pixels;
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) {
      const k = 4 * (i * cols + j);
      ctx.fillStyle = `rgb(${data[k]} ${data[k + 1]} ${data[k + 2]})`;
      ctx.fillRect(frame.left + j * frame.cell, frame.top + i * frame.cell, frame.cell, frame.cell);
    }
  }
  ctx.textBaseline = 'middle';
  for (const shape of shapes) {
    if (shape.type === 'text') {
      ctx.save();
      ctx.translate(shape.x, shape.y);
      ctx.rotate((shape.rotate * Math.PI) / 180);
      ctx.font = fontString(shape.font);
      ctx.textAlign = canvasAlign[shape.align];
      ctx.fillStyle = shape.fill;
      ctx.fillText(shape.text, 0, 0, shape.maxWidth);
      ctx.restore();
      continue;
    }
    ctx.strokeStyle = shape.stroke;
    ctx.lineWidth = shape.lineWidth;
    ctx.setLineDash(shape.dash ?? []);
    if (shape.type === 'segments') {
      ctx.beginPath();
      for (const [x1, y1, x2, y2] of shape.segments) {
        ctx.moveTo(x1, y1);
        ctx.lineTo(x2, y2);
      }
      ctx.stroke();
    } else {
      ctx.strokeRect(shape.x, shape.y, shape.width, shape.height);
    }
  }
  return canvas;
}

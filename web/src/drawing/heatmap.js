// A labelled heatmap of one matrix, reused by every view: a picture (heatmap-picture.js) in viridis (perceptually
// uniform and readable with the common colour-vision deficiencies), a legend stating the range, row and column
// labels, the exact value on hover and on keyboard focus (arrow keys move between cells), and a visually
// hidden table carrying the same numbers for screen readers.
import { hasFocus } from '../common/controls.js';
import { formatNumber } from '../common/format.js';
import {
  cellPixels,
  overlayShapes,
  paintSvg,
  pictureCanvas,
  rowLabelWidth,
  textMeasuresWarm,
  warmUpTextMeasures,
} from './heatmap-picture.js';
import { nextTask } from '../common/next-task.js';
import { messageGetters, t } from '../i18n/messages.js';

const minCell = 18,
  maxCell = 56;

// While a view's first render runs inside `drawingInSlices`, maps set their numbers, labels and size at once
// and queue the picture: each canvas is then drawn in a task of its own (map → its latest draw).
let queuedDraws = null;

// Every map's markup, parsed once per page: a clone costs a fraction of parsing it again (a view makes several).
let heatmapTemplate = null;
// The page's colours changed (its scheme: web/src/app/theme.js; present mode): every map reads its colours again, a map on the page at
// once, one off it (a view not shown) at its next drawing. Weak references: a map a view dropped is not kept.
// (Outside a window, e.g. Node importing a view's helpers, there is no page to change.)
const liveHeatmaps = new Set();
globalThis.addEventListener?.('page-theme-change', () => {
  for (const ref of liveHeatmaps) {
    const heatmap = ref.deref();
    if (!heatmap) liveHeatmaps.delete(ref);
    else if (heatmap.element.isConnected) heatmap.refreshTheme();
    else heatmap.theme = null;
  }
});
// The picture's SVG holds only labels (the model's words, or numbers) and values: data, translate="no".
function figureTemplate() {
  const template = document.createElement('template');
  template.innerHTML = `<figure class="heatmap">
      <figcaption><span class="heatmap-title"></span> <span class="heatmap-shape"></span></figcaption>
      <div class="heatmap-body">
        <div class="heatmap-picture"><canvas tabindex="0"></canvas><svg aria-hidden="true" translate="no"></svg></div>
        <div class="heatmap-tooltip" role="presentation" hidden></div>
      </div>
      <div class="heatmap-legend"><span class="colour-bar" aria-hidden="true"></span><span class="legend-text"></span></div>
      <div class="visually-hidden heatmap-table"><table><caption></caption><thead></thead><tbody></tbody></table></div>
      <p class="visually-hidden" aria-live="polite"></p></figure>`;
  return template;
}

/**
 * Runs `render` (synchronous: it updates maps) and then draws the canvases of the maps it updated, one per
 * task, so that no task draws a whole view. Resolves when every map is drawn.
 */
export async function drawingInSlices(render) {
  const draws = (queuedDraws = new Map());
  try {
    render();
  } finally {
    queuedDraws = null;
  }
  if (draws.size > 0 && !textMeasuresWarm()) {
    await nextTask();
    warmUpTextMeasures();
  }
  for (const draw of draws.values()) {
    await nextTask();
    draw();
  }
}

/**
 * A view's render, written as a generator that yields between its parts: `partsAtOnce` runs every part now (a
 * redraw); `partsInSlices` runs each in a task of its own, its maps' pictures each in a further task (a first
 * showing), until done or `stop()` says to.
 */
export function partsAtOnce(parts) {
  while (!parts.next().done);
}

export async function partsInSlices(parts, stop = () => false) {
  for (;;) {
    let done;
    await drawingInSlices(() => ({ done } = parts.next()));
    if (done || stop()) return;
    await nextTask();
  }
}

/** Colour range: fixed (weights are probabilities in [0, 1]) or the finite values' own minimum and maximum. */
function rangeOf(data, fixedRange) {
  if (fixedRange) return fixedRange;
  let lo = Infinity,
    hi = -Infinity;
  for (const x of data) {
    if (Number.isFinite(x)) {
      lo = Math.min(lo, x);
      hi = Math.max(hi, x);
    }
  }
  return lo === Infinity ? [0, 1] : [lo, hi];
}

// Attention weights over words: a fixed 0-to-1 scale, read as weights, word labels (message keys where a word).
const wordWeightEntries = {
  fixedRange: /** @type {[number, number]} */ ([0, 1]),
  valueName: 'app.drawing.heatmap.weight',
  wordLabels: true,
};

/**
 * Heatmap options for attention weights over words. Its words are messages, read when the options are spread into
 * a map's (never at import, before the messages are loaded).
 */
export const wordWeights = messageGetters(wordWeightEntries);

/** How every cross-attention map is drawn: output words down, source words across. */
export const crossAttentionMap = messageGetters({
  rowAxis: 'app.drawing.heatmap.outputWord',
  colAxis: 'app.drawing.heatmap.sourceWord',
  ...wordWeightEntries,
});

export class Heatmap {
  /**
   * @param {object} options
   * @param {string} options.id           element id (tests and exports find maps by it)
   * @param {string} options.title        what the matrix is, e.g. "weights = softmax(logits)" (in the page's language,
   *   as every name below: the caller's words)
   * @param {string} [options.rowAxis]    what a row is ("query", "position", …; default "row")
   * @param {string} [options.colAxis]    what a column is ("key", "feature", …; default "column")
   * @param {[number, number]} [options.fixedRange]  colour range, e.g. [0, 1] for weights
   * @param {(row: number, col: number) => void} [options.onActivate]  click, Enter or Space on a cell
   * @param {string} [options.valueName]  how a value is named in the tooltip ("weight", "score", …; default "value")
   * @param {boolean} [options.wordLabels]  rows and columns are words: wider row labels, slanted column labels
   * @param {(row: number, col: number) => void} [options.onFocusCell]  the pointer or keyboard cursor reached a cell
   * @param {boolean} [options.showValues]  write each value in its cell when cells are large enough (default true)
   */
  constructor({
    id,
    title,
    rowAxis = t('app.drawing.heatmap.row'),
    colAxis = t('app.drawing.heatmap.column'),
    fixedRange = null,
    onActivate = null,
    valueName = t('app.drawing.heatmap.value'),
    wordLabels = false,
    onFocusCell = null,
    showValues = true,
  }) {
    this.title = title;
    this.rowAxis = rowAxis;
    this.colAxis = colAxis;
    this.fixedRange = fixedRange;
    this.onActivate = onActivate;
    this.valueName = valueName;
    this.wordLabels = wordLabels;
    this.onFocusCell = onFocusCell;
    this.showValues = showValues;
    this.labelWidth = wordLabels ? 64 : 30;
    this.labelHeight = wordLabels ? 56 : 20;
    this.active = null; // the cell under the keyboard cursor
    heatmapTemplate ??= figureTemplate();
    this.element = /** @type {HTMLElement} */ (heatmapTemplate.content.firstElementChild.cloneNode(true));
    this.element.id = id;
    this.element.querySelector('.heatmap-title').textContent = title;
    this.picture = /** @type {HTMLElement} */ (this.element.querySelector('.heatmap-picture'));
    this.canvas = this.picture.querySelector('canvas'); // the cells, a pixel each; it takes the focus and the pointer
    this.overlay = this.picture.querySelector('svg');
    this.tooltip = /** @type {HTMLElement} */ (this.element.querySelector('.heatmap-tooltip'));
    this.legendText = this.element.querySelector('.legend-text');
    this.table = this.element.querySelector('table');
    this.announcer = this.element.querySelector('p[aria-live]');
    this.#listen();
    liveHeatmaps.add(new WeakRef(this));
  }

  /**
   * @param {object} view
   * @param {{ data: Float32Array, rows: number, cols: number }} view.matrix
   * @param {{ data: Float32Array } | null} [view.logits]  for weights: the logits they came from
   * @param {number} view.digits
   * @param {number | null} [view.highlightRow]
   * @param {string[]} [view.rowLabels]
   * @param {string[]} [view.colLabels]
   * @param {number} [view.maxWidth]  CSS pixels available
   * @param {{ row: number, col: number }[]} [view.marks]  cells to ring (and to name in the tooltip)
   * @param {string} [view.markName]  what a ring means, e.g. "true alignment" (default "marked")
   * @param {(value: number) => string} [view.formatCell]  text inside cells (default: `digits` significant digits)
   */
  update(view) {
    this.palette = this.theme ?? this.#readTheme();
    this.view = {
      highlightRow: null,
      logits: null,
      maxWidth: 600,
      marks: [],
      markName: t('app.drawing.heatmap.marked'),
      ...view,
    };
    const { rows, cols } = this.view.matrix;
    this.rowLabels = this.view.rowLabels ?? Array.from({ length: rows }, (_, i) => String(i + 1));
    // Words right-aligned beside the rows: as wide as the longest needs (a translated "query 1" is longer), up to a
    // limit past which it is squeezed rather than crowd out the cells.
    if (this.wordLabels) this.labelWidth = rowLabelWidth(this.rowLabels);
    this.colLabels = this.view.colLabels ?? Array.from({ length: cols }, (_, j) => String(j + 1));
    this.range = rangeOf(this.view.matrix.data, this.fixedRange);
    if (this.active && (this.active.row >= rows || this.active.col >= cols)) this.active = null;
    this.element.querySelector('.heatmap-shape').textContent = `(${rows}×${cols})`;
    this.canvas.setAttribute('aria-label', t('app.drawing.heatmap.label', this.#shape()));
    if (queuedDraws) {
      this.#size(); // the map's place on the page is kept (no layout shift) while its picture waits
      queuedDraws.set(this, () => this.#draw());
    } else {
      this.#draw();
    }
    this.#drawLegend();
    this.#fillTable();
    if (this.active) this.#showTooltip(this.active.row, this.active.col);
  }

  /** The map's title, shape and axes: the values of the messages that say what it holds. */
  #shape() {
    const { rows, cols } = this.view.matrix;
    return { title: this.title, rows, cols, rowAxis: this.rowAxis, colAxis: this.colAxis };
  }

  get cellSize() {
    const { cols } = this.view.matrix;
    return Math.max(
      minCell,
      Math.min(this.palette.largestCell, Math.floor((this.view.maxWidth - this.labelWidth - 4) / cols)),
    );
  }

  // What a page (or an embedding element's theme) may set as CSS custom properties: canvas needs them as
  // values. Reading computed style forces a style pass, so they are read on the first update once the map is
  // on the page, and again only when told (`refreshTheme`: an element whose theme changed).
  #readTheme() {
    // Off the page (a view built before it is shown), the page's own colours: a dark page's map is not drawn white.
    const style = getComputedStyle(this.element.isConnected ? this.element : document.documentElement);
    const read = (name, fallback) => style.getPropertyValue(name).trim() || fallback;
    const theme = {
      surface: read('--ap-surface', '#ffffff'),
      label: read('--ap-label', '#444444'),
      accent: read('--ap-accent', '#d1495b'),
      frame: read('--ap-frame', ''), // none unless a dark theme asks for one
      largestCell: Number.parseFloat(read('--ap-cell-size', '')) || maxCell,
    };
    this.theme = this.element.isConnected ? theme : null; // off the page, read again once on it
    return theme;
  }

  /** Reads the CSS custom properties again and redraws (after a theme change). */
  refreshTheme() {
    this.theme = null;
    if (this.view) this.update(this.view);
  }

  format(value) {
    return formatNumber(value, this.view.digits);
  }

  /**
   * Sizes the picture for the current view (no layout shift while its drawing waits): { width, height } in CSS
   * pixels. The cells' canvas gets a new bitmap only for a new shape: each assignment allocates and clears one.
   */
  #size() {
    const { rows, cols } = this.view.matrix;
    const cell = this.cellSize;
    // Slanted word labels reach past the last column: leave them room on the right.
    const width = this.labelWidth + cols * cell + 2 + (this.wordLabels ? this.labelHeight : 0),
      height = this.labelHeight + rows * cell + 2;
    this.picture.style.width = `${width}px`;
    this.picture.style.height = `${height}px`;
    if (this.canvas.width !== cols || this.canvas.height !== rows)
      [this.canvas.width, this.canvas.height] = [cols, rows];
    Object.assign(this.canvas.style, {
      left: `${this.labelWidth}px`,
      top: `${this.labelHeight}px`,
      width: `${cols * cell}px`,
      height: `${rows * cell}px`,
    });
    return { width, height };
  }

  /** The picture's parts: its cells' colours and what is drawn over them (heatmap-picture.js). */
  #parts() {
    const { matrix, highlightRow, marks } = this.view;
    const cell = this.cellSize;
    const shapes = overlayShapes({
      ...matrix,
      cell,
      labelWidth: this.labelWidth,
      labelHeight: this.labelHeight,
      wordLabels: this.wordLabels,
      rowLabels: this.rowLabels,
      colLabels: this.colLabels,
      showText: this.showValues && cell >= 30,
      range: this.range,
      palette: this.palette,
      marks,
      highlightRow,
      focusCell: this.active && hasFocus(this.canvas) ? this.active : null,
      formatCell: this.view.formatCell ?? ((value) => this.format(value)),
    });
    return { pixels: cellPixels(matrix, this.range), shapes, cell };
  }

  #draw() {
    const { width, height } = this.#size();
    const { pixels, shapes } = this.#parts();
    this.picture.style.background = this.palette.surface;
    this.canvas.getContext('2d').putImageData(pixels, 0, 0);
    paintSvg(this.overlay, shapes, width, height);
  }

  /** The map as one canvas at the screen's resolution, labels and all (for PNG exports). */
  pictureCanvas() {
    const { width, height } = this.#size();
    const { pixels, shapes, cell } = this.#parts();
    return pictureCanvas(pixels, shapes, {
      width,
      height,
      left: this.labelWidth,
      top: this.labelHeight,
      cell,
      surface: this.palette.surface,
    });
  }

  // The colour bar is the stylesheet's (a gradient through viridis, style.css): a canvas would cost every map a
  // second drawing surface. Only the range's text changes.
  #drawLegend() {
    const [lo, hi] = this.range;
    const masked = this.view.matrix.data.some((x) => x === -Infinity);
    const ends = { low: this.format(lo), high: this.format(hi) };
    const range = this.fixedRange ? t('app.drawing.heatmap.legendFixed', ends) : t('app.drawing.heatmap.legend', ends);
    this.legendText.textContent = masked ? t('app.drawing.heatmap.legendMasked', { range }) : range;
  }

  #fillTable() {
    const { rows, cols, data } = this.view.matrix;
    this.table.caption.textContent = t('app.drawing.heatmap.caption', this.#shape());
    // A header names its axis and its row's or column's label (a word of the model's, or a number).
    const header = (axis, label) => t('app.drawing.heatmap.header', { axis, label });
    const head = document.createElement('tr');
    head.append(document.createElement('th'));
    for (const label of this.colLabels)
      head.append(
        Object.assign(document.createElement('th'), { scope: 'col', textContent: header(this.colAxis, label) }),
      );
    this.table.tHead.replaceChildren(head);
    const body = [];
    for (let i = 0; i < rows; i++) {
      const tr = document.createElement('tr');
      tr.append(
        Object.assign(document.createElement('th'), {
          scope: 'row',
          textContent: header(this.rowAxis, this.rowLabels[i]),
        }),
      );
      for (let j = 0; j < cols; j++)
        tr.append(Object.assign(document.createElement('td'), { textContent: this.format(data[i * cols + j]) }));
      body.push(tr);
    }
    this.table.tBodies[0].replaceChildren(...body);
  }

  /** The words for one cell: its place, value and, for weights, the logit behind it. */
  describe(row, col) {
    const { matrix, logits } = this.view;
    const index = row * matrix.cols + col;
    let cell = t('app.drawing.heatmap.cell', {
      rowAxis: this.rowAxis,
      row: this.rowLabels[row],
      colAxis: this.colAxis,
      col: this.colLabels[col],
      valueName: this.valueName,
      value: formatNumber(matrix.data[index], 7),
    });
    if (logits)
      cell =
        logits.data[index] === -Infinity
          ? t('app.drawing.heatmap.cellMasked', { cell })
          : t('app.drawing.heatmap.cellLogit', { cell, logit: formatNumber(logits.data[index], 7) });
    if (this.view.marks.some((m) => m.row === row && m.col === col))
      cell = t('app.drawing.heatmap.cellMarked', { cell, mark: this.view.markName });
    return cell;
  }

  /** Scrolls a map wider than its frame to its last columns (an attention row's newest positions, on a phone). */
  showLastColumns() {
    const body = this.tooltip.parentElement;
    body.scrollLeft = body.scrollWidth;
  }

  #showTooltip(row, col) {
    const cell = this.cellSize;
    this.tooltip.textContent = this.describe(row, col);
    this.tooltip.hidden = false;
    // Under the cell, or over it when there is no room below; centred on it, but inside the part of a scrolled map
    // that is shown: the map's frame scrolls, and clips what passes its edges.
    const body = this.tooltip.parentElement;
    const { offsetWidth: width, offsetHeight: height } = this.tooltip;
    const centre = this.labelWidth + (col + 0.5) * cell;
    const left = Math.min(
      Math.max(centre, body.scrollLeft + width / 2 + 2),
      body.scrollLeft + body.clientWidth - width / 2 - 2,
    );
    const below = this.labelHeight + (row + 1) * cell + 4;
    const above = this.labelHeight + row * cell - 4 - height;
    const top = below + height <= this.picture.offsetHeight ? below : Math.max(0, above);
    this.tooltip.style.left = `${left}px`;
    this.tooltip.style.top = `${top}px`;
    if (this.focused?.row !== row || this.focused?.col !== col) {
      this.focused = { row, col };
      this.onFocusCell?.(row, col);
    }
  }

  #cellAt(event) {
    const rect = this.canvas.getBoundingClientRect();
    const cell = this.cellSize;
    const col = Math.floor((event.clientX - rect.left) / cell);
    const row = Math.floor((event.clientY - rect.top) / cell);
    const { rows, cols } = this.view.matrix;
    return row >= 0 && row < rows && col >= 0 && col < cols ? { row, col } : null;
  }

  #moveTo(row, col) {
    this.active = { row, col };
    this.#draw();
    this.#showTooltip(row, col);
    this.announcer.textContent = this.describe(row, col);
  }

  #listen() {
    this.canvas.addEventListener('mousemove', (event) => {
      const at = this.#cellAt(event);
      if (at) this.#showTooltip(at.row, at.col);
      else if (!this.active) this.tooltip.hidden = true;
    });
    this.canvas.addEventListener('mouseleave', () => {
      if (!hasFocus(this.canvas)) this.tooltip.hidden = true;
    });
    this.canvas.addEventListener('click', (event) => {
      const at = this.#cellAt(event);
      if (at) {
        this.active = at;
        this.onActivate?.(at.row, at.col);
      }
    });
    // A touch screen has no hover: a tap shows the cell's value as hovering does (and stays until the next tap).
    this.canvas.addEventListener('pointerup', (event) => {
      if (event.pointerType !== 'touch' && event.pointerType !== 'pen') return;
      const at = this.#cellAt(event);
      if (at) {
        this.#showTooltip(at.row, at.col);
        this.announcer.textContent = this.describe(at.row, at.col);
      } else {
        this.tooltip.hidden = true;
      }
    });
    this.canvas.addEventListener('focus', () =>
      this.#moveTo(this.active?.row ?? this.view.highlightRow ?? 0, this.active?.col ?? 0),
    );
    this.canvas.addEventListener('blur', () => {
      this.tooltip.hidden = true;
      this.#draw();
    });
    this.canvas.addEventListener('keydown', (event) => {
      const { rows, cols } = this.view.matrix;
      let { row, col } = this.active ?? { row: 0, col: 0 };
      // prettier-ignore
      switch (event.key) {
        case 'ArrowUp': row = Math.max(0, row - 1); break;
        case 'ArrowDown': row = Math.min(rows - 1, row + 1); break;
        case 'ArrowLeft': col = Math.max(0, col - 1); break;
        case 'ArrowRight': col = Math.min(cols - 1, col + 1); break;
        case 'Home': col = 0; break;
        case 'End': col = cols - 1; break;
        case 'Enter':
        case ' ':
          event.preventDefault();
          this.onActivate?.(row, col);
          return;
        default:
          return;
      }
      event.preventDefault();
      this.#moveTo(row, col);
    });
  }
}

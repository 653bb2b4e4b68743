// <attention-map>: one attention map, drawn by the playground's own heatmap (hover and keyboard read cells,
// a hidden table for screen readers), in a shadow root. Set `weights` ({ data, rows, cols }, or
// { data, heads, rows, cols } with the `head` attribute choosing one, 1-based), optionally `rowLabels`,
// `colLabels` and `alignment` (the true source index per row, ringed). Attributes: caption, digits,
// show-values, range ("fixed": 0 to 1, the default; "data": the values' own range), head.
// Events: cell-focus and cell-select with { row, col, value }; error with the Error.
import { viridis } from '../src/drawing/viridis.js';
import { formatNumber } from '../src/common/format.js';
import { Heatmap } from '../src/drawing/heatmap.js';
import { Settling } from '../src/common/settled.js';
import { checkKnownKeys, matrixShape } from '../lib/known-keys.js';
import { t } from '../src/i18n/messages.js';
import {
  clearError,
  defineElement,
  ElementBase,
  inPageLanguage,
  partsMade,
  integerAttribute,
  markDrawn,
  reportError,
  shadowWithStyles,
} from './shared.js';

const describe = (value) => (value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value);

function positiveInteger(value, name) {
  if (typeof value !== 'number') throw new TypeError(`${name} must be a number, got ${describe(value)}`);
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a whole number ≥ 1, got ${value}`);
  return value;
}

/** The weights property checked: shapes whole and positive, data of the right length, no NaN or +∞. */
export function checkWeights(weights) {
  if (weights === null || typeof weights !== 'object' || Array.isArray(weights)) {
    throw new TypeError(
      `weights must be { data, rows, cols } or { data, heads, rows, cols }, got ${describe(weights)}`,
    );
  }
  checkKnownKeys({ weights }, { weights: matrixShape }, { noun: 'property' });
  const rows = positiveInteger(weights.rows, 'weights.rows');
  const cols = positiveInteger(weights.cols, 'weights.cols');
  const heads = weights.heads === undefined ? 1 : positiveInteger(weights.heads, 'weights.heads');
  const { data } = weights;
  if (!(data instanceof Float32Array) && !Array.isArray(data) && !(data instanceof Float64Array)) {
    throw new TypeError(`weights.data must be a Float32Array or an array of numbers, got ${describe(data)}`);
  }
  if (data.length !== heads * rows * cols) {
    throw new RangeError(
      `weights.data has ${data.length} values; ${heads > 1 ? `${heads} heads × ` : ''}${rows} rows × ${cols} cols needs ${heads * rows * cols}`,
    );
  }
  const values = Float32Array.from(data);
  const bad = values.findIndex((x) => Number.isNaN(x) || x === Infinity);
  if (bad >= 0)
    throw new RangeError(`weights.data[${bad}] is ${values[bad]}: weights are numbers, or −Infinity for masked cells`);
  return { data: values, heads, rows, cols, multiHead: weights.heads !== undefined };
}

function labelsOrNull(value, count, name) {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value)) throw new TypeError(`${name} must be an array of strings, got ${describe(value)}`);
  if (value.length !== count)
    throw new RangeError(
      `${name} has ${value.length} labels for ${count} ${name === 'rowLabels' ? 'rows' : 'columns'}`,
    );
  // Strings and numbers only: String() of any other object would run its own toString, which may throw.
  return value.map((label, i) => {
    if (typeof label === 'string' || typeof label === 'number') return String(label);
    throw new TypeError(`${name}[${i}] must be a string or a number, got ${describe(label)}`);
  });
}

function csvCell(text) {
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function xmlText(text) {
  return String(text)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

export class AttentionMapElement extends ElementBase {
  static observedAttributes = ['caption', 'digits', 'show-values', 'range', 'head'];

  #weights = null;
  #rowLabels = null;
  #colLabels = null;
  #alignment = null;
  #shown = null; // what is drawn: { matrix, rowLabels, colLabels }
  #renderQueued = false;
  #width = 0; // the host element's, from its ResizeObserver
  #speaking = false; // true once it may draw: the page's elements' language is ready (shared.js)
  #settling = new Settling(this); // busy from a change until it is drawn (data-state)

  constructor() {
    super();
    const { root, errorLine } = shadowWithStyles(this);
    this.root = root;
    this.errorLine = errorLine;
    this.#build();
    // The width as last observed (reading clientWidth while rendering would force a layout of the host's page).
    new ResizeObserver(([entry]) => {
      this.#width = Math.round(entry.contentRect.width);
      this.#render();
    }).observe(this);
  }

  /** The map, made in the current locale (its axes' names, its tooltips'). */
  #build() {
    const heatmap = new Heatmap({
      id: 'map',
      title: '',
      rowAxis: t('app.drawing.heatmap.row'),
      colAxis: t('app.drawing.heatmap.column'),
      fixedRange: [0, 1],
      valueName: t('app.drawing.heatmap.weight'),
      onFocusCell: (row, col) => this.#emit('cell-focus', row, col),
      onActivate: (row, col) => this.#emit('cell-select', row, col),
    });
    // Shown once it has weights: an empty map's canvas would be laid out at the browser's default 300 × 150 and
    // then move when drawn (a layout shift on the host's page).
    heatmap.element.hidden = true;
    if (this.heatmap) this.heatmap.element.replaceWith(heatmap.element);
    else this.root.append(heatmap.element);
    this.heatmap = heatmap;
    partsMade(this);
  }

  get weights() {
    return this.#weights;
  }
  set weights(value) {
    this.#weights = value;
    this.#queueRender();
  }
  get rowLabels() {
    return this.#rowLabels;
  }
  set rowLabels(value) {
    this.#rowLabels = value;
    this.#queueRender();
  }
  get colLabels() {
    return this.#colLabels;
  }
  set colLabels(value) {
    this.#colLabels = value;
    this.#queueRender();
  }
  get alignment() {
    return this.#alignment;
  }
  set alignment(value) {
    this.#alignment = value;
    this.#queueRender();
  }

  attributeChangedCallback() {
    this.#queueRender();
  }

  // Properties set one after another (weights of a new shape, then its labels) draw once, at the end of the
  // task: no error flashes for the moment in between.
  #queueRender() {
    if (this.#renderQueued) return;
    this.#renderQueued = true;
    const settled = this.#settling.begin();
    queueMicrotask(() => {
      this.#renderQueued = false;
      this.#render();
      settled();
    });
  }

  connectedCallback() {
    if (this.#speaking) return this.#render();
    void inPageLanguage(this, this.errorLine, () => this.#build()).then(() => {
      this.#speaking = true;
      this.#render();
    });
  }

  #emit(type, row, col) {
    const { matrix } = this.#shown;
    this.dispatchEvent(
      new CustomEvent(type, {
        detail: { row, col, value: matrix.data[row * matrix.cols + col] },
        bubbles: true,
        composed: true,
      }),
    );
  }

  #render() {
    if (this.#weights === null || !this.isConnected || !this.#speaking) return;
    try {
      const w = checkWeights(this.#weights);
      const head = integerAttribute(this, 'head', 1, { min: 1, max: w.heads });
      const digits = integerAttribute(this, 'digits', 3, { min: 1, max: 9 });
      const range = this.getAttribute('range') ?? 'fixed';
      if (range !== 'fixed' && range !== 'data')
        throw new RangeError(`the range attribute must be 'fixed' or 'data', got '${range}'`);
      const size = w.rows * w.cols;
      const matrix = { data: w.data.subarray((head - 1) * size, head * size), rows: w.rows, cols: w.cols };
      const rowLabels = labelsOrNull(this.#rowLabels, w.rows, 'rowLabels');
      const colLabels = labelsOrNull(this.#colLabels, w.cols, 'colLabels');
      const marks = this.#marks(w.rows, w.cols);
      const caption =
        this.getAttribute('caption') ??
        (w.multiHead ? t('elements.map.captionHead', { head }) : t('elements.map.caption'));
      Object.assign(this.heatmap, {
        title: caption,
        fixedRange: range === 'fixed' ? [0, 1] : null,
        showValues: this.hasAttribute('show-values'),
        wordLabels: Boolean(rowLabels || colLabels),
      });
      this.heatmap.labelWidth = this.heatmap.wordLabels ? 64 : 30;
      this.heatmap.labelHeight = this.heatmap.wordLabels ? 56 : 20;
      this.heatmap.element.querySelector('.heatmap-title').textContent = caption;
      this.heatmap.update({
        matrix,
        digits,
        rowLabels: rowLabels ?? undefined,
        colLabels: colLabels ?? undefined,
        marks,
        markName: t('translation.maps.marks.alignment'),
        maxWidth: this.#width || 600,
      });
      this.#shown = { matrix, rowLabels: this.heatmap.rowLabels, colLabels: this.heatmap.colLabels, caption, digits };
      clearError(this.errorLine);
      this.heatmap.element.hidden = false;
      markDrawn(this); // it has no controls and draws at once: nothing waits for the screen or for printing
    } catch (error) {
      this.heatmap.element.hidden = true;
      this.#shown = null;
      reportError(this, this.errorLine, error);
    }
  }

  #marks(rows, cols) {
    if (this.#alignment === null || this.#alignment === undefined) return [];
    if (!Array.isArray(this.#alignment))
      throw new TypeError(`alignment must be an array of column indices, got ${describe(this.#alignment)}`);
    if (this.#alignment.length > rows)
      throw new RangeError(`alignment has ${this.#alignment.length} entries for ${rows} rows`);
    return this.#alignment.flatMap((col, row) => {
      if (col === -1 || col === null) return [];
      if (!Number.isInteger(col) || col < 0 || col >= cols)
        throw new RangeError(`alignment[${row}] must be a column index from 0 to ${cols - 1} (or -1), got ${col}`);
      return [{ row, col }];
    });
  }

  #requireShown(what) {
    if (!this.#shown) throw new Error(`${what}: nothing is drawn (set valid weights first)`);
    return this.#shown;
  }

  /** The drawn map as CSV: a header row of column labels, then one row per row label. */
  toCSV() {
    const { matrix, rowLabels, colLabels } = this.#requireShown('toCSV');
    const lines = [['', ...colLabels].map(csvCell).join(',')];
    for (let r = 0; r < matrix.rows; r++) {
      lines.push(
        [rowLabels[r], ...matrix.data.subarray(r * matrix.cols, (r + 1) * matrix.cols).map(String)]
          .map((x) => csvCell(String(x)))
          .join(','),
      );
    }
    return `${lines.join('\n')}\n`;
  }

  /** The drawn map as a standalone SVG document (viridis cells, labels, values when shown). */
  toSVG() {
    const { matrix, rowLabels, colLabels, caption, digits } = this.#requireShown('toSVG');
    const cell = 32,
      left = 80,
      top = 40;
    const [lo, hi] = this.heatmap.range;
    const parts = [
      `<svg xmlns="http://www.w3.org/2000/svg" width="${left + matrix.cols * cell + 8}" height="${top + matrix.rows * cell + 8}" font-family="sans-serif" font-size="11">`,
      `<title>${xmlText(caption)}</title>`,
    ];
    colLabels.forEach((label, c) =>
      parts.push(`<text x="${left + (c + 0.5) * cell}" y="${top - 8}" text-anchor="middle">${xmlText(label)}</text>`),
    );
    rowLabels.forEach((label, r) =>
      parts.push(`<text x="${left - 6}" y="${top + (r + 0.5) * cell + 4}" text-anchor="end">${xmlText(label)}</text>`),
    );
    for (let r = 0; r < matrix.rows; r++) {
      for (let c = 0; c < matrix.cols; c++) {
        const value = matrix.data[r * matrix.cols + c];
        const fill = value === -Infinity ? '#d9d9d9' : viridis(hi > lo ? (value - lo) / (hi - lo) : 0.5);
        parts.push(
          `<rect x="${left + c * cell}" y="${top + r * cell}" width="${cell}" height="${cell}" fill="${fill}"><title>${xmlText(formatNumber(value, 7))}</title></rect>`,
        );
        if (this.heatmap.showValues)
          parts.push(
            `<text x="${left + (c + 0.5) * cell}" y="${top + (r + 0.5) * cell + 4}" text-anchor="middle" font-size="9">${xmlText(formatNumber(value, digits))}</text>`,
          );
      }
    }
    parts.push('</svg>');
    return parts.join('\n');
  }

  /** The drawn map as a PNG image, exactly as on screen. */
  toPNG() {
    this.#requireShown('toPNG');
    return new Promise((resolve, reject) =>
      this.heatmap
        .pictureCanvas()
        .toBlob(
          (blob) => (blob ? resolve(blob) : reject(new Error('toPNG: the canvas could not be encoded'))),
          'image/png',
        ),
    );
  }
}

defineElement('attention-map', AttentionMapElement);

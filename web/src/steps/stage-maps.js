// The stages' drawing parts, kept between renders so that a redraw updates them in place: a heatmap per map id,
// a block (a step's section, a head's card) per id, and what every map shares (labels, digits, the width
// available, the selected query row).
import { element, keepChildren } from '../common/controls.js';
import { Heatmap } from '../drawing/heatmap.js';

export class StageMaps {
  /** @param {{ onSelectRow: (row: number) => void }} options what a click on a map's row does by default */
  constructor({ onSelectRow }) {
    this.heatmaps = new Map();
    this.blocks = new Map();
    this.selectRow = onSelectRow;
    this.digits = 4;
    this.row = 0;
    this.width = 0; // the stages' width, 0 until known
  }

  /** What the maps drawn next share: digits shown, the selected query row, the stages' width in px. */
  setView({ digits, row, width }) {
    this.digits = digits;
    this.row = row;
    this.width = width;
  }

  /**
   * A map, made the first time `id` is drawn and updated after.
   * @param {string} id
   * @param {string} title
   * @param {object} matrix
   * @param {Record<string, any>} [options] the heatmap's (fixedRange, valueName, onActivate: null for none,
   *   rowAxis, colAxis), the weights' logits, and the view's (queries, cols: 'key' or 'feature', width)
   */
  map(id, title, matrix, options = {}) {
    const {
      fixedRange = null,
      valueName = 'value',
      onActivate = this.selectRow,
      rowAxis = 'query',
      colAxis = 'key',
      logits = null,
      ...viewOptions
    } = options;
    if (!this.heatmaps.has(id))
      this.heatmaps.set(id, new Heatmap({ id, title, fixedRange, valueName, onActivate, rowAxis, colAxis }));
    const heatmap = this.heatmaps.get(id);
    heatmap.title = title;
    heatmap.element.querySelector('.heatmap-title').textContent = title;
    heatmap.onActivate = onActivate;
    heatmap.update({ ...this.#view(matrix, viewOptions), logits });
    return heatmap.element;
  }

  /** A step of the pipeline: its heading, why it is done, and its maps (or other content). */
  step(id, heading, explanation, ...content) {
    const block = this.block(id, () =>
      element(
        'section',
        { className: 'step', id },
        element('h3'),
        element('p', { className: 'explanation' }),
        element('div', { className: 'maps' }),
      ),
    );
    block.querySelector('h3').textContent = heading;
    block.querySelector('.explanation').textContent = explanation;
    keepChildren(block.querySelector('.maps'), content);
    return block;
  }

  /** The block kept under `id`, made by `make` the first time. */
  block(id, make) {
    if (!this.blocks.has(id)) this.blocks.set(id, make());
    return this.blocks.get(id);
  }

  /** The maps on screen under `root`, each with its title and picture, in page order (the PNG export). */
  pictures(root) {
    return [...root.querySelectorAll('figure.heatmap')].map((figure) => ({
      title: figure.querySelector('figcaption').textContent,
      canvas: this.heatmaps.get(figure.id).pictureCanvas(),
    }));
  }

  /**
   * Shared arguments for a heatmap update: labels, digits, available width, the selected query row.
   * @param {object} matrix
   * @param {{ queries?: boolean, cols?: string, width?: number }} [options]
   */
  #view(matrix, { queries = true, cols = 'key', width = undefined } = {}) {
    const available = width ?? Math.min(this.width || 600, 440);
    const colLabels = cols === 'key' ? Array.from({ length: matrix.cols }, (_, j) => `k${j + 1}`) : undefined;
    return {
      matrix,
      digits: this.digits,
      highlightRow: queries ? this.row : null,
      // K's and V's rows belong to the keys: named as the scores' columns and the output breakdown name them.
      rowLabels: Array.from({ length: matrix.rows }, (_, i) => (queries ? `q${i + 1}` : `k${i + 1}`)),
      colLabels,
      maxWidth: available,
    };
  }
}

// Attention as lines: source words along the top, target words along the bottom, one line per weight
// (width and opacity grow with the weight). The word being produced at the current step is drawn in its
// own colour; the true alignment, when shown, as dashed red lines. The words drawn are the model's (data, not the
// page's: translate="no"); the sentences around them are messages.
import { element } from '../common/controls.js';
import { formatNumber } from '../common/format.js';
import { t } from '../i18n/messages.js';
import { links, rowArgmax } from '../translation/translation-maps.js';

const svgNamespace = 'http://www.w3.org/2000/svg';
const height = 150,
  wordWidth = 76; // room for a 10-letter word at 13 px

function svg(tag, attributes = {}) {
  const node = document.createElementNS(svgNamespace, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  return node;
}

export class LineView {
  constructor({ id, title }) {
    this.title = title;
    // Labelled from the start: the view may be drawn later (when scrolled to), and an unlabelled image is an error.
    this.svg = svg('svg', { role: 'img', class: 'line-view-svg', 'aria-label': title });
    this.summary = element('ul', { className: 'visually-hidden' });
    this.element = element('figure', { className: 'line-view', id }, element('figcaption', { textContent: title }));
    this.element.append(this.svg, this.summary);
  }

  /**
   * @param {object} view
   * @param {{ data: Float32Array, rows: number, cols: number }} view.matrix  target rows × source columns
   * @param {string[]} view.sourceWords
   * @param {string[]} view.targetWords  one per row
   * @param {{ row: number, col: number }[]} view.alignment  true links to draw dashed ([] for none)
   * @param {number} view.maxWidth
   */
  update({ matrix, sourceWords, targetWords, alignment, maxWidth }) {
    const columns = Math.max(sourceWords.length, targetWords.length, 1);
    const width = Math.max(300, Math.min(maxWidth, columns * wordWidth));
    const xOf = (index, count) => ((index + 0.5) * width) / count;
    const sourceX = (col) => xOf(col, sourceWords.length);
    const targetX = (row) => xOf(row, targetWords.length);
    const top = 24,
      bottom = height - 26;
    this.svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
    this.svg.setAttribute('width', String(width));
    this.svg.setAttribute('height', String(height));
    this.svg.setAttribute('aria-label', t('app.drawing.lines.label', { title: this.title, count: targetWords.length }));

    const nodes = [svg('title', {})];
    nodes[0].textContent = this.title;
    const current = matrix.rows - 1;
    for (const { row, col, weight } of links(matrix)) {
      nodes.push(
        svg('line', {
          x1: sourceX(col),
          y1: top + 6,
          x2: targetX(row),
          y2: bottom - 14,
          class: row === current ? 'link link-current' : 'link',
          'stroke-width': (0.5 + 5 * weight).toFixed(2),
          'stroke-opacity': (0.15 + 0.85 * weight).toFixed(2),
        }),
      );
    }
    for (const { row, col } of alignment) {
      nodes.push(svg('line', { x1: sourceX(col), y1: top + 6, x2: targetX(row), y2: bottom - 14, class: 'link-true' }));
    }
    sourceWords.forEach((word, col) => {
      const text = svg('text', { x: sourceX(col), y: top - 6, class: 'word word-source', translate: 'no' });
      text.textContent = word;
      nodes.push(text);
    });
    targetWords.forEach((word, row) => {
      const text = svg('text', {
        x: targetX(row),
        y: bottom + 6,
        class: row === current ? 'word word-target word-current' : 'word word-target',
        translate: 'no',
      });
      text.textContent = word;
      nodes.push(text);
    });
    this.svg.replaceChildren(...nodes);

    const argmax = rowArgmax(matrix);
    this.summary.replaceChildren(
      ...targetWords.map((word, row) =>
        element('li', {
          textContent: t('app.drawing.lines.attendsMost', {
            word,
            source: sourceWords[argmax[row]],
            weight: formatNumber(matrix.data[row * matrix.cols + argmax[row]], 4),
          }),
        }),
      ),
    );
  }
}

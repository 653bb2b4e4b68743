// The output breakdown under the single-head stages: the selected query's output row as the weighted sum of
// the rows of V it came from, a table row per key with its weight drawn as a bar.
import { element } from '../common/controls.js';
import { formatNumber } from '../common/format.js';
import { t } from '../i18n/messages.js';

/**
 * Fills `block` (a figure holding a figcaption and a table) for query `row`.
 * @param {HTMLElement} block
 * @param {{ weights: { data: Float32Array, cols: number }, v: { data: Float32Array, cols: number } }} head
 * @param {{ data: Float32Array, cols: number }} output
 * @param {{ row: number, digits: number }} view
 */
export function drawBreakdown(block, head, output, { row, digits }) {
  const { weights, v } = head;
  const f = (x) => formatNumber(x, digits);
  const vector = (m, i) => `[${Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols), f).join(', ')}]`;
  block.querySelector('figcaption').textContent = t('steps.breakdown.caption', { row: row + 1 });
  const rows = [
    element(
      'tr',
      {},
      element('th', { scope: 'col', textContent: t('steps.breakdown.key') }),
      element('th', { scope: 'col', textContent: t('steps.breakdown.weight') }),
      element('th', { scope: 'col', textContent: t('steps.breakdown.rowOfV') }),
    ),
  ];
  for (let j = 0; j < weights.cols; j++) {
    const w = weights.data[row * weights.cols + j];
    const bar = element('span', { className: 'bar', 'aria-hidden': 'true' });
    bar.style.width = `${Math.round(w * 100)}%`;
    rows.push(
      element(
        'tr',
        {},
        element('td', { textContent: `k${j + 1}` }),
        element('td', { className: 'weight' }, element('span', { textContent: `${f(w)} ×` }), bar),
        element('td', { textContent: vector(v, j) }),
      ),
    );
  }
  rows.push(
    element(
      'tr',
      { className: 'sum' },
      element('td', { textContent: '=' }),
      element('td', { textContent: t('steps.breakdown.outputRow') }),
      element('td', { textContent: vector(output, row) }),
    ),
  );
  block.querySelector('table').replaceChildren(...rows);
}

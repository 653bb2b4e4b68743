// Lesson 3's formula legend: what each symbol of output = softmax(Q·Kᵀ / √d_k)·V is on the lesson's screen, named
// by its map's title and given its numbers (from keysQueriesValues, at the digits the learner chose).
import { formatNumber } from '../../common/format.js';
import { words } from './kqv-math.js';
import { t } from '../../i18n/messages.js';

/**
 * @param {ReturnType<typeof import('./kqv-math.js').keysQueriesValues>} result
 * @param {{ axis: string, query: number, digits: number }} view
 * @returns {Record<string, string>} a meaning per symbol of drawing/attention-formula.js's formulaSymbols
 */
export function formulaMeanings(result, { axis, query, digits }) {
  const number = (value) => formatNumber(value, digits);
  const row = (m) => `[${Array.from(m.data.slice(query * m.cols, (query + 1) * m.cols), number).join(', ')}]`;
  const word = words[query];
  const { q, k, v, keyWidth, rootKeyWidth } = result;
  return {
    output: t('lessons.widgets.kqv.formula.output', {
      rows: words.length,
      cols: v.cols,
      word,
      row: row(result.output),
    }),
    softmax:
      axis === 'rows'
        ? t('lessons.widgets.kqv.formula.softmaxRows', { count: k.rows, word, row: row(result.weights) })
        : t('lessons.widgets.kqv.formula.softmaxColumns'),
    Q: t('lessons.widgets.kqv.formula.Q', { word, row: row(q) }),
    Kᵀ: t('lessons.widgets.kqv.formula.K', { queries: q.rows, keys: k.rows }),
    d_k: t('lessons.widgets.kqv.formula.dk', {
      width: keyWidth,
      root: number(rootKeyWidth),
      word,
      row: row(result.scores),
    }),
    V: t('lessons.widgets.kqv.formula.V'),
  };
}

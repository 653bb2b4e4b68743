// Lesson 3: keys, queries and values of four words, the scaled scores, and the softmax axis: along each
// query's row (right) or along each key's column (the classic mistake), with the row sums that tell them apart.
import { controlsRow, element, fieldset, labelled, select } from '../controls.js';
import { formatNumber } from '../format.js';
import { Heatmap } from '../heatmap.js';
import { keysQueriesValues, words } from './kqv-math.js';

const axes = [
  ['rows', 'each query’s row (right)'],
  ['columns', 'each key’s column (wrong)'],
];

export class KeysQueriesValuesLesson {
  constructor({ api, state, onChange }) {
    this.api = api;
    this.state = state;
    this.onChange = onChange;
    this.axisSelect = select('kqv-axis', axes, (axis) => this.onChange({ axis }));
    this.querySelect = select(
      'kqv-query',
      words.map((word, i) => [i, word]),
      (v) => this.onChange({ query: Number(v) }),
    );
    const map = (id, title, rowAxis, colAxis, extra = {}) =>
      new Heatmap({ id, title, rowAxis, colAxis, wordLabels: true, ...extra });
    this.maps = {
      x: map('kqv-x', 'X: the words', 'word', 'feature'),
      q: map('kqv-q', 'Q = X·Wq: what each looks for', 'word', 'feature'),
      k: map('kqv-k', 'K = X·Wk: what each offers', 'word', 'feature'),
      v: map('kqv-v', 'V = X·Wv: what each contributes', 'word', 'feature'),
      scores: map('kqv-scores', 'scores Q·Kᵀ / √2', 'query', 'key'),
      weights: map('kqv-weights', 'weights', 'query', 'key', { fixedRange: [0, 1], valueName: 'weight' }),
      output: map('kqv-output', 'output = weights · V', 'query', 'feature'),
    };
    this.breakdown = element('p', { id: 'kqv-breakdown', className: 'breakdown-text' });
    this.verdict = element('p', { id: 'kqv-verdict', className: 'verdict', 'aria-live': 'polite' });
    const mapsRow = (...names) => element('div', { className: 'maps-row' }, ...names.map((n) => this.maps[n].element));
    this.element = element(
      'div',
      { className: 'lesson-widget' },
      controlsRow(
        fieldset(
          'Softmax',
          labelled('normalise along', this.axisSelect),
          labelled('follow the query of', this.querySelect),
        ),
      ),
      mapsRow('x', 'q', 'k', 'v'),
      mapsRow('scores', 'weights', 'output'),
      this.breakdown,
      this.verdict,
    );
  }

  render(width) {
    const { axis, query } = this.state;
    this.axisSelect.value = axis;
    this.querySelect.value = String(query);
    const result = keysQueriesValues(this.api, axis);
    const size = Math.min(width / 4 - 24, 200);
    const features = (m) => Array.from({ length: m.cols }, (_, i) => `${i + 1}`);
    // Every map: a row per word, two digits; the ones after the softmax's input follow the chosen query's row.
    const show = (name, { colLabels = features(result[name]), maxWidth, highlightRow = null }) =>
      this.maps[name].update({
        matrix: result[name],
        digits: 2,
        highlightRow,
        rowLabels: [...words],
        colLabels,
        maxWidth,
      });
    for (const name of ['x', 'q', 'k', 'v']) show(name, { maxWidth: size });
    show('scores', { colLabels: [...words], highlightRow: query, maxWidth: Math.min(width / 3, 300) });
    show('weights', { colLabels: [...words], highlightRow: query, maxWidth: Math.min(width / 3, 300) });
    show('output', { highlightRow: query, maxWidth: Math.min(width / 3, 240) });
    const row = (m) =>
      Array.from(m.data.slice(query * m.cols, (query + 1) * m.cols)).map((value) => formatNumber(value, 3));
    this.breakdown.textContent = `“${words[query]}”: scores [${row(result.scores).join(', ')}] → weights [${row(result.weights).join(', ')}] → output [${row(result.output).join(', ')}] (each weight times that word’s row of V, summed).`;
    const sums = result.rowSums.map((s) => formatNumber(s, 3)).join(', ');
    this.verdict.textContent =
      axis === 'rows'
        ? `Each query’s weights sum to 1 (${sums}): a distribution over the keys, so each output is an average of values.`
        : `The rows sum to ${sums}, not 1: each key’s column was normalised instead, so a query’s output is no average of values. Switch back to rows.`;
  }
}

// Lesson 3: keys, queries and values of four words, the scaled scores, and the softmax axis: along each
// query's row (right) or along each key's column (the classic mistake), with the row sums that tell them apart.
// Then FlashAttention's online softmax on the followed query's row: the module's streaming kernel run a block of
// keys at a time, its running maximum, sum and rescaled output after each block, beside the materialised row.
// X is the learner's (the project's matrix editor), Wq, Wk and Wv are shown next to what they make, the formula is
// written out once as MathML, and every number can be shown with more digits to check it by hand.
import { button, controlsRow, element, fieldset, labelled, select } from '../../common/controls.js';
import { formatDecimal, formatNumber, joinNumbers } from '../../common/format.js';
import { AttentionFormula } from '../../drawing/attention-formula.js';
import { Heatmap } from '../../drawing/heatmap.js';
import { MatrixEditor } from '../../drawing/matrix-editor.js';
import { defaultX, digitChoices, keysQueriesValues, onlineSoftmaxRow, words } from './kqv-math.js';
import { formulaMeanings } from './kqv-formula.js';
import { t } from '../../i18n/messages.js';

const axes = () => ['rows', 'columns'].map((axis) => [axis, t(`lessons.widgets.kqv.axis.${axis}`)]);

export class KeysQueriesValuesLesson {
  constructor({ api, state, onChange, onFacts }) {
    this.onFacts = onFacts;
    this.api = api;
    this.state = state;
    this.onChange = onChange;
    this.axisSelect = select('kqv-axis', axes(), (axis) => this.onChange({ axis }));
    this.querySelect = select(
      'kqv-query',
      words.map((word, i) => [i, word]),
      (v) => this.onChange({ query: Number(v) }),
    );
    const map = (id, title, rowAxis, colAxis, extra = {}) =>
      new Heatmap({ id, title, rowAxis, colAxis, wordLabels: true, ...extra });
    this.digitsSelect = select(
      'kqv-digits',
      digitChoices.map((n) => [n, t('lessons.widgets.kqv.digits', { count: n })]),
      (v) => this.onChange({ digits: Number(v) }),
    );
    this.xEditor = new MatrixEditor({
      id: 'kqv-x',
      title: t('lessons.widgets.kqv.xTitle', { words: words.join(', ') }),
      onChange: (x) => this.onChange({ x }),
    });
    const projection = (id, title, output) =>
      new Heatmap({
        id,
        title,
        rowAxis: t('lessons.widgets.kqv.featureOfX'),
        colAxis: t('lessons.widgets.kqv.featureOf', { output }),
      });
    this.projectionMaps = {
      wq: projection('kqv-wq', 'Wq', 'q'),
      wk: projection('kqv-wk', 'Wk', 'k'),
      wv: projection('kqv-wv', 'Wv', 'v'),
    };
    this.formula = new AttentionFormula({
      id: 'kqv-formula',
      mapIds: { output: 'kqv-output', softmax: 'kqv-weights', Q: 'kqv-q', Kᵀ: 'kqv-k', d_k: 'kqv-scores', V: 'kqv-v' },
    });
    const word = t('lessons.widgets.kqv.wordAxis'),
      feature = t('lessons.widgets.kqv.featureAxis'),
      query = t('lessons.widgets.kqv.queryAxis'),
      key = t('lessons.widgets.kqv.keyAxis');
    this.maps = {
      q: map('kqv-q', 'Q = X·Wq', word, feature),
      k: map('kqv-k', 'K = X·Wk', word, feature),
      v: map('kqv-v', 'V = X·Wv', word, feature),
      scores: map('kqv-scores', t('lessons.widgets.kqv.scoresTitle'), query, key),
      weights: map('kqv-weights', t('lessons.widgets.kqv.weightsTitle'), query, key, {
        fixedRange: [0, 1],
        valueName: t('lessons.widgets.kqv.weight'),
      }),
      output: map('kqv-output', t('lessons.widgets.kqv.outputTitle'), query, feature),
    };
    this.blockSelect = select(
      'kqv-block',
      words.map((_, i) => [i + 1, t('lessons.widgets.kqv.keysPerBlock', { count: i + 1 })]),
      (v) => this.onChange({ block: Number(v) }),
    );
    this.onlineTable = element('table', { id: 'online-softmax-blocks', className: 'online-softmax-table' });
    this.onlineResult = element('p', {
      id: 'online-softmax-result',
      className: 'breakdown-text',
      'aria-live': 'polite',
    });
    this.breakdown = element('p', { id: 'kqv-breakdown', className: 'breakdown-text' });
    this.verdict = element('p', { id: 'kqv-verdict', className: 'verdict', 'aria-live': 'polite' });
    const mapsRow = (...names) => element('div', { className: 'maps-row' }, ...names.map((n) => this.maps[n].element));
    this.element = element(
      'div',
      { className: 'lesson-widget' },
      controlsRow(
        fieldset(
          t('lessons.widgets.kqv.softmaxLegend'),
          labelled(t('lessons.widgets.kqv.normalise'), this.axisSelect),
          labelled(t('lessons.widgets.kqv.follow'), this.querySelect),
        ),
        fieldset(
          t('lessons.widgets.kqv.numbers'),
          labelled(t('lessons.widgets.kqv.show'), this.digitsSelect),
          element(
            'div',
            { className: 'buttons' },
            button(t('lessons.widgets.kqv.xReset'), () => this.onChange({ x: [...defaultX] }), { id: 'kqv-x-reset' }),
          ),
        ),
      ),
      this.formula.element,
      this.xEditor.element,
      element(
        'div',
        { className: 'maps-row' },
        ...['q', 'k', 'v'].map((name) =>
          element(
            'div',
            { className: 'projection-pair' },
            this.projectionMaps[`w${name}`].element,
            this.maps[name].element,
          ),
        ),
      ),
      mapsRow('scores', 'weights', 'output'),
      this.breakdown,
      this.verdict,
      element('h4', {
        id: 'online-softmax-title',
        textContent: t('lessons.widgets.kqv.onlineTitle'),
      }),
      element('p', {
        className: 'hint',
        textContent: t('lessons.widgets.kqv.onlineHint'),
      }),
      controlsRow(
        fieldset(t('lessons.widgets.kqv.onlineLegend'), labelled(t('lessons.widgets.kqv.perBlock'), this.blockSelect)),
      ),
      // Scrolls sideways on a phone: focusable, so a keyboard can scroll it too.
      element(
        'div',
        { className: 'table-scroll', tabIndex: 0, role: 'region', 'aria-labelledby': 'online-softmax-title' },
        this.onlineTable,
      ),
      this.onlineResult,
    );
  }

  render(width) {
    const { axis, query, x, digits } = this.state;
    this.axisSelect.value = axis;
    this.querySelect.value = String(query);
    this.digitsSelect.value = String(digits);
    const result = keysQueriesValues(this.api, axis, x);
    this.xEditor.update(x, result.x.rows, result.x.cols);
    // Three pairs (Wq above Q, …) on one row where the lesson is wide enough; each wraps as a whole on a phone.
    const size = Math.max(120, Math.min(width / 3 - 130, 170));
    const features = (m) => Array.from({ length: m.cols }, (_, i) => `${i + 1}`);
    for (const name of ['wq', 'wk', 'wv'])
      this.projectionMaps[name].update({ matrix: result[name], digits, maxWidth: Math.min(size * 0.6, 110) });
    // Every map: a row per word, the digits chosen; the ones after the softmax's input follow the chosen query's row.
    const show = (name, { colLabels = features(result[name]), maxWidth, highlightRow = null }) =>
      this.maps[name].update({
        matrix: result[name],
        digits,
        highlightRow,
        rowLabels: [...words],
        colLabels,
        maxWidth,
      });
    for (const name of ['q', 'k', 'v']) show(name, { maxWidth: size });
    show('scores', { colLabels: [...words], highlightRow: query, maxWidth: Math.min(width / 3, 300) });
    show('weights', { colLabels: [...words], highlightRow: query, maxWidth: Math.min(width / 3, 300) });
    show('output', { highlightRow: query, maxWidth: Math.min(width / 3, 240) });
    this.formula.update(formulaMeanings(result, { axis, query, digits }));
    const row = (m) =>
      Array.from(m.data.slice(query * m.cols, (query + 1) * m.cols)).map((value) => formatNumber(value, digits));
    this.breakdown.textContent = t('lessons.widgets.kqv.breakdown', {
      word: words[query],
      scores: row(result.scores).join(', '),
      weights: row(result.weights).join(', '),
      output: row(result.output).join(', '),
    });
    this.#renderOnlineSoftmax(query);
    const sums = joinNumbers(result.rowSums.map((s) => formatDecimal(s, digits)));
    this.verdict.textContent =
      axis === 'rows' ? t('lessons.widgets.kqv.rowsSum', { sums }) : t('lessons.widgets.kqv.columnsSum', { sums });
  }

  /** The online softmax of the followed query's row, block by block, and its output beside the materialised one. */
  #renderOnlineSoftmax(query) {
    const { block, x, digits } = this.state;
    this.blockSelect.value = String(block);
    let online;
    try {
      online = onlineSoftmaxRow(this.api, query, block, x);
    } catch (error) {
      this.onlineTable.replaceChildren();
      this.onlineResult.textContent = t('lessons.widgets.kqv.scalar', { message: error.message });
      return;
    }
    const numbers = (values) => `[${Array.from(values, (value) => formatNumber(value, digits)).join(', ')}]`;
    const head = element(
      'tr',
      {},
      ...[
        t('lessons.widgets.kqv.column.keys'),
        t('lessons.widgets.kqv.column.scores'),
        t('lessons.widgets.kqv.column.exp'),
        'm',
        'α',
        'l',
        'O',
        t('lessons.widgets.kqv.column.soFar'),
      ].map((text) => element('th', { scope: 'col', textContent: text })),
    );
    const rows = online.trace.blocks.map((b, i) => {
      const keys = words.slice(b.firstKey, b.firstKey + b.keys).join(', ');
      const cells = [
        numbers(b.scores),
        numbers(b.weights),
        formatNumber(b.runningMax, digits),
        i === 0 ? '–' : formatNumber(b.rescale, digits), // nothing before the first block to rescale
        formatNumber(b.runningSum, digits),
        numbers(b.accumulator),
        numbers(b.accumulator.map((x) => x / b.runningSum)),
      ];
      return element(
        'tr',
        {},
        element('th', { scope: 'row', textContent: keys, translate: false }), // the words, data
        ...cells.map((text) => element('td', { textContent: text })),
      );
    });
    this.onlineTable.replaceChildren(
      element('caption', {
        textContent: t('lessons.widgets.kqv.blocks', {
          word: words[query],
          blocks: online.trace.blocks.length,
          size: block,
        }),
      }),
      element('thead', {}, head),
      element('tbody', {}, ...rows),
    );
    const rescaled = online.trace.blocks.filter((b, i) => i > 0 && b.rescale < 1).length;
    this.onFacts?.({ rescaled });
    const difference =
      online.largestDifference === 0
        ? t('lessons.widgets.kqv.sameFloats')
        : t('lessons.widgets.kqv.rounding', { difference: formatDecimal(online.largestDifference, 2) });
    this.onlineResult.textContent = t('lessons.widgets.kqv.onlineResult', {
      online: numbers(online.trace.output),
      materialised: numbers(online.materialised),
      difference,
      rescaled: rescaled
        ? t('lessons.widgets.kqv.rescaledCount', { count: rescaled })
        : t('lessons.widgets.kqv.noRescale'),
    });
  }
}

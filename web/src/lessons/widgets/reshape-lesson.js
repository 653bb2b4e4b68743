// Lesson 7: splitting Q into heads, right and wrong, with each number coloured by the token it came from,
// and the attention maps each split gives; then heads sharing keys and values (kv-heads-experiment.js).
import { controlsRow, element, fieldset, labelled, select } from '../../common/controls.js';
import { formatNumber } from '../../common/format.js';
import { Heatmap } from '../../drawing/heatmap.js';
import { KvHeadsExperiment } from '../kv-heads/kv-heads-experiment.js';
import { FusedProjectionView } from './reshape-fused.js';
import { headWeights, lessonInputs as inputs, splitHeads } from './reshape-math.js';
import { t } from '../../i18n/messages.js';

const tokens = ['the', 'cat', 'sat', 'down'];
const width = 6; // D: lessonInputs' width

function tokenGrid(caption, data, rows, cols, tokenOf, id) {
  const body = [];
  for (let r = 0; r < rows; r++) {
    body.push(
      element(
        'tr',
        {},
        ...Array.from({ length: cols }, (_, c) => {
          const i = r * cols + c;
          return element('td', {
            className: `token-cell tok-${tokenOf(i)}`,
            title: t('lessons.widgets.reshape.from', { token: tokens[tokenOf(i)] }),
            textContent: formatNumber(data[i], 2),
          });
        }),
      ),
    );
  }
  return element(
    'figure',
    { className: 'token-grid', id },
    element('figcaption', { textContent: caption }),
    element('table', {}, element('tbody', {}, ...body)),
  );
}

export class ReshapeLesson {
  constructor({ api, state, onChange, trainKvHeadsModel, onFacts, settling }) {
    this.onFacts = onFacts;
    this.api = api;
    this.state = state;
    this.onChange = onChange;
    this.headsSelect = select(
      'reshape-heads',
      [
        [2, t('lessons.widgets.reshape.headsOption', { heads: 2, width: 3 })],
        [3, t('lessons.widgets.reshape.headsOption', { heads: 3, width: 2 })],
      ],
      (v) => this.onChange({ heads: Number(v) }),
    );
    this.legend = element(
      'p',
      { className: 'token-legend' },
      ...tokens.map((token, i) =>
        element('span', { className: `token-cell tok-${i}`, textContent: token, translate: false }),
      ),
    );
    this.layouts = element('div', { className: 'maps-row' });
    this.maps = element('div', { className: 'maps-row' });
    this.verdict = element('p', { className: 'verdict', id: 'reshape-verdict' });
    this.element = element(
      'div',
      { className: 'lesson-widget' },
      controlsRow(
        fieldset(t('lessons.widgets.reshape.legend'), labelled(t('lessons.widgets.reshape.split'), this.headsSelect)),
      ),
      this.legend,
      this.layouts,
      this.maps,
      this.verdict,
    );
    this.fused = new FusedProjectionView(tokenGrid);
    this.element.append(this.fused.element);
    // Sharing keys and values across heads: drawn now, trained on request.
    this.kvHeads = new KvHeadsExperiment({
      kvHeads: state.kvHeads,
      onChange: ({ kvHeads }) => this.onChange({ kvHeads }),
      trainModel: trainKvHeadsModel,
      onResults: (results) => this.onFacts?.({ results }),
      settling,
    });
    this.element.append(this.kvHeads.element);
  }

  render(widthAvailable) {
    const heads = this.state.heads;
    this.headsSelect.value = String(heads);
    this.kvHeads.show(this.state.kvHeads);
    this.onFacts?.({ results: this.kvHeads.results });
    const { x, projections } = inputs();
    const q = this.api.matmul({ a: x, b: projections[0] });
    const right = splitHeads(q, heads, 'right'),
      wrong = splitHeads(q, heads, 'wrong');
    const s = tokens.length,
      dh = width / heads;
    const headBlocks = (split, label, id) =>
      element(
        'div',
        { className: 'head-blocks' },
        ...Array.from({ length: heads }, (_, h) =>
          tokenGrid(
            t('lessons.widgets.reshape.head', { label, head: h + 1 }),
            split.data.subarray(h * s * dh, (h + 1) * s * dh),
            s,
            dh,
            (i) => split.token[h * s * dh + i],
            `${id}-${h + 1}`,
          ),
        ),
      );
    this.layouts.replaceChildren(
      tokenGrid(
        t('lessons.widgets.reshape.q', { s, d: width }),
        q.data,
        s,
        width,
        (i) => Math.floor(i / width),
        'reshape-q',
      ),
      headBlocks(right, t('lessons.widgets.reshape.right'), 'reshape-right'),
      headBlocks(wrong, t('lessons.widgets.reshape.wrong'), 'reshape-wrong'),
    );
    const rowsOf = (split, h) => Array.from({ length: s }, (_, r) => tokens[split.token[(h * s + r) * dh]]);
    const maps = [
      ['right', headWeights(this.api, x, projections, heads, 'right')],
      ['wrong', headWeights(this.api, x, projections, heads, 'wrong')],
    ];
    this.maps.replaceChildren(
      ...maps.flatMap(([layout, weights]) =>
        Array.from({ length: heads }, (_, h) => {
          const map = new Heatmap({
            id: `reshape-map-${layout}-${h + 1}`,
            title: t(layout === 'right' ? 'lessons.widgets.reshape.rightMap' : 'lessons.widgets.reshape.wrongMap', {
              head: h + 1,
            }),
            rowAxis: t('lessons.widgets.reshape.queryAxis'),
            colAxis: t('lessons.widgets.reshape.keyAxis'),
            fixedRange: [0, 1],
            valueName: t('lessons.widgets.reshape.weight'),
            wordLabels: layout === 'right',
          });
          map.update({
            matrix: { data: weights.data.subarray(h * s * s, (h + 1) * s * s), rows: s, cols: s },
            digits: 2,
            rowLabels: layout === 'right' ? tokens : undefined,
            colLabels: layout === 'right' ? tokens : undefined,
            maxWidth: Math.min(widthAvailable / 2, 300),
          });
          return map.element;
        }),
      ),
    );
    this.fused.update(this.api, x, projections, heads, tokens);
    this.verdict.textContent = t('lessons.widgets.reshape.verdict', {
      right: rowsOf(right, 0).join(', '),
      wrong: rowsOf(wrong, 0).join(', '),
    });
  }
}

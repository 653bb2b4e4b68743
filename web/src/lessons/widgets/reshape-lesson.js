// Lesson 7: splitting Q into heads, right and wrong, with each number coloured by the token it came from,
// and the attention maps each split gives; then heads sharing keys and values (kv-heads-experiment.js).
import { controlsRow, element, fieldset, labelled, select } from '../../common/controls.js';
import { formatNumber } from '../../common/format.js';
import { Heatmap } from '../../drawing/heatmap.js';
import { KvHeadsExperiment } from '../kv-heads/kv-heads-experiment.js';
import { FusedProjectionView } from './reshape-fused.js';
import { headWeights, lessonInputs as inputs, splitHeads } from './reshape-math.js';

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
            title: `from “${tokens[tokenOf(i)]}”`,
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
  constructor({ api, state, onChange, trainKvHeadsModel, onFacts }) {
    this.onFacts = onFacts;
    this.api = api;
    this.state = state;
    this.onChange = onChange;
    this.headsSelect = select(
      'reshape-heads',
      [
        [2, '2 heads of width 3'],
        [3, '3 heads of width 2'],
      ],
      (v) => this.onChange({ heads: Number(v) }),
    );
    this.legend = element(
      'p',
      { className: 'token-legend' },
      ...tokens.map((t, i) => element('span', { className: `token-cell tok-${i}`, textContent: t })),
    );
    this.layouts = element('div', { className: 'maps-row' });
    this.maps = element('div', { className: 'maps-row' });
    this.verdict = element('p', { className: 'verdict', id: 'reshape-verdict' });
    this.element = element(
      'div',
      { className: 'lesson-widget' },
      controlsRow(fieldset('Heads', labelled('split Q into', this.headsSelect))),
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
            `${label}: head ${h + 1}`,
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
        `Q = X·Wq (S × D = ${s} × ${width}): one row per token`,
        q.data,
        s,
        width,
        (i) => Math.floor(i / width),
        'reshape-q',
      ),
      headBlocks(right, 'right: (S, D) → (S, H, D/H) → (H, S, D/H)', 'reshape-right'),
      headBlocks(wrong, 'wrong: straight to (H, S, D/H)', 'reshape-wrong'),
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
            title: `${layout} split, head ${h + 1}`,
            rowAxis: 'query',
            colAxis: 'key',
            fixedRange: [0, 1],
            valueName: 'weight',
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
    this.verdict.textContent = `Split right, every head's rows are the tokens in order (${rowsOf(right, 0).join(', ')}). Read straight as (H, S, D/H), head 1's rows are ${rowsOf(wrong, 0).join(', ')}: each head sees only some of the tokens, cut into pieces, so its rows are no longer positions and its map relates pieces of words.`;
  }
}

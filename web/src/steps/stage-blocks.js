// The stages as the lecture notes walk through them, a block per step: one head (projections, scores, softmax
// with its graph, output and its breakdown) or several (projections, a card per head, concatenation and Wo).
// The numbers come computed (step-compute.js); this file lays them out and says what each step does.
import { button, element, keepChildren } from '../common/controls.js';
import { formatNumber } from '../common/format.js';
import { GraphView } from '../drawing/graph-view.js';
import { paddedLastMask, toggledMask } from './mask-edits.js';
import { drawBreakdown } from './output-breakdown.js';
import { StageMaps } from './stage-maps.js';
import { kvHeadsMeaning, scaleValue } from './step-state.js';

export class StageBlocks {
  /**
   * @param {{ getState: () => object, set: (changes: object) => void }} options the view's state, read when a
   *   map or the graph is clicked, and how to change it
   */
  constructor({ getState, set }) {
    this.getState = getState;
    this.set = set;
    this.maps = new StageMaps({ onSelectRow: (row) => set({ row }) });
    this.graphView = null; // the weights as a graph, made when first shown
    this.graphBox = null;
  }

  /**
   * The steps for the current state, each a function that draws its block (the first render draws one a task).
   * @param {object} stages computeStages' result
   * @param {number} width the stages' width in px (0 until known)
   * @returns {Array<() => HTMLElement>}
   */
  steps(stages, width) {
    const { digits, row, heads } = this.getState();
    this.maps.setView({ digits, row, width });
    return heads > 1 ? this.#multiHeadSteps(stages, width) : this.#singleHeadSteps(stages);
  }

  // A click on the scores toggles the custom mask there; without a custom mask it selects the query row.
  #clickScores = (row, col) => {
    const state = this.getState();
    return state.maskMode === 'custom' ? this.set(toggledMask(state, row, col)) : this.set({ row });
  };

  #projectionStep(stages) {
    const features = { queries: false, cols: 'feature' };
    return this.maps.step(
      'step-projections',
      '1. Queries, keys and values',
      'Each input row x gets a query q = x·Wq (what it looks for), a key k = x·Wk (what it offers) and a value v = x·Wv (what it contributes).',
      this.maps.map('stage-q', 'Q = X·Wq', stages.q, { rowAxis: 'query', colAxis: 'feature', cols: 'feature' }),
      this.maps.map('stage-k', 'K = X·Wk', stages.k, {
        ...features,
        rowAxis: 'key',
        colAxis: 'feature',
        onActivate: null,
      }),
      this.maps.map('stage-v', 'V = X·Wv', stages.v, {
        ...features,
        rowAxis: 'key',
        colAxis: 'feature',
        onActivate: null,
      }),
    );
  }

  #scoreMaps(head, prefix, width) {
    const s = this.getState();
    const scale = formatNumber(scaleValue(s), 4);
    const onScores = s.maskMode === 'custom' ? this.#clickScores : this.maps.selectRow;
    const tempText = s.temperature === 1 ? '' : ` ÷ T (${formatNumber(s.temperature, 3)})`;
    return [
      this.maps.map(`${prefix}scores`, 'scores = QKᵀ', head.scores, {
        valueName: 'score',
        onActivate: onScores,
        width,
      }),
      this.maps.map(`${prefix}scaled`, `scaled = scores × ${scale}`, head.scaled, { valueName: 'scaled score', width }),
      this.maps.map(`${prefix}logits`, `masked${tempText}`, head.logits, {
        valueName: 'logit',
        onActivate: onScores,
        width,
      }),
    ];
  }

  #weightMaps(head, prefix, width) {
    const weights = { fixedRange: [0, 1], valueName: 'weight', logits: head.logits, width };
    const maps = [this.maps.map(`${prefix}weights`, 'weights = row softmax', head.weights, weights)];
    if (head.hardWeights)
      maps.push(this.maps.map(`${prefix}hard-weights`, 'hard weights = one-hot argmax', head.hardWeights, weights));
    return maps;
  }

  /** The weights as a graph whose edges toggle the mask, with a button that pads the last token. */
  #graph(head) {
    this.graphView ??= new GraphView({
      id: 'attention-graph',
      onToggle: (row, col) => this.set(toggledMask(this.getState(), row, col)),
    });
    this.graphView.update({
      weights: head.weights,
      logits: head.logits,
      labels: Array.from({ length: this.getState().s }, (_, i) => String(i + 1)),
    });
    this.graphBox ??= element(
      'div',
      { className: 'graph-box' },
      this.graphView.element,
      element(
        'div',
        { className: 'buttons' },
        button('Pad the last token', () => this.set(paddedLastMask(this.getState())), { id: 'pad-last' }),
      ),
    );
    return this.graphBox;
  }

  #singleHeadSteps(stages) {
    const s = this.getState();
    const head = stages.heads[0];
    const maskText = {
      none: 'No mask: every query sees every key.',
      causal: 'Causal: query i sees only keys 1…i (the upper triangle becomes −∞).',
      custom: 'Custom: click a cell of the scores to hide or show that key from that query.',
    }[s.maskMode];
    const featureColumns = { cols: 'feature', colAxis: 'feature' };
    const outputs = () => [
      this.maps.map('stage-output', 'output = weights · V', stages.output, featureColumns),
      ...(head.hardOutput
        ? [this.maps.map('stage-hard-output', 'hard output = the argmax key’s value', head.hardOutput, featureColumns)]
        : []),
    ];
    const breakdown = () => {
      const block = this.maps.block('breakdown', () =>
        element('figure', { className: 'breakdown', id: 'breakdown' }, element('figcaption'), element('table')),
      );
      drawBreakdown(block, head, stages.output, s);
      return block;
    };
    return [
      () => this.#projectionStep(stages),
      () =>
        this.maps.step(
          'step-scores',
          '2. Scores, scaled and masked',
          `A dot product scores every query against every key. Dot products grow with the width, so scores are multiplied by a scale (${scaleText(s)}). ${maskText}`,
          ...this.#scoreMaps(head, 'stage-', undefined),
        ),
      () =>
        this.maps.step(
          'step-weights',
          '3. Softmax along each query’s row',
          'Softmax turns each row into a distribution over the keys: a soft argmax. Low temperature sharpens it towards the maximum, high temperature flattens it towards uniform. As a graph, the mask is the adjacency: no mask is the complete graph, causal keeps only the edges into each query from its own token and earlier ones; click an edge to hide or show it, or pad the last token.',
          ...this.#weightMaps(head, 'stage-', undefined),
          this.#graph(head),
        ),
      () =>
        this.maps.step(
          'step-output',
          '4. Output: a weighted sum of the values',
          'Each output row is that query’s weights times V.',
          ...outputs(),
          breakdown(),
        ),
    ];
  }

  #multiHeadSteps(stages, stagesWidth) {
    const s = this.getState();
    const width = Math.min(stagesWidth || 600, 300);
    const featureColumns = { cols: 'feature', colAxis: 'feature' };
    const headsStep = () =>
      this.maps.step(
        'step-heads',
        `2. ${s.heads} heads, each of width d_k/H = ${s.dK / s.heads}`,
        `Q, K and V are split by columns into heads: (S, d) viewed as (S, H, d/H), so each position keeps its own row. ${kvHeadsMeaning(s)} Each head scores, scales (${scaleText(s)}), masks and normalises on its own.`,
        this.#headGrid(stages, width),
      );
    return [
      () => this.#projectionStep(stages),
      headsStep,
      () =>
        this.maps.step(
          'step-concat',
          '3. Concatenate the heads and mix them with Wo',
          'The heads’ outputs sit side by side, and the output projection Wo mixes them: output = concat · Wo.',
          this.maps.map('stage-concat', 'concat(head outputs)', stages.concat, featureColumns),
          this.maps.map('stage-output', 'output = concat · Wo', stages.output, featureColumns),
        ),
    ];
  }

  /** A card per head: its slices of Q, K and V, its weights and its output. */
  #headGrid(stages, width) {
    const s = this.getState();
    const dkh = s.dK / s.heads,
      dvh = s.dV / s.heads;
    // K and V: a row per key, a column per feature; no query row to pick.
    const keyRows = { queries: false, rowAxis: 'key', colAxis: 'feature', cols: 'feature', onActivate: null, width };
    const queryRows = { cols: 'feature', colAxis: 'feature', width };
    const cards = stages.heads.map((head) => {
      const card = this.maps.block(`head-${head.index}`, () =>
        element('article', { className: 'head-card' }, element('h4'), element('div', { className: 'maps' })),
      );
      card.querySelector('h4').textContent =
        `head ${head.index + 1}${s.kvHeads !== s.heads ? ` (K/V head ${head.kvIndex + 1})` : ''}`;
      const prefix = `head-${head.index}-`;
      const maps = [
        this.maps.map(`${prefix}q`, `Q, ${columnRange(head.index, dkh)}`, head.q, queryRows),
        this.maps.map(`${prefix}k`, `K, ${columnRange(head.kvIndex, dkh)}`, head.k, keyRows),
        this.maps.map(`${prefix}v`, `V, ${columnRange(head.kvIndex, dvh)}`, head.v, keyRows),
        ...this.#weightMaps(head, prefix, width),
        this.maps.map(`${prefix}output`, 'head output = weights · V', head.output, queryRows),
      ];
      maps[3].classList.add('head-map');
      keepChildren(card.querySelector('.maps'), maps);
      return card;
    });
    const grid = this.maps.block('head-grid', () => element('div', { className: 'head-grid' }));
    keepChildren(grid, cards);
    return grid;
  }
}

function scaleText(s) {
  return {
    dk: s.heads > 1 ? '1/√(d_k/H), the standard' : '1/√d_k, the standard',
    dmodel: '1/√d_model, as the worked example does',
    none: 'here none',
    custom: 'a custom value',
  }[s.scaleMode];
}

/** "column 3" or "columns 3–4": the slice of Q, K or V a head reads. */
function columnRange(head, width) {
  const first = head * width + 1,
    last = (head + 1) * width;
  return first === last ? `column ${first}` : `columns ${first}–${last}`;
}

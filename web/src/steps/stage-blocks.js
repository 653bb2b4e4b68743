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
import { t } from '../i18n/messages.js';

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
      t('steps.stages.projections.title'),
      t('steps.stages.projections.text'),
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
      this.maps.map(`${prefix}scores`, t('steps.maps.scores'), head.scores, {
        valueName: 'score',
        onActivate: onScores,
        width,
      }),
      this.maps.map(`${prefix}scaled`, t('steps.maps.scaled', { scale }), head.scaled, {
        valueName: 'scaled score',
        width,
      }),
      this.maps.map(`${prefix}logits`, t('steps.maps.masked', { temperature: tempText }), head.logits, {
        valueName: 'logit',
        onActivate: onScores,
        width,
      }),
    ];
  }

  #weightMaps(head, prefix, width) {
    const weights = { fixedRange: [0, 1], valueName: 'weight', logits: head.logits, width };
    const maps = [this.maps.map(`${prefix}weights`, t('steps.maps.weights'), head.weights, weights)];
    if (head.hardWeights)
      maps.push(this.maps.map(`${prefix}hard-weights`, t('steps.maps.hardWeights'), head.hardWeights, weights));
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
        button(t('steps.stages.padLast'), () => this.set(paddedLastMask(this.getState())), { id: 'pad-last' }),
      ),
    );
    return this.graphBox;
  }

  #singleHeadSteps(stages) {
    const s = this.getState();
    const head = stages.heads[0];
    const maskText = {
      none: () => t('steps.stages.mask.none'),
      causal: () => t('steps.stages.mask.causal'),
      custom: () => t('steps.stages.mask.custom'),
    }[s.maskMode]();
    const featureColumns = { cols: 'feature', colAxis: 'feature' };
    const outputs = () => [
      this.maps.map('stage-output', t('steps.maps.output'), stages.output, featureColumns),
      ...(head.hardOutput
        ? [this.maps.map('stage-hard-output', t('steps.maps.hardOutput'), head.hardOutput, featureColumns)]
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
          t('steps.stages.scores.title'),
          t('steps.stages.scores.text', { scale: scaleText(s), mask: maskText }),
          ...this.#scoreMaps(head, 'stage-', undefined),
        ),
      () =>
        this.maps.step(
          'step-weights',
          t('steps.stages.weights.title'),
          t('steps.stages.weights.text'),
          ...this.#weightMaps(head, 'stage-', undefined),
          this.#graph(head),
        ),
      () =>
        this.maps.step(
          'step-output',
          t('steps.stages.output.title'),
          t('steps.stages.output.text'),
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
        t('steps.stages.heads.title', { heads: s.heads, width: s.dK / s.heads }),
        t('steps.stages.heads.text', { sharing: kvHeadsMeaning(s), scale: scaleText(s) }),
        this.#headGrid(stages, width),
      );
    return [
      () => this.#projectionStep(stages),
      headsStep,
      () =>
        this.maps.step(
          'step-concat',
          t('steps.stages.concat.title'),
          t('steps.stages.concat.text'),
          this.maps.map('stage-concat', t('steps.maps.concat'), stages.concat, featureColumns),
          this.maps.map('stage-output', t('steps.maps.concatOutput'), stages.output, featureColumns),
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
        s.kvHeads !== s.heads
          ? t('steps.stages.headCardShared', { head: head.index + 1, kvHead: head.kvIndex + 1 })
          : t('steps.stages.headCard', { head: head.index + 1 });
      const prefix = `head-${head.index}-`;
      const maps = [
        this.maps.map(`${prefix}q`, `Q, ${columnRange(head.index, dkh)}`, head.q, queryRows),
        this.maps.map(`${prefix}k`, `K, ${columnRange(head.kvIndex, dkh)}`, head.k, keyRows),
        this.maps.map(`${prefix}v`, `V, ${columnRange(head.kvIndex, dvh)}`, head.v, keyRows),
        ...this.#weightMaps(head, prefix, width),
        this.maps.map(`${prefix}output`, t('steps.maps.headOutput'), head.output, queryRows),
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
    dk: () => (s.heads > 1 ? t('steps.stages.scale.dkPerHead') : t('steps.stages.scale.dk')),
    dmodel: () => t('steps.stages.scale.dmodel'),
    none: () => t('steps.stages.scale.none'),
    custom: () => t('steps.stages.scale.custom'),
  }[s.scaleMode]();
}

/** "column 3" or "columns 3–4": the slice of Q, K or V a head reads. */
function columnRange(head, width) {
  const first = head * width + 1,
    last = (head + 1) * width;
  return first === last ? t('steps.maps.column', { first }) : t('steps.maps.columns', { first, last });
}

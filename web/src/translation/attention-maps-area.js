// The Translation view's attention maps at the decoding step shown: cross-attention (the map, the same weights
// as lines, the share of aligned words it gets right, the source words copied words came from, every layer and
// head as thumbnails), then the encoder's and the decoder's self-attention. The map on screen is drawn at once;
// those below it when they come into view.
import { element, explainedSection } from '../common/controls.js';
import { DrawWhenVisible } from '../common/draw-when-visible.js';
import { formatWeight } from '../common/format.js';
import { crossAttentionMap, Heatmap, wordWeights } from '../drawing/heatmap.js';
import { LineView } from '../drawing/line-view.js';
import { copiedMapCells } from './copied-words.js';
import { HeadGrid } from './head-grid.js';
import { headName } from './head-names.js';
import { alignmentAgreement, alignmentCells, pickMap, upToStep } from './translation-maps.js';

/** A map's picture and table, as drawn for words. */
const wordCells = { digits: 4, formatCell: formatWeight };

export class AttentionMapsArea {
  /**
   * @param {{ config: { heads: number, kvHeads: number }, pair: { target: string } | null, onStep: (step: number) => void,
   *           onSelect: (layer: number, head: number | 'average') => void }} options
   *   onStep: a row of the cross-attention map was picked; onSelect: a layer and head, from the thumbnails
   */
  constructor({ config, pair, onStep, onSelect }) {
    this.config = config;
    this.crossMap = new Heatmap({
      id: 'cross-attention',
      title: 'cross-attention weights',
      ...crossAttentionMap,
      onActivate: onStep,
    });
    this.lines = new LineView({
      id: 'cross-attention-lines',
      title: 'cross-attention as lines: source above, output below',
    });
    this.agreement = element('p', { id: 'alignment-agreement', className: 'hint' });
    this.copiedNote = element('p', { id: 'copied-note', className: 'hint' });
    this.grid = new HeadGrid({ id: 'cross-attention-grid', onSelect });
    this.encoderMap = new Heatmap({
      id: 'encoder-self-attention',
      title: 'encoder self-attention',
      rowAxis: 'source word',
      colAxis: 'source word',
      ...wordWeights,
    });
    this.decoderMap = new Heatmap({
      id: 'decoder-self-attention',
      title: 'decoder causal self-attention',
      rowAxis: 'output word',
      colAxis: 'decoder input',
      ...wordWeights,
    });
    // What a sentence drew, in plain wrappers to hide when a sentence is refused (a .maps-row's display would
    // override `hidden`).
    this.crossMaps = element(
      'div',
      {},
      element('div', { className: 'maps-row' }, this.crossMap.element, this.lines.element),
      this.agreement,
      this.copiedNote,
      this.grid.element,
    );
    this.selfMaps = element(
      'div',
      {},
      element('div', { className: 'maps-row' }, this.encoderMap.element, this.decoderMap.element),
    );
    // The sections' ids (cross, self) are their titles' (cross-title, self-title) without the suffix.
    this.crossSection = explainedSection(
      {
        id: 'cross',
        title: pair
          ? `Cross-attention: which English words each ${pair.target} word looked at`
          : 'Cross-attention: which input symbols each output symbol looked at',
        hint: 'Rows are the words produced so far (the query of row t produced word t); columns are the encoder’s outputs for the source words. Rings and dashed lines: the grammar’s true word alignment.',
      },
      this.crossMaps,
    );
    this.selfSection = explainedSection(
      {
        id: 'self',
        title: 'Self-attention in the encoder and the decoder',
        hint: 'The encoder’s words attend to each other freely; the decoder’s are masked causally: the query producing word t sees only <bos> and the words before t (its upper triangle is zero).',
      },
      this.selfMaps,
    );
    // Parts below the fold are drawn when they come into view (each redraw skipped if what it shows is unchanged).
    this.linesDraw = new DrawWhenVisible(this.lines.element);
    this.gridDraw = new DrawWhenVisible(this.grid.element);
    this.encoderDraw = new DrawWhenVisible(this.encoderMap.element);
    this.decoderDraw = new DrawWhenVisible(this.decoderMap.element);
  }

  /**
   * The maps of decoding step `step` of `result` (the `resultId`-th translation) for the state's layer, head and
   * alignment, `width` CSS pixels wide.
   */
  update({ result: r, resultId, step, state: s, width }) {
    this.crossMaps.hidden = false;
    this.selfMaps.hidden = false;
    const source = r.source;
    const shown = r.target.slice(0, step + 1);
    const shownHead = s.head === 'average' ? 'average of heads' : headName(s.head, this.config);
    const cross = upToStep(pickMap(r.crossAttention, s.layer, s.head), step);
    const marks = s.showAlignment ? alignmentCells(r.alignment, step + 1) : [];
    // A copied word's row is ringed at the source word it was carried from.
    const copies = copiedMapCells(r.copied, step + 1);
    this.crossMap.title = `cross-attention, layer ${s.layer + 1}, ${shownHead}`;
    this.crossMap.element.querySelector('.heatmap-title').textContent = this.crossMap.title;
    this.crossMap.update({
      matrix: cross,
      ...wordCells,
      rowLabels: shown,
      colLabels: source,
      highlightRow: step,
      marks: [...marks, ...copies],
      markName: copies.length === 0 ? 'true alignment' : marks.length ? 'true alignment or copied' : 'copied from here',
      maxWidth: Math.min(width, 560),
    });
    const drawn = `${resultId} ${step} ${s.layer} ${s.head} ${s.showAlignment} ${width}`; // what the lazy parts show
    this.linesDraw.request(
      () =>
        this.lines.update({
          matrix: cross,
          sourceWords: source,
          targetWords: shown,
          alignment: marks,
          maxWidth: width,
        }),
      drawn,
    );
    const cells = alignmentCells(r.alignment, step + 1);
    const agreement = alignmentAgreement(cross, cells);
    // The share of words, not a weight: "a weight of 100%" would read as one weight holding everything. The count
    // beside it lets a learner check it against the rings (words such as the Spanish "a" translate no English word).
    const hits = agreement === null ? 0 : Math.round(agreement * cells.length);
    this.agreement.textContent =
      agreement === null
        ? ''
        : `In this map, on ${hits} of the ${cells.length} aligned output words so far (${Math.round(agreement * 100)}%), the largest weight falls on the word’s true source word.`;
    this.copiedNote.textContent = r.copied
      .filter((copy) => copy.targetIndex <= step)
      .map(
        (copy) =>
          `Output word ${copy.targetIndex + 1}, “${copy.word}”, was the model’s <unk>, copied from source word ${copy.sourceIndex + 1}, “${r.source[copy.sourceIndex]}”: the one its cross-attention (the last layer, heads averaged) weighs most among the words read as <unk>. Ringed in the map.`,
      )
      .join(' ');
    this.gridDraw.request(
      () =>
        this.grid.update(
          r.crossAttention.map((layer) => layer.map((m) => upToStep(m, step))),
          s.layer,
          s.head,
          this.config.kvHeads,
        ),
      drawn,
    );
    this.encoderDraw.request(() => {
      // the encoder's maps do not change while decoding steps are walked
      this.encoderMap.element.querySelector('.heatmap-title').textContent =
        `encoder self-attention, layer ${Math.min(s.layer, r.encoderSelfAttention.length - 1) + 1}, ${shownHead}`;
      this.encoderMap.update({
        matrix: pickMap(r.encoderSelfAttention, s.layer, s.head),
        ...wordCells,
        rowLabels: source,
        colLabels: source,
        maxWidth: Math.min(width / 2, 480),
      });
    }, `${resultId} ${s.layer} ${s.head} ${width}`);
    this.decoderDraw.request(() => {
      this.decoderMap.element.querySelector('.heatmap-title').textContent =
        `decoder self-attention, layer ${s.layer + 1}, ${shownHead}`;
      this.decoderMap.update({
        matrix: upToStep(pickMap(r.decoderSelfAttention, s.layer, s.head), step, true),
        ...wordCells,
        rowLabels: shown,
        colLabels: ['<bos>', ...r.target.slice(0, step)],
        highlightRow: step,
        maxWidth: Math.min(width / 2, 480),
      });
    }, drawn);
  }

  /** No translation (the sentence was refused): no maps, rather than the previous sentence's. */
  clear() {
    this.crossMaps.hidden = true;
    this.selfMaps.hidden = true;
    this.agreement.textContent = '';
    this.copiedNote.textContent = '';
  }
}

// The Translation view's attention maps at the decoding step shown: cross-attention (the map, the same weights
// as lines, the share of aligned words it gets right, the source words copied words came from, every layer and
// head as thumbnails), then the encoder's and the decoder's self-attention. The map on screen is drawn at once;
// those below it when they come into view. Its words are the `translation` section's messages (maps), read when
// the area is built and drawn.
import { element, explainedSection } from '../common/controls.js';
import { DrawWhenVisible } from '../common/draw-when-visible.js';
import { formatWeight } from '../common/format.js';
import { crossAttentionMap, Heatmap, wordWeights } from '../drawing/heatmap.js';
import { LineView } from '../drawing/line-view.js';
import { t } from '../i18n/messages.js';
import { copiedMapCells } from './copied-words.js';
import { HeadGrid } from './head-grid.js';
import { headName } from '../common/head-labels.js';
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
      title: t('translation.maps.crossWeights'),
      ...crossAttentionMap,
      onActivate: onStep,
    });
    this.lines = new LineView({
      id: 'cross-attention-lines',
      title: t('translation.maps.lines'),
    });
    this.agreement = element('p', { id: 'alignment-agreement', className: 'hint' });
    this.copiedNote = element('p', { id: 'copied-note', className: 'hint' });
    this.grid = new HeadGrid({ id: 'cross-attention-grid', onSelect });
    this.encoderMap = new Heatmap({
      id: 'encoder-self-attention',
      title: t('translation.state.kinds.encoderSelf'),
      rowAxis: t('app.drawing.heatmap.sourceWord'),
      colAxis: t('app.drawing.heatmap.sourceWord'),
      ...wordWeights,
    });
    this.decoderMap = new Heatmap({
      id: 'decoder-self-attention',
      title: t('translation.maps.decoderSelf'),
      rowAxis: t('app.drawing.heatmap.outputWord'),
      colAxis: t('translation.maps.decoderInput'),
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
          ? t('translation.maps.crossTitle', { target: pair.target })
          : t('translation.maps.crossTitleSymbols'),
        hint: t('translation.maps.crossHint'),
      },
      this.crossMaps,
    );
    this.selfSection = explainedSection(
      {
        id: 'self',
        title: t('translation.maps.selfTitle'),
        hint: t('translation.maps.selfHint'),
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
    const shownHead = s.head === 'average' ? t('translation.controls.averageOfHeads') : headName(s.head, this.config);
    const cross = upToStep(pickMap(r.crossAttention, s.layer, s.head), step);
    const marks = s.showAlignment ? alignmentCells(r.alignment, step + 1) : [];
    // A copied word's row is ringed at the source word it was carried from.
    const copies = copiedMapCells(r.copied, step + 1);
    this.crossMap.title = t('translation.maps.crossMapTitle', { layer: s.layer + 1, head: shownHead });
    this.crossMap.element.querySelector('.heatmap-title').textContent = this.crossMap.title;
    this.crossMap.update({
      matrix: cross,
      ...wordCells,
      rowLabels: shown,
      colLabels: source,
      highlightRow: step,
      marks: [...marks, ...copies],
      markName: t(
        copies.length === 0
          ? 'translation.maps.marks.alignment'
          : marks.length
            ? 'translation.maps.marks.alignmentOrCopied'
            : 'translation.maps.marks.copied',
      ),
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
        : t('translation.maps.agreement', { hits, aligned: cells.length, percent: Math.round(agreement * 100) });
    this.copiedNote.textContent = r.copied
      .filter((copy) => copy.targetIndex <= step)
      .map((copy) =>
        t('translation.maps.copied', {
          position: copy.targetIndex + 1,
          word: copy.word,
          sourcePosition: copy.sourceIndex + 1,
          source: r.source[copy.sourceIndex],
        }),
      )
      .join(t('translation.maps.sentenceSeparator'));
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
      this.encoderMap.element.querySelector('.heatmap-title').textContent = t('translation.maps.encoderMapTitle', {
        layer: Math.min(s.layer, r.encoderSelfAttention.length - 1) + 1,
        head: shownHead,
      });
      this.encoderMap.update({
        matrix: pickMap(r.encoderSelfAttention, s.layer, s.head),
        ...wordCells,
        rowLabels: source,
        colLabels: source,
        maxWidth: Math.min(width / 2, 480),
      });
    }, `${resultId} ${s.layer} ${s.head} ${width}`);
    this.decoderDraw.request(() => {
      this.decoderMap.element.querySelector('.heatmap-title').textContent = t('translation.maps.decoderMapTitle', {
        layer: s.layer + 1,
        head: shownHead,
      });
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

// A beam search to walk: the tree of hypotheses kept (drawing/beam-tree.js), the best hypothesis's path and
// greedy decoding's marked, where greedy parts from the beam named, and for the node selected its words, its
// scores and the cross-attention it read (for the layer and head asked for). The Translation view and lesson 9
// show one each.
import { element } from '../common/controls.js';
import { formatNumber, formatWeight } from '../common/format.js';
import { BeamTree } from '../drawing/beam-tree.js';
import { Heatmap, wordWeights } from '../drawing/heatmap.js';
import { t } from '../i18n/messages.js';
import {
  bestPath,
  copiedCells,
  greedyParting,
  hypothesisMap,
  hypothesisText,
  lengthPenalty,
  nodeFates,
} from './beam-paths.js';

// Scores are the maths' numbers, formatted here and passed to the messages as text; words are the model's data.
const score = (value) => formatNumber(value, 3);

/** What the summary says of greedy decoding against the beam's best hypothesis. */
export function partingText(beam) {
  const parting = greedyParting(beam);
  const best = beam.steps[beam.best.step][beam.best.node];
  if (parting.kind === 'same')
    return t('beam.explorer.parting.same', {
      best: hypothesisText(best.words),
      bestScore: score(best.normalizedScore),
    });
  const scores = t('beam.explorer.parting.scores', {
    greedy: hypothesisText(beam.greedy.words),
    greedyScore: score(beam.greedy.normalizedScore),
    best: hypothesisText(best.words),
    bestScore: score(best.normalizedScore),
  });
  const values = { step: parting.step + 1, greedyWord: parting.greedyWord, beamWord: parting.beamWord, scores };
  if (parting.kind === 'leaves') return t('beam.explorer.parting.leaves', { ...values, width: beam.width });
  return parting.leftAt >= 0
    ? t('beam.explorer.parting.partsFallsOut', { ...values, leftAt: parting.leftAt + 1 })
    : t('beam.explorer.parting.partsStays', values);
}

/** The notes above the columns where greedy parts from the best path and where it leaves the beam. */
export function partingNotes(beam) {
  const parting = greedyParting(beam);
  const notes = new Map();
  if (parting.kind === 'parts') notes.set(parting.step, t('beam.explorer.notes.parts'));
  // Greedy can leave after the beam's last step (every hypothesis had finished): no column to note it above.
  if (parting.leftAt >= 0 && parting.leftAt < beam.steps.length)
    notes.set(parting.leftAt, t('beam.explorer.notes.leaves'));
  return notes;
}

/** The tree's columns as BeamTree draws them: each node's word, score, classes, accessible name and end. */
export function treeColumns(beam) {
  const best = bestPath(beam);
  const greedy = beam.greedy.path;
  const fates = nodeFates(beam);
  return beam.steps.map((nodes, step) =>
    nodes.map((node, index) => {
      const onBest = best[step] === index,
        onGreedy = greedy[step] === index;
      const fate = fates[step][index];
      const detail = score(node.normalizedScore);
      const notes = [
        onBest && t(step === beam.best.step ? 'beam.explorer.node.best' : 'beam.explorer.node.onBestPath'),
        onGreedy && t('beam.explorer.node.onGreedyPath'),
        node.copiedFrom >= 0 && t('beam.explorer.node.copied', { word: node.word }),
        fate === 'finished'
          ? t('beam.explorer.node.finished')
          : fate === 'pruned'
            ? t('beam.explorer.node.pruned')
            : '',
      ].filter(Boolean);
      // The accessible name starts with the node's visible text: its word and score.
      const label = t('beam.explorer.node.label', {
        word: node.word,
        score: detail,
        step: step + 1,
        index: index + 1,
        count: nodes.length,
        words: hypothesisText(node.words),
      });
      return {
        parent: node.parent,
        word: node.word,
        detail,
        label: notes.reduce((text, note) => t('beam.explorer.node.withNote', { label: text, note }), label),
        classes: [
          onBest && 'beam-node-best',
          onGreedy && 'beam-node-greedy',
          node.copiedFrom >= 0 && 'beam-node-copied',
          `beam-node-${fate}`,
        ].filter(Boolean),
        edgeClasses: [onBest && 'beam-edge-best', onGreedy && 'beam-edge-greedy'].filter(Boolean),
        end: fate === 'extended' ? null : fate,
      };
    }),
  );
}

/** What the text beside the map says of hypothesis (`step`, `index`). */
export function nodeText(beam, step, index) {
  const node = beam.steps[step][index];
  const length = step + 1;
  const fate = nodeFates(beam)[step][index];
  const penalty = lengthPenalty(length, beam.alpha);
  const ending =
    fate === 'finished'
      ? t('beam.explorer.ending.finished')
      : fate === 'extended'
        ? t('beam.explorer.ending.extended', { step: step + 2 })
        : step === beam.steps.length - 1
          ? t('beam.explorer.ending.open')
          : t('beam.explorer.ending.pruned', { count: beam.steps[step + 1].length, step: step + 2 });
  const text = t('beam.explorer.node.text', {
    step: length,
    index: index + 1,
    count: beam.steps[step].length,
    words: hypothesisText(node.words),
    score: score(node.score),
    length: String(length), // the formula's, maths notation
    alpha: String(beam.alpha),
    penalty: score(penalty),
    normalized: score(node.normalizedScore),
    ending,
  });
  const returned = beam.best.step === step && beam.best.node === index;
  return returned ? t('beam.explorer.node.returned', { text }) : text;
}

export class BeamExplorer {
  /**
   * @param {{ id: string, rowAxis?: string }} options
   *   id: the tree's (the map's is `${id}-map`, the texts' `${id}-node` and `${id}-summary`)
   */
  constructor({ id, rowAxis = t('app.drawing.heatmap.outputWord') }) {
    this.tree = new BeamTree({
      id,
      caption: t('beam.explorer.caption'),
      onSelect: (step, index) => this.#select({ step, index }),
    });
    this.map = new Heatmap({
      id: `${id}-map`,
      title: t('beam.explorer.mapTitle'),
      rowAxis,
      colAxis: t('app.drawing.heatmap.sourceWord'),
      ...wordWeights,
    });
    this.summary = element('p', { className: 'beam-summary', id: `${id}-summary` });
    this.nodeText = element('p', { className: 'beam-node-text', id: `${id}-node`, 'aria-live': 'polite' });
    this.element = element(
      'div',
      { className: 'beam-explorer' },
      this.summary,
      this.tree.element,
      element('p', {
        className: 'hint',
        textContent: t('beam.explorer.hint'),
      }),
      element('div', { className: 'maps-row' }, this.map.element, this.nodeText),
    );
    this.shown = null;
  }

  /**
   * Draws `result.beam` (a translate() result with `beam`), the map for `layer` and `head` (an index or
   * 'average', named `headLabel`), at most `width` CSS pixels wide. A new result selects its best hypothesis.
   */
  update({ result, layer, head, headLabel, width }) {
    const beam = result.beam;
    if (this.shown?.result !== result) this.selected = { step: beam.best.step, index: beam.best.node };
    this.shown = { result, layer, head, headLabel, width };
    this.summary.textContent = partingText(beam);
    this.tree.update({
      columns: treeColumns(beam),
      columnLabels: beam.steps.map((_, step) => t('beam.explorer.column', { step: step + 1 })),
      columnNotes: partingNotes(beam),
      selected: this.selected,
    });
    this.#drawNode();
  }

  #select(position) {
    this.selected = position;
    this.#drawNode();
  }

  #drawNode() {
    const { result, layer, head, headLabel, width } = this.shown;
    const { beam, source } = result;
    const { step, index } = this.selected;
    const node = beam.steps[step][index];
    this.map.title = t('beam.explorer.mapTitleAt', {
      layer: Math.min(layer, node.crossAttention.length - 1) + 1,
      head: headLabel,
    });
    this.map.element.querySelector('.heatmap-title').textContent = this.map.title;
    this.map.update({
      matrix: hypothesisMap(beam, step, index, layer, head),
      digits: 4,
      formatCell: formatWeight,
      rowLabels: node.words,
      colLabels: source,
      highlightRow: step,
      marks: copiedCells(beam, step, index),
      markName: t('beam.explorer.markName'),
      maxWidth: Math.min(width, 520),
    });
    this.nodeText.textContent = nodeText(beam, step, index);
  }
}

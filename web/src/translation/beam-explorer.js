// A beam search to walk: the tree of hypotheses kept (drawing/beam-tree.js), the best hypothesis's path and
// greedy decoding's marked, where greedy parts from the beam named, and for the node selected its words, its
// scores and the cross-attention it read (for the layer and head asked for). The Translation view and lesson 9
// show one each.
import { element } from '../common/controls.js';
import { formatNumber, formatWeight } from '../common/format.js';
import { BeamTree } from '../drawing/beam-tree.js';
import { Heatmap, wordWeights } from '../drawing/heatmap.js';
import {
  bestPath,
  copiedCells,
  greedyParting,
  hypothesisMap,
  hypothesisText,
  lengthPenalty,
  nodeFates,
} from './beam-paths.js';

const score = (value) => formatNumber(value, 3);
const quoted = (words) => `“${hypothesisText(words)}”`;

/** What the summary says of greedy decoding against the beam's best hypothesis. */
export function partingText(beam) {
  const parting = greedyParting(beam);
  const best = beam.steps[beam.best.step][beam.best.node];
  const scores = `Greedy: “${hypothesisText(beam.greedy.tokens)}” (normalised score ${score(beam.greedy.normalizedScore)}); the beam’s best: ${quoted(best.words)} (${score(best.normalizedScore)}).`;
  if (parting.kind === 'same')
    return `Greedy decoding’s words are the beam’s best hypothesis: ${quoted(best.words)} (normalised score ${score(best.normalizedScore)}).`;
  const where = `step ${parting.step + 1}`;
  if (parting.kind === 'leaves')
    return `Greedy leaves the beam at ${where}: its word “${parting.greedyWord}” is not among the ${beam.width} hypotheses kept, and the best hypothesis takes “${parting.beamWord}”. ${scores}`;
  const left =
    parting.leftAt >= 0
      ? ` Greedy’s hypothesis falls out of the beam at step ${parting.leftAt + 1}.`
      : ' Greedy’s hypothesis stays in the beam, ranked lower.';
  return `Greedy parts from the best hypothesis at ${where}: greedy takes “${parting.greedyWord}”, the best hypothesis “${parting.beamWord}”.${left} ${scores}`;
}

/** The notes above the columns where greedy parts from the best path and where it leaves the beam. */
export function partingNotes(beam) {
  const parting = greedyParting(beam);
  const notes = new Map();
  if (parting.kind === 'parts') notes.set(parting.step, 'greedy parts');
  // Greedy can leave after the beam's last step (every hypothesis had finished): no column to note it above.
  if (parting.leftAt >= 0 && parting.leftAt < beam.steps.length) notes.set(parting.leftAt, 'greedy leaves');
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
        onBest && (step === beam.best.step ? 'the best hypothesis' : 'on the best hypothesis’s path'),
        onGreedy && 'on greedy’s path',
        node.copiedFrom >= 0 && `copied from the source word “${node.word}”`,
        fate === 'finished' ? 'finished' : fate === 'pruned' ? 'pruned: it ends here' : '',
      ].filter(Boolean);
      return {
        parent: node.parent,
        word: node.word,
        detail,
        label: `${node.word} ${detail}: step ${step + 1}, hypothesis ${index + 1} of ${nodes.length}, ${quoted(node.words)}${notes.length ? `; ${notes.join('; ')}` : ''}`,
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
      ? 'Finished: it ends with <eos>.'
      : fate === 'extended'
        ? `Kept, and extended at step ${step + 2}.`
        : step === beam.steps.length - 1
          ? 'Open when the search stopped: it ends here.'
          : `Pruned: none of the ${beam.steps[step + 1].length} hypotheses kept at step ${step + 2} extends it.`;
  const best = beam.best.step === step && beam.best.node === index ? ' The translation returned.' : '';
  return `Step ${length}, hypothesis ${index + 1} of ${beam.steps[step].length}: ${quoted(node.words)}. Score (the sum of its words’ log-probabilities) ${score(node.score)}, divided by the length penalty ((5 + ${length}) / 6)^${beam.alpha} = ${score(penalty)}: normalised score ${score(node.normalizedScore)}. ${ending}${best}`;
}

export class BeamExplorer {
  /**
   * @param {{ id: string, rowAxis?: string }} options
   *   id: the tree's (the map's is `${id}-map`, the texts' `${id}-node` and `${id}-summary`)
   */
  constructor({ id, rowAxis = 'output word' }) {
    this.tree = new BeamTree({
      id,
      caption: 'The beam: a column per step, a node per hypothesis kept, best first',
      onSelect: (step, index) => this.#select({ step, index }),
    });
    this.map = new Heatmap({
      id: `${id}-map`,
      title: 'cross-attention of the selected hypothesis',
      rowAxis,
      colAxis: 'source word',
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
        textContent:
          'Each node: the word it adds and its normalised score. Thick border and line: the best hypothesis’s path; dashed: greedy decoding’s path. A stub after a node: it ends there (a bar: pruned or stopped; a square: finished with <eos>). Arrow keys walk the tree (left: the parent; right: a child; up and down: the step’s other hypotheses); a wide beam scrolls sideways inside its box.',
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
      columnLabels: beam.steps.map((_, step) => `step ${step + 1}`),
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
    this.map.title = `cross-attention of the selected hypothesis, layer ${Math.min(layer, node.crossAttention.length - 1) + 1}, ${headLabel}`;
    this.map.element.querySelector('.heatmap-title').textContent = this.map.title;
    this.map.update({
      matrix: hypothesisMap(beam, step, index, layer, head),
      digits: 4,
      formatCell: formatWeight,
      rowLabels: node.words,
      colLabels: source,
      highlightRow: step,
      marks: copiedCells(beam, step, index),
      markName: 'copied from this source word',
      maxWidth: Math.min(width, 520),
    });
    this.nodeText.textContent = nodeText(beam, step, index);
  }
}

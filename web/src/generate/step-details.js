// How the chosen written token came to be: its probability and the distribution it was drawn from (the 10 most
// likely tokens, the chosen one marked), the model's own probabilities beside it, the attention of every layer and
// head at that token, the causal map of the head shown, and the key/value cache. The layer and head pickers choose
// the head the causal map and the strip's underlines show.
import { element, labelled, select, setOptions } from '../common/controls.js';
import { DistributionView } from '../drawing/distribution-view.js';
import { Heatmap, wordWeights } from '../drawing/heatmap.js';
import { CacheDetails } from './cache-details.js';
import { CausalMapView } from './causal-map-view.js';
import { allPieces, causalMap, stepAttention } from './generation-maps.js';
import {
  choiceText,
  headChoice,
  hints,
  labels,
  modelDistributionNote,
  spokenPiece,
  stepTitle,
  windowNote,
} from './generate-text.js';
import { visiblePiece } from './token-pieces.js';

const shownTokens = 10;

/** A distribution's entries as the bars show them (pieces made visible), and the chosen token's place in it. */
function bars(top, chosen, probability) {
  return {
    top: top.map(({ text, probability: p }) => ({ text: visiblePiece(text), probability: p })),
    text: visiblePiece(chosen),
    probability,
  };
}

export class StepDetails {
  /**
   * @param {{ onChange: (changes: object) => void }} options  the learner chose a layer, a head or a token
   */
  constructor({ onChange }) {
    this.title = element('h3', { id: 'generate-step-title' });
    this.choice = element('p', { id: 'generate-step-choice' });
    this.drawn = new DistributionView({ id: 'generate-drawn', title: labels.drawnFrom });
    this.own = new DistributionView({ id: 'generate-model-distribution', title: labels.modelOwn });
    this.ownNote = element('p', { className: 'hint' });
    this.layerSelect = select('generate-layer', [], (layer) => onChange({ layer: Number(layer) }));
    this.headSelect = select('generate-head', [], (head) => onChange({ head: Number(head) }));
    this.attention = new Heatmap({
      id: 'generate-step-attention',
      title: labels.stepAttention,
      rowAxis: labels.layerAndHead,
      colAxis: labels.position,
      ...wordWeights,
      showValues: false, // up to a context of cells a row: the exact weight is in the tooltip and the table
      onActivate: (row) => onChange({ layer: Math.floor(row / this.heads), head: row % this.heads }),
    });
    this.window = element('p', { className: 'hint' });
    this.causal = new CausalMapView({ onChoose: (step) => onChange({ step }) });
    this.cache = new CacheDetails();
    this.heads = 1;
    this.causalShown = null; // the causal map last built, and the generation and head it is of
    this.shownGeneration = this.shownStep = null; // whose attention the map shows
    this.element = element(
      'section',
      { id: 'generate-step', className: 'generate-step', 'aria-labelledby': 'generate-step-title' },
      this.title,
      this.choice,
      element('div', { className: 'maps-row' }, this.drawn.element, element('div', {}, this.own.element, this.ownNote)),
      element(
        'div',
        { className: 'generate-pickers' },
        labelled(labels.layer, this.layerSelect),
        labelled(labels.head, this.headSelect),
      ),
      this.attention.element,
      element('p', { className: 'hint', textContent: hints.stepAttention }),
      this.window,
      this.causal.element,
      this.cache.element,
    );
  }

  /**
   * @param {object} generation  the last generation, with its options and model's config
   * @param {{ step: number, layer: number, head: number }} state  what is chosen
   * @param {{ answer: { top: object[], exact: boolean } | null | undefined, maxWidth: number }} extra  answer: the
   *   model's own distribution at this token (undefined while it is asked for, null if no longer available)
   */
  update(generation, { step: index, layer, head }, { answer, maxWidth }) {
    const { config, options } = generation;
    const step = generation.steps[index];
    this.heads = config.heads;
    this.title.textContent = stepTitle(index, spokenPiece(step.text));
    this.choice.textContent = choiceText(step, options);
    this.drawn.update(bars(step.top, step.text, step.probability), labels.drawnFrom, labels.chosen, shownTokens);
    this.#showModelDistribution(step, answer);
    setOptions(
      this.layerSelect,
      Array.from({ length: config.layers }, (_, l) => [l, String(l + 1)]),
    );
    setOptions(
      this.headSelect,
      Array.from({ length: config.heads }, (_, h) => [h, headChoice(h, config)]),
    );
    this.layerSelect.value = String(layer);
    this.headSelect.value = String(head);
    const pieces = allPieces(generation).slice(step.windowStart, step.windowStart + step.length);
    this.attention.update({
      matrix: stepAttention(generation, index),
      digits: 3,
      rowLabels: Array.from(
        { length: config.layers * config.heads },
        (_, r) => `L${Math.floor(r / config.heads) + 1} H${(r % config.heads) + 1}`,
      ),
      colLabels: pieces.map(visiblePiece),
      highlightRow: layer * config.heads + head,
      maxWidth,
    });
    // Another token (or generation) opens on the positions nearest it: on a phone the map is wider than the screen.
    if (generation !== this.shownGeneration || index !== this.shownStep) this.attention.showLastColumns();
    [this.shownGeneration, this.shownStep] = [generation, index];
    this.window.textContent = windowNote(step);
    this.causal.update(this.#causalMap(generation, layer, head), {
      chosen: index,
      layer,
      head,
      maxWidth,
    });
    this.cache.update(generation, index);
  }

  /** The causal map of a head, built again only for another generation or head (not for another token). */
  #causalMap(generation, layer, head) {
    const shown = this.causalShown;
    if (shown?.generation !== generation || shown.layer !== layer || shown.head !== head) {
      const map = causalMap(generation, { layer, head, heads: generation.config.heads });
      this.causalShown = { generation, layer, head, map };
    }
    return this.causalShown.map;
  }

  #showModelDistribution(step, answer) {
    const shown = answer?.exact === true && !answer.same; // drawn at temperature 1, uncut: the same bars
    this.own.element.hidden = !shown;
    this.ownNote.textContent = answer === undefined ? '' : modelDistributionNote(answer);
    if (!shown) return;
    const chosen = answer.top.find((entry) => entry.id === step.id);
    this.own.update(bars(answer.top, step.text, chosen?.probability ?? 0), labels.modelOwn, labels.chosen, shownTokens);
  }
}

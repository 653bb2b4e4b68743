// Lesson 4: why scores are divided by √d. Random queries and keys of a chosen width: the spread of raw dot
// products grows like √d and unscaled weights turn one-hot (their gradient w(1−w) vanishing); scaled ones do not.
import { button, controlsRow, element, fieldset, labelled } from '../../common/controls.js';
import { formatNumber } from '../../common/format.js';
import { Heatmap, wordWeights } from '../../drawing/heatmap.js';
import { firstNearlyOneHot, keyCount, queryCount, scalingExperiment, widths } from './scaling-math.js';

export class ScalingLesson {
  constructor({ api, state, onChange, onFacts }) {
    this.onFacts = onFacts;
    this.firstOneHot = new Map(); // draw → its first nearly one-hot width
    this.api = api;
    this.state = state;
    this.onChange = onChange;
    this.widthInput = element('input', { type: 'range', id: 'scaling-width', min: 0, max: widths.length - 1, step: 1 });
    this.widthInput.addEventListener('input', () => this.onChange({ width: widths[Number(this.widthInput.value)] }));
    this.widthText = element('output', { for: 'scaling-width' });
    this.map = new Heatmap({
      id: 'scaling-weights',
      title: 'the first query’s weights over 8 keys',
      rowAxis: 'scores',
      colAxis: 'key',
      ...wordWeights,
    });
    this.results = element('ul', { className: 'lesson-results', id: 'scaling-results', 'aria-live': 'polite' });
    this.element = element(
      'div',
      { className: 'lesson-widget' },
      element('p', {
        textContent: `${queryCount} queries and ${keyCount} keys with random entries (mean 0, variance 1) of width d.`,
      }),
      controlsRow(
        fieldset(
          'Width',
          labelled('d', element('span', { className: 'inline' }, this.widthInput, this.widthText)),
          element(
            'div',
            { className: 'buttons' },
            button('New random vectors', () => this.onChange({ seed: this.state.seed + 1 }), { id: 'scaling-redraw' }),
          ),
        ),
      ),
      this.map.element,
      this.results,
    );
  }

  render(width) {
    const { width: d, seed } = this.state;
    this.widthInput.value = String(widths.indexOf(d));
    this.widthText.textContent = `d = ${d}`;
    const { unscaled, scaled } = scalingExperiment(this.api, d, seed);
    // for the challenges: where this draw first turns one-hot (nine widths, computed once per draw)
    if (this.onFacts && !this.firstOneHot.has(seed)) this.firstOneHot.set(seed, firstNearlyOneHot(this.api, seed));
    this.onFacts?.({ firstNearlyOneHot: this.firstOneHot.get(seed) });
    this.map.update({
      matrix: { data: Float32Array.from([...unscaled.firstRow, ...scaled.firstRow]), rows: 2, cols: keyCount },
      digits: 2,
      rowLabels: ['q·k', 'q·k / √d'],
      colLabels: Array.from({ length: keyCount }, (_, i) => `${i + 1}`),
      maxWidth: Math.min(width, 560),
    });
    const gradient = (w) => formatNumber(w * (1 - w), 2);
    this.results.replaceChildren(
      element('li', {
        textContent: `Spread (standard deviation) of the raw scores q·k: ${formatNumber(unscaled.spread, 3)}; √d = ${formatNumber(Math.sqrt(d), 3)}. Divided by √d: ${formatNumber(scaled.spread, 3)}.`,
      }),
      element('li', {
        id: 'scaling-unscaled',
        textContent: `Unscaled, a query’s largest weight is ${formatNumber(unscaled.meanLargest, 3)} on average; the softmax’s slope there, w(1 − w), is ${gradient(unscaled.meanLargest)}${unscaled.meanLargest > 0.9 ? ': nearly one-hot, little gradient reaches the scores' : ': still soft at this width; widen d'}.`,
      }),
      element('li', {
        id: 'scaling-scaled',
        textContent: `Scaled by 1/√d: ${formatNumber(scaled.meanLargest, 3)} on average, slope ${gradient(scaled.meanLargest)}, the same at every width.`,
      }),
      element('li', {
        textContent:
          'The notes’ worked example divides by √d_model (the input width) rather than √d_k (the key width); the step view offers both.',
      }),
    );
  }
}

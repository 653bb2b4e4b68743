// Lesson 4: why scores are divided by √d. Random queries and keys of a chosen width: the spread of raw dot
// products grows like √d and unscaled weights turn one-hot (their gradient w(1−w) vanishing); scaled ones do not.
import { button, controlsRow, element, fieldset, labelled, sliderOutput } from '../../common/controls.js';
import { formatNumber } from '../../common/format.js';
import { Heatmap, wordWeights } from '../../drawing/heatmap.js';
import { firstNearlyOneHot, keyCount, queryCount, scalingExperiment, softmaxSlopes, widths } from './scaling-math.js';

export class ScalingLesson {
  constructor({ api, state, onChange, onFacts }) {
    this.onFacts = onFacts;
    this.firstOneHot = new Map(); // draw → its first nearly one-hot width
    this.api = api;
    this.state = state;
    this.onChange = onChange;
    this.widthInput = element('input', { type: 'range', id: 'scaling-width', min: 0, max: widths.length - 1, step: 1 });
    this.widthInput.addEventListener('input', () => this.onChange({ width: widths[Number(this.widthInput.value)] }));
    this.widthText = sliderOutput('scaling-width', 'd = 512');
    this.map = new Heatmap({
      id: 'scaling-weights',
      title: 'the first query’s weights over 8 keys',
      rowAxis: 'scores',
      colAxis: 'key',
      ...wordWeights,
    });
    // The same query's slopes w(1 − w): how much of a change in its scores reaches its weights (at most ¼).
    this.slopeMap = new Heatmap({
      id: 'scaling-slopes',
      title: 'their slopes w(1 − w), at most ¼',
      rowAxis: 'scores',
      colAxis: 'key',
      fixedRange: [0, 0.25],
      valueName: 'slope',
      wordLabels: true,
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
      this.slopeMap.element,
      this.results,
    );
  }

  render(width) {
    const { width: d, seed } = this.state;
    this.widthInput.value = String(widths.indexOf(d));
    this.widthText.textContent = `d = ${d}`;
    const { unscaled, scaled, rootWidth } = scalingExperiment(this.api, d, seed);
    // for the challenges: where this draw first turns one-hot (nine widths, computed once per draw)
    if (this.onFacts && !this.firstOneHot.has(seed)) this.firstOneHot.set(seed, firstNearlyOneHot(this.api, seed));
    this.onFacts?.({ firstNearlyOneHot: this.firstOneHot.get(seed) });
    // Each map: the first query's row unscaled, then scaled (labelled by the scores its softmax was taken of).
    const showBothWays = (map, [unscaledRow, scaledRow]) =>
      map.update({
        matrix: { data: Float32Array.from([...unscaledRow, ...scaledRow]), rows: 2, cols: keyCount },
        digits: 2,
        rowLabels: ['q·k', 'q·k / √d'],
        colLabels: Array.from({ length: keyCount }, (_, i) => `${i + 1}`),
        maxWidth: Math.min(width, 560),
      });
    showBothWays(this.map, [unscaled.firstRow, scaled.firstRow]);
    showBothWays(this.slopeMap, [softmaxSlopes(unscaled.firstRow), softmaxSlopes(scaled.firstRow)]);
    this.results.replaceChildren(
      element('li', {
        textContent: `Spread (standard deviation) of the raw scores q·k: ${formatNumber(unscaled.spread, 3)}; √d = ${formatNumber(rootWidth, 3)}. Divided by √d: ${formatNumber(scaled.spread, 3)}.`,
      }),
      element('li', {
        id: 'scaling-unscaled',
        textContent: `Unscaled, a query’s largest weight is ${formatNumber(unscaled.meanLargest, 3)} on average${oneHotness(unscaled.meanLargest)}.`,
      }),
      element('li', {
        id: 'scaling-scaled',
        textContent: `Scaled by 1/√d: ${formatNumber(scaled.meanLargest, 3)} on average; it stays soft at every width.`,
      }),
      element('li', {
        id: 'scaling-gradient',
        textContent: `The softmax’s slope w(1 − w), the largest in each query’s row, averaged over the ${queryCount} queries (at most 0.25): unscaled ${formatNumber(unscaled.meanLargestSlope, 3)}, scaled ${formatNumber(scaled.meanLargestSlope, 3)}${unscaled.meanLargestSlope < scaled.meanLargestSlope / 2 ? '. A nearly one-hot row passes little gradient back to its scores, so training learns slowly or not at all' : ''}.`,
      }),
      element('li', {
        textContent:
          'The notes’ worked example divides by √d_model (the input width) rather than √d_k (the key width); the step view offers both.',
      }),
    );
  }
}

/**
 * How one-hot the unscaled rows are, said from their largest weight on average: above 0.9 counts as nearly one-hot
 * (as the challenge counts it); just under it is not "soft" (the average of 64 queries against the same 8 keys
 * wobbles from width to width, e.g. 0.913 at d = 64 and 0.896 at d = 128 for the first draw).
 */
function oneHotness(meanLargest) {
  if (meanLargest > 0.9) return ': nearly one-hot (above 0.9)';
  if (meanLargest > 0.75) return ': most of the weight on one key, though not above 0.9 at this width';
  return ': still soft at this width; widen d';
}

// Lesson 4: why scores are divided by √d. Random queries and keys of a chosen width: the spread of raw dot
// products grows like √d and unscaled weights turn one-hot (their gradient w(1−w) vanishing); scaled ones do not.
import { button, controlsRow, element, fieldset, labelled, sliderOutput } from '../../common/controls.js';
import { formatDecimal } from '../../common/format.js';
import { t } from '../../i18n/messages.js';
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
      title: t('lessons.widgets.scaling.mapTitle'),
      rowAxis: t('lessons.widgets.scaling.rowAxis'),
      colAxis: t('lessons.widgets.scaling.colAxis'),
      ...wordWeights,
    });
    // The same query's slopes w(1 − w): how much of a change in its scores reaches its weights (at most ¼).
    this.slopeMap = new Heatmap({
      id: 'scaling-slopes',
      title: t('lessons.widgets.scaling.slopeTitle'),
      rowAxis: t('lessons.widgets.scaling.rowAxis'),
      colAxis: t('lessons.widgets.scaling.colAxis'),
      fixedRange: [0, 0.25],
      valueName: t('lessons.widgets.scaling.slope'),
      wordLabels: true,
    });
    this.results = element('ul', { className: 'lesson-results', id: 'scaling-results', 'aria-live': 'polite' });
    this.element = element(
      'div',
      { className: 'lesson-widget' },
      element('p', {
        textContent: t('lessons.widgets.scaling.intro', { queries: queryCount, keys: keyCount }),
      }),
      controlsRow(
        fieldset(
          t('lessons.widgets.scaling.legend'),
          labelled('d', element('span', { className: 'inline' }, this.widthInput, this.widthText)),
          element(
            'div',
            { className: 'buttons' },
            button(t('lessons.widgets.scaling.redraw'), () => this.onChange({ seed: this.state.seed + 1 }), {
              id: 'scaling-redraw',
            }),
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
        textContent: t('lessons.widgets.scaling.spread', {
          raw: formatDecimal(unscaled.spread, 3),
          root: formatDecimal(rootWidth, 3),
          scaled: formatDecimal(scaled.spread, 3),
        }),
      }),
      element('li', {
        id: 'scaling-unscaled',
        textContent: t('lessons.widgets.scaling.unscaled', {
          largest: formatDecimal(unscaled.meanLargest, 3),
          verdict: oneHotness(unscaled.meanLargest),
        }),
      }),
      element('li', {
        id: 'scaling-scaled',
        textContent: t('lessons.widgets.scaling.scaled', { largest: formatDecimal(scaled.meanLargest, 3) }),
      }),
      element('li', {
        id: 'scaling-gradient',
        textContent: t(
          unscaled.meanLargestSlope < scaled.meanLargestSlope / 2
            ? 'lessons.widgets.scaling.gradientVanishes'
            : 'lessons.widgets.scaling.gradient',
          {
            queries: queryCount,
            unscaled: formatDecimal(unscaled.meanLargestSlope, 3),
            scaled: formatDecimal(scaled.meanLargestSlope, 3),
          },
        ),
      }),
      element('li', {
        textContent: t('lessons.widgets.scaling.notes'),
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
  if (meanLargest > 0.9) return t('lessons.widgets.scaling.nearlyOneHot');
  if (meanLargest > 0.75) return t('lessons.widgets.scaling.mostlyOne');
  return t('lessons.widgets.scaling.stillSoft');
}

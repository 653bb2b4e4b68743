// The run's two curves: the training loss at every step, and the held-out bits per character at each measurement
// with the unigram and bigram models' as labelled horizontal lines (the levels a model must get under). Its own
// file because it draws only what the run measured.
import { element } from '../common/controls.js';
import { formatNumber } from '../common/format.js';
import { LineChart } from '../drawing/line-chart.js';
import {
  bitsChartTitle,
  bitsSummary,
  hints,
  labels,
  lossChartTitle,
  lossSummary,
  referenceLabel,
  seriesNames,
} from './generate-text.js';

const svgNamespace = 'http://www.w3.org/2000/svg';

/**
 * Writes each reference line's name over its right end. The line chart keeps its scales to itself, so the label
 * goes where the line was drawn: the end point of its path.
 */
function labelLines(chart, labels) {
  for (const { className, text } of labels) {
    const path = chart.svg.querySelector(`path.series.${className}`);
    const end = path?.getAttribute('d').match(/([\d.]+),([\d.]+)$/);
    if (!end) continue;
    const label = document.createElementNS(svgNamespace, 'text');
    label.setAttribute('x', String(Number(end[1]) - 4));
    label.setAttribute('y', String(Number(end[2]) - 4));
    label.setAttribute('text-anchor', 'end');
    label.setAttribute('class', `reference-label ${className}`);
    label.textContent = text;
    chart.svg.append(label);
  }
}

export class TrainingCharts {
  constructor() {
    this.lossChart = new LineChart({
      id: 'generate-loss-chart',
      title: lossChartTitle(),
      xLabel: labels.stepAxis,
      yLabel: labels.lossAxis,
      yScale: 'log',
      formatTick: (y) => formatNumber(y, 2),
    });
    this.bitsChart = new LineChart({
      id: 'generate-bits-chart',
      title: bitsChartTitle(),
      xLabel: labels.stepAxis,
      yLabel: labels.bitsAxis,
      yDomain: [0, 8],
      formatTick: (y) => formatNumber(y, 2),
    });
    this.summary = element('p', { id: 'generate-bits-summary', className: 'hint' });
    this.element = element(
      'div',
      { className: 'generate-charts' },
      element('div', { className: 'maps-row charts' }, this.lossChart.element, this.bitsChart.element),
      this.summary,
      element('p', { className: 'hint', textContent: hints.bits }),
    );
  }

  /** @param {import('./language-model-run.js').LanguageModelRun | null} run @param {number} steps  the x axis before a run */
  render(run, steps) {
    const xMax = run?.steps ?? steps;
    this.lossChart.update({
      xMax,
      series: run
        ? [{ name: seriesNames.model, points: run.losses.map((loss, i) => [i + 1, loss]), className: 'current' }]
        : [],
      summary: lossSummary(run),
    });
    const evaluations = run?.evaluations ?? [];
    const base = run?.baselines;
    const highest = Math.max(4, ...evaluations.map((e) => e.bitsPerCharacter), base?.unigram ?? 0);
    this.bitsChart.yDomain = [0, 4 * Math.ceil(highest / 4)]; // ticks at quarters: whole numbers of bits
    /** @type {(value: number) => [number, number][]} */
    const flat = (value) => [
      [0, value],
      [xMax, value],
    ];
    /** @type {{ name: string, points: [number, number][], className: string }[]} */
    const series = [
      { name: seriesNames.model, points: evaluations.map((e) => [e.step, e.bitsPerCharacter]), className: 'current' },
    ];
    if (base) {
      series.push({
        name: referenceLabel(seriesNames.unigram, base.unigram),
        points: flat(base.unigram),
        className: 'reference unigram',
      });
      series.push({
        name: referenceLabel(seriesNames.bigram, base.bigram),
        points: flat(base.bigram),
        className: 'reference bigram',
      });
    }
    this.bitsChart.update({ xMax, series, summary: bitsSummary(run) });
    if (base)
      labelLines(this.bitsChart, [
        { className: 'unigram', text: referenceLabel(seriesNames.unigram, base.unigram) },
        { className: 'bigram', text: referenceLabel(seriesNames.bigram, base.bigram) },
      ]);
    this.summary.textContent = bitsSummary(run);
  }
}

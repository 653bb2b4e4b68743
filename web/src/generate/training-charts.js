// The run's curves on one chart in one unit, bits per character, so that the gap between them reads directly: the
// training curve (its sampled batches' loss, converted) and the held-out one at each measurement, the unigram and
// bigram models' levels as labelled horizontal lines, the best held-out measurement marked; under it the sentences
// that read them (curves-text.js) and a table of the chart's numbers for a screen reader. Its own file because it
// draws only what the run measured.
import { element } from '../common/controls.js';
import { formatNumber } from '../common/format.js';
import { LineChart } from '../drawing/line-chart.js';
import { hints, labels } from './generate-text.js';
import {
  bestLabel,
  bitsCell,
  curveNames,
  curvesNote,
  curvesSentences,
  referenceLabel,
  ruleNote,
} from './curves-text.js';
import { heldOutTokens } from './language-model-run.js';
import { curvePoints, readCurves } from './overfitting.js';

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

/** The run's characters per token (its whole text's), the unit's conversion; 1 before the worker has said. */
const charactersPerToken = (info) => (info ? info.characters / (info.trainTokens + info.heldOutTokens) : 1);

export class TrainingCharts {
  constructor() {
    this.chart = new LineChart({
      id: 'generate-bits-chart',
      title: curveNames.title,
      xLabel: labels.stepAxis,
      yLabel: labels.bitsAxis,
      yDomain: [0, 8],
      formatTick: (y) => formatNumber(y, 2),
    });
    this.summary = element('p', { id: 'generate-bits-summary', className: 'hint' });
    this.overfitting = element('p', { id: 'generate-overfitting', className: 'generate-overfitting', hidden: true });
    this.warning = element('p', { id: 'generate-held-out-warning', className: 'generate-warning', hidden: true });
    this.note = element('p', { id: 'generate-curves-note', className: 'hint' });
    this.rows = element('tbody');
    this.table = element(
      'details',
      { id: 'generate-curves-numbers', className: 'generate-curves-numbers' },
      element('summary', { textContent: curveNames.table }),
      element(
        'table',
        {},
        element(
          'thead',
          {},
          element(
            'tr',
            {},
            ...[curveNames.step, curveNames.training, curveNames.heldOut].map((name) =>
              element('th', { scope: 'col', textContent: name }),
            ),
          ),
        ),
        this.rows,
      ),
    );
    this.element = element(
      'div',
      { className: 'generate-charts' },
      this.chart.element,
      this.summary,
      this.overfitting,
      this.warning,
      this.note,
      element('p', { className: 'hint', textContent: `${hints.bits} ${ruleNote()}` }),
      this.table,
    );
  }

  /** @param {import('./language-model-run.js').LanguageModelRun | null} run @param {number} steps  the x axis before a run */
  render(run, steps) {
    const xMax = run?.steps ?? steps;
    const points = run ? curvePoints(run.evaluations, run.losses, charactersPerToken(run.info)) : [];
    const reading = readCurves(points);
    const tokens = run?.evaluations.at(-1)?.tokens ?? Math.min(heldOutTokens, run?.info?.heldOutTokens ?? Infinity);
    const words = curvesSentences(reading, tokens);
    const trained = points.filter((p) => p.training !== null);
    const highest = Math.max(4, ...points.map((p) => Math.max(p.heldOut, p.unigram, p.training ?? 0)));
    this.chart.yDomain = [0, 4 * Math.ceil(highest / 4)]; // ticks at quarters: whole numbers of bits
    /** @type {(value: number) => [number, number][]} */
    const flat = (value) => [
      [0, value],
      [xMax, value],
    ];
    /** @type {{ name: string, points: [number, number][], className: string }[]} */
    const series = [
      { name: curveNames.training, points: trained.map((p) => [p.step, p.training]), className: 'training' },
      { name: curveNames.heldOut, points: points.map((p) => [p.step, p.heldOut]), className: 'current' },
    ];
    const references = reading
      ? [
          { className: 'unigram', text: referenceLabel(curveNames.unigram, reading.now.unigram) },
          { className: 'bigram', text: referenceLabel(curveNames.bigram, reading.now.bigram) },
        ]
      : [];
    for (const { className, text } of references)
      series.push({ name: text, points: flat(reading.now[className]), className: `reference ${className}` });
    const marks = reading
      ? [{ x: reading.best.step, y: reading.best.heldOut, label: bestLabel(reading.best), className: 'best' }]
      : [];
    this.chart.update({ xMax, series, marks, summary: words.summary });
    labelLines(this.chart, references);
    this.summary.textContent = words.summary;
    this.overfitting.textContent = words.overfitting;
    this.overfitting.hidden = !words.overfitting;
    this.warning.textContent = words.warning;
    this.warning.hidden = !words.warning;
    this.note.textContent = run?.info ? curvesNote(charactersPerToken(run.info), tokens) : '';
    this.rows.replaceChildren(
      ...points.map((p) =>
        element(
          'tr',
          {},
          element('th', { scope: 'row', textContent: String(p.step) }),
          element('td', { textContent: bitsCell(p.training) }),
          element('td', { textContent: bitsCell(p.heldOut) }),
        ),
      ),
    );
  }
}

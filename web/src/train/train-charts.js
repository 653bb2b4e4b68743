// The run's curves and scores: the training loss, the held-out exact share and alignment over the steps (the
// current run's, with the previous run's faintly behind), and the line of scores under them. Its own file because
// it draws only what the run has measured, from the run's numbers alone.
import { element } from '../common/controls.js';
import { formatNumber } from '../common/format.js';
import { LineChart } from '../drawing/line-chart.js';
import { describeRun } from './run-description.js';
import { formatDuration, formatShare, isLanguageTask } from './train-state.js';
import { liveEvaluationSentences } from './training-run.js';

/** @returns {[number, number][]} a run's loss at every step */
const lossPoints = (run) => Array.from(run.losses, (loss, i) => [i + 1, loss]);

/**
 * A run's held-out exact share (`key` 'exact') or alignment over its steps. Pasted pairs carry no word alignment:
 * their alignment score is null and draws no line.
 * @returns {[number, number][]}
 */
const scorePoints = (run, key) =>
  run.evaluations
    .filter((e) => key === 'exact' || e.alignment !== null)
    .map((e) => [e.step, key === 'exact' ? e.exact / e.total : e.alignment]);

export class TrainCharts {
  constructor() {
    this.lossChart = new LineChart({
      id: 'loss-chart',
      title: 'Training loss (cross-entropy per target word, in nats: natural log)',
      yLabel: 'loss',
      yScale: 'log',
      formatTick: (y) => formatNumber(y, 2),
    });
    this.scoreChart = new LineChart({
      id: 'score-chart',
      title: `Held-out sentences (first ${liveEvaluationSentences}): exact translations and alignment`,
      yLabel: 'share',
      formatTick: formatShare,
    });
    // Two parts, so that the view lays them out a frame apart on its first showing.
    this.element = element('div', { className: 'maps-row charts' }, this.lossChart.element, this.scoreChart.element);
    this.scores = element('p', { id: 'train-scores', className: 'hint' });
  }

  /**
   * @param {object | null} run  the current run, or null before the first
   * @param {object | null} previous  the last finished run (or a saved one to compare with), drawn faintly
   * @param {number} steps  the state's steps: the x axis before any run
   */
  render(run, previous, steps) {
    const xMax = run?.steps ?? previous?.steps ?? steps;
    const lossSeries = [];
    const scoreSeries = [];
    if (previous) {
      const name = `previous run (${describeRun(previous)})`;
      lossSeries.push({ name, points: lossPoints(previous), className: 'previous' });
      scoreSeries.push({ name: `${name}: exact`, points: scorePoints(previous, 'exact'), className: 'previous' });
      scoreSeries.push({
        name: `${name}: alignment`,
        points: scorePoints(previous, 'alignment'),
        className: 'previous alignment',
      });
    }
    if (run) {
      lossSeries.push({ name: `this run (${describeRun(run)})`, points: lossPoints(run), className: 'current' });
      scoreSeries.push({ name: 'exact translations', points: scorePoints(run, 'exact'), className: 'current' });
      scoreSeries.push({
        name: 'alignment (best head)',
        points: scorePoints(run, 'alignment'),
        className: 'current alignment',
      });
    }
    const lastLoss = run?.losses.at(-1);
    this.lossChart.update({
      xMax,
      series: lossSeries,
      summary:
        lastLoss === undefined ? 'no training yet' : `loss ${formatNumber(lastLoss, 3)} nats at step ${run.step}`,
    });
    const last = run?.evaluations.at(-1);
    this.scoreChart.update({
      xMax,
      series: scoreSeries,
      summary: last
        ? `${last.exact} of ${last.total} exact, alignment ${formatShare(last.alignment)} at step ${last.step}`
        : 'no scores yet',
    });
    this.scores.textContent = last
      ? this.#scoresText(run, last)
      : 'Held-out sentences are never trained on: the scores show whether the model learned the grammar, not the examples.';
  }

  /** The run's latest scores in words, with its final scores and when it reached its target once it has. */
  #scoresText(run, last) {
    const items = isLanguageTask(run.task)
      ? 'sentences translated'
      : run.task === 'pairs'
        ? 'pairs translated'
        : 'sequences answered';
    const parts = [
      `step ${last.step}: ${last.exact} of ${last.total} held-out ${items} exactly`,
      last.alignment === null
        ? 'no alignment score (these pairs carry no word alignment)'
        : `alignment ${formatShare(last.alignment)} (layer ${last.alignmentHead.layer + 1}, head ${last.alignmentHead.head + 1}: the share of aligned output words whose largest weight falls on their aligned source word)`,
      `a decoder caching its keys and values keeps ${last.cacheBytesPerToken} bytes per output word`,
    ];
    if (run.secondsToTarget !== null)
      parts.push(`95% exact reached at step ${run.stepToTarget}, after ${formatDuration(run.secondsToTarget)}`);
    if (run.finalEvaluation)
      parts.push(
        `final: ${run.finalEvaluation.exact} of ${run.finalEvaluation.total} exact, alignment ${formatShare(run.finalEvaluation.alignment)}${run.finalEvaluation.total === last.total ? '' : ` (scored once, at the end, over ${run.finalEvaluation.total} held out rather than the chart’s first ${last.total})`}`,
      );
    return `${parts.join('; ')}.`;
  }
}

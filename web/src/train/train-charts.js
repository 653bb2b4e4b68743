// The run's curves and scores: the training loss, the held-out exact share and alignment over the steps (the
// current run's, with the previous run's faintly behind), and the line of scores under them. Its own file because
// it draws only what the run has measured, from the run's numbers alone.
import { element } from '../common/controls.js';
import { formatDecimal, formatNumber } from '../common/format.js';
import { LineChart } from '../drawing/line-chart.js';
import { describeRun } from './run-description.js';
import { formatDuration, formatShare, isLanguageTask } from './train-state.js';
import { liveEvaluationSentences } from './training-run.js';
import { t } from '../i18n/messages.js';

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
      title: t('train.charts.lossTitle'),
      xLabel: t('train.charts.stepAxis'),
      yLabel: t('train.charts.lossAxis'),
      yScale: 'log',
      formatTick: (y) => formatNumber(y, 2),
    });
    this.scoreChart = new LineChart({
      id: 'score-chart',
      title: t('train.charts.scoreTitle', { count: liveEvaluationSentences }),
      xLabel: t('train.charts.stepAxis'),
      yLabel: t('train.charts.scoreAxis'),
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
      const name = t('train.charts.previousRun', { run: describeRun(previous) });
      lossSeries.push({ name, points: lossPoints(previous), className: 'previous' });
      scoreSeries.push({
        name: t('train.charts.previousExact', { run: name }),
        points: scorePoints(previous, 'exact'),
        className: 'previous',
      });
      scoreSeries.push({
        name: t('train.charts.previousAlignment', { run: name }),
        points: scorePoints(previous, 'alignment'),
        className: 'previous alignment',
      });
    }
    if (run) {
      lossSeries.push({
        name: t('train.charts.thisRun', { run: describeRun(run) }),
        points: lossPoints(run),
        className: 'current',
      });
      scoreSeries.push({ name: t('train.charts.exact'), points: scorePoints(run, 'exact'), className: 'current' });
      scoreSeries.push({
        name: t('train.charts.alignment'),
        points: scorePoints(run, 'alignment'),
        className: 'current alignment',
      });
    }
    const lastLoss = run?.losses.at(-1);
    this.lossChart.update({
      xMax,
      series: lossSeries,
      summary:
        lastLoss === undefined
          ? t('train.charts.noTraining')
          : t('train.charts.lossSummary', { loss: formatDecimal(lastLoss, 3), step: run.step }),
    });
    const last = run?.evaluations.at(-1);
    this.scoreChart.update({
      xMax,
      series: scoreSeries,
      summary: last
        ? t('train.charts.scoreSummary', {
            exact: last.exact,
            total: last.total,
            alignment: formatShare(last.alignment),
            step: last.step,
          })
        : t('train.charts.noScores'),
    });
    this.scores.textContent = last ? this.#scoresText(run, last) : t('train.charts.heldOutHint');
  }

  /** The run's latest scores in words, with its final scores and when it reached its target once it has. */
  #scoresText(run, last) {
    const items = isLanguageTask(run.task) ? 'sentences' : run.task === 'pairs' ? 'pairs' : 'sequences';
    const parts = [
      t('train.scores.exact', { step: last.step, exact: last.exact, total: last.total, items }),
      last.alignment === null
        ? t('train.scores.noAlignment')
        : t('train.scores.alignment', {
            alignment: formatShare(last.alignment),
            layer: last.alignmentHead.layer + 1,
            head: last.alignmentHead.head + 1,
          }),
      t('train.scores.cache', { bytes: last.cacheBytesPerToken }),
    ];
    if (run.secondsToTarget !== null)
      parts.push(t('train.scores.target', { step: run.stepToTarget, duration: formatDuration(run.secondsToTarget) }));
    if (run.finalEvaluation) {
      const { exact, total, alignment } = run.finalEvaluation;
      const final = { exact, total, alignment: formatShare(alignment) };
      parts.push(
        total === last.total
          ? t('train.scores.final', final)
          : t('train.scores.finalOverMore', { ...final, chartTotal: last.total }),
      );
    }
    return t('train.scores.sentence', { parts: parts.join(t('train.scores.separator')) });
  }
}

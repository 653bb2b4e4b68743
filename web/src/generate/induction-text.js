// Every word the Generate view's induction-head experiment shows (induction-panel.js), and the sentences its numbers
// are said in: the `generate` section's messages, read when the panel is built and drawn (never at import).
import { formatCount, formatDecimal } from '../common/format.js';
import { t } from '../i18n/messages.js';

const share = (value) => formatDecimal(value, 2);
const bits = (value) => formatDecimal(value, 3);

/** The head of `layer` with the highest score: { head (from 0), score }. @param {number[][]} scores */
export function bestHead(scores, layer) {
  const row = scores[layer];
  const head = row.indexOf(Math.max(...row));
  return { head, score: row[head] };
}

/** A prefix-matching score from which a head is called an induction head (the mark the issue and the labs use). */
export const inductionThreshold = 0.4;

/** Steps between measurements: the panel asks for this many at a time. */
export const measureEvery = 100;

// The experiment's words: the `generate` section's messages, read when the panel is built and drawn.
export const inductionText = Object.freeze({
  title: () => t('generatePage.induction.title'),
  introduction: () => t('generatePage.induction.introduction'),
  train: (layers) => (layers === 2 ? t('generatePage.induction.trainTwo') : t('generatePage.induction.trainOne')),
  stop: () => t('generatePage.induction.stop'),
  lossTitle: () => t('generatePage.induction.lossTitle'),
  lossAxis: () => t('generatePage.induction.lossAxis'),
  headTitle: () => t('generatePage.induction.headTitle'),
  headAxis: () => t('generatePage.induction.headAxis'),
  stepAxis: () => t('generate.charts.stepAxis'),
  firstHalf: () => t('generatePage.induction.firstHalf'),
  repeat: () => t('generatePage.induction.repeat'),
  previousToken: () => t('generatePage.induction.previousToken'),
  prefixMatching: () => t('generatePage.induction.prefixMatching'),
  /** A run's line in a chart's legend: `series` (firstHalf(), repeat(), …) of the run of `layers` layers. */
  seriesOf: (layers, series) => t('generatePage.induction.seriesOf', { layers, series }),
  /**
   * Where the last run started stands: under way, stopped on request, or finished (its last step reached).
   * @param {{ layers: number, rows: { step: number, steps: number }[], running: boolean } | null} run
   */
  progress(run) {
    const last = run?.rows.at(-1);
    if (!last)
      return run
        ? t('generatePage.induction.starting')
        : t('generatePage.induction.notStarted', { steps: formatCount(1500) });
    const where = { layers: run.layers, step: formatCount(last.step), steps: formatCount(last.steps) };
    if (run.running) return t('generatePage.induction.measuring', { ...where, every: measureEvery });
    return last.step >= last.steps
      ? t('generatePage.induction.finished', where)
      : t('generatePage.induction.stopped', where);
  },
  /** @param {number} layers  the run's @param {object | undefined} last  its last measurement */
  lossSummary: (layers, last) =>
    last
      ? t('generatePage.induction.lossSummary', {
          layers,
          step: formatCount(last.step),
          firstHalf: bits(last.firstHalfBits),
          repeat: bits(last.repeatBits),
        })
      : '',
  headSummary: (layers, last) =>
    last
      ? t('generatePage.induction.headSummary', {
          layers,
          step: formatCount(last.step),
          previous: share(bestHead(last.previousToken, 0).score),
          prefix: share(bestHead(last.prefixMatching, last.prefixMatching.length - 1).score),
        })
      : '',
  /** Which heads make the circuit, once one does. */
  circuit(last) {
    if (!last) return '';
    const layers = last.prefixMatching.length;
    const induction = bestHead(last.prefixMatching, layers - 1);
    const previous = bestHead(last.previousToken, 0);
    if (layers === 1 || induction.score < inductionThreshold) {
      const values = { score: share(induction.score), threshold: share(inductionThreshold) };
      return layers === 1
        ? t('generatePage.induction.noneOneLayer', values)
        : t('generatePage.induction.noneYet', values);
    }
    return t('generatePage.induction.circuit', {
      previousHead: previous.head + 1,
      previousScore: share(previous.score),
      layers,
      inductionHead: induction.head + 1,
      inductionScore: share(induction.score),
      copying: share(last.copying[layers - 1][induction.head]),
    });
  },
});

// Every word the Generate view's induction-head experiment shows (induction-panel.js), and the sentences its numbers
// are said in.
import { formatCount, formatNumber } from '../common/format.js';

const share = (value) => formatNumber(value, 2);
const bits = (value) => formatNumber(value, 3);

/** The head of `layer` with the highest score: { head (from 0), score }. @param {number[][]} scores */
export function bestHead(scores, layer) {
  const row = scores[layer];
  const head = row.indexOf(Math.max(...row));
  return { head, score: row[head] };
}

/** A prefix-matching score from which a head is called an induction head (the mark the issue and the labs use). */
export const inductionThreshold = 0.4;

export const inductionText = Object.freeze({
  title: 'Induction heads form',
  introduction:
    'Olsson et al. (2022) found that transformers learn to continue a repeated pattern with two heads working together: a previous-token head (each position attends to the one before) and, in a later layer, an induction head that attends to the token after the current token’s earlier occurrence, and copies it. Here a small attention-only model (no feed-forward layers) trains in this tab on random letters, each string followed by itself. Watch the loss on the repeat fall away from the first half’s when the two heads form, suddenly (a phase change); the one-layer control cannot compose two heads and never forms one.',
  train: (layers) => (layers === 2 ? 'Train 2 layers' : 'Train the 1-layer control'),
  stop: 'Stop',
  lossTitle: 'Bits per character on strings never trained on',
  headTitle: 'The best heads’ attention',
  firstHalf: 'first half (random letters)',
  repeat: 'repeat (predictable by an induction head)',
  previousToken: 'previous-token score, best head of layer 1',
  prefixMatching: 'prefix-matching score, best head of the last layer',
  /** @param {{ step: number, steps: number } | undefined} last @param {number | null} layers  the one running */
  progress(last, layers) {
    if (!last) return layers ? 'Starting…' : 'Not started: 1,500 steps take about a minute.';
    const where = `step ${formatCount(last.step)} of ${formatCount(last.steps)}`;
    return layers ? `${where}, measured every 100 steps…` : `${where}: stopped.`;
  },
  lossSummary: (last) =>
    last
      ? `At step ${formatCount(last.step)}: ${bits(last.firstHalfBits)} bits per character on the first half, ${bits(last.repeatBits)} on the repeat.`
      : '',
  headSummary: (last) =>
    last
      ? `At step ${formatCount(last.step)}: best previous-token score in layer 1 ${share(bestHead(last.previousToken, 0).score)}, best prefix-matching score in the last layer ${share(bestHead(last.prefixMatching, last.prefixMatching.length - 1).score)}.`
      : '',
  /** Which heads make the circuit, once one does. */
  circuit(last) {
    if (!last) return '';
    const layers = last.prefixMatching.length;
    const induction = bestHead(last.prefixMatching, layers - 1);
    const previous = bestHead(last.previousToken, 0);
    if (layers === 1 || induction.score < inductionThreshold)
      return `No induction head${layers === 1 ? ' (one layer cannot compose two heads)' : ' yet'}: the best prefix-matching score is ${share(induction.score)}; ${inductionThreshold} marks one.`;
    return `The circuit: layer 1, head ${previous.head + 1} attends to the previous letter (${share(previous.score)}); layer ${layers}, head ${induction.head + 1} to the letter after the current letter’s earlier occurrence (${share(induction.score)}), reading what the first head wrote there: an induction head.`;
  },
});

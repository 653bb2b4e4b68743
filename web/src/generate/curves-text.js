// The words of the run's chart (training-charts.js): its caption and notes, and the sentences that read its curves
// (overfitting.js) true at every moment of the run: the latest measurement beside the best so far, the baselines,
// "overfitting" by the page's rule, and a warning when the held-out part is too small to trust.
import { formatCount, formatDecimal, formatFixed } from '../common/format.js';
import { messageGetters, t } from '../i18n/messages.js';
import { riseMargin, risesToCall, trustedHeldOutTokens } from './overfitting.js';

// Three decimals, whatever the size: a score "below the bigram model" never reads the same as the bigram's (3.108
// against 3.111, where three significant digits wrote 3.11 twice).
const bits = (value) => formatFixed(value, 3);

/** A token's loss spreads over about this many bits (assumed: 2 to 3 for a small model): the noise of a mean. */
const tokenBitsSpread = 2.5;

export const curveNames = messageGetters({
  title: 'generatePage.curves.title',
  training: 'generatePage.curves.training',
  heldOut: 'generatePage.curves.heldOut',
  unigram: 'generate.charts.unigram',
  bigram: 'generate.charts.bigram',
  table: 'generatePage.curves.table',
  step: 'generatePage.curves.step',
  keepBest: 'generatePage.curves.keepBest',
});

export const referenceLabel = (name, value) => `${name} ${bits(value)}`;
export const bestLabel = (point) => t('generatePage.curves.best', { bits: bits(point.heldOut), step: point.step });
export const bitsCell = (value) => (value === null ? '–' : bits(value));

/** What the training curve is, and at how many characters a token it was converted. */
export const curvesNote = (charactersPerToken, tokens) =>
  t('generatePage.curves.note', { perToken: formatDecimal(charactersPerToken, 3), tokens: formatCount(tokens) });
export const ruleNote = () =>
  t('generatePage.curves.rule', { rises: risesToCall, margin: formatDecimal(riseMargin, 2) });

/**
 * The curves in sentences: the latest measurement against the baselines (never "not yet better than counting" once
 * it was better), the best so far when it is not the latest, overfitting by the rule, the baselines, and a warning
 * when fewer than trustedHeldOutTokens held-out tokens are measured. '' parts are left out by the caller.
 * @param {ReturnType<typeof import('./overfitting.js').readCurves>} reading  @param {number} tokens  measured
 */
export function curvesSentences(reading, tokens) {
  if (!reading) return { summary: t('generatePage.curves.none'), overfitting: '', warning: '' };
  const { now, best, nowVerdict, bestVerdict, overfitting } = reading;
  const verdict = nowVerdict === 'above' && bestVerdict !== 'above' ? 'better' : nowVerdict;
  const parts = [
    t('generatePage.curves.now', { step: now.step, bits: bits(now.heldOut), tokens: formatCount(tokens), verdict }),
    best.step === now.step
      ? ''
      : t('generatePage.curves.bestSoFar', { step: best.step, bits: bits(best.heldOut), verdict: bestVerdict }),
    t('generatePage.curves.baselines', { unigram: bits(now.unigram), bigram: bits(now.bigram) }),
  ];
  return {
    summary: parts.filter(Boolean).join(' '),
    overfitting: overfitting
      ? t('generatePage.curves.overfitting', { since: overfitting.since, training: bits(now.training) })
      : '',
    warning:
      tokens < trustedHeldOutTokens
        ? t('generatePage.curves.tooSmall', {
            tokens: formatCount(tokens),
            threshold: formatCount(trustedHeldOutTokens),
            noise: formatDecimal(tokenBitsSpread / Math.sqrt(tokens), 2),
          })
        : '',
  };
}

// A run's two curves read as a learner should read them: training and held-out in one unit (bits per character),
// the best held-out measurement so far beside the latest, and the rule by which the page says "overfitting". Pure
// arithmetic on what the run measured, so that Node tests can check it on recorded curves.

/**
 * Held-out tokens below which the score is not to be trusted. A token's loss spreads over about 2.5 bits
 * (standard deviation, measured on small characters models), so the mean over n tokens is uncertain by about
 * 2.5 / √n bits: 0.08 at 1,000 tokens, 0.15 at 276 (the tenth of a 2,756-character story), as large as the gaps
 * between the model and the counting baselines it is compared with.
 */
export const trustedHeldOutTokens = 1000;

/** Measurements in a row above the best one before the page says "overfitting". */
export const risesToCall = 2;

/**
 * How far above its best a held-out score must be to count as risen, in bits per character: the same held-out tokens
 * measured at two nearby steps of a steady model differ by a few hundredths, which is not the model getting worse.
 */
export const riseMargin = 0.05;

/** A loss in nats per token as bits per character, at `charactersPerToken` (the run's text's). */
export const bitsPerCharacter = (nats, charactersPerToken) => nats / Math.LN2 / charactersPerToken;

/**
 * The run's curves at each held-out measurement: the held-out bits per character, and the training curve's there,
 * the mean loss of the sampled batches of the steps since the measurement before (`losses[i]` is step i + 1's),
 * converted at `charactersPerToken`; null at step 0 (nothing trained yet) and for steps whose losses are not known.
 * @param {{ step: number, bitsPerCharacter: number, unigram: number, bigram: number }[]} evaluations
 * @param {ArrayLike<number>} losses @param {number} charactersPerToken
 * @returns {{ step: number, heldOut: number, training: number | null, unigram: number, bigram: number }[]}
 */
export function curvePoints(evaluations, losses, charactersPerToken) {
  return evaluations.map((e, i) => {
    const from = i === 0 ? 0 : evaluations[i - 1].step;
    let sum = 0;
    for (let s = from; s < e.step; s++) sum += losses[s];
    const known = e.step > from && e.step <= losses.length && Number.isFinite(sum);
    return {
      step: e.step,
      heldOut: e.bitsPerCharacter,
      training: known ? bitsPerCharacter(sum / (e.step - from), charactersPerToken) : null,
      unigram: e.unigram,
      bigram: e.bigram,
    };
  });
}

/** Where a score stands against the counting baselines: 'below' the bigram's, 'between' the two, or 'above' the unigram's. */
export function verdict(bits, { unigram, bigram }) {
  return bits < bigram ? 'below' : bits < unigram ? 'between' : 'above';
}

/**
 * The curves read: the latest measurement and the best held-out one so far (the earliest of equals), where each
 * stands, and `overfitting` by the page's rule: the held-out score above its best (by more than riseMargin) at the
 * last `risesToCall` measurements in a row while the training curve has fallen since the best (a model that learns the training text's
 * own lines, not the language). `overfitting.since` is the first measurement after the best.
 * @param {ReturnType<typeof curvePoints>} points
 */
export function readCurves(points) {
  if (points.length === 0) return null;
  const now = points.at(-1);
  const best = points.reduce((a, b) => (b.heldOut < a.heldOut ? b : a));
  const after = points.filter((p) => p.step > best.step);
  const rising =
    after.length >= risesToCall && after.slice(-risesToCall).every((p) => p.heldOut > best.heldOut + riseMargin);
  const trainingFell = best.training !== null && now.training !== null && now.training < best.training;
  return {
    now,
    best,
    nowVerdict: verdict(now.heldOut, now),
    bestVerdict: verdict(best.heldOut, best),
    overfitting: rising && trainingFell ? { since: after[0].step, best: best.step } : null,
  };
}

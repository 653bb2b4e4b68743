// Every word the sinks-and-windows panel shows (sinks-panel.js): the `generatePage.sinks` messages, read when the panel
// is built and drawn (never at import), and the sentences its readings are said in. Each row's sentence says what
// it keeps and why it reads as it does, from the measured numbers: which of two readings is worse is the numbers'
// call (within `sameWithin` they are the same), the reason is the positions' mechanism.
import { formatCount, formatDecimal, formatFixed } from '../common/format.js';
import { messageGetters, t } from '../i18n/messages.js';

const bits = (value) => formatDecimal(value, 3);
const share = (value) => formatDecimal(value, 2);

/** Bits per character closer than this are said to be the same: a difference the table's 3 digits barely show. */
export const sameWithin = 0.02;

/** Gu et al.'s mark: a head giving the first token more than this share of its attention is a sink head. */
export const sinkMark = 0.3;

export const sinksLabels = messageGetters({
  title: 'generatePage.sinks.title',
  introduction: 'generatePage.sinks.introduction',
  positions: 'generatePage.sinks.positions',
  window: 'generatePage.sinks.window',
  sinkLogits: 'generatePage.sinks.sinkLogits',
  steps: 'generatePage.sinks.steps',
  start: 'generatePage.sinks.start',
  stop: 'generatePage.sinks.stop',
  readingHeader: 'generatePage.sinks.readingHeader',
  bitsHeader: 'generatePage.sinks.bitsHeader',
  heldHeader: 'generatePage.sinks.heldHeader',
  allocatedHeader: 'generatePage.sinks.allocatedHeader',
});

/** Where the experiment stands: { phase: 'idle' | 'training' | 'reading' | 'stopped' | 'done', step, steps, characters }. */
export function sinksProgress({ phase, step, steps, characters }) {
  if (phase === 'training')
    return t('generatePage.sinks.training', { step: formatCount(step), steps: formatCount(steps) });
  if (phase === 'reading') return t('generatePage.sinks.reading', { characters: formatCount(characters) });
  if (phase === 'stopped')
    return t('generatePage.sinks.stopped', { step: formatCount(step), steps: formatCount(steps) });
  if (phase === 'done')
    return t('generatePage.sinks.done', { steps: formatCount(steps), characters: formatCount(characters) });
  // Measured: 800 steps in about 60 s in Chromium on a 2-core machine, the readings 10-20 s more.
  return t('generatePage.sinks.notStarted', {
    steps: formatCount(steps),
    minutes: Math.max(1, Math.round(steps / 600)),
  });
}

export const tableCaption = (characters) =>
  t('generatePage.sinks.tableCaption', { characters: formatCount(characters) });

/**
 * A reading's row name, from what it keeps (web/lib's streamingReadings); `trainedWindow` is the model's own (0: none),
 * which every key is then read through.
 */
export function readingName({ window, sinks, recompute }, trainedWindow) {
  if (window === 0)
    return trainedWindow
      ? t('generatePage.sinks.everyKeyWindowed', { window: trainedWindow })
      : t('generatePage.sinks.everyKey');
  if (recompute) return t('generatePage.sinks.recomputed', { window });
  if (sinks > 0) return t('generatePage.sinks.firstPlusWindow', { sinks, window });
  return t('generatePage.sinks.cached', { window });
}

export const bitsText = bits;

/** The bytes a reading's cache holds at the end: the positions its last query read, each cacheBytesPerToken (0 recomputing). */
export const heldBytes = (row, cacheBytesPerToken) => (row.recompute ? 0 : row.longest * cacheBytesPerToken);

/** 'same' within sameWithin, else whether `value` reads 'worse' (more bits) or 'better' than `reference`. */
export function compared(value, reference) {
  if (Math.abs(value - reference) < sameWithin) return 'same';
  return value > reference ? 'worse' : 'better';
}

/** "It reads … bits, the same as / … worse than / … better than" the reading named by `against`. */
function comparison(value, reference, against) {
  return t('generatePage.sinks.why.compared', {
    change: compared(value, reference),
    against,
    bits: bits(value),
    reference: bits(reference),
    difference: formatFixed(Math.abs(value - reference), 2),
    within: formatDecimal(sameWithin, 1),
  });
}

const findReading = (readings, test) => readings.find(test);
const cachedWindow = (readings) => findReading(readings, (r) => r.window > 0 && !r.recompute && r.sinks === 0);
const recomputedWindow = (readings) => findReading(readings, (r) => r.recompute);

/**
 * A reading's sentence: what it keeps, then how it reads against the reading it is measured by and why.
 * @param {{ window: number, sinks: number, recompute: boolean, bitsPerCharacter: number, longest: number,
 *   firstPositionAttention: number[][] }} row
 * @param {{ readings: object[], trainedWindow: number, context: number, positions: string, inside: number,
 *   characters: number }} result  inside: the model's bits per character on held-out windows of its context (read
 *   whole); characters: the text read's
 */
export function readingSentence(row, { readings, trainedWindow, context, positions, inside, characters }) {
  const recomputed = recomputedWindow(readings).bitsPerCharacter;
  const value = row.bitsPerCharacter;
  const { window, sinks, longest } = row;
  if (window === 0 && trainedWindow)
    return [
      t('generatePage.sinks.why.everyKeyWindowed', { window: trainedWindow }),
      comparison(value, recomputed, 'recomputed'),
    ].join(' ');
  if (window === 0) {
    const change = compared(value, recomputed);
    const reason =
      change === 'worse'
        ? t('generatePage.sinks.why.pastTraining', { positions, context })
        : change === 'same'
          ? t('generatePage.sinks.why.farHarmless', { positions, context })
          : t('generatePage.sinks.why.farHelps');
    return [
      t('generatePage.sinks.why.everyKey', { longest: formatCount(longest), context }),
      comparison(value, recomputed, 'recomputed'),
      reason,
    ].join(' ');
  }
  if (row.recompute)
    return [
      t('generatePage.sinks.why.recomputed', { window }),
      t('generatePage.sinks.why.againstInside', { context, inside: bits(inside), window, bits: bits(value) }),
    ].join(' ');
  if (sinks === 0) {
    const sentences = [
      t('generatePage.sinks.why.cached', { window }),
      t('generatePage.sinks.why.cachePositions', { positions, context, window, last: formatCount(characters) }),
      comparison(value, recomputed, 'recomputed'),
    ];
    // Same positions, and still apart: a cached key's deeper layers saw tokens the recomputed window has dropped.
    if (positions !== 'sinusoidal' && compared(value, recomputed) !== 'same')
      sentences.push(t('generatePage.sinks.why.deeperLayers'));
    return sentences.join(' ');
  }
  return [
    t('generatePage.sinks.why.firstPlusWindow', { sinks, window }),
    t('generatePage.sinks.why.keptShare', { share: share(Math.max(...row.firstPositionAttention.flat())) }),
    comparison(value, cachedWindow(readings).bitsPerCharacter, 'cached'),
  ].join(' ');
}

/** How many heads are sinks (Gu et al.'s share above 0.3 on the first token), and the largest share. */
export function sinkHeadsText(shares) {
  const all = shares.flat();
  return t('generatePage.sinks.sinkHeads', {
    count: all.filter((value) => value > sinkMark).length,
    heads: all.length,
    largest: share(Math.max(...all)),
  });
}

/**
 * What a sink logit is, what it took in this run (measured while writing), what it changed against the same run
 * without it when the panel has that one, and why keeping the first tokens changed nothing when no head is a sink.
 * @param {{ readings: object[], shares: number[][], sinkLogits: boolean,
 *   logitShares: { tokens: number, shares: number[][] } | null }} result
 * @param {{ readings: object[] } | null} other  the same run with the opposite sinkLogits, if the panel has one
 */
export function sinkLogitText(result, other) {
  const sentences = [];
  if (result.sinkLogits) {
    const taken = result.logitShares.shares.flat();
    sentences.push(
      t('generatePage.sinks.logitOn', {
        tokens: formatCount(result.logitShares.tokens),
        largest: share(Math.max(...taken)),
        mean: share(taken.reduce((sum, value) => sum + value, 0) / taken.length),
      }),
    );
  } else sentences.push(t('generatePage.sinks.logitOff'));
  if (other) {
    const pick = (readings) => ({
      cached: cachedWindow(readings).bitsPerCharacter,
      every: findReading(readings, (r) => r.window === 0).bitsPerCharacter,
    });
    const now = pick(result.readings);
    const then = pick(other.readings);
    sentences.push(
      t('generatePage.sinks.logitAgainst', {
        other: result.sinkLogits ? 'without' : 'with',
        change:
          compared(now.cached, then.cached) === 'same' && compared(now.every, then.every) === 'same' ? 'none' : 'some',
        cached: bits(now.cached),
        otherCached: bits(then.cached),
        every: bits(now.every),
        otherEvery: bits(then.every),
        within: formatDecimal(sameWithin, 1),
      }),
    );
  } else if (result.sinkLogits) sentences.push(t('generatePage.sinks.logitRunWithout'));
  // The reading that keeps the most first tokens (4): StreamingLLM's remedy, which needs a sink head to act on.
  const mostKept = Math.max(...result.readings.map((r) => r.sinks));
  const kept = findReading(result.readings, (r) => r.sinks === mostKept);
  const heads = result.shares.flat();
  const sinkHeads = heads.filter((value) => value > sinkMark).length;
  if (sinkHeads === 0 && compared(kept.bitsPerCharacter, cachedWindow(result.readings).bitsPerCharacter) === 'same')
    sentences.push(t('generatePage.sinks.noSinkHeads', { heads: heads.length, sinks: mostKept }));
  return sentences.join(' ');
}

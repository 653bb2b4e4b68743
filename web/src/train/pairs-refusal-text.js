// Why the module refused pasted pairs, in the page's language: a bad line (the list under the pairs) or the pairs
// as a whole (the Train view's error line), from the refusal's kind and the side and numbers it names (web/lib's
// errors carry them: cpp/include/attn/tasks.h lists the kinds). An error of any other kind keeps web/lib's words.
import { t } from '../i18n/messages.js';

/** A bad line's kinds (web/lib's) → their messages' names under train.pairs.refusal. */
export const lineKinds = {
  'line-too-long': 'lineTooLong',
  'no-separator': 'noSeparator',
  'empty-side': 'emptySide',
  'too-many-words': 'tooManyWords',
  'word-too-long': 'wordTooLong',
  'too-many-pairs': 'tooManyPairs',
};
/** The pairs as a whole: their kinds → their messages' names. */
export const wholeKinds = {
  'pairs-lines': 'linesRefused',
  'too-few-pairs': 'tooFewPairs',
  'no-training-pairs': 'noTrainingPairs',
  'no-held-out-pairs': 'noHeldOutPairs',
  'too-many-distinct-words': 'tooManyDistinctWords',
};

/** @param {{ kind?: string, side?: string, count?: number, limit?: number, message: string }} problem */
function said(kinds, problem) {
  const name = kinds[problem.kind];
  if (!name) return problem.message;
  const { side = 'source', count = 0, limit = 0 } = problem;
  return t(`train.pairs.refusal.${name}`, { side, count, limit });
}

/** What is wrong with one line of the pairs: "the target has 13 words; the limit is 12". */
export const pairsLineText = (line) => said(lineKinds, line);

/** Why the pairs as a whole were refused ("only 9 pairs; at least 10 are needed"), or the error's own words. */
export const pairsRefusalText = (error) => said(wholeKinds, error);

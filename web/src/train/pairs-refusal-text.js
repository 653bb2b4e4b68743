// Why the module refused pasted pairs, in the page's language: a bad line (the list under the pairs) or the pairs
// as a whole (the Train view's error line), from the refusal's kind and the side and numbers it names (web/lib's
// errors carry them: cpp/include/attn/tasks.h lists the kinds). An error of any other kind keeps web/lib's words.
import { saidByKind } from '../i18n/said-by-kind.js';

/** A bad line's kinds (web/lib's) → their messages. */
export const lineKinds = {
  'line-too-long': 'train.pairs.refusal.lineTooLong',
  'no-separator': 'train.pairs.refusal.noSeparator',
  'empty-side': 'train.pairs.refusal.emptySide',
  'too-many-words': 'train.pairs.refusal.tooManyWords',
  'word-too-long': 'train.pairs.refusal.wordTooLong',
  'too-many-pairs': 'train.pairs.refusal.tooManyPairs',
};
/** The pairs as a whole: their kinds → their messages. */
export const wholeKinds = {
  'pairs-lines': 'train.pairs.refusal.linesRefused',
  'too-few-pairs': 'train.pairs.refusal.tooFewPairs',
  'no-training-pairs': 'train.pairs.refusal.noTrainingPairs',
  'no-held-out-pairs': 'train.pairs.refusal.noHeldOutPairs',
  'too-many-distinct-words': 'train.pairs.refusal.tooManyDistinctWords',
};

/** @param {{ kind?: string, side?: string, count?: number, limit?: number, message: string }} problem */
const said = (kinds, problem) => saidByKind(kinds, problem, { side: problem.side ?? 'source' });

/** What is wrong with one line of the pairs: "the target has 13 words; the limit is 12". */
export const pairsLineText = (line) => said(lineKinds, line);

/** Why the pairs as a whole were refused ("only 9 pairs; at least 10 are needed"), or the error's own words. */
export const pairsRefusalText = (error) => said(wholeKinds, error);

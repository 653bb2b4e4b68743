// Why a language model refused the learner's text or a weight file, in the page's language: the Generate view's
// error line and <attention-generator> say it. The kinds are the module's (cpp/src/checks/language_model_setup.cpp
// for a text, LoadedLanguageModel::kind for a file); any other error keeps web/lib's words.
import { saidByKind } from '../i18n/said-by-kind.js';

/** web/lib's kinds → their messages. */
export const refusalKinds = {
  'corpus-too-short': 'generate.refusal.corpusTooShort',
  'corpus-part-too-short': 'generate.refusal.corpusPartTooShort',
  'corpus-too-long': 'generate.refusal.corpusTooLong',
  'translator-file': 'generate.refusal.translatorFile',
  'checkpoint-file': 'generate.refusal.checkpointFile',
  'not-a-language-model': 'generate.refusal.notALanguageModel',
  'other-version': 'generate.refusal.otherVersion',
  damaged: 'generate.refusal.damaged',
  'too-large': 'generate.refusal.tooLarge',
};
// Limits in bytes, said in MiB.
const bytesKinds = new Set(['corpus-too-long', 'too-large']);

/** @param {Error & { kind?: string, side?: string, count?: number, limit?: number }} error */
export function languageModelRefusalText(error) {
  // the held-out part's side as an ICU selector can name it (a hyphen cannot be one)
  const values = { side: error.side === 'held-out' ? 'heldOut' : 'training' };
  if (bytesKinds.has(error.kind ?? '')) values.limit = (error.limit ?? 0) / 2 ** 20;
  return saidByKind(refusalKinds, error, values);
}

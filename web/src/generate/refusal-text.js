// Why a language model refused the learner's text or a weight file, or GPT-2's files, in the page's language: the
// Generate view's error line and <attention-generator> say it. The kinds are the module's (cpp/src/checks/
// language_model_setup.cpp for a text, LoadedLanguageModel::kind for a file) and web/lib/gpt2.js's for GPT-2's files
// (the `generate` section's words, so the element, which shows that section, says them too); any other error keeps
// web/lib's words.
import { t } from '../i18n/messages.js';
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

/** web/lib's kinds for GPT-2's files (web/lib/gpt2.js) → their messages. */
const gpt2Kinds = {
  truncated: 'generate.gpt2.refusal.truncated',
  'header-length': 'generate.gpt2.refusal.headerLength',
  header: 'generate.gpt2.refusal.header',
  dtype: 'generate.gpt2.refusal.dtype',
  size: 'generate.gpt2.refusal.size',
  offsets: 'generate.gpt2.refusal.offsets',
  missing: 'generate.gpt2.refusal.missing',
  shape: 'generate.gpt2.refusal.shape',
  config: 'generate.gpt2.refusal.config',
  vocab: 'generate.gpt2.refusal.vocab',
  merges: 'generate.gpt2.refusal.merges',
  memory: 'generate.gpt2.refusal.memory',
  fetch: 'generate.gpt2.refusal.fetch',
};

/**
 * Why GPT-2's files were refused, in the page's language, with what the library named (a tensor, a size, a URL) after
 * it; a refusal of another kind keeps web/lib's words.
 * @param {Error & { kind?: string, names?: string[] }} error
 */
export function gpt2RefusalText(error) {
  if (error.kind === 'files-missing')
    return t('generate.gpt2.refusal.filesMissing', { count: error.names.length, names: error.names.join(', ') });
  const said = saidByKind(gpt2Kinds, error);
  return said === error.message ? said : `${said} ${t('generate.gpt2.refusal.detail', { detail: error.message })}`;
}

/** @param {Error & { kind?: string, side?: string, count?: number, limit?: number }} error */
export function languageModelRefusalText(error) {
  if (Object.hasOwn(gpt2Kinds, error.kind ?? '') || error.kind === 'files-missing') return gpt2RefusalText(error);
  // the held-out part's side as an ICU selector can name it (a hyphen cannot be one)
  const values = { side: error.side === 'held-out' ? 'heldOut' : 'training' };
  if (bytesKinds.has(error.kind ?? '')) values.limit = (error.limit ?? 0) / 2 ** 20;
  return saidByKind(refusalKinds, error, values);
}

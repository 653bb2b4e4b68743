// Why a translator refused a sentence, in the page's language: the Translation view's sentence form and
// attribution section say it, and so does <attention-translator> for a sentence typed into it.
import { t } from '../i18n/messages.js';

/**
 * Why the translator refused the sentence, in the page's language, from the refusal's kind and counts (web/lib's
 * errors carry them); any other error in web/lib's own words (English, the library's API), its operation's name
 * ("translate: ") left out.
 * @param {Error & { kind?: string, words?: number, limit?: number, readings?: Record<string, object> }} error
 */
export function refusalText(error) {
  if (error.kind === 'unknown-words')
    return t('translation.sentenceError.unknownWords', { count: Object.keys(error.readings ?? {}).length });
  if (error.kind === 'empty') return t('translation.sentenceError.empty');
  if (error.kind === 'too-long')
    return error.limit
      ? t('translation.sentenceError.tooLong', { words: error.words, limit: error.limit })
      : t('translation.sentenceError.tooLongText');
  return error.message.replace(/^\w+: /, '');
}

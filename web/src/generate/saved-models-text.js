// The words of "Your language models" (your-language-models.js), in the page's language (the `generatePage.saved`
// messages): what every list of saved models says (common/saved-models-text.js) with this list's messages, and its
// own labels, each saved run described, its score and date. Nothing stored is formatted into a message but numbers
// the entry's check has passed.
import { formatFixed } from '../common/format.js';
import { savedModelsText } from '../common/saved-models-text.js';
import { currentLocale } from '../i18n/locale.js';
import { messageGetters, t } from '../i18n/messages.js';
import { languageModelEntryVersion } from './saved-language-models.js';

export const savedText = savedModelsText('generatePage.saved', languageModelEntryVersion);

/** The list's own fixed words (beside savedText.labels), each read when the list is drawn. */
export const savedLabels = messageGetters({
  hint: 'generatePage.saved.hint',
  write: 'generatePage.saved.write',
  continue: 'generatePage.saved.continue',
});

/** The text, tokenizer and shape a run was trained with. */
export function savedDescription({ corpus, characters, options }) {
  const text = corpus === 'austen' ? t('generatePage.saved.austen') : t('generatePage.saved.own', { characters });
  const { dModel, layers, heads, kvHeads } = options.model;
  const tokenizer = options.task.tokenizer === 'byte-pairs' ? 'bytePairs' : 'characters';
  return t('generatePage.saved.description', { text, tokenizer, dModel, layers, heads, kvHeads });
}

/** The last held-out measurement beside the bigram model's, to 3 decimals as the chart and its sentences say them. */
export function savedScore({ evaluations }) {
  const last = evaluations.at(-1);
  if (!last || last.step === 0) return t('generatePage.saved.notScored');
  return t('generatePage.saved.score', {
    bits: formatFixed(last.bitsPerCharacter, 3),
    bigram: formatFixed(last.bigram, 3),
  });
}

let dateFormat = null;
/** A date and time in the page's language (Intl, built when first needed: a list is drawn long after the page). */
function formatDate(time) {
  if (dateFormat?.resolvedOptions().locale !== currentLocale())
    dateFormat = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' });
  return dateFormat.format(time);
}

export const savedDate = (time) => t('generatePage.saved.saved', { date: formatDate(time) });

/** A button's accessible name: what it does, to which model. */
export const actionLabel = (action, model) => t('generatePage.saved.action', { action, model });

export const openedSavedText = (entry) =>
  t('generatePage.saved.opened', {
    date: formatDate(entry.savedAt),
    description: savedDescription(entry),
    progress: savedText.progress(entry),
  });

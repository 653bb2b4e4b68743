// The words of "Your language models" (your-language-models.js): the list's labels, each saved run described, its
// progress and score, why an entry or the storage cannot be used, in the page's language (the `generate.saved`
// messages). Nothing stored is formatted into a message but numbers the entry's check has passed.
import { formatDecimal } from '../common/format.js';
import { currentLocale } from '../i18n/locale.js';
import { messageGetters, t } from '../i18n/messages.js';

export const savedLabels = messageGetters({
  title: 'generate.saved.title',
  hint: 'generate.saved.hint',
  write: 'generate.saved.write',
  continue: 'generate.saved.continue',
  download: 'generate.saved.download',
  delete: 'generate.saved.delete',
});

/** How many runs are kept, and that every run is. */
export const savedListText = (count) => (count === 0 ? t('generate.saved.none') : t('generate.saved.count', { count }));

/** The text, tokenizer and shape a run was trained with. */
export function savedDescription({ corpus, characters, options }) {
  const text = corpus === 'austen' ? t('generate.saved.austen') : t('generate.saved.own', { characters });
  const { dModel, layers, heads } = options.model;
  const tokenizer = options.task.tokenizer === 'byte-pairs' ? 'bytePairs' : 'characters';
  return t('generate.saved.description', { text, tokenizer, dModel, layers, heads });
}

export const savedProgress = ({ status, step, steps }) =>
  status === 'finished'
    ? t('generate.saved.finished', { steps: step })
    : t('generate.saved.unfinished', { step, steps });

/** The last held-out measurement beside the bigram model's. */
export function savedScore({ evaluations }) {
  const last = evaluations.at(-1);
  if (!last || last.step === 0) return t('generate.saved.notScored');
  return t('generate.saved.score', {
    bits: formatDecimal(last.bitsPerCharacter, 3),
    bigram: formatDecimal(last.bigram, 3),
  });
}

let dateFormat = null;
/** A date and time in the page's language (Intl, built when first needed: a list is drawn long after the page). */
function formatDate(time) {
  if (dateFormat?.resolvedOptions().locale !== currentLocale())
    dateFormat = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' });
  return dateFormat.format(time);
}

export const savedDate = (time) => t('generate.saved.saved', { date: formatDate(time) });

/** A button's accessible name: what it does, to which model. */
export const actionLabel = (action, model) => t('generate.saved.action', { action, model });

export const openedSavedText = (entry) =>
  t('generate.saved.opened', {
    date: formatDate(entry.savedAt),
    description: savedDescription(entry),
    progress: savedProgress(entry),
  });

const problems = messageGetters({
  notAnEntry: 'generate.saved.problems.notAnEntry',
  newer: 'generate.saved.problems.newer',
  older: 'generate.saved.problems.older',
  id: 'generate.saved.problems.id',
  date: 'generate.saved.problems.date',
  status: 'generate.saved.problems.status',
  corpus: 'generate.saved.problems.corpus',
  characters: 'generate.saved.problems.characters',
  steps: 'generate.saved.problems.steps',
  losses: 'generate.saved.problems.losses',
  evaluations: 'generate.saved.problems.evaluations',
  sample: 'generate.saved.problems.sample',
  options: 'generate.saved.problems.options',
  tokenizer: 'generate.saved.problems.tokenizer',
  context: 'generate.saved.problems.context',
  shape: 'generate.saved.problems.shape',
  schedule: 'generate.saved.problems.schedule',
  files: 'generate.saved.problems.files',
  text: 'generate.saved.problems.text',
});

/** An unreadable entry: its id (a whole number, or none) and why (a code of saved-language-models.js). */
export const unreadableText = (id, code) =>
  t('generate.saved.unreadable', { id: Number.isInteger(id) ? id : '?', reason: problems[code] });

/** What a storage failure (a StorageError, by its kind) or unusable files (a SavedFilesError) mean for the learner. */
export function storageProblemText(error) {
  if (error?.name === 'SavedFilesError') return problems[error.code];
  if (error?.kind === 'blocked') return t('generate.saved.storage.blocked');
  if (error?.kind === 'quota') return t('generate.saved.storage.quota');
  const cause = error?.cause ?? error;
  return t('generate.saved.storage.failed', { reason: cause?.message ?? String(cause) });
}

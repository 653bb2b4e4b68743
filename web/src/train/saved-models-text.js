// The words of the Train view's "Your models" (your-models.js): its labels, each saved run's progress and score, and
// why an entry or the storage cannot be used, in the page's language (the `train.saved` messages). A stored value is
// formatted into a message only once its entry's check has passed, or as the check describes it (a version).
import { formatPercent } from '../common/format.js';
import { messageGetters, t } from '../i18n/messages.js';

/** The list's fixed words, each read when the list is drawn. */
export const savedLabels = messageGetters({
  title: 'train.saved.title',
  use: 'train.saved.use',
  download: 'train.saved.download',
  compare: 'train.saved.compare',
  delete: 'train.saved.delete',
  compareHint: 'train.saved.compareHint',
  nameLabel: 'train.saved.nameLabel',
});

const actionLabels = {
  use: (model) => t('train.saved.useLabel', { model }),
  download: (model) => t('train.saved.downloadLabel', { model }),
  compare: (model) => t('train.saved.compareLabel', { model }),
  delete: (model) => t('train.saved.deleteLabel', { model }),
};

/** A button's accessible name: what it does (use, download, compare, delete) to which model. */
export const actionLabel = (action, model) => actionLabels[action](model);

/** How many models are kept, and that every finished run is. */
export const savedListText = (count) => (count === 0 ? t('train.saved.none') : t('train.saved.count', { count }));

export const savedProgress = ({ status, step, steps }) =>
  status === 'finished' ? t('train.saved.finished', { steps: step }) : t('train.saved.unfinished', { step, steps });

export const savedScore = ({ final }) =>
  final ? t('train.saved.exact', { percent: formatPercent(final.exact / final.total) }) : t('train.saved.notScored');

/** How the Translation view names a saved model it shows. */
export const savedModelLabel = (saved) => t('train.saved.label', { name: saved.name });

const problems = messageGetters({
  notAnEntry: 'train.saved.problems.notAnEntry',
  id: 'train.saved.problems.id',
  name: 'train.saved.problems.name',
  date: 'train.saved.problems.date',
  status: 'train.saved.problems.status',
  task: 'train.saved.problems.task',
  steps: 'train.saved.problems.steps',
  losses: 'train.saved.problems.losses',
  evaluations: 'train.saved.problems.evaluations',
  score: 'train.saved.problems.score',
  final: 'train.saved.problems.final',
  options: 'train.saved.problems.options',
  shape: 'train.saved.problems.shape',
  ablations: 'train.saved.problems.ablations',
  lengths: 'train.saved.problems.lengths',
  examples: 'train.saved.problems.examples',
  weights: 'train.saved.problems.weights',
});

// A stored version as a message names it: never String() of a stored object, whose own toString may throw.
const versionText = (version) =>
  typeof version === 'number' || (typeof version === 'string' && version.length <= 20)
    ? String(version)
    : typeof version;

/** Why an entry cannot be used (entryProblem's code), in words; `entry` is what was stored, checked or not. */
function problemText(code, entry, entryVersion) {
  if (code === 'newer') return t('train.saved.problems.newer', { version: entry.version, reads: entryVersion });
  if (code === 'older') return t('train.saved.problems.older', { version: versionText(entry?.version) });
  return problems[code];
}

/** An unreadable entry's row: its name (when it is text) or its id, and why it cannot be used. */
export function unreadableText(id, entry, code, entryVersion) {
  const name = typeof entry?.name === 'string' ? entry.name.slice(0, 80) : t('train.saved.entryName', { id });
  return { name, text: t('train.saved.unreadable', { name, reason: problemText(code, entry, entryVersion) }) };
}

/**
 * What went wrong for the list to say: a storage failure (a StorageError, by its kind), an unusable weight file (a
 * SavedFilesError), or anything else thrown while a model was used (its own message).
 */
export function listProblemText(error) {
  if (error?.name === 'SavedFilesError') return t('train.saved.filesUnusable', { reason: problems[error.code] });
  if (error?.name !== 'StorageError') return error?.message ?? String(error);
  if (error.kind === 'blocked') return t('train.saved.storage.blocked');
  if (error.kind === 'quota') return t('train.saved.storage.quota');
  const cause = error.cause ?? error;
  return t('train.saved.storage.failed', { reason: cause?.message ?? String(cause) });
}

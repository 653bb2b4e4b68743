// The words every list of saved models says (saved-models-list.js), with its view's own messages (the Train view's
// `train.saved`, the Generate view's `generatePage.saved`; the i18n tests list their keys with savedModelsMessageKeys):
// how many are kept, a run's progress, an unreadable entry and why, and what went wrong with the storage or a model's
// files. A stored value is formatted into a message only once its entry's check has passed, or as the check
// describes it (a version).
import { messageGetters, t } from '../i18n/messages.js';

// A stored version as a message names it: never String() of a stored object, whose own toString may throw.
const versionText = (version) =>
  typeof version === 'number' || (typeof version === 'string' && version.length <= 20)
    ? String(version)
    : typeof version;

// The messages every list has under its view's prefix, beside one a problem code (`problems.<code>`).
const labelMessages = ['title', 'download', 'delete', 'undo'];
const sharedMessages = [
  'none',
  'count',
  'finished',
  'unfinished',
  'entryName',
  'unreadable',
  'filesUnusable',
  'deleted',
];
const storageMessages = ['storage.blocked', 'storage.quota', 'storage.failed'];

/** The catalogue keys a list says its words with: `prefix`'s shared messages and one for each of `problemCodes`. */
export const savedModelsMessageKeys = (prefix, problemCodes) =>
  [...labelMessages, ...sharedMessages, ...storageMessages, ...problemCodes.map((code) => `problems.${code}`)].map(
    (name) => `${prefix}.${name}`,
  );

/**
 * A list's words, said with the messages under `prefix` (`train.saved`, `generatePage.saved`); `reads`: the entry
 * format its code reads, said beside an entry of a newer one.
 */
export function savedModelsText(prefix, reads) {
  const say = (name, values) => t(`${prefix}.${name}`, values);
  const problemText = (code, entry) =>
    say(`problems.${code}`, { version: code === 'newer' ? entry.version : versionText(entry?.version), reads });
  return {
    /** The list's title and the words of the buttons every entry has, each read when the list is drawn. */
    labels: messageGetters(Object.fromEntries(labelMessages.map((name) => [name, `${prefix}.${name}`]))),

    /** How many models are kept, and which runs are. */
    listText: (count) => (count === 0 ? say('none') : say('count', { count })),

    /** What Delete did, beside its undo. */
    deletedText: (name) => say('deleted', { name }),

    progress: ({ status, step, steps }) =>
      status === 'finished' ? say('finished', { steps: step }) : say('unfinished', { step, steps }),

    /**
     * An unreadable entry's row: its name (when it is text: an entry's name may be anything stored, an object whose
     * toString throws) or its id, and why it cannot be used (`code`, of its check).
     */
    unreadableText(id, entry, code) {
      const name =
        typeof entry?.name === 'string'
          ? entry.name.slice(0, 80)
          : say('entryName', { id: Number.isInteger(id) ? id : '?' });
      return { name, text: say('unreadable', { name, reason: problemText(code, entry) }) };
    },

    /**
     * What went wrong for the list to say: a storage failure (a StorageError, by its kind), unusable files (a
     * SavedFilesError), or anything else thrown while a model was used (its own message).
     */
    problemText(error) {
      if (error?.name === 'SavedFilesError') return say('filesUnusable', { reason: problemText(error.code) });
      if (error?.name !== 'StorageError') return error?.message ?? String(error);
      if (error.kind === 'blocked') return say('storage.blocked');
      if (error.kind === 'quota') return say('storage.quota');
      const cause = error.cause ?? error;
      return say('storage.failed', { reason: cause?.message ?? String(cause) });
    },
  };
}

// "Your models": every finished training run, kept in this browser (IndexedDB) with its weight file, its
// options, its scores and its curves, and the pairs a learner pasted, kept as typed. Nothing leaves the
// browser. An entry is read as strictly as a weight file (saved-entry-checks.js, and a translator's own fields here):
// one written by another version of the site, or changed by hand, is listed as unreadable with the reason (in the
// page's language), never a crash; its weights are checked again (format, checksum) by loadTranslator when used.
import {
  isFiniteNumber,
  isObject,
  isShortString,
  isStoredFile,
  isWhole,
  savedEntryProblem,
  sharedProblemCodes,
} from '../common/saved-entry-checks.js';
import { openSavedModels, SavedModelsStore } from '../common/saved-models-store.js';
import { storageError } from '../common/storage-errors.js';

/** The shape of an entry this code writes and reads; an entry with another is listed as unreadable. */
export const entryVersion = 1;
/** The longest name a model is given in the list. */
export const nameLength = 200;
/** Every code entryProblem and weightsProblem give (each said by a `train.saved.problems` message). */
export const problemCodes = [
  ...sharedProblemCodes,
  ...['name', 'task', 'score', 'final', 'options', 'shape', 'ablations', 'lengths', 'examples', 'weights'],
];
const limits = { description: 500, weightBytes: 64 * 1024 * 1024, examples: 64 };

/** What names a translator in the list: its name and description. */
const nameProblem = (entry) =>
  isShortString(entry.name, nameLength) && isShortString(entry.description, limits.description) ? null : 'name';

/** A translator's own fields: its task, final score, options and example sentences. */
function translatorProblem(entry) {
  if (!isShortString(entry.task, 20)) return 'task';
  const { final } = entry;
  if (final !== null && (!isObject(final) || !isWhole(final.total, 1e5) || !isWhole(final.exact, final.total)))
    return 'final';
  const { options } = entry;
  if (!isObject(options)) return 'options';
  // the lexicon's commonest words it trained on (0: all); absent in a run saved before the option, on all of them
  if (options.vocabulary !== undefined && !isWhole(options.vocabulary, 1e5)) return 'options';
  const { model, ablations, sequenceLength } = options;
  if (
    !isObject(model) ||
    !['dModel', 'heads', 'encoderLayers', 'decoderLayers'].every((key) => isWhole(model[key], 4096))
  )
    return 'shape';
  if (!isObject(ablations) || !Object.values(ablations).every((on) => typeof on === 'boolean')) return 'ablations';
  if (!isObject(sequenceLength) || !isWhole(sequenceLength.min, 100) || !isWhole(sequenceLength.max, 100))
    return 'lengths';
  if (
    !Array.isArray(entry.examples) ||
    entry.examples.length > limits.examples ||
    !entry.examples.every((x) => isShortString(x, 2000)) ||
    !isShortString(entry.probe, 2000)
  )
    return 'examples';
  return null;
}

/**
 * Why a stored model entry cannot be used, or null when it can: every field's type and range checked, so
 * that nothing forged or half-written reaches the views. The reason is a code the list says in the page's language
 * (saved-models-text.js).
 */
export const entryProblem = (entry) =>
  savedEntryProblem(entry, {
    version: entryVersion,
    isEvaluation: (e) => isWhole(e.total, 1e5) && isWhole(e.exact, e.total) && isFiniteNumber(e.alignment),
    evaluationCode: 'score',
    nameProblem,
    ownProblem: translatorProblem,
  });

/** Why stored weights cannot be a weight file (a code, as above), or null (format and checksum are loadTranslator's). */
export const weightsProblem = (weights) => (isStoredFile(weights, limits.weightBytes) ? null : 'weights');

/**
 * The site's store in this browser: each entry's files are its weight file (a Uint8Array, in the `weights` store).
 * `open()` resolves to it, or rejects with a StorageError when the browser gives the site no storage.
 */
export class ModelStore extends SavedModelsStore {
  static async open() {
    const db = await openSavedModels('attention-playground', 1, [
      'weights', // a model's id → its weight file (Uint8Array)
      'pairs', // one entry, 'latest': the pasted pairs as typed
    ]);
    return new ModelStore(db, { filesStore: 'weights', entryVersion, entryProblem, filesProblem: weightsProblem });
  }

  /** The pasted pairs as last typed: { text, fileName } or null. */
  async pairs() {
    try {
      const saved = await this.db.get('pairs', 'latest');
      return saved && typeof saved.text === 'string'
        ? { text: saved.text, fileName: typeof saved.fileName === 'string' ? saved.fileName : null }
        : null;
    } catch (error) {
      throw storageError(error, 'read the pasted pairs');
    }
  }

  async savePairs(text, fileName = null) {
    try {
      await this.db.put('pairs', { text, fileName }, 'latest');
    } catch (error) {
      throw storageError(error, 'keep the pasted pairs');
    }
  }
}

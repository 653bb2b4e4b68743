// "Your models": every finished training run, kept in this browser (IndexedDB) with its weight file, its
// options, its scores and its curves, and the pairs a learner pasted, kept as typed. Nothing leaves the
// browser. An entry is read as strictly as a weight file: one written by another version of the site, or
// changed by hand, is listed as unreadable with the reason (in the page's language), never a crash; its weights are checked again (format,
// checksum) by loadTranslator when used.
import { openSavedModels, SavedFilesError, SavedModelsStore } from '../common/saved-models-store.js';
import { storageError } from '../common/storage-errors.js';

const databaseName = 'attention-playground';
const databaseVersion = 1;
/** The shape of an entry this code writes and reads; an entry with another is listed as unreadable. */
export const entryVersion = 1;
const limits = {
  name: 200,
  description: 500,
  steps: 1e6,
  curve: 1e6,
  evaluations: 10_000,
  weightBytes: 64 * 1024 * 1024,
  examples: 64,
};

const isFiniteNumber = (x) => typeof x === 'number' && Number.isFinite(x);
const isWhole = (x, max) => Number.isInteger(x) && x >= 0 && x <= max;
const isShortString = (x, max) => typeof x === 'string' && x.length <= max;

/** Whether an entry of another version is a newer one (the page should reload) rather than an older one. */
const isNewerEntry = (entry) => isFiniteNumber(entry.version) && entry.version > entryVersion;

/**
 * Why a stored model entry cannot be used, or null when it can: every field's type and range checked, so
 * that nothing forged or half-written reaches the views. The reason is a code the list says in the page's language
 * (saved-models-text.js: unreadableText).
 */
export function entryProblem(entry) {
  if (typeof entry !== 'object' || entry === null) return 'notAnEntry';
  if (entry.version !== entryVersion) return isNewerEntry(entry) ? 'newer' : 'older';
  if (!isWhole(entry.id, Number.MAX_SAFE_INTEGER)) return 'id';
  if (!isShortString(entry.name, limits.name) || !isShortString(entry.description, limits.description)) return 'name';
  if (!isFiniteNumber(entry.savedAt)) return 'date';
  if (entry.status !== 'finished' && entry.status !== 'unfinished') return 'status';
  if (!isShortString(entry.task, 20)) return 'task';
  if (!isWhole(entry.steps, limits.steps) || !isWhole(entry.step, entry.steps)) return 'steps';
  if (!(entry.losses instanceof Float32Array) || entry.losses.length > limits.curve) return 'losses';
  if (!Array.isArray(entry.evaluations) || entry.evaluations.length > limits.evaluations) return 'evaluations';
  for (const e of entry.evaluations) {
    if (
      typeof e !== 'object' ||
      e === null ||
      !isWhole(e.step, limits.steps) ||
      !isWhole(e.total, 1e5) ||
      !isWhole(e.exact, e.total) ||
      !isFiniteNumber(e.alignment)
    )
      return 'score';
  }
  if (
    entry.final !== null &&
    (typeof entry.final !== 'object' ||
      !isWhole(entry.final.total, 1e5) ||
      !isWhole(entry.final.exact, entry.final.total))
  )
    return 'final';
  const { options } = entry;
  if (typeof options !== 'object' || options === null) return 'options';
  const { model, ablations, sequenceLength } = options;
  if (
    typeof model !== 'object' ||
    model === null ||
    !['dModel', 'heads', 'encoderLayers', 'decoderLayers'].every((key) => isWhole(model[key], 4096))
  )
    return 'shape';
  if (
    typeof ablations !== 'object' ||
    ablations === null ||
    !Object.values(ablations).every((on) => typeof on === 'boolean')
  )
    return 'ablations';
  if (
    typeof sequenceLength !== 'object' ||
    sequenceLength === null ||
    !isWhole(sequenceLength.min, 100) ||
    !isWhole(sequenceLength.max, 100)
  )
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

/** Why stored weights cannot be a weight file (a code, as above), or null (format and checksum are loadTranslator's). */
export function weightsProblem(weights) {
  return weights instanceof Uint8Array && weights.length > 0 && weights.length <= limits.weightBytes ? null : 'weights';
}

/**
 * The site's store in this browser. A model's weights are kept apart from what the list shows (names, scores,
 * curves), so that listing reads a few kilobytes a model, not its weight file. `open()` resolves to it, or rejects with a StorageError when the browser
 * gives the site no storage.
 */
export class ModelStore extends SavedModelsStore {
  static async open() {
    const db = await openSavedModels(databaseName, databaseVersion, [
      'weights', // a model's id → its weight file (Uint8Array)
      'pairs', // one entry, 'latest': the pasted pairs as typed
    ]);
    return new ModelStore(db, 'weights', entryProblem);
  }

  /**
   * Saves a run, its weights included: a new entry (no `id`), or a newer save of one (its `id`; the name it was
   * given in the list is kept). Resolves to its id.
   */
  async put({ weights, ...entry }) {
    try {
      const tx = this.db.transaction(['models', 'weights'], 'readwrite');
      const models = tx.objectStore('models');
      const earlier = entry.id === undefined ? undefined : await models.get(entry.id);
      const name = typeof earlier?.name === 'string' ? earlier.name : entry.name;
      const id = await models.put({ ...entry, name, version: entryVersion }); // a new id is written into a new entry
      await tx.objectStore('weights').put(weights, id);
      await tx.done;
      return id;
    } catch (error) {
      throw storageError(error, 'save the model');
    }
  }

  /** A saved model's weight file; rejects with a SavedFilesError (its code) when it is missing or not bytes. */
  async weights(id) {
    const weights = await this.storedFiles(id);
    const problem = weightsProblem(weights);
    if (problem) throw new SavedFilesError(problem);
    return weights;
  }

  async rename(id, name) {
    try {
      const tx = this.db.transaction('models', 'readwrite');
      const entry = await tx.store.get(id);
      if (entry) await tx.store.put({ ...entry, name: name.slice(0, limits.name) });
      await tx.done;
    } catch (error) {
      throw storageError(error, 'rename the model');
    }
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

// The language models a learner trained here, kept in this browser (IndexedDB; nothing leaves it) so that they can
// write with one later, download it, or continue its training exactly where it stopped. An entry (what the list
// shows: the shape, the schedule, the curves, the scores) is kept apart from its files (the checkpoint, about 12 bytes
// a parameter, the weight file, and the learner's own text when the run was not on the shipped novel), so that
// listing reads a few kilobytes a model. An entry is read as strictly as a weight file: one written by another
// version of the site or changed by hand is listed as unreadable with the reason, never a crash; the files are checked
// again (format, checksum, the text's CRC-32) by web/lib when used.
import { openSavedModels, SavedFilesError, SavedModelsStore } from '../common/saved-models-store.js';
import { storageError } from '../common/storage-errors.js';

// A database of its own (not the Train view's): the two views' stores change apart, and neither upgrades the other's.
const databaseName = 'attention-playground-language-models';
const databaseVersion = 1;
/** The shape of an entry this code writes and reads; an entry with another is listed as unreadable. */
export const languageModelEntryVersion = 1;
const limits = { steps: 1e6, curve: 1e6, evaluations: 10_000, sample: 2000, fileBytes: 256 * 1024 * 1024 };
const shapeKeys = ['dModel', 'heads', 'kvHeads', 'ffn', 'layers'];

const isFiniteNumber = (x) => typeof x === 'number' && Number.isFinite(x);
const isWhole = (x, max) => Number.isInteger(x) && x >= 0 && x <= max;
const isObject = (x) => typeof x === 'object' && x !== null;

function optionsProblem(options) {
  if (!isObject(options) || !isObject(options.task) || !isObject(options.model)) return 'options';
  const { task, model } = options;
  if (!['characters', 'byte-pairs'].includes(task.tokenizer) || !isWhole(task.merges, 4096)) return 'tokenizer';
  if (!isWhole(task.context, 4096) || !isFiniteNumber(task.heldOut)) return 'context';
  if (
    !shapeKeys.every((key) => isWhole(model[key], 8192)) ||
    !['sinusoidal', 'rope', 'alibi', 'none'].includes(model.positions)
  )
    return 'shape';
  if (!isWhole(options.batchSize, 4096) || !isFiniteNumber(options.learningRate)) return 'schedule';
  return null;
}

/**
 * Why a stored language model entry cannot be used, or null when it can: every field's type and range checked, so
 * that nothing forged or half-written reaches the view. The reason is a code the list says in the page's language
 * (generate-text.js: savedProblem); nothing stored is ever formatted into it.
 */
export function languageModelEntryProblem(entry) {
  if (!isObject(entry)) return 'notAnEntry';
  if (entry.version !== languageModelEntryVersion)
    return isFiniteNumber(entry.version) && entry.version > languageModelEntryVersion ? 'newer' : 'older';
  if (!isWhole(entry.id, Number.MAX_SAFE_INTEGER)) return 'id';
  if (!isFiniteNumber(entry.savedAt)) return 'date';
  if (entry.status !== 'finished' && entry.status !== 'unfinished') return 'status';
  if (entry.corpus !== 'austen' && entry.corpus !== 'own') return 'corpus';
  if (!isWhole(entry.characters, 1e8)) return 'characters';
  if (!isWhole(entry.steps, limits.steps) || !isWhole(entry.step, entry.steps)) return 'steps';
  if (!(entry.losses instanceof Float32Array) || entry.losses.length > limits.curve) return 'losses';
  if (!Array.isArray(entry.evaluations) || entry.evaluations.length > limits.evaluations) return 'evaluations';
  const scoreKeys = ['bitsPerCharacter', 'unigram', 'bigram'];
  for (const e of entry.evaluations) {
    if (!isObject(e) || !isWhole(e.step, limits.steps) || !scoreKeys.every((key) => isFiniteNumber(e[key])))
      return 'evaluations';
  }
  if (entry.sample !== null && (typeof entry.sample !== 'string' || entry.sample.length > limits.sample))
    return 'sample';
  return optionsProblem(entry.options);
}

/** Why stored files cannot continue or open a model (a code, as above), or null (their contents are web/lib's to check). */
export function languageModelFilesProblem(files, entry) {
  const isBytes = (x) => x instanceof Uint8Array && x.length > 0 && x.length <= limits.fileBytes;
  if (!isObject(files) || !isBytes(files.checkpoint) || !isBytes(files.weights)) return 'files';
  if (entry.corpus === 'own' && typeof files.text !== 'string') return 'text';
  return null;
}

/**
 * The store in this browser. `open()` resolves to it, or rejects with a StorageError when the browser gives the site
 * no storage.
 */
export class LanguageModelStore extends SavedModelsStore {
  static async open() {
    const db = await openSavedModels(databaseName, databaseVersion, ['files']); // id → { checkpoint, weights, text }
    return new LanguageModelStore(db, 'files', languageModelEntryProblem);
  }

  /**
   * Saves a run with its files: a new entry (no `id`) or a newer save of one (its `id`). Resolves to its id.
   * @param {{ files: { checkpoint: Uint8Array, weights: Uint8Array, text: string | null } } & Record<string, any>} entry
   */
  async put({ files, ...entry }) {
    try {
      const tx = this.db.transaction(['models', 'files'], 'readwrite');
      const id = await tx.objectStore('models').put({ ...entry, version: languageModelEntryVersion });
      await tx.objectStore('files').put(files, id);
      await tx.done;
      return id;
    } catch (error) {
      throw storageError(error, 'save the model');
    }
  }

  /** A saved model's files; rejects with a SavedFilesError (its code) when they are missing or malformed. */
  async files(id, entry) {
    const files = await this.storedFiles(id);
    const problem = languageModelFilesProblem(files, entry);
    if (problem) throw new SavedFilesError(problem);
    return files;
  }
}

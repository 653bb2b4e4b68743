// The language models a learner trained here, kept in this browser (IndexedDB; nothing leaves it) so that they can
// write with one later, download it, or continue its training exactly where it stopped. An entry (what the list
// shows: the shape, the schedule, the curves, the scores) is kept apart from its files (the checkpoint, about 12 bytes
// a parameter, the weight file, and the learner's own text when the run was not on the shipped novel), so that
// listing reads a few kilobytes a model. An entry is read as strictly as a weight file (saved-entry-checks.js, and a
// language model's own fields here): one written by another version of the site or changed by hand is listed as
// unreadable with the reason, never a crash; the files are checked again (format, checksum, the text's CRC-32) by
// web/lib when used.
import {
  isFiniteNumber,
  isObject,
  isStoredFile,
  isWhole,
  savedEntryProblem,
  sharedProblemCodes,
} from '../common/saved-entry-checks.js';
import { openSavedModels, SavedModelsStore } from '../common/saved-models-store.js';

/** The shape of an entry this code writes and reads; an entry with another is listed as unreadable. */
export const languageModelEntryVersion = 1;
/** Every code the checks below give (each said by a `generatePage.saved.problems` message). */
export const languageModelProblemCodes = [
  ...sharedProblemCodes,
  ...['corpus', 'characters', 'sample', 'options', 'tokenizer', 'context', 'shape', 'schedule', 'files', 'text'],
];
const limits = { sample: 2000, fileBytes: 256 * 1024 * 1024 };
const shapeKeys = ['dModel', 'heads', 'kvHeads', 'ffn', 'layers'];
const scoreKeys = ['bitsPerCharacter', 'unigram', 'bigram'];

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

/** A language model's own fields: the text it trained on, its latest sample and its options. */
function languageModelProblem(entry) {
  if (entry.corpus !== 'austen' && entry.corpus !== 'own') return 'corpus';
  if (!isWhole(entry.characters, 1e8)) return 'characters';
  if (entry.sample !== null && (typeof entry.sample !== 'string' || entry.sample.length > limits.sample))
    return 'sample';
  return optionsProblem(entry.options);
}

/**
 * Why a stored language model entry cannot be used, or null when it can: every field's type and range checked, so
 * that nothing forged or half-written reaches the view. The reason is a code the list says in the page's language
 * (saved-models-text.js); nothing stored is ever formatted into it.
 */
export const languageModelEntryProblem = (entry) =>
  savedEntryProblem(entry, {
    version: languageModelEntryVersion,
    isEvaluation: (e) => scoreKeys.every((key) => isFiniteNumber(e[key])),
    evaluationCode: 'evaluations',
    ownProblem: languageModelProblem,
  });

/** Why stored files cannot continue or open a model (a code, as above), or null (their contents are web/lib's to check). */
export function languageModelFilesProblem(files, entry) {
  const isFile = (x) => isStoredFile(x, limits.fileBytes);
  if (!isObject(files) || !isFile(files.checkpoint) || !isFile(files.weights)) return 'files';
  if (entry.corpus === 'own' && typeof files.text !== 'string') return 'text';
  return null;
}

/**
 * The store in this browser: each entry's files are { checkpoint, weights, text } (in the `files` store). `open()`
 * resolves to it, or rejects with a StorageError when the browser gives the site no storage.
 */
export class LanguageModelStore extends SavedModelsStore {
  static async open() {
    // A database of its own (not the Train view's): the two views' stores change apart, neither upgrades the other's.
    const db = await openSavedModels('attention-playground-language-models', 1, ['files']);
    return new LanguageModelStore(db, {
      filesStore: 'files',
      entryVersion: languageModelEntryVersion,
      entryProblem: languageModelEntryProblem,
      filesProblem: languageModelFilesProblem,
    });
  }
}

// What the two views' stores of saved models share (the Train view's translators, the Generate view's language
// models): an IndexedDB database holding a `models` store of entries, which the list shows, and a store of the
// entries' files by id, kept apart so that listing reads a few kilobytes a model; every entry listed with the reason
// it cannot be used, if any; a failure of the browser's storage turned into a StorageError that says what still works.
import { openDB } from 'idb';
import { storageError } from './storage-errors.js';

/**
 * Opens `name` at `version`, creating the `models` store and `otherStores` (each keyed from outside) on first use;
 * rejects with a StorageError when the browser gives the site no storage.
 */
export async function openSavedModels(name, version, otherStores) {
  if (typeof indexedDB === 'undefined') throw storageError({ name: 'SecurityError' }, 'open the saved models');
  try {
    const db = await openDB(name, version, {
      upgrade(database) {
        database.createObjectStore('models', { keyPath: 'id', autoIncrement: true });
        for (const store of otherStores) database.createObjectStore(store);
      },
      // A newer tab of a new deploy wants to upgrade the database: let it (this tab reloads to match).
      blocking() {
        db?.close();
      },
    });
    return db;
  } catch (error) {
    throw storageError(error, 'open the saved models');
  }
}

/** An entry's files that cannot be used: `code` says why (the store's files check), for the list to say in words. */
export class SavedFilesError extends Error {
  constructor(code) {
    super(`this saved model's files cannot be used (${code})`);
    this.name = 'SavedFilesError';
    this.code = code;
  }
}

export class SavedModelsStore {
  /**
   * @param {import('idb').IDBPDatabase} db  @param {string} filesStore  the store of each entry's files, by its id
   * @param {(entry: unknown) => string | null} entryProblem  why an entry cannot be used, or null
   */
  constructor(db, filesStore, entryProblem) {
    this.db = db;
    this.filesStore = filesStore;
    this.entryProblem = entryProblem;
  }

  /**
   * Every saved model, newest first: { id, entry, problem } with `problem` null for a usable entry and the reason
   * for one that is not (it can still be deleted).
   */
  async list() {
    try {
      const [keys, entries] = await Promise.all([this.db.getAllKeys('models'), this.db.getAll('models')]);
      return entries.map((entry, i) => ({ id: keys[i], entry, problem: this.entryProblem(entry) })).reverse();
    } catch (error) {
      throw storageError(error, 'read the saved models');
    }
  }

  /** An entry's files as stored (undefined if none), for the subclass to check. */
  async storedFiles(id) {
    try {
      return await this.db.get(this.filesStore, id);
    } catch (error) {
      throw storageError(error, 'read the model');
    }
  }

  /** Deletes an entry and its files. */
  async remove(id) {
    try {
      const tx = this.db.transaction(['models', this.filesStore], 'readwrite');
      await Promise.all([tx.objectStore('models').delete(id), tx.objectStore(this.filesStore).delete(id), tx.done]);
    } catch (error) {
      throw storageError(error, 'delete the model');
    }
  }
}

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
   * @param {import('idb').IDBPDatabase} db
   * @param {{ filesStore: string, entryVersion: number, entryProblem: (entry: unknown) => string | null,
   *           filesProblem: (files: unknown, entry: object) => string | null }} kind  filesStore: the store of each
   *   entry's files, by its id; entryVersion: the format its entries are written in; entryProblem: why an entry cannot
   *   be used, or null; filesProblem: why an entry's stored files cannot (their contents are web/lib's to check)
   */
  constructor(db, { filesStore, entryVersion, entryProblem, filesProblem }) {
    this.db = db;
    this.filesStore = filesStore;
    this.entryVersion = entryVersion;
    this.entryProblem = entryProblem;
    this.filesProblem = filesProblem;
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

  /**
   * Saves a run with its files: a new entry (no `id`), or a newer save of one (its `id`; a name it was given in the
   * list is kept). Resolves to its id.
   * @param {{ files: unknown } & Record<string, any>} entry
   */
  async put({ files, ...entry }) {
    try {
      const tx = this.db.transaction(['models', this.filesStore], 'readwrite');
      const models = tx.objectStore('models');
      const earlier = entry.id === undefined ? undefined : await models.get(entry.id);
      const name = typeof earlier?.name === 'string' ? { name: earlier.name } : {};
      const id = await models.put({ ...entry, ...name, version: this.entryVersion }); // a new id goes into the entry
      await tx.objectStore(this.filesStore).put(files, id);
      await tx.done;
      return id;
    } catch (error) {
      throw storageError(error, 'save the model');
    }
  }

  /** An entry's files; rejects with a SavedFilesError (its code) when they are missing or malformed. */
  async files(id, entry) {
    let files;
    try {
      files = await this.db.get(this.filesStore, id);
    } catch (error) {
      throw storageError(error, 'read the model');
    }
    const problem = this.filesProblem(files, entry);
    if (problem) throw new SavedFilesError(problem);
    return files;
  }

  /** Names an entry as the learner typed it (cut to `maxLength`). */
  async rename(id, name, maxLength) {
    try {
      const tx = this.db.transaction('models', 'readwrite');
      const entry = await tx.store.get(id);
      if (entry) await tx.store.put({ ...entry, name: name.slice(0, maxLength) });
      await tx.done;
    } catch (error) {
      throw storageError(error, 'rename the model');
    }
  }

  /** Deletes an entry and its files; resolves to them as they were stored, for `restore` (an undo). */
  async remove(id) {
    try {
      const tx = this.db.transaction(['models', this.filesStore], 'readwrite');
      const [models, files] = [tx.objectStore('models'), tx.objectStore(this.filesStore)];
      const kept = { entry: await models.get(id), files: await files.get(id) };
      await Promise.all([models.delete(id), files.delete(id), tx.done]);
      return kept;
    } catch (error) {
      throw storageError(error, 'delete the model');
    }
  }

  /** Puts back what `remove` deleted, under its id (the entry as stored, unchecked: it was read from here). */
  async restore({ entry, files }) {
    if (entry === undefined) return;
    try {
      const tx = this.db.transaction(['models', this.filesStore], 'readwrite');
      const id = await tx.objectStore('models').put(entry);
      if (files !== undefined) await tx.objectStore(this.filesStore).put(files, id);
      await tx.done;
    } catch (error) {
      throw storageError(error, 'restore the model');
    }
  }
}

// GPT-2's four files kept in this browser (IndexedDB), only when the learner ticks the box that says how much it
// stores, and forgotten when they ask: the next visit opens them without picking the files again. The files are
// stored as the browser's Blobs (on disk, not read into the page). Its own file because keeping is one job.
import { openDB } from 'idb';
import { storageError } from '../common/storage-errors.js';

const databaseName = 'attention-playground-gpt2';
const key = 'files';

async function database() {
  if (typeof indexedDB === 'undefined') throw storageError({ name: 'SecurityError' }, 'keep GPT-2’s files');
  try {
    return await openDB(databaseName, 1, {
      upgrade(db) {
        db.createObjectStore('gpt2');
      },
    });
  } catch (error) {
    throw storageError(error, 'keep GPT-2’s files');
  }
}

/** Keeps `files` ({ weights, config, vocab, merges }: Blobs, with the weights' name kept). */
export async function keepGpt2Files(files) {
  const db = await database();
  try {
    await db.put('gpt2', { ...files, keptAt: Date.now() }, key);
  } catch (error) {
    throw storageError(error, 'keep GPT-2’s files');
  } finally {
    db.close();
  }
}

/** The files kept, or null when none are (or the browser's storage cannot be read: nothing to offer then). */
export async function keptGpt2Files() {
  try {
    const db = await database();
    try {
      const kept = await db.get('gpt2', key);
      return kept?.weights && kept.config && kept.vocab && kept.merges ? kept : null;
    } finally {
      db.close();
    }
  } catch {
    return null;
  }
}

/** Forgets the files kept (their space given back). */
export async function forgetGpt2Files() {
  const db = await database();
  try {
    await db.delete('gpt2', key);
  } finally {
    db.close();
  }
}

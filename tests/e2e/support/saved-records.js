// An entry of a view's saved runs written into the page's IndexedDB as the site's code writes it (the Train view's
// `attention-playground`, the Generate view's `attention-playground-language-models`): the tests hold a record of
// today's format fixed, so that a change to the stores that no longer reads what a visitor saved fails them.

/**
 * Writes `record` (its `losses` a Float32Array once in the page) into `database`'s `models` store and `files` under
 * its id in `filesStore`: bytes (number arrays, made Uint8Arrays in the page) or an object of them and other values.
 * The page must have opened the database already (the view's list does when it is drawn).
 */
export const putSavedRecord = (page, { database, filesStore, record, files }) =>
  page.evaluate(
    ({ database, filesStore, record, files }) =>
      new Promise((resolve, reject) => {
        const bytes = (value) => (Array.isArray(value) ? Uint8Array.from(value) : value);
        const stored = Array.isArray(files)
          ? bytes(files)
          : Object.fromEntries(Object.entries(files).map(([key, value]) => [key, bytes(value)]));
        const request = indexedDB.open(database);
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const tx = db.transaction(['models', filesStore], 'readwrite');
          tx.objectStore('models').put({ ...record, losses: Float32Array.from(record.losses) });
          tx.objectStore(filesStore).put(stored, record.id);
          tx.oncomplete = () => resolve(db.close());
          tx.onerror = () => reject(tx.error);
        };
      }),
    { database, filesStore, record, files },
  );

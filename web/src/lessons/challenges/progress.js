// Which challenges this browser has solved: kept in localStorage and nowhere else (no server, no cookie), or, for
// <attention-lesson> on another site's page (unless it asks for storage="local"), in the page's memory only. A
// browser that refuses storage (private modes, a sandboxed iframe) still shows progress for the visit.
const key = 'attention-playground:challenges';

/** The page's localStorage, or null where even reading the property throws (storage blocked for a frame). */
export function pageStorage() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export class ChallengeProgress {
  /** @param {Storage | null} [storage] where progress is kept: the page's localStorage by default, null for memory */
  constructor(storage = pageStorage()) {
    this.storage = storage;
    this.solved = new Set(this.#read());
  }

  #read() {
    try {
      const saved = JSON.parse(this.storage?.getItem(key) ?? '[]');
      return Array.isArray(saved) ? saved.filter((id) => typeof id === 'string') : [];
    } catch {
      return []; // unreadable or refused: start empty
    }
  }

  has(id) {
    return this.solved.has(id);
  }

  /** Marks `id` solved; true when it was not before. */
  add(id) {
    if (this.solved.has(id)) return false;
    this.solved.add(id);
    this.#write();
    return true;
  }

  /**
   * Keeps progress in `storage` from now on (null: this page's memory only, as `<attention-lesson storage="none">`):
   * what it already holds joins what was solved, and what was solved is written to it.
   */
  keepIn(storage) {
    if (storage === this.storage) return;
    this.storage = storage;
    for (const id of this.#read()) this.solved.add(id);
    if (this.solved.size > 0) this.#write();
  }

  #write() {
    try {
      this.storage?.setItem(key, JSON.stringify([...this.solved]));
    } catch {
      // storage full or refused: the visit keeps it
    }
  }

  /** Forgets every solved challenge (the lesson list's "start over"). */
  clear() {
    this.solved.clear();
    try {
      this.storage?.removeItem(key);
    } catch {
      // nothing kept, nothing to forget
    }
  }
}

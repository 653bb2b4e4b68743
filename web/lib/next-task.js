// Yielding the thread between pieces of work, so that a page is built in several short tasks rather than one long
// one, and a tap or a keystroke in between is answered at once.

/** Resolves in a later task: `scheduler.yield()` where the engine has it (it keeps this work's priority). */
export function nextTask() {
  if (typeof globalThis.scheduler?.yield === 'function') return globalThis.scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

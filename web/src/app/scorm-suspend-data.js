// What a course package keeps in the platform's `cmi.suspend_data` between launches: the ids of the challenges the
// learner solved, as `{"v":1,"solved":[ids]}`. It comes back from the platform, which may have cut it short,
// rewritten it or lost it: it is read as strictly as any stored entry, and anything short of a well-formed entry
// naming only this package's challenges, each once, restores nothing (and says why), never throws.

/** SCORM 1.2 keeps at most 4,096 characters of suspend_data (CMIString4096). */
export const suspendDataLength = 4096;
const version = 1;

/** The suspend_data for `solved`, the ids of the solved challenges (in the package's order). */
export function encodeSuspendData(solved) {
  return JSON.stringify({ v: version, solved: [...solved] });
}

/**
 * The challenges to restore from `text`, the platform's suspend_data, given `known`, the package's challenge ids:
 * `{ solved, problem }`, with `problem` null when `text` is a well-formed entry or empty (a first launch), and
 * otherwise what was wrong (and `solved` empty: a bad entry costs that restore, nothing else).
 * @param {unknown} text
 * @param {readonly string[]} known
 * @returns {{ solved: string[], problem: string | null }}
 */
export function decodeSuspendData(text, known) {
  if (text === '' || text === undefined || text === null) return { solved: [], problem: null };
  const refuse = (problem) => ({ solved: [], problem });
  if (typeof text !== 'string') return refuse(`suspend_data is a ${typeof text}, not text`);
  if (text.length > suspendDataLength) return refuse(`suspend_data is ${text.length} characters, past SCORM's 4096`);
  let entry;
  try {
    entry = JSON.parse(text);
  } catch {
    return refuse('suspend_data is not JSON (cut short, or not ours)');
  }
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return refuse('suspend_data is no object');
  const keys = Object.keys(entry).sort();
  if (keys.length !== 2 || keys[0] !== 'solved' || keys[1] !== 'v') {
    return refuse(`suspend_data has the fields ${JSON.stringify(keys)}, not v and solved`);
  }
  if (entry.v !== version) return refuse(`suspend_data is version ${JSON.stringify(entry.v)}, not ${version}`);
  const { solved } = entry;
  if (!Array.isArray(solved)) return refuse('suspend_data.solved is no list');
  const knownIds = new Set(known);
  const seen = new Set();
  for (const id of solved) {
    if (typeof id !== 'string' || !knownIds.has(id)) {
      return refuse(`suspend_data names ${JSON.stringify(id)}, no challenge of this package`);
    }
    if (seen.has(id)) return refuse(`suspend_data names ${JSON.stringify(id)} twice`);
    seen.add(id);
  }
  return { solved: [...seen], problem: null };
}

// What every saved run's entry holds, checked as strictly as a weight file (the Train view's translators,
// saved-models.js, and the Generate view's language models, saved-language-models.js): its format's version, id,
// date, status, step counts, loss curve and held-out scores. Each kind checks its own fields after these. A failed
// check is a code its list says in the page's language; nothing stored is formatted into it.

export const isFiniteNumber = (x) => typeof x === 'number' && Number.isFinite(x);
export const isWhole = (x, max) => Number.isInteger(x) && x >= 0 && x <= max;
export const isObject = (x) => typeof x === 'object' && x !== null;
export const isShortString = (x, max) => typeof x === 'string' && x.length <= max;

/** The codes of the checks below (each kind's list adds its own). */
export const sharedProblemCodes = [
  'notAnEntry',
  'newer',
  'older',
  'id',
  'date',
  'status',
  'steps',
  'losses',
  'evaluations',
];

const limits = { steps: 1e6, curve: 1e6, evaluations: 10_000 };

/**
 * Why `entry` cannot be used, or null when it can.
 * @param {any} entry  as stored, anything at all
 * @param {{ version: number, isEvaluation: (e: object) => boolean, evaluationCode: string,
 *           nameProblem?: (entry: any) => string | null, ownProblem: (entry: any) => string | null }} kind  version:
 *   the entry format its code writes and reads; isEvaluation: whether one held-out measurement (an object with a
 *   whole step) is well formed, else `evaluationCode`; nameProblem: the check of what names an entry in its list,
 *   if anything does, said before any other field's; ownProblem: its other fields' check, once the shared ones have
 *   passed
 */
export function savedEntryProblem(entry, { version, isEvaluation, evaluationCode, nameProblem, ownProblem }) {
  if (!isObject(entry)) return 'notAnEntry';
  if (entry.version !== version) return isFiniteNumber(entry.version) && entry.version > version ? 'newer' : 'older';
  if (!isWhole(entry.id, Number.MAX_SAFE_INTEGER)) return 'id';
  const name = nameProblem?.(entry);
  if (name) return name;
  if (!isFiniteNumber(entry.savedAt)) return 'date';
  if (entry.status !== 'finished' && entry.status !== 'unfinished') return 'status';
  if (!isWhole(entry.steps, limits.steps) || !isWhole(entry.step, entry.steps)) return 'steps';
  if (!(entry.losses instanceof Float32Array) || entry.losses.length > limits.curve) return 'losses';
  if (!Array.isArray(entry.evaluations) || entry.evaluations.length > limits.evaluations) return 'evaluations';
  for (const e of entry.evaluations)
    if (!isObject(e) || !isWhole(e.step, limits.steps) || !isEvaluation(e)) return evaluationCode;
  return ownProblem(entry);
}

/** Whether `file` is a stored file: bytes, not empty, at most `maxBytes`. */
export const isStoredFile = (file, maxBytes) =>
  file instanceof Uint8Array && file.length > 0 && file.length <= maxBytes;

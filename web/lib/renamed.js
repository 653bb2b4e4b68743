// The names 0.2 changed (CHANGELOG.md), still accepted for this 0.x release: an old option name is read as its new
// one and an old field of a result still reads, each saying once on the console what replaces it. One place for
// that, so every old name warns the same way, once per page (or process), never again after.

const warned = new Set(); // `where: old` of every old name already reported

/** Says once per page, on the console, that `old` (where it was used) is now `replacement`. */
export function warnRenamed(where, old, replacement) {
  const key = `${where}: ${old}`;
  if (warned.has(key)) return;
  warned.add(key);
  console.warn(`${key} is now ${replacement} (attention-playground 0.2; the old form works in 0.2 only)`);
}

/**
 * `options` with its old keys read as the new ones (`renames`: { old: 'new' }), each old key warned about once.
 * Both an old key and its new one given is a TypeError (which one was meant cannot be told). Returns `options`
 * itself when it holds no old key, else a copy; anything but a plain object is returned as it is (the caller's
 * own checks refuse it).
 * @template T
 * @param {T} options
 * @param {Record<string, string>} renames
 * @param {string} operation  names the call in the warning and the error ("loadTranslator")
 * @returns {T}
 */
export function renamedOptions(options, renames, operation) {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return options;
  const old = Object.keys(renames).filter((key) => Object.hasOwn(options, key));
  if (old.length === 0) return options;
  const renamed = { ...options };
  for (const key of old) {
    const replacement = renames[key];
    if (Object.hasOwn(options, replacement)) {
      throw new TypeError(
        `${operation}: options.${key} and options.${replacement} are the same option; give only ${replacement}`,
      );
    }
    warnRenamed(operation, `options.${key}`, `options.${replacement}`);
    renamed[replacement] = options[key];
    delete renamed[key];
  }
  return renamed;
}

/** fields → where → the prototype of records with those old fields (withOldFields), one per kind of record. */
const oldFieldPrototypes = new WeakMap();

/**
 * `record`'s fields in a record that also reads 0.1's field names (`fields`: { old: 'new' }), each a getter that
 * warns once and reads the new field. The getters are not its own: a copy (spread, JSON, structuredClone,
 * postMessage) carries only the new fields. They sit on a prototype shared by every record of the kind (`fields`
 * and `where`): defined on each record, they made every one a slow dictionary of its own, and a translation's
 * hundred-odd records a tenth of its time in Node.
 * @template {object} T
 * @param {T} record
 * @param {Record<string, string>} fields  the same object for every record of the kind
 * @param {string} where  what the record is, in the warning ("translate() step")
 * @returns {T}
 */
export function withOldFields(record, fields, where) {
  let byPlace = oldFieldPrototypes.get(fields);
  if (!byPlace) oldFieldPrototypes.set(fields, (byPlace = new Map()));
  let prototype = byPlace.get(where);
  if (!prototype) {
    prototype = {};
    for (const [old, replacement] of Object.entries(fields)) {
      Object.defineProperty(prototype, old, {
        get() {
          warnRenamed(where, old, replacement);
          return this[replacement];
        },
        enumerable: false,
      });
    }
    byPlace.set(where, prototype);
  }
  return Object.assign(Object.create(prototype), record);
}

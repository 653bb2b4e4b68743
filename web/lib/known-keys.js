// Options objects are strict: a key the API does not know is a mistake (a misspelling, or a key at the wrong
// level, as `{ dModel }` for `{ model: { dModel } }`), and a mistake silently ignored trains, translates or draws
// something other than what was asked. Each options object is described by a shape, { key: null } for a value
// and { key: shape } for a nested object; an unknown key is a TypeError naming it and, where one is close, the
// known key anywhere in the shape.

/** The shape of a matrix argument: { data, rows, cols } or a batch of heads { data, heads, rows, cols }. */
export const matrixShape = Object.freeze({ data: null, rows: null, cols: null, heads: null });

/** Plain objects only: arrays, typed arrays, URLs and other class instances are values, not options. */
function isPlainObject(value) {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Every key path of a shape, with its last part: { model: { heads } } → model, model.heads. */
function keyPaths(shape, prefix = '') {
  return Object.entries(shape).flatMap(([key, inner]) => {
    const path = prefix + key;
    return [{ path, key }, ...(inner ? keyPaths(inner, `${path}.`) : [])];
  });
}

/**
 * Edit distance, case-insensitive, a swap of neighbours counting as one edit ('modle' is one from 'model'):
 * option names are short, so the quadratic table costs nothing.
 */
function editDistance(a, b) {
  a = a.toLowerCase();
  b = b.toLowerCase();
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** Length of the common start of two names, case-insensitive. */
function commonPrefix(a, b) {
  let n = 0;
  while (n < a.length && n < b.length && a[n].toLowerCase() === b[n].toLowerCase()) n++;
  return n;
}

/** Whether `short` is `long` with letters left out, from the same first letter ('cols' in 'columns'). */
function isAbbreviation(short, long) {
  short = short.toLowerCase();
  long = long.toLowerCase();
  if (short.length < 3 || short.length >= long.length || short[0] !== long[0]) return false;
  let at = 0;
  for (const letter of long) if (letter === short[at]) at++;
  return at === short.length;
}

/** Names close enough to suggest one for the other beyond a few edits: shortened, lengthened or abbreviated. */
function looksAlike(a, b) {
  const common = commonPrefix(a, b);
  return (common >= 4 && common >= 0.7 * Math.min(a.length, b.length)) || isAbbreviation(a, b) || isAbbreviation(b, a);
}

/**
 * The known path closest to an unknown `key` found at `parent` (a path prefix, '' at the top): the same name at
 * another level first, then the fewest edits (at most a third of the name, at least one), then a shortened,
 * lengthened or abbreviated name ('noScale' for 'noScaling', 'batch' for 'batchSize', 'columns' for 'cols');
 * on a tie, the same level.
 */
function closestPath(key, parent, shape) {
  const limit = Math.max(1, Math.floor(key.length / 3));
  let best = null;
  for (const candidate of keyPaths(shape)) {
    let distance = editDistance(key, candidate.key);
    if (distance > limit) {
      if (!looksAlike(key, candidate.key)) continue;
      distance = limit + 0.5;
    }
    const sameLevel = candidate.path === parent + candidate.key;
    const rank = [distance, sameLevel ? 0 : 1];
    if (!best || rank[0] < best.rank[0] || (rank[0] === best.rank[0] && rank[1] < best.rank[1]))
      best = { path: candidate.path, rank };
  }
  return best?.path ?? null;
}

/**
 * Throws a TypeError if `value` (a plain object) or any plain object nested in it where `shape` expects one
 * has a key `shape` does not list: "`operation`: unknown option 'dModel'; did you mean 'model.dModel'?".
 * `noun` is what the keys are called ('option'; 'argument' for the attention calls, 'property' for the elements'
 * objects); `operation`, when given, starts the message.
 * @param {object} value
 * @param {object} shape
 * @param {{ operation?: string, noun?: string }} [options]
 */
export function checkKnownKeys(value, shape, { operation, noun = 'option' } = {}) {
  const visit = (object, inner, parent) => {
    for (const key of Object.keys(object)) {
      if (!Object.hasOwn(inner, key)) {
        const path = parent + key;
        const suggestion = closestPath(key, parent, shape);
        const hint = suggestion
          ? `did you mean '${suggestion}'?`
          : `the known ${noun.replace(/y$/, 'ie')}s${parent ? ` of '${parent.slice(0, -1)}'` : ''} are ${Object.keys(inner).join(', ')}`;
        throw new TypeError(`${operation ? `${operation}: ` : ''}unknown ${noun} '${path}'; ${hint}`);
      }
      if (inner[key] && isPlainObject(object[key])) visit(object[key], inner[key], `${parent}${key}.`);
    }
  };
  if (isPlainObject(value)) visit(value, shape, '');
}

// Type checks and defaults for the public API, done in JS where the types are known. Value and shape
// checks (sizes agree, numbers finite, memory budget) happen in C++ (cpp/bindings/checks.cpp), so there is
// one place for each rule.

function describe(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an Array';
  if (ArrayBuffer.isView(value)) return `a ${value.constructor.name}`;
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}

export function requireObject(value, name) {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(`${name} must be an object, got ${describe(value)}`);
  }
  return value;
}

export function requireNumber(value, name) {
  if (typeof value !== 'number') throw new TypeError(`${name} must be a number, got ${describe(value)}`);
  return value;
}

/** A { data: Float32Array, rows, cols } matrix, returned as a plain copy of its fields (not of its data). */
export function matrix(value, name) {
  requireObject(value, name);
  if (!(value.data instanceof Float32Array)) {
    throw new TypeError(`${name}.data must be a Float32Array, got ${describe(value.data)}`);
  }
  return {
    data: value.data,
    rows: requireNumber(value.rows, `${name}.rows`),
    cols: requireNumber(value.cols, `${name}.cols`),
  };
}

/** A matrix, or a batch of heads { data, heads, rows, cols } (heads × rows × cols, one head after another). */
export function matrixOrHeads(value, name) {
  const m = matrix(value, name);
  if (value.heads !== undefined) m.heads = requireNumber(value.heads, `${name}.heads`);
  return m;
}

export function optionalVector(value, name) {
  if (value === undefined || value === null) return null;
  if (!(value instanceof Float32Array)) throw new TypeError(`${name} must be a Float32Array, got ${describe(value)}`);
  return value;
}

/** 'none' | 'causal' | Uint8Array(Sq·Sk) → the { kind, allowed } form the module reads. */
export function mask(value) {
  if (value === undefined || value === null) return { kind: 'none', allowed: null };
  if (value instanceof Uint8Array) return { kind: 'explicit', allowed: value };
  if (typeof value === 'string') return { kind: value, allowed: null }; // unknown names are refused in C++
  throw new TypeError(`mask must be 'none', 'causal' or a Uint8Array, got ${describe(value)}`);
}

export function optionalNumber(value, name, fallback) {
  return value === undefined ? fallback : requireNumber(value, name);
}

export function optionalBoolean(value, name, fallback) {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new TypeError(`${name} must be a boolean, got ${describe(value)}`);
  return value;
}

export function optionalString(value, name, fallback) {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'string') throw new TypeError(`${name} must be a string, got ${describe(value)}`);
  return value;
}

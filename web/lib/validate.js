// Type checks and defaults for the public API, done in JS where the types are known. Value and shape
// checks (sizes agree, numbers finite, memory budget) happen in C++ (cpp/src/checks/checks.cpp), so there is
// one place for each rule.

/**
 * A value as an error message names it: "string abc", "number NaN", "an Array", "a Float64Array", "null",
 * "a function". Never runs the caller's code (no toString, valueOf or getters of theirs), so describing a hostile
 * value (`{ toString: 0 }`, a typed array with a throwing `constructor` getter) cannot throw.
 */
export function describe(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an Array';
  if (ArrayBuffer.isView(value)) return `a ${typedArrayName(value)}`;
  switch (typeof value) {
    case 'object':
      return 'an object';
    case 'function':
      return 'a function';
    default: // string, number, bigint, boolean, symbol, undefined: primitives, whose String() is the language's own
      return `${typeof value} ${String(value)}`;
  }
}

const viewTypes = [
  Float32Array,
  Float64Array,
  Int8Array,
  Uint8Array,
  Uint8ClampedArray,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
  BigInt64Array,
  BigUint64Array,
  DataView,
];
/** The class of a typed array or DataView from its prototype chain (instanceof), not its own properties. */
const typedArrayName = (view) => viewTypes.find((type) => view instanceof type)?.name ?? 'typed array';

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

const headMaskKinds = ['encoderSelf', 'decoderSelf', 'cross'];

/**
 * [layer][head] of true/1 (on) or false/0 (off), as the flat Uint8Array (layer-major) the module reads. Each layer
 * must list `heads` heads; the number of layers is checked by the module, which knows the model.
 */
export function layerHeads(layers, name, heads) {
  if (!Array.isArray(layers)) throw new TypeError(`${name} must be an Array of layers, got ${describe(layers)}`);
  const entries = new Uint8Array(layers.length * heads);
  layers.forEach((layer, l) => {
    const where = `${name}[${l}]`;
    if (!Array.isArray(layer)) throw new TypeError(`${where} must be an Array of heads, got ${describe(layer)}`);
    if (layer.length !== heads) throw new RangeError(`${where} must list ${heads} heads, got ${layer.length}`);
    layer.forEach((on, h) => {
      if (on !== true && on !== false && on !== 0 && on !== 1) {
        throw new TypeError(`${where}[${h}] must be true or 1 (on), false or 0 (off), got ${describe(on)}`);
      }
      entries[l * heads + h] = on ? 1 : 0;
    });
  });
  return entries;
}

/**
 * A head mask { encoderSelf?, decoderSelf?, cross? }, each [layer][head] of true/1 (on) or false/0 (off), as the
 * flat Uint8Arrays (layer-major) the module reads; null when there is none. Each layer must list `heads` heads;
 * the number of layers is checked by the module, which knows the model.
 */
export function headMask(value, name, heads) {
  if (value === undefined || value === null) return null;
  requireObject(value, name);
  for (const key of Object.keys(value)) {
    if (!headMaskKinds.includes(key)) {
      throw new TypeError(`${name} has no option '${key}' (known: ${headMaskKinds.join(', ')})`);
    }
  }
  const flat = {};
  for (const kind of headMaskKinds) {
    const layers = value[kind];
    flat[kind] = null;
    if (layers === undefined || layers === null) continue;
    const entries = layerHeads(layers, `${name}.${kind}`, heads);
    flat[kind] = entries;
  }
  return flat;
}

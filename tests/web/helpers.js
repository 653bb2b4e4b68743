// Test helpers: seeded random matrices, the lecture notes' worked example, element-wise comparison.

// The page's own seeded generator (mulberry32), so every run sees the same numbers.
import { afterAll, beforeAll } from 'vitest';
import { createTrainer, loadTranslator } from '../../web/lib/index.js';
import { uniformSource as seededRandom } from '../../web/src/lessons/random.js';

export { seededRandom };

/**
 * The fast builds, each checked against the scalar build (the C++ reference loops, double accumulation). The
 * relaxed one needs Node's --experimental-wasm-relaxed-simd (tests/web/vitest.config.js passes it).
 */
export const fastBackends = ['wasm-simd128', 'wasm-relaxed-simd'];

export function randomMatrix(rows, cols, seed, range = 1) {
  const random = seededRandom(seed);
  const data = new Float32Array(rows * cols);
  for (let i = 0; i < data.length; i++) data[i] = (random() * 2 - 1) * range;
  return { data, rows, cols };
}

export function matrix(rows) {
  return { data: Float32Array.from(rows.flat()), rows: rows.length, cols: rows[0].length };
}

// The lecture notes' worked example, a matrix a line as the notes print them.
// prettier-ignore
export const workedExample = {
  x: matrix([[1, 0, 1, 0], [0, 2, 0, 2], [1, 1, 1, 1]]),
  wq: matrix([[1, 0, 1], [1, 0, 0], [0, 0, 1], [0, 1, 1]]),
  wk: matrix([[0, 0, 1], [1, 1, 0], [0, 1, 0], [1, 1, 0]]),
  wv: matrix([[0, 2, 0], [0, 3, 0], [1, 0, 3], [1, 1, 0]]),
  q: matrix([[1, 0, 2], [2, 2, 2], [2, 1, 3]]),
  k: matrix([[0, 1, 1], [4, 4, 0], [2, 3, 1]]),
  v: matrix([[1, 2, 3], [2, 8, 0], [2, 6, 3]]),
};

/** Largest |a - b| / max(1, |b|) over two arrays: the "relative" error used to compare backends. */
export function maxRelativeError(actual, expected) {
  if (actual.length !== expected.length) throw new Error(`lengths differ: ${actual.length} vs ${expected.length}`);
  let worst = 0;
  for (let i = 0; i < actual.length; i++) {
    const error = Math.abs(actual[i] - expected[i]) / Math.max(1, Math.abs(expected[i]));
    worst = Number.isNaN(error) ? Infinity : Math.max(worst, error);
  }
  return worst;
}

export function randomMask(rows, cols, seed) {
  const random = seededRandom(seed);
  const mask = new Uint8Array(rows * cols);
  for (let i = 0; i < mask.length; i++) mask[i] = random() < 0.6 ? 1 : 0;
  if (rows >= 2) mask.fill(0, cols, 2 * cols); // row 1 fully masked
  return mask;
}

export const sizes = [1, 3, 4, 5, 7, 8, 17, 64, 65];

// The CRC-32 a weight file ends with (IEEE polynomial), so a forged file can be made to pass it.
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** `body` followed by its CRC-32: a weight file as far as the checksum is concerned. */
export function withChecksum(body) {
  let c = 0xffffffff;
  for (const byte of body) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  const file = new Uint8Array(body.length + 4);
  file.set(body);
  new DataView(file.buffer).setUint32(body.length, (c ^ 0xffffffff) >>> 0, true);
  return file;
}

/** The shipped en-es translator on each of `backends`, loaded before the file's tests and freed after them. */
export function translatorPerBackend(backends) {
  const translators = {};
  beforeAll(async () => {
    for (const backend of backends) translators[backend] = await loadTranslator({ backend });
  });
  afterAll(() => Object.values(translators).forEach((t) => t.dispose()));
  return translators;
}

let refusing = null;
/**
 * The bytes of an en-es model without <unk>, which refuses unknown words (UnknownWordError) where the shipped
 * models, trained to carry them, copy them: one step of a small trainer's model, saved once per test file. Its
 * vocabularies are the shipped en-es model's.
 */
export function modelWithoutUnknownToken() {
  refusing ??= createTrainer({
    backend: 'wasm-simd128',
    longestSentence: 12, // 0.1's default, and the whole lexicon: the vocabularies of the whole grammar
    vocabulary: 0,
    steps: 1,
    warmupSteps: 0,
    model: { dModel: 16, heads: 2, ffn: 32, encoderLayers: 1, decoderLayers: 1 },
  }).then((trainer) => {
    const bytes = trainer.save();
    trainer.dispose();
    return bytes;
  });
  return refusing;
}

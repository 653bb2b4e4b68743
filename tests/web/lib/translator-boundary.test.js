// What translate() brings out of the module: each step's likeliest words chosen in the module (any `top`, in the
// order a stable sort of the whole distribution gives), each step's maps cut from the translation's, and typed
// arrays that are JS's own (a later growth of the module's memory leaves them whole).
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAttention, loadTranslator } from '../../../web/lib/index.js';
import { randomMatrix, seededRandom } from '../helpers.js';

const backend = 'wasm-simd128';
let translator;
beforeAll(async () => {
  translator = await loadTranslator({ backend });
});

const sentences = ['the girl gives the boy a flower', 'ana sleeps', 'the big dog sees the white cats'];

/** Every word of one step with any probability, most likely first, equal ones in the vocabulary's order. */
function byFullSort(result, step) {
  const cols = result.probabilities.cols;
  const row = result.probabilities.data.subarray(step * cols, (step + 1) * cols);
  return Array.from(row, (probability, id) => ({ id, text: translator.outputWords[id], probability }))
    .filter((entry) => entry.probability > 0)
    .sort((a, b) => b.probability - a.probability);
}

/** Every typed array under `value`. */
function typedArrays(value, found = []) {
  if (ArrayBuffer.isView(value)) found.push(value);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) typedArrays(item, found);
  return found;
}

describe('translate() across the boundary', () => {
  it('top: any count gives the first words of a stable sort of the whole distribution', () => {
    const random = seededRandom(61);
    const words = translator.outputWords.length;
    for (const sentence of sentences) {
      // at output temperature 40 the distribution is flat: a softmax of 791 words
      for (const outputTemperature of [1, 40]) {
        for (const top of [0, 1, 2, 1 + Math.floor(random() * 30), words - 1, words, words + 5]) {
          const r = translator.translate(sentence, { top, outputTemperature });
          r.steps.forEach((step, i) => expect(step.top).toEqual(byFullSort(r, i).slice(0, top)));
        }
      }
    }
    // <bos> never has any probability: asking for every word of a flat distribution gives all but it
    expect(translator.translate('ana sleeps', { top: words, outputTemperature: 40 }).steps[0].top).toHaveLength(
      words - 1,
    );
  });

  it("each step's maps are the translation's, rows 0..step (and decoder self-attention's columns 0..step)", () => {
    for (const sentence of sentences) {
      const r = translator.translate(sentence);
      r.steps.forEach((step, t) => {
        for (const [mine, whole, square] of [
          [step.decoderSelfAttention, r.decoderSelfAttention, true],
          [step.crossAttention, r.crossAttention, false],
        ]) {
          expect(mine).toHaveLength(whole.length);
          mine.forEach((layer, l) =>
            layer.forEach((map, h) => {
              const full = whole[l][h];
              const cols = square ? t + 1 : full.cols;
              expect(map).toMatchObject({ rows: t + 1, cols });
              const expected = new Float32Array((t + 1) * cols);
              for (let row = 0; row <= t; row++) {
                expected.set(full.data.subarray(row * full.cols, row * full.cols + cols), row * cols);
              }
              expect(map.data).toEqual(expected);
            }),
          );
        }
      });
    }
  });

  it('its typed arrays are its own: the module growing its memory afterwards leaves them whole', async () => {
    const r = translator.translate('the girl gives the boy a flower', { beam: 3 });
    const arrays = typedArrays(r);
    expect(arrays.length).toBeGreaterThan(100);
    const copies = arrays.map((a) => a.slice());
    const api = await loadAttention({ backend }); // the same module as the translator's
    const before = api.memoryStats().heapBytes;
    const s = 2048,
      d = 64;
    const [q, k, v] = [1, 2, 3].map((seed) => randomMatrix(s, d, seed));
    api.attention({ q, k, v }); // a 2048² weights matrix: 16 MB more
    expect(api.memoryStats().heapBytes).toBeGreaterThan(before);
    arrays.forEach((array, i) => expect(array).toEqual(copies[i]));
  });
});

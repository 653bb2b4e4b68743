// The limits the README and index.d.ts document, each at its boundary: refused with a RangeError that states
// the limit, and nothing allocated for the refused request.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTrainer, loadAttention, loadTranslator } from '../../../web/lib/index.js';
import { withChecksum } from '../helpers.js';

const backend = 'wasm-simd128';
let api;
beforeAll(async () => {
  api = await loadAttention({ backend });
});

const column = (rows) => ({ data: new Float32Array(rows).fill(0.5), rows, cols: 1 });

/** A version-1 weight-file header with these dimensions, tiny vocabularies and no parameters after it. */
function header(dModel, ffn, layers, positions) {
  const words = [];
  const u32 = (v) => words.push(v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, v >>> 24);
  const vocabulary = (list) => {
    u32(list.length);
    for (const w of list) words.push(w.length, ...new TextEncoder().encode(w));
  };
  words.push(...new TextEncoder().encode('APTM'));
  for (const v of [1, dModel, 2, ffn, layers, layers, positions]) u32(v);
  vocabulary(['<eos>', 'a']);
  vocabulary(['<bos>', '<eos>', 'b']);
  u32(0);
  return withChecksum(Uint8Array.from(words));
}

describe('documented limits', () => {
  it('one call: 1 GiB of wasm memory', () => {
    const before = api.memoryStats().heapBytes;
    expect(() => api.attention({ q: column(12_000), k: column(12_000), v: column(12_000) })).toThrow(
      /attention request too large: it needs \d+ MiB of wasm memory, the limit per call is 1024 MiB/,
    );
    expect(api.memoryStats().heapBytes).toBe(before);
    // Within it: 4,000² weights are computed.
    expect(api.attention({ q: column(4_000), k: column(4_000), v: column(4_000) }).weights.data.length).toBe(16e6);
  });

  it('scale from -1e6 to 1e6, temperature from 1e-6 to 1e6', () => {
    const m = column(2);
    expect(() => api.attention({ q: m, k: m, v: m, scale: 1.1e6 })).toThrow(
      /scale must be a finite number from -1e6 to 1e6, got 1100000/,
    );
    expect(() => api.attention({ q: m, k: m, v: m, temperature: 1e-7 })).toThrow(
      /temperature must be a finite number > 0, from 1e-6 to 1e6, got 1e-07/,
    );
    expect(() => api.logits({ q: m, k: m, temperature: 2e6 })).toThrow(/from 1e-6 to 1e6, got 2000000/);
    const extreme = api.attention({ q: m, k: m, v: m, scale: -1e6, temperature: 1e-6 });
    expect([...extreme.weights.data, ...extreme.output.data].every(Number.isFinite)).toBe(true);
  });

  it('positional encodings: 65,536 positions and 4,096 columns', () => {
    expect(() => api.positionalEncoding({ rows: 65_537, cols: 2 })).toThrow(
      /rows must be a whole number from 1 to 65536, got 65537/,
    );
    expect(() => api.positionalEncoding({ rows: 2, cols: 4_097 })).toThrow(
      /cols must be a whole number from 1 to 4096, got 4097/,
    );
    expect(api.positionalEncoding({ rows: 65_536, cols: 2 }).rows).toBe(65_536);
  });

  it('weight files: 64 MiB and 16,777,216 parameters, checked before anything is allocated', async () => {
    await expect(loadTranslator({ backend, weights: new Uint8Array(64 * 1024 * 1024 + 1) })).rejects.toThrow(
      /loadTranslator: the model file is larger than 64 MiB/,
    );
    const before = api.memoryStats().heapBytes;
    await expect(loadTranslator({ backend, weights: header(1024, 8192, 16, 512) })).rejects.toThrow(
      /its dimensions need \d+ parameters; the limit is 16777216/,
    );
    await expect(loadTranslator({ backend, weights: header(1025, 8, 1, 16) })).rejects.toThrow(
      /implausible dimensions/,
    );
    // Within the limits, a header claiming parameters the file lacks is refused by its length.
    await expect(loadTranslator({ backend, weights: header(64, 64, 1, 16) })).rejects.toThrow(
      /holds 0 parameters, but its dimensions need \d+/,
    );
    expect(api.memoryStats().heapBytes).toBe(before);
  });

  it('sentences and forced targets: 4,096 characters, then the model’s maxWords', async () => {
    const translator = await loadTranslator({ backend });
    expect(() => translator.translate('a'.repeat(4097))).toThrow(
      /translate: the sentence is longer than 4096 characters/,
    );
    expect(() => translator.translate('the dog', { target: 'x'.repeat(4097) })).toThrow(
      /options.target is longer than 4096 characters/,
    );
    expect(() => translator.translate('the dog sees the cat '.repeat(3))).toThrow(
      /the sentence has 15 words; the model reads at most 12/,
    );
    translator.dispose();
  });

  it('a trainer: 2,000,000 parameters; pasted pairs: 4 MiB, 20,000 pairs, 12 words, 40 bytes a word', async () => {
    await expect(
      createTrainer({ backend, model: { dModel: 512, heads: 8, ffn: 4096, encoderLayers: 6, decoderLayers: 6 } }),
    ).rejects.toThrow(/the model would have \d+ parameters; the trainer's limit is 2000000/);
    const pairs = (count, source = (i) => `w${i % 50}`) =>
      Array.from({ length: count }, (_, i) => [source(i), `t${i % 50}`]);
    await expect(createTrainer({ backend, task: { pairs: pairs(20_001) } })).rejects.toThrow(
      /more than 20000 pairs: the limit/,
    );
    await expect(createTrainer({ backend, task: { text: `${'a b\tc d\n'.repeat(600_000)}` } })).rejects.toThrow(
      /the pairs are longer than 4 MiB of text/,
    );
    await expect(createTrainer({ backend, task: { pairs: pairs(20, () => 'w '.repeat(13)) } })).rejects.toThrow(
      /the source has 13 words; the limit is 12/,
    );
    await expect(createTrainer({ backend, task: { pairs: pairs(20, () => 'w'.repeat(41)) } })).rejects.toThrow(
      /is longer than 40 bytes/,
    );
    const trainer = await createTrainer({ backend, task: { pairs: pairs(20_000) } }); // at the limit: accepted
    trainer.dispose();
  });
});

// Attention sinks and windows through the public API (web/lib/sinks.js, LanguageModel.evaluateStreaming and
// firstTokenAttention): every key agrees with evaluate() within the context, a cached window with a one-layer
// model agrees with recomputing it, the cache's measured size stays flat as the text grows, the readings' and the
// heads' shapes, and every bad option is named.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTrainer, sinkExperiment, sinkHeads, sinkThreshold, streamingReadings } from '../../../web/lib/index.js';
import { languageModelRun01 } from './old-defaults.js';

const corpus = 'the cat sees the dog. a dog likes my letter. she reads the book.\n'.repeat(60);
const text = corpus.slice(0, 300);

async function trainedModel(model) {
  const trainer = await createTrainer({
    ...languageModelRun01,
    task: { corpus, context: 16 },
    model: { dModel: 16, heads: 2, ffn: 32, ...model },
    steps: 30,
    seed: 4,
  });
  trainer.step(30);
  const lm = trainer.languageModel();
  trainer.dispose();
  return lm;
}

let rope, oneLayer;
beforeAll(async () => {
  rope = await trainedModel({ layers: 2, positions: 'rope' });
  oneLayer = await trainedModel({ layers: 1, positions: 'alibi' });
});

describe('evaluateStreaming', () => {
  it('keeping every key scores a text within the context as evaluate() does', () => {
    const short = text.slice(0, 17);
    const streamed = rope.evaluateStreaming(short);
    expect(streamed.bitsPerCharacter).toBeCloseTo(rope.evaluate({ text: short }).bitsPerCharacter, 4);
    expect(streamed.characters).toBe(16);
    expect(streamed.longest).toBe(16);
  });

  it('a cached window of a one-layer model equals recomputing it (keys depend on their token alone)', () => {
    for (const sinks of [0, 1, 4]) {
      const cached = oneLayer.evaluateStreaming(text, { window: 6, sinks });
      const recomputed = oneLayer.evaluateStreaming(text, { window: 6, sinks, recompute: true });
      expect(cached.bitsPerCharacter).toBeCloseTo(recomputed.bitsPerCharacter, 4);
      expect(cached.longest).toBe(6 + sinks);
      expect(recomputed.cacheBytes).toBe(0);
    }
    // With two layers the cached keys were computed from contexts the recomputed ones no longer see.
    const cached = rope.evaluateStreaming(text, { window: 6 });
    const recomputed = rope.evaluateStreaming(text, { window: 6, recompute: true });
    expect(Math.abs(cached.bitsPerCharacter - recomputed.bitsPerCharacter)).toBeGreaterThan(1e-4);
  });

  it("measures a window's cache flat as the text grows, and every key's growing with it", () => {
    const perToken = rope.config.cacheBytesPerToken;
    // 2 + 6 positions kept, allocated by blocks of 16 positions
    expect(rope.evaluateStreaming(text.slice(0, 100), { window: 6, sinks: 2 }).cacheBytes).toBe(16 * perToken);
    expect(rope.evaluateStreaming(text, { window: 6, sinks: 2 }).cacheBytes).toBe(16 * perToken);
    expect(rope.evaluateStreaming(text).cacheBytes).toBe(Math.ceil(299 / 16) * 16 * perToken);
  });

  it('gives each head its mean weight on the first position kept', () => {
    const { firstPositionAttention } = rope.evaluateStreaming(text, { window: 8, sinks: 1 });
    expect(firstPositionAttention).toBeInstanceOf(Float32Array);
    expect(firstPositionAttention).toHaveLength(4);
    for (const share of firstPositionAttention) (expect(share).toBeGreaterThan(0), expect(share).toBeLessThan(1));
  });

  it('names every bad option', () => {
    expect(() => rope.evaluateStreaming(text, { windw: 4 })).toThrow(
      "evaluateStreaming: unknown option 'windw'; did you mean 'window'?",
    );
    expect(() => rope.evaluateStreaming(text, { window: '4' })).toThrow(TypeError);
    expect(() => rope.evaluateStreaming(text, { recompute: 1 })).toThrow(TypeError);
    expect(() => rope.evaluateStreaming(text, { window: -1 })).toThrow(/options.window must be a whole number/);
    expect(() => rope.evaluateStreaming(text, { window: 2.5 })).toThrow(RangeError);
    expect(() => rope.evaluateStreaming(text, { window: 4, sinks: 65 })).toThrow(/options.sinks must be/);
    expect(() => rope.evaluateStreaming(text, { sinks: 1 })).toThrow(/need a window/);
    expect(() => rope.evaluateStreaming(text, { recompute: true })).toThrow(/need a window/);
    expect(() => rope.evaluateStreaming('a')).toThrow(/at least two tokens/);
    expect(() => rope.evaluateStreaming(7)).toThrow(TypeError);
  });
});

describe('firstTokenAttention and the readings', () => {
  it('gives a share per layer and head, and the sink rate above the threshold', () => {
    const shares = rope.firstTokenAttention(text);
    expect(shares).toHaveLength(2);
    for (const layer of shares) {
      expect(layer).toHaveLength(2);
      for (const share of layer) (expect(share).toBeGreaterThan(0), expect(share).toBeLessThan(1));
    }
    const heads = sinkHeads(rope, text);
    expect(heads.shares).toEqual(shares);
    expect(heads.sinkRate).toBe(shares.flat().filter((share) => share > sinkThreshold).length / 4);
    expect(sinkThreshold).toBe(0.3);
    expect(() => rope.firstTokenAttention('')).toThrow(RangeError);
  });

  it("reads StreamingLLM's rows: every key, the window cached and recomputed, and first tokens kept", () => {
    const rows = streamingReadings(rope, text, { window: 8, sinkCounts: [1, 2] });
    expect(rows.map((row) => row.reading)).toEqual([
      'every key',
      'window, cached',
      'window, recomputed',
      '1 first + window',
      '2 first + window',
    ]);
    expect(rows.map((row) => row.longest)).toEqual([299, 8, 8, 9, 10]);
    for (const row of rows) expect(row.firstPositionAttention).toHaveLength(2);
  });

  it("builds the experiment's recipe from a corpus, and refuses one too short", () => {
    const long = corpus.repeat(2);
    const { trainerOptions, text: read, window } = sinkExperiment({ corpus: long, contexts: 4 });
    expect(read).toBe(long.slice(-256));
    expect(window).toBe(32);
    expect(trainerOptions.model.positions).toBe('rope');
    expect(() => sinkExperiment({ corpus: 'short' })).toThrow(RangeError);
    expect(() => sinkExperiment({ corpus: 3 })).toThrow(TypeError);
  });
});

// The language model through the public API: createTrainer({ task: { corpus } }) learns a text beyond its
// counting baselines, generation with the key/value cache gives the tokens and attention of recomputing, any
// character of a prompt is taken (byte fallback), the weight file round-trips and is told apart from the
// translator's, and every bad option is named.
import { describe, expect, it } from 'vitest';
import { createTrainer, loadLanguageModel, loadTranslator } from '../../../web/lib/index.js';
import { readFileSync } from 'node:fs';

const backend = 'wasm-simd128';

/** Short sentences over small word sets, seeded: structure a bigram of letters cannot see. */
function toyCorpus(sentences, seed = 12345) {
  const subjects = ['the cat', 'a dog', 'my friend', 'the old man', 'she', 'we'];
  const verbs = ['sees', 'likes', 'wants', 'finds', 'reads', 'keeps'];
  const objects = ['the book.', 'a red apple.', 'the small house.', 'my letter.', 'the window.', 'a song.'];
  let x = seed;
  const next = (n) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return (x >>> 16) % n; // an LCG's low bits repeat with short periods
  };
  const lines = [];
  for (let i = 0; i < sentences; i++) lines.push(`${subjects[next(6)]} ${verbs[next(6)]} ${objects[next(6)]}`);
  return `${lines.join('\n')}\n`;
}

const small = {
  backend,
  seed: 3,
  steps: 150,
  batchSize: 8,
  learningRate: 0.01,
  model: { dModel: 32, heads: 4, ffn: 64, layers: 2 },
};

describe('a language model trained in the module', () => {
  it('learns the corpus beyond its unigram and bigram baselines, and writes its sentences', async () => {
    const trainer = await createTrainer({ ...small, task: { corpus: toyCorpus(600), context: 32 } });
    expect(trainer.tokenizer).toEqual({ kind: 'characters', size: 256, merges: 0 });
    expect(trainer.backend).toBe('wasm-simd128');
    expect(trainer.trainTokens + trainer.heldOutTokens).toBeGreaterThan(14000);
    const first = trainer.step(10).loss;
    const { done, loss } = trainer.step(1000);
    expect(done).toBe(true);
    expect(loss).toBeLessThan(first / 2);
    const score = trainer.evaluate();
    expect(score.baselines.bigram.bitsPerCharacter).toBeLessThan(score.baselines.unigram.bitsPerCharacter);
    expect(score.bitsPerCharacter).toBeLessThan(score.baselines.bigram.bitsPerCharacter * 0.8);
    expect(score.characters).toBe(score.baselines.bigram.characters);

    const lm = trainer.languageModel();
    const { text } = lm.generate('the old man ', { tokens: 40, decoding: 'greedy' });
    // The most likely continuation is one of the corpus's verbs and objects.
    expect(text).toMatch(/^(sees|likes|wants|finds|reads|keeps) (the|a|my) /);
    lm.dispose();
    trainer.dispose();
    expect(() => trainer.step()).toThrow(/step: this trainer has been disposed/);
  });
});

describe('generation', async () => {
  const trainer = await createTrainer({
    ...small,
    steps: 20,
    task: { corpus: toyCorpus(100), context: 16 },
    model: { ...small.model, kvHeads: 2, positions: 'rope' },
  });
  const lm = trainer.languageModel();

  it('with the key/value cache gives the tokens and attention of recomputing, across window moves', () => {
    const options = { tokens: 40, seed: 5, outputTemperature: 1 };
    const cached = lm.generate('my friend likes the', options);
    const recomputed = lm.generate('my friend likes the', { ...options, cache: false });
    expect(cached.text).toBe(recomputed.text);
    expect(cached.steps.map((s) => s.id)).toEqual(recomputed.steps.map((s) => s.id));
    const windows = new Set(cached.steps.map((s) => s.windowStart));
    expect(windows.size).toBeGreaterThan(2); // a context of 16: the window moved
    cached.steps.forEach((step, i) => {
      const other = recomputed.steps[i];
      expect(step.attention.length).toBe(lm.config.layers * lm.config.heads * step.length);
      step.attention.forEach((weight, j) => expect(Math.abs(weight - other.attention[j])).toBeLessThan(1e-5));
      expect(step.cacheBytes).toBeGreaterThan(0);
      expect(other.cacheBytes).toBe(0);
    });
    // Each row of attention is a distribution over the window.
    const last = cached.steps.at(-1);
    const row = last.attention.subarray(0, last.length);
    expect(row.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
  });

  it('takes any character: a prompt outside the corpus falls back to bytes, and decodes back', () => {
    const prompt = 'मला पुस्तक दे 📚 日本';
    const { ids, pieces } = lm.tokenize(prompt);
    expect(ids.length).toBe(new TextEncoder().encode(prompt).length); // no character of these was in the corpus
    expect(pieces[0]).toBe('<0xE0>');
    const out = lm.generate(prompt, { tokens: 5, seed: 1 });
    expect(Array.from(out.promptTokens)).toEqual(Array.from(ids));
    expect(out.steps).toHaveLength(5);
  });

  it('greedy decoding takes the most likely token; the seed decides a sample; top probabilities sum to 1 under topK', () => {
    const greedy = lm.generate('we ', { tokens: 10, decoding: 'greedy' });
    for (const step of greedy.steps) {
      expect(step.probability).toBe(1);
      expect(step.top).toHaveLength(1);
    }
    const a = lm.generate('we ', { tokens: 10, topK: 3, seed: 8 });
    for (const step of a.steps) {
      expect(step.top.length).toBeLessThanOrEqual(3);
      expect(step.top.reduce((sum, entry) => sum + entry.probability, 0)).toBeCloseTo(1, 5);
      expect(step.top.map((entry) => entry.id)).toContain(step.id);
    }
    expect(lm.generate('we ', { tokens: 10, topK: 3, seed: 8 }).text).toBe(a.text);
  });

  it('names every bad option', () => {
    expect(() => lm.generate('x', { tokens: 0 })).toThrow(
      /generate: options.tokens must be a whole number from 1 to 4096, got 0/,
    );
    expect(() => lm.generate('x', { outputTemperature: -1 })).toThrow(
      /generate: options.outputTemperature must be a number from 0.01 to 100, got -1/,
    );
    expect(() => lm.generate('x', { decoding: 'beam' })).toThrow(
      /generate: options.decoding must be 'greedy' or 'sample', got 'beam'/,
    );
    expect(() => lm.generate('x', { topP: 0 })).toThrow(/generate: options.topP must be a share in \(0, 1\], got 0/);
    expect(() => lm.generate('x', { topK: 1e9 })).toThrow(
      /generate: options.topK must be a whole number from 0 to 256/,
    );
    expect(() => lm.generate('x', { beam: 2 })).toThrow(/generate: .*beam/);
    expect(() => lm.generate(7)).toThrow(TypeError);
    expect(() => lm.evaluate({ text: 'x' })).toThrow(/evaluate: text must hold at least two tokens/);
  });
});

describe('the weight file', () => {
  it('round-trips through loadLanguageModel, and the translator and language model refuse each other by name', async () => {
    const trainer = await createTrainer({
      ...small,
      steps: 5,
      task: { corpus: toyCorpus(60), tokenizer: 'byte-pairs', merges: 40 },
    });
    expect(trainer.tokenizer.kind).toBe('byte-pairs');
    const bytes = trainer.save();
    const lm = await loadLanguageModel({ weights: bytes, backend });
    expect(lm.tokenizer).toEqual(trainer.tokenizer);
    expect(lm.merges().length).toBe(trainer.tokenizer.merges);
    expect(lm.merges()[0]).toEqual({ left: expect.any(String), right: expect.any(String), merged: expect.any(String) });
    expect(lm.tokenize('the cat sees the book.').ids.length).toBeLessThan('the cat sees the book.'.length);
    const again = await loadLanguageModel({ weights: lm.save().buffer, backend });
    expect(again.generate('the', { seed: 2 }).text).toBe(lm.generate('the', { seed: 2 }).text);

    await expect(loadTranslator({ weights: bytes, backend })).rejects.toThrow(
      /language model's weight file .*loadLanguageModel/,
    );
    const translatorFile = readFileSync(new URL('../../../web/lib/models/en-es.bin', import.meta.url));
    await expect(loadLanguageModel({ weights: new Uint8Array(translatorFile), backend })).rejects.toThrow(
      /loadLanguageModel: not a usable language model file: it is a translation model's weight file .*loadTranslator/,
    );
    await expect(loadLanguageModel({ weights: bytes.subarray(0, bytes.length - 9), backend })).rejects.toThrow(
      /checksum mismatch/,
    );
    await expect(loadLanguageModel({ weights: 12, backend })).rejects.toThrow(
      /loadLanguageModel: options.weights must be/,
    );
    await expect(loadLanguageModel({ backend })).rejects.toThrow(/loadLanguageModel: options.weights must be/);
    trainer.dispose();
  });
});

describe('createTrainer({ task: { corpus } }) refuses', () => {
  const corpus = toyCorpus(20);
  it.each([
    [
      'a tokenizer it lacks',
      { task: { corpus, tokenizer: 'words' } },
      /task.tokenizer must be 'characters', 'byte-pairs' or 'gpt2-byte-pairs', got 'words'/,
    ],
    ['a context of 1', { task: { corpus, context: 1 } }, /task.context must be a whole number from 2 to 512, got 1/],
    [
      'no merges',
      { task: { corpus, tokenizer: 'byte-pairs', merges: 0 } },
      /task.merges must be a whole number from 1 to 4096/,
    ],
    [
      'a corpus too short',
      { task: { corpus: 'too short' } },
      /task.corpus has 9 characters; a language model needs at least 20/,
    ],
    [
      'most of it held out',
      { task: { corpus, heldOut: 0.9 } },
      /task.heldOut must be a share from 0.01 to 0.5, got 0.9/,
    ],
    ['no layers', { task: { corpus }, model: { layers: 0 } }, /model.layers must be a whole number from 1 to 6, got 0/],
    [
      'absolute positions',
      { task: { corpus }, model: { positions: 'absolute' } },
      /model.positions must be 'sinusoidal', 'none', 'rope', 'alibi' or 'learned', got 'absolute'/,
    ],
    ['a swish', { task: { corpus }, model: { activation: 'swish' } }, /model.activation must be 'relu' or 'gelu'/],
    [
      "GPT-2's architecture with RoPE",
      { task: { corpus }, model: { architecture: 'gpt2', positions: 'rope' } },
      /model.architecture 'gpt2' is GPT-2's model, but its positions are RoPE; GPT-2's are learned/,
    ],
    [
      'an encoder',
      { task: { corpus }, model: { encoderLayers: 2 } },
      /createTrainer: unknown option 'model.encoderLayers'; the known options of 'model' are dModel, heads, kvHeads, ffn, layers, positions/,
    ],
    [
      'a corpus that is not text',
      { task: { corpus: 5 } },
      /createTrainer: options.task.corpus must be a string, got number 5/,
    ],
    [
      'a build it has none of',
      { task: { corpus }, backend: 'wasm-scalar' },
      /createTrainer: options.backend: language models run on the wasm-relaxed-simd-threads, wasm-relaxed-simd, wasm-simd128-threads or wasm-simd128 build, got 'wasm-scalar'/,
    ],
  ])('%s', async (_, options, message) => {
    await expect(createTrainer({ backend, ...options })).rejects.toThrow(message);
  });
});

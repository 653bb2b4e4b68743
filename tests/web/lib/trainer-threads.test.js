// createTrainer({ threads }): each step's four fixed shards shared among 1, 2 or 4 threads of the threaded builds (in
// Node, the CommonJS twins' worker_threads), for the language model's trainer and the translator's alike. The count
// changes the time only: the weights (and Adam's moments, in a checkpoint) are the same bit for bit, and the same as
// the single-thread build's of the same SIMD. A count the build cannot run is refused by name.
import { describe, expect, it } from 'vitest';
import { createTrainer, defaultTrainerThreads, maxTrainerThreads } from '../../../web/lib/index.js';

const corpus =
  'the cat sees the dog.\nthe dog likes my friend.\nmy friend reads a book.\nshe keeps a red apple.\n'.repeat(30);
const languageModelRun = {
  task: { corpus, context: 16 },
  seed: 5,
  steps: 12,
  batchSize: 8,
  learningRate: 0.01,
  model: { dModel: 16, heads: 2, ffn: 32, layers: 2 },
};
const translatorRun = {
  task: 'reverse',
  steps: 6,
  batchSize: 16,
  model: { dModel: 16, heads: 2, ffn: 32, encoderLayers: 1, decoderLayers: 1 },
};

const sameBytes = (a, b) =>
  Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));

/** The language model's state after the run (float32 weights and Adam's moments), and the trainer's thread count. */
async function languageModelState(options) {
  const trainer = await createTrainer({ ...languageModelRun, ...options });
  try {
    const started = performance.now();
    const { shardSeconds } = trainer.step(languageModelRun.steps);
    expect(shardSeconds).toBeGreaterThan(0); // the shards' part of the steps, timed in the module
    expect(shardSeconds).toBeLessThan((performance.now() - started) / 1000);
    return { state: trainer.checkpoint(), threads: trainer.threads, backend: trainer.backend };
  } finally {
    trainer.dispose();
  }
}

describe('the language model on 1, 2 and 4 threads', () => {
  it.each([
    ['wasm-simd128', 'wasm-simd128-threads'],
    ['wasm-relaxed-simd', 'wasm-relaxed-simd-threads'],
  ])('%s and its threaded twin give the same weights and moments bit for bit', async (single, threaded) => {
    const reference = await languageModelState({ backend: single });
    expect(reference.threads).toBe(1);
    for (const threads of [1, 2, 4]) {
      const run = await languageModelState({ backend: threaded, threads });
      expect(run.threads).toBe(threads);
      expect(sameBytes(run.state, reference.state), `${threaded} on ${threads} threads`).toBe(true);
    }
  });

  it('takes the threaded twin of the default build when given more than one thread and no build', async () => {
    const run = await languageModelState({ threads: 2 });
    expect(run.backend).toMatch(/-threads$/);
    expect(run.threads).toBe(2);
  });
});

describe("the translator's trainer on 1, 2 and 4 threads", () => {
  it('gives the same weights bit for bit', async () => {
    const weights = [];
    for (const threads of [1, 2, 4]) {
      const trainer = await createTrainer({ ...translatorRun, backend: 'wasm-simd128-threads', threads });
      expect(trainer.threads).toBe(threads);
      trainer.step(translatorRun.steps);
      weights.push(trainer.weights());
      trainer.dispose();
    }
    expect(sameBytes(weights[1], weights[0])).toBe(true);
    expect(sameBytes(weights[2], weights[0])).toBe(true);
  });
});

describe('the threads option', () => {
  it('defaults to the cores less one, from 1 to one per shard, on a threaded build, and to 1 on the others', async () => {
    const cores = globalThis.navigator?.hardwareConcurrency ?? 1;
    expect(defaultTrainerThreads()).toBe(Math.min(Math.max(cores - 1, 1), 4));
    expect(maxTrainerThreads).toBe(4);
    const threaded = await createTrainer({ ...translatorRun, backend: 'wasm-simd128-threads' });
    expect(threaded.threads).toBe(defaultTrainerThreads());
    threaded.dispose();
    const single = await createTrainer({ ...translatorRun, backend: 'wasm-simd128' });
    expect(single.threads).toBe(1);
    single.dispose();
  });

  // web/lib's maxTrainerThreads is written by hand beside the module's bound (cpp/bindings/module_shared.h's
  // kMaxTrainerThreads, Trainer::kShards), which a page needs before any module is loaded (the views' thread choices):
  // both trainers of the module take that many threads and refuse one more, naming their own bound.
  it('one per shard: maxTrainerThreads is the bound both trainers of the module check', async () => {
    for (const run of [languageModelRun, translatorRun]) {
      const widest = await createTrainer({ ...run, backend: 'wasm-simd128-threads', threads: maxTrainerThreads });
      expect(widest.threads).toBe(maxTrainerThreads);
      widest.dispose();
      await expect(
        createTrainer({ ...run, backend: 'wasm-simd128-threads', threads: maxTrainerThreads + 1 }),
      ).rejects.toThrow(`options.threads must be a whole number from 1 to ${maxTrainerThreads}`);
    }
  });

  it('is refused by name: more than one on a single-thread build, outside 1 to 4, not a whole number or a number', async () => {
    await expect(createTrainer({ ...languageModelRun, backend: 'wasm-simd128', threads: 2 })).rejects.toThrow(
      /createTrainer: options.threads is 2, but the wasm-simd128 build runs on one thread/,
    );
    await expect(createTrainer({ ...translatorRun, backend: 'wasm-simd128', threads: 3 })).rejects.toThrow(
      /options.threads is 3, but the wasm-simd128 build runs on one thread/,
    );
    for (const threads of [0, 5, 1.5]) {
      await expect(createTrainer({ ...languageModelRun, backend: 'wasm-simd128-threads', threads })).rejects.toThrow(
        /options.threads must be a whole number from 1 to 4/,
      );
      await expect(createTrainer({ ...translatorRun, backend: 'wasm-simd128-threads', threads })).rejects.toThrow(
        RangeError,
      );
    }
    await expect(createTrainer({ ...languageModelRun, threads: '2' })).rejects.toThrow(
      /options.threads must be a number, got string 2/,
    );
  });
});

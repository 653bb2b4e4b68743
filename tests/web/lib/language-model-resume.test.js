// A language model's run saved and continued through the public API: trainer.checkpoint() and
// createTrainer({ task: { corpus }, resume }) give exactly the losses and weights of the uninterrupted run, a longer
// schedule continues a finished one, and a checkpoint is refused, by name, on another text, with options it does not
// take, forged, truncated, or given where a weight file is expected (and the other way round).
import { describe, expect, it } from 'vitest';
import { createTrainer, loadLanguageModel } from '../../../web/lib/index.js';

const corpus = 'the cat sees the book. a dog likes my song. né, 日本.\n'.repeat(30);
const options = {
  backend: 'wasm-simd128',
  seed: 5,
  dataSeed: 2,
  steps: 12,
  batchSize: 4,
  learningRate: 0.01,
  warmupSteps: 2,
  model: { dModel: 16, heads: 2, kvHeads: 1, ffn: 32, layers: 2, positions: 'rope' },
  task: { corpus, context: 12, tokenizer: 'byte-pairs', merges: 20 },
};

async function checkpointAfter(steps) {
  const trainer = await createTrainer(options);
  const losses = Array.from(trainer.step(steps).losses);
  const checkpoint = trainer.checkpoint();
  trainer.dispose();
  return { checkpoint, losses };
}

describe('a language model run continued from its checkpoint', () => {
  it('takes exactly the steps of the uninterrupted run: the same losses and the same weight file', async () => {
    const straight = await createTrainer(options);
    const all = Array.from(straight.step(12).losses);
    const { checkpoint, losses } = await checkpointAfter(5);
    expect(losses).toEqual(all.slice(0, 5));

    const continued = await createTrainer({ task: { corpus }, resume: checkpoint, backend: 'wasm-simd128' });
    expect(continued.resumedAt).toBe(5);
    expect(continued.options.model).toEqual({
      ...options.model,
      kvHeads: 1,
      activation: 'relu',
      architecture: 'playground',
    });
    expect(continued.options).toMatchObject({ steps: 12, batchSize: 4, warmupSteps: 2, dataSeed: 2, seed: null });
    expect(continued.options.task).toMatchObject({ tokenizer: 'byte-pairs', merges: 20, context: 12, heldOut: 0.1 });
    expect(continued.tokenizer).toEqual(straight.tokenizer);
    const report = continued.step(100);
    expect(report.step).toBe(12);
    expect(report.done).toBe(true);
    expect(Array.from(report.losses)).toEqual(all.slice(5));
    expect(continued.save()).toEqual(straight.save());
    expect(continued.evaluate()).toEqual(straight.evaluate());
    straight.dispose();
    continued.dispose();
  });

  it('continues a finished run on a longer schedule, and never ends one before its step', async () => {
    const { checkpoint } = await checkpointAfter(12);
    const longer = await createTrainer({ task: { corpus }, resume: checkpoint, steps: 20 });
    expect(longer.resumedAt).toBe(12);
    const report = longer.step(100);
    expect(report.step).toBe(20);
    expect(report.losses).toHaveLength(8);
    longer.dispose();
    await expect(createTrainer({ task: { corpus }, resume: checkpoint, steps: 11 })).rejects.toThrow(
      new RangeError('createTrainer: steps must be a whole number from 12 to 1000000, got 11'),
    );
  });

  it('is refused on another text, with options it keeps, and when forged or truncated', async () => {
    const { checkpoint } = await checkpointAfter(3);
    await expect(createTrainer({ task: { corpus: `${corpus}!` }, resume: checkpoint })).rejects.toThrow(
      /createTrainer: task\.corpus is not the text this run was trained on \(\d+ bytes/,
    );
    await expect(createTrainer({ task: { corpus }, resume: checkpoint, batchSize: 8 })).rejects.toThrow(
      /options\.batchSize: a continued run keeps the model, tokenizer and schedule it was saved with/,
    );
    await expect(createTrainer({ task: { corpus, context: 8 }, resume: checkpoint })).rejects.toThrow(
      /options\.task\.context: a continued run keeps/,
    );
    await expect(createTrainer({ task: { corpus }, resume: 'checkpoint.bin' })).rejects.toThrow(TypeError);
    const forged = checkpoint.slice();
    forged[100] ^= 1;
    await expect(createTrainer({ task: { corpus }, resume: forged })).rejects.toThrow(
      'createTrainer: options.resume: not a usable training checkpoint: checksum mismatch (the file is corrupted or truncated)',
    );
    await expect(createTrainer({ task: { corpus }, resume: checkpoint.slice(0, 500) })).rejects.toThrow(
      /not a usable training checkpoint/,
    );
  });

  it('is told apart from a weight file, both ways', async () => {
    const trainer = await createTrainer(options);
    trainer.step(1);
    await expect(loadLanguageModel({ weights: trainer.checkpoint() })).rejects.toThrow(
      /training run's checkpoint \(APLS\), not a weight file: continue it with createTrainer\(\{ resume \}\)/,
    );
    await expect(createTrainer({ task: { corpus }, resume: trainer.save() })).rejects.toThrow(
      /language model's weight file \(APLM\), which keeps no optimiser state/,
    );
    trainer.dispose();
  });
});

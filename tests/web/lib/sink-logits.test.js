// A learnable sink logit per head (createTrainer's model.sinkLogits, as gpt-oss): the model keeps it through its
// weight file, each attention row sums to 1 − the sink's share (which sinkLogitShares reads), and the cache still
// gives recomputing's tokens and attention.
import { describe, expect, it } from 'vitest';
import { createTrainer, loadLanguageModel, sinkLogitShares } from '../../../web/lib/index.js';
import { languageModelRun01 } from './old-defaults.js';

const corpus = 'the cat sees the dog. a dog likes my letter. she reads the book.\n'.repeat(60);
const options = {
  ...languageModelRun01,
  task: { corpus, context: 24 },
  model: { dModel: 16, heads: 2, ffn: 32, layers: 2, positions: 'rope', sinkLogits: true },
  steps: 40,
  seed: 6,
};

describe('sink logits', () => {
  it('train, round-trip, and take a share of every attention row', async () => {
    const trainer = await createTrainer(options);
    const plain = await createTrainer({ ...options, model: { ...options.model, sinkLogits: false } });
    expect(trainer.parameters - plain.parameters).toBe(2 * 2); // one logit per head and layer
    plain.dispose();
    trainer.step(40);
    const lm = trainer.languageModel();
    trainer.dispose();
    expect(lm.config.sinkLogits).toBe(true);
    const loaded = await loadLanguageModel({ weights: lm.save() });
    expect(loaded.config.sinkLogits).toBe(true);
    loaded.dispose();

    const cached = lm.generate('the', { tokens: 30, seed: 2 });
    const recomputed = lm.generate('the', { tokens: 30, seed: 2, cache: false });
    expect(cached.text).toBe(recomputed.text);
    for (const [i, step] of cached.steps.entries())
      for (let j = 0; j < step.attention.length; j++)
        expect(step.attention[j]).toBeCloseTo(recomputed.steps[i].attention[j], 5);
    const shares = sinkLogitShares(cached, 2, 2);
    for (const layer of shares)
      for (const share of layer) (expect(share).toBeGreaterThan(0), expect(share).toBeLessThan(1));
    // By hand for one head of one step: 1 − its row's sum.
    const { attention, length } = cached.steps[0];
    const first = 1 - attention.subarray(0, length).reduce((a, b) => a + b, 0);
    expect(sinkLogitShares({ ...cached, steps: [cached.steps[0]] }, 2, 2)[0][0]).toBeCloseTo(first, 6);
    lm.dispose();
  });

  it('gives a model without sink logits rows that sum to 1, and refuses a sinkLogits that is not a boolean', async () => {
    const trainer = await createTrainer({ ...options, model: { ...options.model, sinkLogits: false }, steps: 2 });
    const lm = trainer.languageModel();
    for (const layer of sinkLogitShares(lm.generate('a', { tokens: 5 }), 2, 2))
      for (const share of layer) expect(Math.abs(share)).toBeLessThan(1e-6);
    lm.dispose();
    trainer.dispose();
    await expect(createTrainer({ ...options, model: { ...options.model, sinkLogits: 1 } })).rejects.toThrow(TypeError);
  });
});

// Early stopping as the Generate view's worker keeps it (web/src/generate/best-checkpoint.js), on the real module:
// a short text that a small model overfits, measured every 20 steps; the run kept at its best held-out measurement
// continues exactly as the run went on from there (the same losses, scores and final weight file, bit for bit),
// and its weight file is the run's at that step.
import { describe, expect, it } from 'vitest';
import { createTrainer } from '../../../web/lib/index.js';
import { BestCheckpoint } from '../../../web/src/generate/best-checkpoint.js';

// A short story: a few hundred characters, read over and over until it is known by heart.
const corpus = [
  'The old keeper walked to the lighthouse every night and lit the lamp for the ships.',
  'One winter a storm broke the glass, and the keeper climbed the stairs with a candle.',
  'The ships saw the small light and turned away from the rocks, and in the morning',
  'the keeper mended the glass and slept until the evening came again.',
].join('\n');
const backend = 'wasm-simd128';
const options = {
  backend,
  seed: 3,
  dataSeed: 4,
  steps: 160,
  batchSize: 8,
  learningRate: 0.02,
  model: { dModel: 32, heads: 2, ffn: 64, layers: 1 },
  task: { corpus, context: 32, heldOut: 0.2 },
};
const every = 20;

describe('the run kept at its best held-out measurement', () => {
  it('continues exactly as the run went on from its best step, and holds that step’s weights', async () => {
    const straight = await createTrainer(options);
    const best = new BestCheckpoint();
    const losses = [];
    const scores = [];
    const weightsAt = new Map();
    const measure = (step) => {
      const { bitsPerCharacter } = straight.evaluate({ count: 2048 });
      scores.push({ step, bitsPerCharacter });
      best.offer(straight, step, bitsPerCharacter);
      weightsAt.set(step, straight.save());
    };
    measure(0);
    for (let step = every; step <= options.steps; step += every) {
      losses.push(...straight.step(every).losses);
      measure(step);
    }
    const lowest = scores.reduce((a, b) => (b.bitsPerCharacter < a.bitsPerCharacter ? b : a));
    expect(best.kept.step).toBe(lowest.step);
    // The text is learned by heart: held-out rose after its best, which is not the run's end.
    expect(best.kept.step).toBeGreaterThan(0);
    expect(best.kept.step).toBeLessThan(options.steps);
    expect(scores.at(-1).bitsPerCharacter).toBeGreaterThan(lowest.bitsPerCharacter);

    const { step, checkpoint, weights } = best.copy();
    expect(weights).toEqual(weightsAt.get(step));
    const continued = await createTrainer({ backend, task: { corpus }, resume: checkpoint });
    expect(continued.resumedAt).toBe(step);
    const after = [];
    for (let at = step + every; at <= options.steps; at += every) {
      after.push(...continued.step(every).losses);
      expect(continued.evaluate({ count: 2048 }).bitsPerCharacter).toBe(scores[at / every].bitsPerCharacter);
    }
    expect(after).toEqual(losses.slice(step));
    expect(continued.save()).toEqual(straight.save());
    // A copy is handed over: the kept files stay whole for the next save.
    expect(best.copy().checkpoint).toEqual(checkpoint);
    straight.dispose();
    continued.dispose();
  });
});

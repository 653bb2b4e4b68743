// Position schemes through the public API: createTrainer's model.positions ('sinusoidal', 'none', 'rope',
// 'alibi') trains, reports itself, survives the weight file (a saved model translates as the trainer's own), is
// refused when it cannot be, and evaluateLengths scores a sequence task at every length up to 16.
import { describe, expect, it } from 'vitest';
import { createTrainer, loadTranslator } from '../../../web/lib/index.js';

const backend = 'wasm-simd128';
const quick = { task: 'reverse', steps: 150, sequenceLength: { min: 1, max: 4 }, backend };

describe('position schemes', () => {
  it.each(['sinusoidal', 'none', 'rope', 'alibi'])(
    '%s: trains, says so, and the weight file keeps it',
    async (positions) => {
      const trainer = await createTrainer({ ...quick, model: { positions } });
      expect(trainer.options.model.positions).toBe(positions);
      trainer.step(quick.steps);
      const live = trainer.translator();
      expect(live.config.positions).toBe(positions);
      expect(live.config.ablations.noPositions).toBe(positions === 'none');
      const saved = await loadTranslator({ weights: trainer.save(), backend });
      expect(saved.config.positions).toBe(positions);
      // float16 weights: the same answers on sequences the model has learnt
      for (const sequence of ['1 2', '3 1 4', '9 8 7 6'])
        expect(saved.translate(sequence).target).toEqual(live.translate(sequence).target);
      live.dispose();
      saved.dispose();
      trainer.dispose();
    },
  );

  it('evaluateLengths scores every length from 1 to longest; learnt lengths well, lengths never seen worse', async () => {
    const trainer = await createTrainer({ ...quick, steps: 300, model: { positions: 'sinusoidal' } });
    trainer.step(300);
    const rows = trainer.evaluateLengths({ longest: 8, count: 40 });
    expect(rows.map((r) => r.length)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const row of rows) {
      expect(row.total).toBeGreaterThan(0);
      expect(row.exact).toBeLessThanOrEqual(row.total);
    }
    const share = (from, to) => {
      const some = rows.filter((r) => r.length >= from && r.length <= to);
      return some.reduce((s, r) => s + r.exact, 0) / some.reduce((s, r) => s + r.total, 0);
    };
    expect(share(2, 4)).toBeGreaterThan(0.8); // trained on 1-4
    expect(share(6, 8)).toBeLessThan(share(2, 4)); // sinusoids for positions 5-8 were never trained
    expect(trainer.evaluateLengths({ longest: 16, count: 5 })).toHaveLength(16);
    trainer.dispose();
  });

  it('refuses what cannot be, naming it', async () => {
    await expect(createTrainer({ ...quick, model: { positions: 'learned' } })).rejects.toThrow(
      /createTrainer: model.positions must be 'sinusoidal', 'none', 'rope' or 'alibi', got 'learned'/,
    );
    await expect(createTrainer({ ...quick, model: { positions: 4 } })).rejects.toThrow(TypeError);
    await expect(
      createTrainer({ ...quick, model: { positions: 'sinusoidal' }, ablations: { noPositions: true } }),
    ).rejects.toThrow(/model.positions 'sinusoidal' contradicts ablations.noPositions/);
    await expect(createTrainer({ ...quick, model: { positions: 'rope', dModel: 6, heads: 2 } })).rejects.toThrow(
      /head width dModel \/ heads = 3 must be even/,
    );
    await expect(
      createTrainer({ ...quick, model: { positions: 'alibi' }, ablations: { sigmoidGates: true } }),
    ).rejects.toThrow(/'alibi' biases a softmax/);
    // noPositions alone still means no positions at all
    const none = await createTrainer({ ...quick, ablations: { noPositions: true } });
    expect(none.options.model.positions).toBe('none');
    none.dispose();

    const translation = await createTrainer({ task: 'en-es', steps: 1, backend });
    expect(() => translation.evaluateLengths()).toThrow(/evaluateLengths: only the sequence tasks/);
    translation.dispose();
    const trainer = await createTrainer(quick);
    expect(() => trainer.evaluateLengths({ longest: 17 })).toThrow(
      /evaluateLengths: longest must be a whole number from 1 to 16/,
    );
    expect(() => trainer.evaluateLengths({ count: 0 })).toThrow(/count must be a whole number from 1 to 1000/);
    expect(() => trainer.evaluateLengths({ shortest: 2 })).toThrow(/evaluateLengths: .*shortest/);
    trainer.dispose();
  });
});

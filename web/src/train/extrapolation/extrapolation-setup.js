// The extrapolation experiment's settings and schemes, shared by the Train view's section
// (extrapolation-experiment.js), its worker and `npm run experiment:positions`, which prints the README's table.

export const positionSchemes = Object.freeze([
  ['sinusoidal', 'sinusoidal'],
  ['none', 'none'],
  ['rope', 'RoPE'],
  ['alibi', 'ALiBi'],
]);

/** Trained on lengths 1 to 8 (400 steps, a few seconds per model in a browser), asked about 1 to 16. */
export const extrapolationSetup = Object.freeze({ steps: 400, trainedUpTo: 8, longest: 16, count: 50 });

/** Trains one model of `task` with `positions` as the experiment does; its exact match by length. */
export async function runScheme(createTrainer, { task, positions, steps, trainedUpTo, longest, count, backend }) {
  const trainer = await createTrainer({
    task,
    steps,
    sequenceLength: { min: 1, max: trainedUpTo },
    model: { positions },
    ...(backend ? { backend } : {}),
  });
  try {
    trainer.step(steps);
    return trainer.evaluateLengths({ longest, count });
  } finally {
    trainer.dispose();
  }
}

/** The share of exact answers over lengths from..to of an evaluateLengths() answer. */
export function exactShare(lengths, from, to) {
  const rows = lengths.filter((row) => row.length >= from && row.length <= to);
  const total = rows.reduce((sum, row) => sum + row.total, 0);
  return total ? rows.reduce((sum, row) => sum + row.exact, 0) / total : 0;
}

// The key/value heads experiment's settings, shared by lesson 7's section (kv-heads-experiment.js), its worker
// and `npm run experiment:kv-heads`, which prints the README's table: the shipped model's width with 8 query
// heads, trained once per number of key/value heads (8: one each; 4 and 2: grouped-query; 1: multi-query).

export const kvHeadsSetup = Object.freeze({
  model: Object.freeze({ dModel: 32, heads: 8 }),
  kvHeadCounts: Object.freeze([8, 4, 2, 1]),
  count: 100, // held-out sentences scored
  // A smaller task of the grammar than the Train view's default run (5 words, 1,000 steps: train-state.js), for
  // four models in a lesson: sentences of up to 4 English words, 600 steps each.
  longestSentence: 4,
  steps: 600,
});

/**
 * Trains one model of `task` with `kvHeads` key/value heads (the Train view's default run) and scores it:
 * { kvHeads, exact, total, alignment, cacheBytesPerToken, parameters, stepsPerSecond }.
 */
export async function runKvHeads(createTrainer, { task, kvHeads, count = kvHeadsSetup.count, backend }) {
  const trainer = await createTrainer({
    task,
    longestSentence: kvHeadsSetup.longestSentence,
    steps: kvHeadsSetup.steps,
    model: { ...kvHeadsSetup.model, kvHeads },
    ...(backend ? { backend } : {}),
  });
  try {
    const started = performance.now();
    trainer.step(trainer.options.steps);
    const seconds = (performance.now() - started) / 1000;
    const { exact, total, alignment, cacheBytesPerToken } = trainer.evaluate({ count });
    return {
      kvHeads,
      exact,
      total,
      alignment,
      cacheBytesPerToken,
      parameters: trainer.parameters,
      stepsPerSecond: trainer.options.steps / seconds,
    };
  } finally {
    trainer.dispose();
  }
}

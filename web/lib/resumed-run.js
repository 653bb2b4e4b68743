// A saved run continued (createTrainer({ task: { corpus }, resume })): its options checked, and read back as a fresh
// run's would be.
import * as validate from './validate.js';

// What a continued run may be given besides its checkpoint: the text it trains on, a longer schedule and where it runs.
// Its model, tokenizer and the rest of its schedule are the saved run's.
const resumeKeys = new Set(['backend', 'threads', 'resume', 'task', 'steps']);

export function requireCorpus(task) {
  if (typeof task.corpus !== 'string')
    throw new TypeError(`options.task.corpus must be a string, got ${validate.describe(task.corpus)}`);
}

/** A continued run's options checked: { checkpoint: Uint8Array, steps (NaN: the saved schedule's) }. */
export function resolveResumeOptions(options) {
  const task = validate.requireObject(options.task, 'options.task');
  requireCorpus(task);
  const other = [
    ...Object.keys(options).filter((key) => !resumeKeys.has(key)),
    ...Object.keys(task)
      .filter((key) => key !== 'corpus')
      .map((key) => `task.${key}`),
  ];
  if (other.length > 0) {
    throw new RangeError(
      `options.${other[0]}: a continued run keeps the model, tokenizer and schedule it was saved with; give only task.corpus, steps (a longer schedule), resume, and backend or threads`,
    );
  }
  const { resume } = options;
  if (!(resume instanceof Uint8Array) && !(resume instanceof ArrayBuffer)) {
    throw new TypeError(
      `options.resume must be a training checkpoint (trainer.checkpoint()'s Uint8Array or an ArrayBuffer), got ${validate.describe(resume)}`,
    );
  }
  return {
    checkpoint: resume instanceof Uint8Array ? resume : new Uint8Array(resume),
    steps: validate.optionalNumber(options.steps, 'options.steps', NaN),
  };
}

/**
 * A continued run's options as a fresh run's would read: its shape, tokenizer and schedule from its checkpoint
 * (the seed that initialised it is not kept: null).
 */
export function resumedOptions(created, characters) {
  const { config, schedule, tokenizer } = created;
  return Object.freeze({
    task: Object.freeze({
      tokenizer: tokenizer.kind,
      merges: tokenizer.merges,
      context: config.context,
      heldOut: schedule.heldOut,
      characters,
    }),
    seed: null,
    dataSeed: schedule.dataSeed,
    steps: schedule.steps,
    batchSize: schedule.batchSize,
    learningRate: schedule.learningRate,
    warmupSteps: schedule.warmupSteps,
    model: Object.freeze({
      dModel: config.dModel,
      heads: config.heads,
      kvHeads: config.kvHeads,
      ffn: config.ffn,
      layers: config.layers,
      positions: config.positions,
      activation: config.activation,
      architecture: config.architecture,
    }),
  });
}

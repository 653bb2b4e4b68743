// Keeps the view's run in "Your language models" while it trains (common/run-saves.js): after each held-out
// measurement, and when it stops or ends, its checkpoint and weight file (from the worker), its curves, scores and
// latest sample, and the learner's own text when it trained on one. A run is one entry, saved again in place.
import { RunSaves } from '../common/run-saves.js';

const sampleCharacters = 2000; // of the latest sample kept with the entry

/** The options a run keeps with its entry: its shape, tokenizer and schedule (never the text). */
export function keptOptions({ task, model, seed, dataSeed, steps, batchSize, learningRate, warmupSteps }) {
  const { tokenizer, merges, context, heldOut } = task;
  return {
    task: { tokenizer, merges, context, heldOut },
    model: { ...model },
    seed,
    dataSeed,
    steps,
    batchSize,
    learningRate,
    warmupSteps,
  };
}

/**
 * When a run is saved: after each held-out measurement while it runs, when it stops or ends, and when the choice of
 * step to keep changes (`which`: 'now', or 'best' for its best held-out measurement's).
 */
function keptMoment(run, which) {
  const measured = run.evaluations.at(-1)?.step ?? 0;
  const ended = run.status === 'paused' || run.status === 'done';
  if (run.step === 0 || !(ended || (run.status === 'running' && measured > 0))) return null;
  return `${ended ? run.status : 'measured'} ${measured} ${run.step} ${which}`;
}

export class RunKeeper {
  /**
   * @param {{ list: import('./your-language-models.js').YourLanguageModels, isCurrent: (run: object) => boolean,
   *           keepBest: () => boolean }} setup  isCurrent: whether a run is still the view's (a reset or a new run
   *   ends the saving of the old one); keepBest: whether the learner keeps the best held-out step (early stopping)
   */
  constructor({ list, isCurrent, keepBest }) {
    this.keepBest = keepBest;
    this.saves = new RunSaves({
      list,
      entry: (run) => (isCurrent(run) ? this.#entry(run) : null),
      // The run was reset or its worker lost meanwhile: the view says so, and the last save stands.
      onError: () => {},
    });
  }

  /**
   * Called on every update of the view's run once it has started (run.info). `run.kept` describes it: { id (once
   * saved), corpus: 'austen' | 'own', text (the learner's, or null), options (keptOptions', taken from the trainer's
   * resolved options when null; a continued run keeps its first run's) }.
   */
  update(run) {
    run.kept.options ??= keptOptions(run.info.options);
    this.saves.at(run, keptMoment(run, this.#which()));
  }

  /** Resolves once every save asked for so far is done (or has failed, said in the list). */
  settled() {
    return this.saves.settled();
  }

  #which() {
    return this.keepBest() ? 'best' : 'now';
  }

  /**
   * The run as it stands, or as it stood at its best held-out measurement (early stopping): its checkpoint and
   * weight file as the worker has them, and what the list shows, cut at that step (its curves, its score, a sample
   * no later).
   */
  async #entry(run) {
    const { step, checkpoint, weights } = await run.ask('snapshot', this.#which());
    const { kept } = run;
    return {
      ...(kept.id === undefined ? {} : { id: kept.id }),
      savedAt: Date.now(),
      corpus: kept.corpus,
      characters: run.info.characters,
      status: step === run.steps ? 'finished' : 'unfinished',
      step,
      steps: run.steps,
      losses: Float32Array.from(run.losses.slice(0, step)),
      evaluations: run.evaluations.filter((e) => e.step <= step),
      sample: run.sample && run.sample.step <= step ? run.sample.text.slice(0, sampleCharacters) : null,
      options: kept.options,
      files: { checkpoint, weights, text: kept.text },
    };
  }
}

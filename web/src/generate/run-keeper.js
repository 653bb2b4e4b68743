// Keeps the view's run in "Your language models" while it trains: after each held-out measurement, and when it
// stops or ends, its checkpoint and weight file (from the worker), its curves, scores and latest sample, and the
// learner's own text when it trained on one. A run is one entry, saved again in place; one save at a time.

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

export class RunKeeper {
  /**
   * @param {{ list: import('./your-language-models.js').YourLanguageModels, isCurrent: (run: object) => boolean }} setup
   *   isCurrent: whether a run is still the view's (a reset or a new run ends the saving of the old one)
   */
  constructor({ list, isCurrent }) {
    this.list = list;
    this.isCurrent = isCurrent;
    this.saving = Promise.resolve();
  }

  /**
   * Called on every update of the view's run once it has started (run.info). `run.kept` describes it: { id (once
   * saved), corpus: 'austen' | 'own', text (the learner's, or null), options (keptOptions', taken from the trainer's
   * resolved options when null; a continued run keeps its first run's) }.
   */
  update(run) {
    run.kept.options ??= keptOptions(run.info.options);
    const measured = run.evaluations.at(-1)?.step ?? 0;
    const ended = run.status === 'paused' || run.status === 'done';
    if (run.step === 0 || !(ended || (run.status === 'running' && measured > 0))) return;
    const moment = `${ended ? run.status : 'measured'} ${measured} ${run.step}`;
    if (run.kept.moment === moment) return;
    run.kept.moment = moment;
    this.saving = this.saving.then(() => this.#save(run));
  }

  /** Resolves once every save asked for so far is done (or has failed, said in the list). */
  settled() {
    return this.saving;
  }

  async #save(run) {
    if (!this.isCurrent(run)) return;
    let files;
    try {
      files = await run.ask('snapshot');
    } catch {
      return; // the run was reset or its worker lost meanwhile: the view says so, and the last save stands
    }
    const { step, checkpoint, weights } = files;
    const { kept } = run;
    const id = await this.list.save({
      ...(kept.id === undefined ? {} : { id: kept.id }),
      savedAt: Date.now(),
      corpus: kept.corpus,
      characters: run.info.characters,
      status: step === run.steps ? 'finished' : 'unfinished',
      step,
      steps: run.steps,
      losses: Float32Array.from(run.losses.slice(0, step)),
      evaluations: run.evaluations.filter((e) => e.step <= step),
      sample: run.sample ? run.sample.text.slice(0, sampleCharacters) : null,
      options: kept.options,
      files: { checkpoint, weights, text: kept.text },
    });
    if (id !== null) kept.id = id;
  }
}

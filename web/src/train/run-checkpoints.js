// A run saved in the browser with its weights, options, scores and curves (see saved-models.js): every few seconds
// while it trains and when it is paused (as unfinished, so that a reload, a crash or a killed tab loses at most
// those seconds), and once finished; each save of a run replaces its last. Its own file because when to save and
// what a saved run holds are one rule, apart from drawing the run.
import { describeRun } from './run-description.js';
import { isLanguageTask } from './train-state.js';

// A run under way is saved this often, so that a reload or a crash loses at most these seconds of training.
const checkpointMilliseconds = 3000;

export class RunCheckpoints {
  /**
   * @param {{ worker: import('./worker-session.js').WorkerSession, yourModels: import('./your-models.js').YourModels,
   *           probe: () => string, onError: (error: Error) => void }} options  worker: whose model is saved;
   *   yourModels: the list that saves it; probe: the probe sentence a saved sequence model opens with
   */
  constructor({ worker, yourModels, probe, onError }) {
    this.worker = worker;
    this.yourModels = yourModels;
    this.probe = probe;
    this.onError = onError;
  }

  /** After each update of `run`: saved once finished, when paused at a new step, and every few seconds running. */
  afterUpdate(run) {
    if (run.status === 'done' && !run.kept) {
      run.kept = true;
      void this.#keep(run, 'finished'); // #save says its own failures
    } else if (
      run.status === 'paused'
        ? run.keptStep !== run.step
        : run.status === 'running' && performance.now() - (run.keptAt ?? performance.now()) > checkpointMilliseconds
    ) {
      void this.#keep(run, 'unfinished');
    }
    run.keptAt ??= performance.now(); // the first checkpoint a few seconds into the run
  }

  /** One save after another: a run's saves replace each other, so they must land in order. */
  async #keep(run, status) {
    run.keptAt = performance.now();
    run.keptStep = run.step;
    run.saving = (run.saving ?? Promise.resolve()).then(() => this.#save(run, status));
    await run.saving;
  }

  async #save(run, status) {
    if (status === 'unfinished' && run.kept) return; // finished while this checkpoint waited its turn
    try {
      const weights = await run.ask('save');
      const examples = isLanguageTask(run.task) ? [] : await run.ask('examples', 8);
      const last = run.evaluations.at(-1);
      const final = run.finalEvaluation ?? last;
      const { task, ...options } = run.options; // pasted pairs stay in their own entry, not in every model's
      run.savedId =
        (await this.yourModels.save({
          ...(run.savedId === undefined ? {} : { id: run.savedId }),
          name: describeRun(run),
          description: describeRun(run),
          savedAt: Date.now(),
          status,
          task: run.task,
          options: { ...options, task: typeof task === 'string' ? task : 'pairs' },
          step: run.step,
          steps: run.steps,
          final: final ? { exact: final.exact, total: final.total } : null,
          losses: Float32Array.from(run.losses),
          evaluations: run.evaluations.map(({ step, exact, total, alignment }) => ({ step, exact, total, alignment })),
          weights,
          examples,
          probe: this.probe(),
        })) ?? run.savedId; // null: not saved (said in the list); the next save tries again
    } catch (error) {
      this.onError(error);
    }
  }
}

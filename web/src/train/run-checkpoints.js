// A run saved in the browser with its weights, options, scores and curves (see saved-models.js): every few seconds
// of training and when it is paused (as unfinished, so that a reload, a crash or a killed tab loses at most those
// seconds), and once finished; each save of a run replaces its last (common/run-saves.js). Its own file because when
// to save and what a saved run holds are one rule, apart from drawing the run.
import { RunSaves } from '../common/run-saves.js';
import { describeRun } from './run-description.js';
import { isLanguageTask } from './train-state.js';

// A run under way is saved after each this many seconds of training, so that a reload or a crash loses at most these.
const checkpointSeconds = 3;

/** When a run is saved: once finished, when paused at a new step, and every few seconds of training. */
function checkpointMoment(run) {
  if (run.status === 'done') return 'done';
  if (run.status === 'paused') return `paused ${run.step}`;
  const seconds = Math.floor(run.trainingSeconds / checkpointSeconds);
  return run.status === 'running' && seconds > 0 ? `running ${seconds}` : null;
}

export class RunCheckpoints {
  /**
   * @param {{ yourModels: import('./your-models.js').YourModels, probe: () => string,
   *           onError: (error: Error) => void }} options  yourModels: the list that saves a run (asked of the run's
   *   own worker); probe: the probe sentence a saved sequence model opens with
   */
  constructor({ yourModels, probe, onError }) {
    this.saves = new RunSaves({ list: yourModels, entry: (run) => this.#entry(run, probe()), onError });
  }

  /** After each update of `run`. */
  afterUpdate(run) {
    this.saves.at(run, checkpointMoment(run));
  }

  /** The run as it stands: its weights and, for a task without a grammar, some of its examples, from its worker. */
  async #entry(run, probe) {
    const weights = await run.ask('save');
    const examples = isLanguageTask(run.task) ? [] : await run.ask('examples', 8);
    const final = run.finalEvaluation ?? run.evaluations.at(-1);
    const { task, ...options } = run.options; // pasted pairs stay in their own entry, not in every model's
    return {
      name: describeRun(run),
      description: describeRun(run),
      savedAt: Date.now(),
      status: run.status === 'done' ? 'finished' : 'unfinished',
      task: run.task,
      options: { ...options, task: typeof task === 'string' ? task : 'pairs' },
      step: run.step,
      steps: run.steps,
      final: final ? { exact: final.exact, total: final.total } : null,
      losses: Float32Array.from(run.losses),
      evaluations: run.evaluations.map(({ step, exact, total, alignment }) => ({ step, exact, total, alignment })),
      examples,
      probe,
      files: weights,
    };
  }
}

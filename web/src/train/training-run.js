// One training run of the Train view as the page sees it (common/worker-run.js runs the slices): between slices it
// asks the worker for a held-out score and the probe sentence's maps, and keeps what the view draws (the scores over
// time, snapshots of the probe at fixed steps, when the run first reached its target), and a final score at the end.
import { WorkerRun } from '../common/worker-run.js';
import { refusalText } from '../translation/refusal-text.js';
import { loadMessages } from '../i18n/messages.js';

export const liveEvaluationSentences = 50; // the first held-out sentences, scored at every update
export const finalEvaluationSentences = 500;
const targetExact = 0.95;

/**
 * A probe sentence the model refuses (an unknown word, too many words): why, in the page's language, as the probe
 * panel shows it. The words are the Translation view's, loaded with the first refusal.
 */
async function refusedProbe(refusal) {
  await loadMessages('translation');
  return { error: refusalText(refusal), refusal };
}

export class TrainingRun extends WorkerRun {
  /**
   * @param {{ worker: import('../common/worker-connection.js').WorkerConnection, options: object,
   *           snapshotSteps: number[], probe: () => string, onUpdate: (run: TrainingRun) => void }} setup
   *   options: createTrainer()'s; probe: the sentence probed now
   */
  constructor({ worker, options, snapshotSteps, probe, onUpdate }) {
    super({ worker, options, onUpdate });
    this.snapshotSteps = snapshotSteps;
    this.probeSentence = probe;
    this.evaluations = []; // { step, exact, total, alignment, alignmentHead, cacheBytesPerToken }
    this.snapshots = new Map(); // step → probe result
    this.probe = null;
    this.finalEvaluation = null;
    this.secondsToTarget = null; // when the live score first reached 95% exact
    this.stepToTarget = null;
  }

  async begin(info) {
    this.task = info.options.task; // 'en-es', a sequence task, or 'pairs'
    await this.#observe();
  }

  sliceEnd() {
    return this.snapshotSteps.find((s) => s > this.step) ?? this.steps;
  }

  async afterSlice(report) {
    this.learningRate = report.learningRate;
    this.gradientNorm = report.gradientNorm;
    const evaluation = await this.#observe();
    if (this.secondsToTarget === null && evaluation.total > 0 && evaluation.exact >= targetExact * evaluation.total) {
      // training and scoring time, until the score was known
      this.secondsToTarget = this.trainingSeconds + (performance.now() - this.sliceStartedAt) / 1000;
      this.stepToTarget = this.step;
    }
  }

  async finish() {
    this.finalEvaluation = await this.ask('evaluate', finalEvaluationSentences);
  }

  /** The worker's probe of the sentence now: its translation and maps, or why the model refuses it. */
  async #probe() {
    const probe = await this.ask('probe', this.probeSentence());
    return probe.refusal ? refusedProbe(probe.refusal) : probe;
  }

  /** Scores the model and probes the sentence at the current step; keeps a snapshot at the strip's steps. */
  async #observe() {
    const [evaluation, probe] = await Promise.all([this.ask('evaluate', liveEvaluationSentences), this.#probe()]);
    this.evaluations.push({
      step: this.step,
      exact: evaluation.exact,
      total: evaluation.total,
      alignment: evaluation.alignment,
      alignmentHead: evaluation.alignmentHead,
      cacheBytesPerToken: evaluation.cacheBytesPerToken,
    });
    this.probe = probe;
    if (this.snapshotSteps.includes(this.step) && !this.snapshots.has(this.step)) this.snapshots.set(this.step, probe);
    return evaluation;
  }

  /** The probe again for another sentence, at the current step (while paused or done). */
  async reprobe() {
    if (this.status === 'idle' || this.status === 'starting' || this.status === 'failed') return;
    await this.settled();
    try {
      this.probe = await this.#probe();
    } catch (error) {
      this.fail(error); // the worker is gone: the run cannot go on either
      return;
    }
    this.onUpdate(this);
  }
}

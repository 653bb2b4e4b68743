// One training run of the language model as the page sees it (common/worker-run.js runs the slices): it asks the
// worker for the held-out bits per character every `evaluateEvery` steps and for a sample of what the model writes
// every few seconds, and keeps what the view draws (the measurements, the latest sample) and, for a continued run,
// its past.
import { WorkerRun } from '../common/worker-run.js';

const sampleMilliseconds = 3000; // a new sample of the model's writing this often while training
export const heldOutTokens = 2048; // held-out tokens measured each time (the first ones: the same text every time)

/** Measurements along a run: about a dozen, at round steps (every 10, 25, 50, 100… steps). */
export function evaluationInterval(steps) {
  const rough = steps / 12;
  return [10, 25, 50, 100, 250, 500].find((n) => n >= rough) ?? 500;
}

export class LanguageModelRun extends WorkerRun {
  /**
   * @param {{ worker: import('../common/worker-connection.js').WorkerConnection, options: object,
   *           sampleRequest: () => { prompt: string, options: object }, onUpdate: (run: LanguageModelRun) => void,
   *           saved?: { step: number, steps: number, losses: number[], evaluations: object[], sample: string | null },
   *           kept: { id?: number, corpus: string, text: string | null, options: object | null, moment?: string } }} setup
   *   options: createTrainer()'s (a saved run's continued: { task: { corpus }, resume, steps }); sampleRequest: the
   *   prompt and generation options of the live sample, read when taken; saved: a continued run's past, drawn as its
   *   own; kept: how "Your language models" keeps it (run-keeper.js)
   */
  constructor({ worker, options, sampleRequest, onUpdate, saved = null, kept }) {
    super({ worker, options, onUpdate, step: saved?.step ?? 0, losses: saved?.losses ?? [] });
    this.kept = kept;
    this.sampleRequest = sampleRequest;
    this.steps = options.steps ?? saved.steps;
    this.evaluateEvery = evaluationInterval(this.steps);
    this.evaluations = saved ? [...saved.evaluations] : []; // { step, bitsPerCharacter, unigram, bigram }
    this.sample = saved?.sample ? { step: saved.step, text: saved.sample } : null; // { step, prompt (not kept with a saved run), text }
    this.lastSampleAt = -Infinity;
  }

  get baselines() {
    return this.evaluations[0] ?? null;
  }

  /** `info`: the tokenizer, tokens, model shape, first merges, and where a continued run takes up. */
  async begin(info) {
    this.step = info.resumedAt;
    this.steps = info.steps;
    this.evaluateEvery = evaluationInterval(this.steps);
    await this.#evaluate(); // step 0: a random model, and the baselines from the start (a continued run: measured)
  }

  sliceEnd() {
    return (Math.floor(this.step / this.evaluateEvery) + 1) * this.evaluateEvery;
  }

  async afterSlice(report) {
    if (report.done || this.step % this.evaluateEvery === 0) await this.#evaluate();
    if (report.done || performance.now() - this.lastSampleAt >= sampleMilliseconds) await this.#sample();
  }

  /** Stopped between measurements: measured where it stopped, so that what is saved is scored at its own step. */
  async stopped() {
    await this.#evaluate();
  }

  async #evaluate() {
    if (this.evaluations.at(-1)?.step === this.step) return;
    this.evaluations.push(await this.ask('evaluate', heldOutTokens));
  }

  async #sample() {
    const { prompt, options } = this.sampleRequest();
    this.sample = await this.ask('sample', prompt, options);
    this.lastSampleAt = performance.now();
  }
}

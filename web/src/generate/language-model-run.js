// One training run of the language model as the page sees it: it asks the worker for a quarter of a second of
// training at a time, for the held-out bits per character every `evaluateEvery` steps, and for a sample of what the
// model writes every few seconds; it keeps what the view draws (every step's loss, the measurements, the latest
// sample, the speed). Stopping is not asking for more, so the step count really stays where it is.

import { reportedError } from '../common/worker-errors.js';

const sliceMilliseconds = 250;
const sampleMilliseconds = 3000; // a new sample of the model's writing this often while training
export const heldOutTokens = 2048; // held-out tokens measured each time (the first ones: the same text every time)

/** Measurements along a run: about a dozen, at round steps (every 10, 25, 50, 100… steps). */
export function evaluationInterval(steps) {
  const rough = steps / 12;
  return [10, 25, 50, 100, 250, 500].find((n) => n >= rough) ?? 500;
}

export class LanguageModelRun {
  /**
   * @param {{ session: import('./generate-session.js').GenerateSession, options: object,
   *           sampleRequest: () => { prompt: string, options: object }, onUpdate: (run: LanguageModelRun) => void,
   *           saved?: { step: number, steps: number, losses: number[], evaluations: object[], sample: string | null },
   *           kept: { id?: number, corpus: string, text: string | null, options: object | null, moment?: string } }} setup
   *   options: createTrainer()'s (a saved run's continued: { task: { corpus }, resume, steps }); sampleRequest: the
   *   prompt and generation options of the live sample, read when taken; saved: a continued run's past, drawn as its
   *   own; kept: how "Your language models" keeps it (run-keeper.js)
   */
  constructor({ session, options, sampleRequest, onUpdate, saved = null, kept }) {
    this.kept = kept;
    this.session = session;
    this.options = options;
    this.sampleRequest = sampleRequest;
    this.onUpdate = onUpdate;
    this.status = 'idle'; // idle → starting → running ⇄ stopping → stopped … → done (or failed)
    this.step = saved?.step ?? 0;
    this.steps = options.steps ?? saved.steps;
    this.evaluateEvery = evaluationInterval(this.steps);
    this.losses = saved ? [...saved.losses] : [];
    this.evaluations = saved ? [...saved.evaluations] : []; // { step, bitsPerCharacter, unigram, bigram }
    this.sample = saved?.sample ? { step: saved.step, text: saved.sample } : null; // { step, text }
    this.info = null; // the worker's start(): tokenizer, tokens, model shape, first merges
    this.trainingSeconds = 0;
    this.stepsPerSecond = NaN;
    this.lastSampleAt = -Infinity;
    this.error = null;
    this.loop = null;
  }

  get baselines() {
    return this.evaluations[0] ?? null;
  }

  async start() {
    this.status = 'starting';
    this.onUpdate(this);
    try {
      const started = await this.session.ask(this.session.remote.start(this.options));
      if (started.error) throw reportedError(started.error);
      this.info = started;
      this.step = started.resumedAt;
      this.steps = started.steps;
      this.evaluateEvery = evaluationInterval(this.steps);
      await this.#evaluate(); // step 0: a random model, and the baselines from the start (a continued run: measured)
      this.status = 'running';
      this.onUpdate(this);
      this.loop = this.#run();
    } catch (error) {
      this.#fail(error);
    }
  }

  /** Stops asking for more training: 'stopping' until the quarter second under way is back, then 'stopped'. */
  stop() {
    if (this.status === 'running') this.status = 'stopping';
    this.onUpdate(this);
  }

  resume() {
    if (this.status !== 'stopped') return;
    this.status = 'running';
    this.onUpdate(this);
    this.loop = this.loop.then(() => this.#run());
  }

  /** Resolves once the worker is idle (the slice under way finished). */
  settled() {
    return this.loop ?? Promise.resolve();
  }

  async #run() {
    const { session } = this;
    try {
      while (this.status === 'running') {
        const started = performance.now();
        const nextEvaluation = (Math.floor(this.step / this.evaluateEvery) + 1) * this.evaluateEvery;
        const report = await session.ask(session.remote.advance(sliceMilliseconds, nextEvaluation));
        const steps = report.step - this.step;
        this.losses.push(...report.losses);
        this.step = report.step;
        if (report.done || this.step % this.evaluateEvery === 0) await this.#evaluate();
        if (report.done || performance.now() - this.lastSampleAt >= sampleMilliseconds) await this.#sample();
        const seconds = (performance.now() - started) / 1000;
        this.trainingSeconds += seconds;
        const rate = steps / seconds;
        this.stepsPerSecond = Number.isFinite(this.stepsPerSecond) ? 0.7 * this.stepsPerSecond + 0.3 * rate : rate;
        if (report.done) this.status = 'done';
        this.onUpdate(this);
      }
      if (this.status === 'stopping') {
        this.status = 'stopped';
        this.onUpdate(this);
      }
    } catch (error) {
      this.#fail(error);
    }
  }

  async #evaluate() {
    if (this.evaluations.at(-1)?.step === this.step) return;
    this.evaluations.push(await this.session.ask(this.session.remote.evaluate(heldOutTokens)));
  }

  async #sample() {
    const { prompt, options } = this.sampleRequest();
    this.sample = await this.session.ask(this.session.remote.sample(prompt, options));
    this.lastSampleAt = performance.now();
  }

  #fail(error) {
    this.status = 'failed';
    this.error = error;
    this.onUpdate(this);
  }
}

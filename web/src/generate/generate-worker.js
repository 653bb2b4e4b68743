// The Generate view's Web Worker: owns the language model's trainer (web/lib's createTrainer({ task: { corpus } }))
// and a copy of its weights to write with, or a model opened from a weight file (the one the site ships), so that
// neither training nor generating ever blocks the page. The page
// drives it with short calls (train a quarter of a second, measure, write), so stopping is simply not asking for more.
// Every answer is data, a failure's included (common/worker-answers.js).
import {
  createTrainer,
  inductionExperiment,
  inductionScores,
  loadLanguageModel,
  sinkExperiment,
  sinkHeads,
  sinkLogitShares,
  streamingReadings,
} from '../../lib/index.js';
import { BestCheckpoint } from './best-checkpoint.js';
import { modelPrefix, readablePieces } from './token-pieces.js';
import { trainFor } from '../common/train-for.js';
import { exposeAnswers, transferred } from '../common/worker-answers.js';
import { gpt2Calls } from './gpt2-in-worker.js';

/** @type {import('../../lib/index.js').LanguageModelTrainer | null} */
let trainer = null;
let step = 0; // the trainer's step, as the last advance() left it
let best = new BestCheckpoint(); // the run at its best held-out measurement (early stopping)
let model = null; // { lm, step }: the weights generate() writes with, copied at `step` (or opened: no trainer)
let written = null; // the last generation's prompt and tokens, for the model's own distribution at one of its steps
let generations = 0; // generations written: each is named by its count, so a question names the one it is about
let induction = null; // the induction-head experiment: its own trainer and probe strings, beside the learner's run
let sinks = null; // the sinks-and-windows experiment: its trainer, the text it reads, the window

/**
 * generate()'s options for `lm`: the view's thread count where the model's build has threads, else one (an opened
 * model's build may have none: web/lib refuses more there).
 */
const writingOptions = (lm, options) => ({
  ...options,
  threads: lm.backend.endsWith('-threads') ? options.threads : 1,
});

/** A copy of the current weights to write with: kept while training has not moved on, else made afresh. */
function currentModel() {
  if (trainer && model?.step !== step) {
    model?.lm.dispose();
    model = { lm: trainer.languageModel(), step };
  }
  return model.lm;
}

/** The experiment's model now: its step, and each head's scores and the loss on each half of the probe strings. */
function inductionMeasure() {
  const lm = induction.trainer.languageModel();
  try {
    return { step: induction.step, steps: induction.steps, ...inductionScores(lm, induction.probe) };
  } finally {
    lm.dispose();
  }
}

const session = {
  /**
   * Instantiates the language model's module before the first start (compiling it then would delay the first
   * step): a throwaway trainer on a sentence. A failure is left to start() to report.
   */
  async warm(threads = 1) {
    try {
      const corpus = 'Compile the module now, so that Start begins at once.';
      const options = { steps: 1, threads, model: { dModel: 8, heads: 1, ffn: 8, layers: 1 } };
      (await createTrainer({ ...options, task: { corpus, context: 8 } })).dispose();
    } catch {
      // start() reports it
    }
  },

  /**
   * A fresh trainer for `options` (replacing any other), or a saved run continued (options.resume): its tokenizer,
   * the corpus's tokens, the model's shape, and the first byte-pair merges learned (a refusal of the options or the
   * text is the answer's error).
   * @param {import('../../lib/index.js').LanguageModelTrainerOptions} options
   */
  async start(options) {
    // Made before the model there was is let go: a refused text (too short, say) leaves it to write with.
    const started = await createTrainer(options);
    session.dispose();
    trainer = started;
    step = trainer.resumedAt;
    return trainerInfo(trainer);
  },

  /**
   * What `options` would make of their text before any training (a trainer built and let go at once, the view's
   * own untouched): the tokenizer, the tokens, the parameter count, for the form's summary.
   */
  async preview(options) {
    const previewed = await createTrainer(options);
    try {
      return trainerInfo(previewed);
    } finally {
      previewed.dispose();
    }
  },

  /**
   * Opens a weight file to write with (replacing any trainer), trained for `trainedSteps` (null: not known): the
   * model's shape and tokenizer (a refusal of the file is the answer's error).
   * @param {Uint8Array} weights  @param {number | null} trainedSteps
   */
  async open(weights, trainedSteps) {
    session.dispose();
    const lm = await loadLanguageModel({ weights });
    step = trainedSteps;
    model = { lm, step };
    return { config: lm.config, tokenizer: lm.tokenizer, backend: lm.backend };
  },

  /** The weight file of the model generate() writes with (the run's current weights, or the opened model). */
  save() {
    return currentModel().save();
  },

  /**
   * The run as it stands (`which`: 'now'), or as it stood at its best held-out measurement ('best'), to keep in this
   * browser: its step, checkpoint (to continue it) and weight file (to write with it, or download), handed over.
   */
  snapshot(which = 'now') {
    const files =
      which === 'best' && best.kept ? best.copy() : { checkpoint: trainer.checkpoint(), weights: trainer.save(), step };
    return transferred(files, [files.checkpoint.buffer, files.weights.buffer]);
  },

  /** Trains for about `milliseconds` (at least one step), never past `untilStep`: each step's loss, and the time. */
  advance(milliseconds, untilStep = Infinity) {
    const { report, losses, seconds } = trainFor(trainer, milliseconds, untilStep);
    step = report.step;
    return { step, done: report.done, losses, seconds };
  },

  /**
   * Held-out bits per character, beside the unigram and bigram models', on the first `count` held-out tokens (fewer
   * when the held-out part is shorter: `tokens`, those measured).
   */
  evaluate(count) {
    const { bitsPerCharacter, tokens, baselines } = trainer.evaluate({ count });
    best.offer(trainer, step, bitsPerCharacter);
    return {
      step,
      bitsPerCharacter,
      tokens,
      unigram: baselines.unigram.bitsPerCharacter,
      bigram: baselines.bigram.bitsPerCharacter,
    };
  },

  /**
   * What the model writes now after `prompt` (a copy of the current weights, freed at once), with its prompt: for
   * the live sample.
   */
  sample(prompt, options) {
    const lm = trainer.languageModel();
    try {
      // split characters put back together, stray bytes as <0xNN> as the strip shows them (not U+FFFD)
      return { step, prompt, text: readablePieces(lm.generate(prompt, options).steps.map((written) => written.text)) };
    } finally {
      lm.dispose();
    }
  },

  /** lm.generate() with the current weights, and the model's shape and the step it was trained to. */
  generate(prompt, options) {
    const lm = currentModel();
    const generation = lm.generate(prompt, writingOptions(lm, options));
    generations += 1;
    written = {
      id: generations,
      prompt,
      promptTokens: Array.from(generation.promptTokens),
      steps: generation.steps,
      at: step,
    };
    return { ...generation, id: generations, config: lm.config, trainedSteps: step };
  },

  /**
   * `prompt` written on greedily and sampled with `options` (lesson 9's side by side): the two texts; the generation
   * the view shows (and its token's distribution) stays the last one written.
   */
  decodingPair(prompt, options) {
    const lm = currentModel();
    const write = (decoding) => lm.generate(prompt, { ...options, ...decoding, top: 1 }).text;
    return { greedy: write({ decoding: 'greedy' }), sampled: write({ decoding: 'sample' }) };
  },

  /** The same generation with the cache and recomputing each step: both times, and whether the tokens matched. */
  compare(prompt, options) {
    const lm = currentModel();
    const cached = lm.generate(prompt, { ...writingOptions(lm, options), cache: true });
    const recomputed = lm.generate(prompt, { ...writingOptions(lm, options), cache: false });
    const a = cached.steps.map((s) => s.id);
    const b = recomputed.steps.map((s) => s.id);
    const firstDifference = a.findIndex((token, i) => token !== b[i]);
    return {
      tokens: a.length,
      cachedSeconds: cached.seconds,
      recomputedSeconds: recomputed.seconds,
      sameText: cached.text === recomputed.text,
      firstDifference,
    };
  },

  /**
   * The model's own distribution (softmax of its logits: temperature 1, no top-k or top-p) before generated token
   * `index` of generation `id` (the last one written), whatever it was drawn with: the prompt and the tokens before it, written as
   * text, are the prompt of a one-token generation. Exact when that text tokenizes back to the same tokens (a
   * generated byte of a split character, or byte pairs written unmerged, may not): { top (its 64 most likely,
   * so that the chosen token is among them), exact }, or null once another generation was written or training
   * moved the weights on (the generation's weights are gone).
   */
  modelDistribution(id, index) {
    if (written?.id !== id || index >= written.steps.length || written.at !== step) return null;
    const lm = currentModel();
    const { text, tokens } = modelPrefix(written, index);
    const ids = Array.from(lm.tokenize(text).ids);
    const exact = ids.length === tokens.length && ids.every((id, i) => id === tokens[i]);
    if (!exact) return { top: [], exact };
    const options = { tokens: 1, outputTemperature: 1, topK: 0, topP: 1, top: 64, cache: true };
    return { top: lm.generate(text, options).steps[0].top, exact };
  },

  /**
   * A fresh induction-head experiment of `layers` layers (web/lib's inductionExperiment), replacing any other: its
   * first measurement, trained on `threads` threads.
   * @param {1 | 2} layers  @param {number} threads
   */
  async startInduction(layers, threads) {
    induction?.trainer.dispose();
    induction = null;
    const { trainerOptions, probe } = inductionExperiment({ layers });
    const trainer = await createTrainer({ ...trainerOptions, threads });
    induction = { trainer, probe, step: 0, steps: trainerOptions.steps };
    return inductionMeasure();
  },

  /** Trains the experiment `count` more steps (never past its last) and measures it again. */
  advanceInduction(count) {
    const report = induction.trainer.step(Math.min(count, induction.steps - induction.step));
    induction.step = report.step;
    return inductionMeasure();
  },

  /**
   * A fresh sinks-and-windows experiment (web/lib's sinkExperiment on `corpus`), replacing any other: { step, steps }
   * (the recipe's refusal as the answer's error).
   * @param {string} corpus  @param {{ positions: 'rope' | 'alibi' | 'sinusoidal', window: boolean, sinkLogits: boolean, steps: number, threads: number }} choice
   */
  async startSinks(corpus, { positions, window, sinkLogits, steps, threads }) {
    sinks?.trainer.dispose();
    sinks = null;
    const recipe = sinkExperiment({ corpus, positions, trainedWindow: window ? 32 : 0, sinkLogits, steps });
    sinks = { trainer: await createTrainer({ ...recipe.trainerOptions, threads }), recipe, step: 0, steps };
    return { step: 0, steps };
  },

  /** Trains the experiment for about `milliseconds` (never past its last step): { step, steps }. */
  advanceSinks(milliseconds) {
    const { report } = trainFor(sinks.trainer, milliseconds, sinks.steps);
    sinks.step = report.step;
    return { step: sinks.step, steps: sinks.steps };
  },

  /**
   * The model as it stands, reading the held-out text past its context every StreamingLLM way (streamingReadings:
   * every key, the window cached and recomputed, 1, 2 and 4 first tokens kept) and each head's share of attention on
   * the first token (sinkHeads); its bits per character inside its context (`inside`, the readings' yardstick), its
   * shape's numbers the sentences use, and with sink logits the share they took writing 256 tokens (sinkLogitShares):
   * { step, window, trainedWindow, characters, readings, shares, sinkRate, inside, context, positions,
   * cacheBytesPerToken, sinkLogits, logitShares }.
   */
  readSinks() {
    const lm = sinks.trainer.languageModel();
    try {
      const { text, window } = sinks.recipe;
      const readings = streamingReadings(lm, text, { window });
      const { context, cacheBytesPerToken, sinkLogits, layers, heads } = lm.config;
      const { positions, window: trainedWindow } = sinks.recipe.trainerOptions.model;
      const writing = sinkLogits ? lm.generate(text.slice(0, context / 2), { tokens: 256, seed: 1 }) : null;
      return {
        step: sinks.step,
        window,
        trainedWindow,
        characters: text.length,
        readings,
        ...sinkHeads(lm, text),
        inside: sinks.trainer.evaluate({ count: text.length }).bitsPerCharacter,
        context,
        positions,
        cacheBytesPerToken,
        sinkLogits,
        logitShares: writing && { tokens: writing.steps.length, shares: sinkLogitShares(writing, layers, heads) },
      };
    } finally {
      lm.dispose();
    }
  },

  // GPT-2 from the learner's files, and the inside of the model written with (gpt2-in-worker.js)
  ...gpt2Calls({
    release: () => session.dispose(),
    use: (lm) => {
      model = { lm, step: null };
      step = null;
    },
    current: currentModel,
  }),

  dispose() {
    model?.lm.dispose();
    model = null;
    written = null;
    trainer?.dispose();
    trainer = null;
    step = 0;
    best = new BestCheckpoint();
  },
};

/** A trainer's tokenizer, the corpus's tokens, the model's shape and the first byte-pair merges learned. */
function trainerInfo(built) {
  const lm = built.languageModel();
  try {
    return {
      backend: built.backend,
      threads: built.threads,
      parameters: built.parameters,
      trainTokens: built.trainTokens,
      heldOutTokens: built.heldOutTokens,
      characters: built.options.task.characters,
      tokenizer: built.tokenizer,
      config: lm.config,
      firstMerges: lm.merges().slice(0, 24),
      options: built.options, // resolved: every default filled in (a continued run's, from its checkpoint)
      resumedAt: built.resumedAt, // a continued run's first step (0 for a fresh one)
      steps: built.options.steps,
    };
  } finally {
    lm.dispose();
  }
}

exposeAnswers(session);

// The Train view's Web Worker: owns the trainer (web/lib's createTrainer) so training never blocks the page.
// The page drives it with short calls (advance a quarter of a second, evaluate, probe a sentence), so pausing
// is simply not asking for more, and each answer is small: losses, scores, one sentence's maps. Every answer is
// data, a failure's included (common/worker-answers.js).
import { createTrainer, loadAttention } from '../../lib/index.js';
import { trainFor } from '../common/train-for.js';
import { exposeAnswers, transferred } from '../common/worker-answers.js';
import { errorReport } from '../common/worker-errors.js';

let trainer = null;

const session = {
  /**
   * Instantiates the module `backend` names (or the default) before the first start: the view asks for this as
   * soon as it is shown, so compiling the wasm is done by the time a person presses Start (and does not compete
   * with the page's own thread then). A failure here is left to start() to report.
   */
  async warm(backend) {
    await loadAttention(backend ? { backend } : {}).catch(() => {});
  },

  /**
   * A fresh trainer for `options` (replacing any other): its backend, parameter count and resolved options; the
   * trainer's refusal of the options (or pasted pairs) is the answer's error.
   */
  async start(options) {
    session.dispose();
    trainer = await createTrainer(options);
    return {
      backend: trainer.backend,
      threads: trainer.threads,
      parameters: trainer.parameters,
      options: trainer.options,
    };
  },

  /**
   * Trains for about `milliseconds` (at least one step), never past `untilStep`: each step's loss, the last
   * step's number, learning rate and gradient norm, whether the run is done, and the time spent training.
   */
  advance(milliseconds, untilStep = Infinity) {
    const { report, losses, seconds } = trainFor(trainer, milliseconds, untilStep);
    const { step, learningRate, gradientNorm, done } = report;
    return { step, learningRate, gradientNorm, done, losses, seconds };
  },

  /** Exact matches and alignment over the first `count` held-out sentences. */
  evaluate(count) {
    return trainer.evaluate({ count });
  },

  /**
   * The current model's translation of `sentence` with its cross-attention maps and the task's own answer
   * (rings on the map when the model's output is that answer), or { refusal } (web/lib's refusal as data, for the
   * page to say in its language) when the model does not take the sentence.
   */
  probe(sentence) {
    const translator = trainer.translator();
    try {
      const { source, target, crossAttention } = translator.translate(sentence);
      const reference = trainer.reference(sentence);
      const produced = target.filter((word) => word !== '<eos>');
      const alignment = reference && {
        ...reference,
        matchesModel:
          produced.length === reference.target.length && produced.every((word, i) => word === reference.target[i]),
      };
      return { source, target, crossAttention, alignment };
    } catch (error) {
      if (error instanceof RangeError) return { refusal: errorReport(error).error };
      throw error;
    } finally {
      translator.dispose();
    }
  },

  /** Source sentences of the task's first held-out pairs: examples for the Translation view. */
  examples(count) {
    return trainer.heldOut(count).map((pair) => pair.source);
  },

  /** The current weights as a weight file (transferred, not copied). */
  save() {
    const bytes = trainer.save();
    return transferred(bytes, [bytes.buffer]);
  },

  dispose() {
    trainer?.dispose();
    trainer = null;
  },
};

exposeAnswers(session);

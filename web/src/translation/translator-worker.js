// The Translation view's Web Worker: owns the translator (web/lib's loadTranslator), so loading the module and
// the model, and every translation, happen off the page's thread. Each answer's typed arrays are transferred,
// not copied; errors come back as data (common/worker-answers.js), so an unknown word keeps its suggestions.
import '../common/start-icu.js'; // first: while the page loads, not when it formats its first number
import { loadTranslator } from '../../lib/index.js';
import { exposeAnswers, transferred } from '../common/worker-answers.js';

let translator = null;

/** Every ArrayBuffer under `value` (typed arrays in nested arrays and objects), each once. */
function buffersIn(value, found = new Set()) {
  if (ArrayBuffer.isView(value)) {
    if (value.buffer instanceof ArrayBuffer) found.add(value.buffer); // a SharedArrayBuffer cannot be transferred
  } else if (Array.isArray(value)) {
    for (const item of value) buffersIn(item, found);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) buffersIn(item, found);
  }
  return found;
}

/** `result` with its typed arrays' buffers transferred (not copied). */
const withBuffers = (result) => transferred(result, [...buffersIn(result)]);

const session = {
  /**
   * Loads `weights` (a shipped model's name, or a weight file's bytes) on `backend` (or the default): what the page
   * needs to know of the model, with `examples` held-out sentences when it has a grammar.
   */
  async load(weights, backend, examples = 8) {
    const next = await loadTranslator({ weights, ...(backend ? { backend } : {}) });
    translator?.dispose();
    translator = next;
    const { config, maxWords, task, copiesUnknownWords, vocabulary, outputWords } = translator;
    return {
      backend: translator.backend,
      config,
      maxWords,
      task,
      copiesUnknownWords,
      vocabulary,
      outputWords,
      heldOut: task ? translator.heldOutSentences(examples) : [],
    };
  },

  /** translate(sentence, options) as web/lib answers it, with its arrays transferred. */
  translate: (sentence, options) => withBuffers(translator.translate(sentence, options)),

  /** evaluate(options) as web/lib answers it (held-out exact match, with heads switched off). */
  evaluate: (options) => withBuffers(translator.evaluate(options)),

  /** attribution(sentence, options) as web/lib answers it, with its arrays transferred. */
  attribution: (sentence, options) => withBuffers(translator.attribution(sentence, options)),

  /** attributionAgreement(options) as web/lib answers it. */
  attributionAgreement: (options) => withBuffers(translator.attributionAgreement(options)),

  dispose() {
    translator?.dispose();
    translator = null;
  },
};

exposeAnswers(session);

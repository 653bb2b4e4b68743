// The Translation view's Web Worker: owns the translator (web/lib's loadTranslator), so loading the module and
// the model, and every translation, happen off the page's thread. Each answer's typed arrays are transferred,
// not copied; errors come back as data, so an unknown word keeps its suggestions.
import * as Comlink from 'comlink';
import { loadTranslator } from '../../lib/index.js';
import { errorReport } from '../common/worker-errors.js';

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

/** { result } of `body`, its typed arrays' buffers transferred (not copied), or the error as data. */
function answer(body) {
  try {
    const result = body();
    return Comlink.transfer({ result }, [...buffersIn(result)]);
  } catch (error) {
    return errorReport(error);
  }
}

const session = {
  /**
   * Loads `model` (a shipped model's name, or a weight file's bytes) on `backend` (or the default): what the page
   * needs to know of the model, with `examples` held-out sentences when it has a grammar, or { error }.
   */
  async load(model, backend, examples = 8) {
    const next = await loadTranslator({ model, ...(backend ? { backend } : {}) }).catch((error) => error);
    if (next instanceof Error) return errorReport(next);
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

  /** translate(sentence, options) as web/lib answers it, with its arrays transferred; or { error }. */
  translate: (sentence, options) => answer(() => translator.translate(sentence, options)),

  /** evaluate(options) as web/lib answers it (held-out exact match, with heads switched off), or { error }. */
  evaluate: (options) => answer(() => translator.evaluate(options)),

  /** attribution(sentence, options) as web/lib answers it, with its arrays transferred; or { error }. */
  attribution: (sentence, options) => answer(() => translator.attribution(sentence, options)),

  /** attributionAgreement(options) as web/lib answers it, or { error }. */
  attributionAgreement: (options) => answer(() => translator.attributionAgreement(options)),

  dispose() {
    translator?.dispose();
    translator = null;
  },
};

Comlink.expose(session);

// The page's side of the translator worker (translator-worker.js): the same answers as web/lib's Translator,
// as promises. The page only draws; the module, the model and every translation live in the worker.
import { UnknownWordError } from '../../lib/index.js';
import workerUrl from './translator-worker.js?worker&url';
import { registerFontFor } from '../app/devanagari-font.js';
import { siteModelUrls } from '../app/site-models.js';
import { defaultPair } from './translation-state.js';
import { loadMessages, t } from '../i18n/messages.js';
import { WorkerConnection } from '../common/worker-connection.js';
import { reportedError } from '../common/worker-errors.js';

/** The worker's error data as the error web/lib would have thrown, its kind included. */
function rebuild(report) {
  const { name, message, readings } = report;
  if (name !== 'UnknownWordError' || !readings) return reportedError(report);
  const words = Object.keys(readings);
  return new UnknownWordError(
    message,
    words,
    words.map((word) => readings[word]),
  );
}

/**
 * A worker that does not start is said to the learner, in the page's language: the landing page starts its
 * translator before the `translation` section has arrived, so the section is loaded before the words are read.
 */
async function notStarted(reason) {
  await loadMessages('translation').catch(() => {});
  return t('translation.translator.workerNotStarted', {
    reason: reason || t('translation.translator.scriptNotLoaded'),
  });
}

export class RemoteTranslator {
  #worker;

  constructor(worker, { backend, config, maxWords, task, copiesUnknownWords, vocabulary, outputWords, heldOut }) {
    this.#worker = worker;
    // What web/lib's Translator says of itself, sent once by the worker at load (translator-worker.js).
    this.backend = backend;
    this.config = config;
    this.maxWords = maxWords;
    this.task = task;
    this.copiesUnknownWords = copiesUnknownWords; // the model has "<unk>": unknown words are carried, not refused
    this.vocabulary = vocabulary;
    this.outputWords = outputWords;
    this.heldOut = heldOut; // the first held-out sentence pairs
  }

  /**
   * A worker with `model` loaded (a shipped model's name, the package's or the site's, or a weight file's bytes,
   * which are copied), on `backend` (or the default). Rejects with the loader's TypeError or RangeError.
   * @param {{ model?: string | Uint8Array, backend?: import('../../lib/index.js').Backend }} [options]
   */
  static async load({ model = defaultPair, backend } = {}) {
    // Its first answer fetches the module and the model (half a megabyte) over what may be a slow phone's network.
    const worker = new WorkerConnection({
      script: workerUrl,
      texts: { notStarted },
      rebuild,
      startMilliseconds: 60_000,
    });
    // The library knows the package's models by name; the site's own (left out of the package) go by their URL.
    if (typeof model === 'string') registerFontFor(model);
    const bytes =
      model instanceof Uint8Array
        ? model.slice()
        : Object.hasOwn(siteModelUrls, model)
          ? siteModelUrls[model].href
          : model;
    try {
      return new RemoteTranslator(worker, await worker.ask('load', bytes, backend));
    } catch (error) {
      worker.drop();
      throw error;
    }
  }

  /** The sentence translated, as web/lib's translate() answers; rejects as it throws. */
  translate(sentence, options = {}) {
    return this.#ask('translate', sentence, options);
  }

  /** The held-out evaluation, as web/lib's evaluate() answers; rejects as it throws. */
  evaluate(options = {}) {
    return this.#ask('evaluate', options);
  }

  /** Which source words each output word depended on, as web/lib's attribution() answers; rejects as it throws. */
  attribution(sentence, options = {}) {
    return this.#ask('attribution', sentence, options);
  }

  /** The attribution agreement over held-out sentences, as web/lib answers it; rejects as it throws. */
  attributionAgreement(options = {}) {
    return this.#ask('attributionAgreement', options);
  }

  /** The worker's answer to `method`, or its error rebuilt as web/lib would have thrown it. */
  #ask(method, ...args) {
    return this.#worker.ask(method, ...args);
  }

  /** The first `count` held-out sentence pairs fetched at load (the view's examples). */
  heldOutSentences(count) {
    return this.heldOut.slice(0, count);
  }

  dispose() {
    this.#worker.drop();
  }
}

// attention-playground's public API: scaled dot-product and multi-head attention computed by the C++
// kernels in WebAssembly. Works unchanged in browsers (bundled by Vite or served as plain ES modules) and
// in Node 20. See index.d.ts for the documented types.
import {
  backends,
  moduleFor,
  resolveBackend,
  setAssetBase,
  singleThreadFallback,
  supportsRelaxedSimd,
  supportsSimd,
  supportsThreads,
} from './load-module.js';
import { attentionApi } from './attention-api.js';
import { ModelFileError, ModuleLoadError } from './errors.js';
import { checkKnownKeys } from './known-keys.js';
import * as validate from './validate.js';

export { backends, resolveBackend, setAssetBase, supportsRelaxedSimd, supportsSimd, supportsThreads };
export { loadTranslator, UnknownWordError } from './translator.js';
export { createTrainer, defaultTrainerSteps, trainerDefaults } from './trainer.js';
export { defaultTrainerThreads, maxTrainerThreads } from './trainer-threads.js';
export { languageModelDefaults, loadLanguageModel } from './language-model.js';
export { gpt2Tokenizer } from './gpt2-tokenizer.js';
export { gpt2FileNames } from './gpt2-options.js';
export { inductionExperiment, inductionScores, repeatedSequences } from './induction.js';
export { sinkExperiment, sinkHeads, sinkLogitShares, sinkThreshold, streamingReadings } from './sinks.js';
export { startWorker } from './start-worker.js';
export { ModelFileError, ModuleLoadError };

const loaded = new Map(); // backend → Promise<Attention>

/**
 * Loads the attention module: the relaxed-SIMD build where the engine has relaxed SIMD, else the SIMD128
 * build where it has SIMD, else the scalar build, each threaded in the workers of a cross-origin-isolated page;
 * or the one named by `options.backend` (a page's own thread and Node run a threaded build only when asked).
 * Rejects with a ModuleLoadError when the build cannot load; a threaded default that does not start falls back to
 * its single-thread twin instead.
 * @param {import('./index.js').LoadOptions} [options]
 * @returns {Promise<import('./index.js').Attention>}
 */
export function loadAttention(options = {}) {
  validate.requireObject(options, 'options');
  let backend;
  try {
    checkKnownKeys(options, { backend: null }, { operation: 'loadAttention' });
    backend = resolveBackend(options.backend);
  } catch (error) {
    return Promise.reject(error);
  }
  const attention = loadBuild(backend);
  if (options.backend !== undefined) return attention;
  // The fastest build was asked for: a threaded one that does not start gives way to its single-thread twin (the
  // result's backend says which runs; singleThreadFallback says why on the console).
  return attention.catch((error) => {
    const twin = singleThreadFallback(backend, error);
    if (twin === null) throw error;
    return loadBuild(twin);
  });
}

/** The API over one build, loaded once. */
function loadBuild(backend) {
  if (!loaded.has(backend)) {
    const attention = moduleFor(backend).then((module) => attentionApi(module, backend));
    attention.catch(() => loaded.delete(backend)); // a failed load (e.g. offline) may be retried
    loaded.set(backend, attention);
  }
  return loaded.get(backend);
}

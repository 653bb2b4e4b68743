// How many threads a trainer runs each step's shards on (createTrainer's `threads`), for the translator's trainer and
// the language model's alike, and the build that has them. The shards are fixed (four) and their gradients summed in
// order, so the count changes how fast a run goes, never its weights.
import { supportsThreads } from './load-module.js';
import * as validate from './validate.js';

/**
 * The most threads a trainer uses: one per shard (cpp/include/attn/training.h, Trainer::kShards). Written here, not
 * read from the module, because a page needs it before any module is loaded (the views' thread choices); the module
 * checks the same bound, and tests/web/lib/trainer-threads.test.js fails if the two differ.
 */
export const maxTrainerThreads = 4;

/** The machine's logical cores, as the page is told them (one where it is not). */
export const machineCores = () => globalThis.navigator?.hardwareConcurrency ?? 1;

/**
 * The count a trainer on a threaded build takes when not told: the machine's cores less one (the page's), at least
 * one, at most one per shard.
 */
export function defaultTrainerThreads() {
  return Math.min(Math.max(machineCores() - 1, 1), maxTrainerThreads);
}

/**
 * options.threads checked, and the build that runs it: the one asked for (`resolve` checks it), else the default, or
 * the default's threaded twin when more than one thread is asked for. A threaded build given no count takes
 * defaultTrainerThreads(), a single-thread one runs on one. The module checks the count's range (1 to 4).
 * @template {string} B
 * @param {{ backend?: any, threads?: any }} options  createTrainer's
 * @param {(requested: B | undefined) => B} resolve  the model's resolveBackend (the attention builds' or the language model's)
 * @returns {{ backend: B, threads: number }}
 */
export function trainerThreads(options, resolve) {
  const asked = validate.optionalNumber(options.threads, 'options.threads', undefined);
  let backend = resolve(options.backend);
  if (asked > 1 && !backend.endsWith('-threads')) {
    if (options.backend !== undefined) {
      throw new RangeError(`options.threads is ${asked}, but the ${backend} build runs on one thread`);
    }
    if (!supportsThreads()) {
      throw new RangeError(
        `options.threads is ${asked}, but this page cannot share memory between threads (it must be cross-origin isolated: COOP same-origin, COEP require-corp)`,
      );
    }
    backend = resolve(/** @type {B} */ (`${backend}-threads`));
  }
  return { backend, threads: asked ?? (backend.endsWith('-threads') ? defaultTrainerThreads() : 1) };
}

/**
 * options.threads of a language model's generate(), checked against the build the model is on: how many threads
 * share each generated token's products (the large ones: a model of GPT-2's widths; the module keeps a small model's
 * on one). The tokens and probabilities are the same for any count. Default: a threaded build's
 * defaultTrainerThreads(), else one; more than one on a single-thread build is refused.
 * @param {unknown} given  @param {string} backend  the model's build
 */
export function generationThreads(given, backend) {
  const threaded = backend.endsWith('-threads');
  const threads = validate.optionalNumber(given, 'options.threads', threaded ? defaultTrainerThreads() : 1);
  if (threads > 1 && !threaded) {
    throw new RangeError(
      `options.threads is ${threads}, but the model is on the ${backend} build, which runs on one thread`,
    );
  }
  return threads;
}

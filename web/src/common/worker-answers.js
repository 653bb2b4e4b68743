// A worker's side of the toolkit (worker-connection.js is the page's): its methods exposed so that every answer is
// data, { result } or { error } (worker-errors.js), never a throw. Comlink passes a thrown error's name and message
// alone, so the kind, the numbers and the suggestions a page says in the learner's language would be lost, and a
// refusal could not be told from a trap; as data they all arrive, whichever method failed.
import * as Comlink from 'comlink';
import { errorReport } from './worker-errors.js';

const transfers = new WeakMap(); // a result → the buffers handed over with it

/** `result` answered with `buffers` transferred to the page, not copied (the worker's copies become unusable). */
export function transferred(result, buffers) {
  transfers.set(result, buffers);
  return result;
}

/**
 * Exposes `methods` (name → function, sync or async) to the page through Comlink, each answering { result } or
 * { error }. `endpoint`: the worker's global scope, or a MessagePort.
 * @param {Record<string, (...args: any[]) => unknown>} methods
 * @param {Comlink.Endpoint} [endpoint]
 */
export function exposeAnswers(methods, endpoint = /** @type {any} */ (globalThis)) {
  const answering = {};
  for (const [name, method] of Object.entries(methods)) {
    answering[name] = async (...args) => {
      try {
        const result = await method(...args);
        const buffers = (result !== null && typeof result === 'object' && transfers.get(result)) || [];
        return Comlink.transfer({ result }, buffers);
      } catch (error) {
        return errorReport(error);
      }
    };
  }
  Comlink.expose(answering, endpoint);
}

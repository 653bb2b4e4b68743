// A refusal said in the page's language from its kind and the side and numbers it names (web/lib's errors carry
// them: the module's bindings set them); a refusal of a kind the page has no message for keeps web/lib's words.
import { t } from './messages.js';

/**
 * @param {Record<string, string>} kinds  web/lib's kinds → their messages' keys
 * @param {{ kind?: string, side?: string, count?: number, limit?: number, message: string }} problem
 * @param {object} [values]  values in place of the problem's own (a limit in other units, a default side)
 */
export function saidByKind(kinds, problem, values = {}) {
  const key = kinds[problem.kind ?? ''];
  if (!key) return problem.message;
  const { side = 'other', count = 0, limit = 0 } = problem;
  return t(key, { side, count, limit, ...values });
}

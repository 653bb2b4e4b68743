// Lesson 3's formula legend: what each symbol of output = softmax(Q·Kᵀ / √d_k)·V is on the lesson's screen, named
// by its map's title and given its numbers (from keysQueriesValues, at the digits the learner chose).
import { formatNumber } from '../../common/format.js';
import { words } from './kqv-math.js';

/**
 * @param {ReturnType<typeof import('./kqv-math.js').keysQueriesValues>} result
 * @param {{ axis: string, query: number, digits: number }} view
 * @returns {Record<string, string>} a meaning per symbol of drawing/attention-formula.js's formulaSymbols
 */
export function formulaMeanings(result, { axis, query, digits }) {
  const number = (value) => formatNumber(value, digits);
  const row = (m) => `[${Array.from(m.data.slice(query * m.cols, (query + 1) * m.cols), number).join(', ')}]`;
  const word = `“${words[query]}”`;
  const { q, k, v, keyWidth, rootKeyWidth } = result;
  return {
    output: `the map “output = weights · V”, a row per query (${words.length} × ${v.cols}); ${word}’s row is ${row(result.output)}.`,
    softmax:
      axis === 'rows'
        ? `taken along each row: one query’s ${k.rows} scores become ${k.rows} weights that sum to 1 (the map “weights”; ${word}’s row is ${row(result.weights)}).`
        : `meant along each row; the lesson now normalises each key’s column instead (the mistake chosen above), so the map “weights” is not this formula: switch back to rows.`,
    Q: `the map “Q = X·Wq”: X (edit it below) times Wq, a row per word, what each looks for; ${word}’s query is ${row(q)}.`,
    Kᵀ: `K, the map “K = X·Wk” (what each word offers), turned so that each key is a column: Q·Kᵀ holds every query’s dot product with every key (${q.rows} × ${k.rows}).`,
    d_k: `${keyWidth}, the width of a key (K’s columns): each dot product is divided by √d_k = ${number(rootKeyWidth)}, giving the map “scores Q·Kᵀ / √d_k” (${word}’s row ${row(result.scores)}).`,
    V: `the map “V = X·Wv”, X times Wv: what each word contributes, a row per key.`,
  };
}

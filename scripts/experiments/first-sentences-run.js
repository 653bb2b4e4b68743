// What a translation model does with the 100 sentences a newcomer types first (first-sentences.json, which says
// how they were chosen and how their references are written): for each, whether the grammar covers it (its parser
// accepts the sentence and gives its own translation), the model's translation, whether that is the reference or an
// accepted variant token for token, the unknown words the model carried (copied) and why a sentence was refused.
// `npm run experiment:first-sentences` prints it as a table; scripts/docs/code-figures.js takes docs/models.md's
// counts from the same run.
import { readFileSync } from 'node:fs';

/**
 * @typedef {{ english: string, kind: string, es: string[], ja?: string[], mr?: string[],
 *   unsure?: Record<string, string> }} FirstSentence
 * One sentence of the list: its references by target language, the first of each the reference, the rest accepted
 * variants; a language left out is one `unsure` says why.
 */

/** The list, in its order. @returns {FirstSentence[]} */
export function firstSentences() {
  return JSON.parse(readFileSync(new URL('./first-sentences.json', import.meta.url), 'utf8')).sentences;
}

const specialTokens = new Set(['<bos>', '<eos>', '<unk>']);
const questionMarks = new Set(['¿', '?']);
const withoutQuestionMarks = (text) =>
  text
    .split(' ')
    .filter((word) => !questionMarks.has(word))
    .join(' ');

/**
 * How a translation compares with a sentence's references: 'exact' (the reference or a variant, token for token),
 * 'question marks' (one of them but for its ¿ and ? tokens), 'differs', or 'no reference' (the list has none in this
 * language).
 * @param {string} output  the translation's words, separated by single spaces
 * @param {string[] | undefined} references
 */
export function verdict(output, references) {
  if (!references) return 'no reference';
  if (references.includes(output)) return 'exact';
  const bare = withoutQuestionMarks(output);
  return references.some((reference) => withoutQuestionMarks(reference) === bare) ? 'question marks' : 'differs';
}

/**
 * @typedef {{ english: string, covered: boolean, outsideGrammar: string | null, grammar: string | null,
 *   output: string | null, verdict: string | null, grammarVerdict: string | null, carried: string[],
 *   refused: string | null }} FirstSentenceRow
 * One sentence's result: `outsideGrammar` the kind of the parser's objection (null when covered), `grammar` the
 * grammar's own translation, `verdict` the model's translation against the references and `grammarVerdict` the
 * grammar's, `refused` why the model refused it ('too-long', 'unknown-words', or the error's message).
 */

/**
 * One model on the list: a row per sentence and the counts, greedy decoding (what the page shows first).
 * @param {import('../../web/lib/index.js').Translator} translator  a model of the grammar's pairs ('en-es' …)
 * @param {FirstSentence[]} [sentences]
 */
export function firstSentencesRun(translator, sentences = firstSentences()) {
  const language = translator.task?.split('-')[1];
  if (!language) throw new RangeError('first sentences: the model is not one of the grammar’s language pairs');
  const rows = sentences.map((sentence) => {
    const references = sentence[language];
    let result;
    try {
      result = translator.translate(sentence.english);
    } catch (error) {
      const refused = error.kind ?? error.message;
      return { ...unanswered(sentence.english), refused };
    }
    const output = result.target.filter((word) => !specialTokens.has(word)).join(' ');
    const grammar = result.alignment?.target.join(' ') ?? null;
    return {
      english: sentence.english,
      covered: grammar !== null,
      outsideGrammar: result.outsideGrammar?.kind ?? null,
      grammar,
      output,
      verdict: verdict(output, references),
      grammarVerdict: grammar === null ? null : verdict(grammar, references),
      carried: result.copied.map(({ word }) => word),
      refused: null,
    };
  });
  return { model: translator.task, language, rows, counts: firstSentencesCounts(rows) };
}

const unanswered = (english) => ({
  english,
  covered: false,
  outsideGrammar: null,
  grammar: null,
  output: null,
  verdict: null,
  grammarVerdict: null,
  carried: [],
});

/**
 * The counts of a run: `covered` of `sentences`; of the covered, `exact` (the model's translation a reference or a
 * variant), `questionMarks` (one but for ¿ ?), `withoutReference` and `grammarExact` (the grammar's own translation a
 * reference or a variant: where it is not, the grammar is wrong or the list is); `exactAll` of every sentence;
 * `carried` the sentences with an unknown word carried; `refused` by why; `outside`, the sentences the grammar does
 * not cover (and the model did not refuse) by the grammar's objection (its kind, or 'unknown-words' where it names
 * none).
 * @param {FirstSentenceRow[]} rows
 */
export function firstSentencesCounts(rows) {
  const covered = rows.filter((row) => row.covered);
  const refused = {};
  const outside = {};
  for (const row of rows) {
    if (row.refused) refused[row.refused] = (refused[row.refused] ?? 0) + 1;
    else if (!row.covered) {
      const kind = row.outsideGrammar ?? 'unknown-words';
      outside[kind] = (outside[kind] ?? 0) + 1;
    }
  }
  const count = (list, test) => list.filter(test).length;
  return {
    sentences: rows.length,
    covered: covered.length,
    exact: count(covered, (row) => row.verdict === 'exact'),
    questionMarks: count(covered, (row) => row.verdict === 'question marks'),
    withoutReference: count(covered, (row) => row.verdict === 'no reference'),
    grammarExact: count(covered, (row) => row.grammarVerdict === 'exact'),
    exactAll: count(rows, (row) => row.verdict === 'exact'),
    carried: count(rows, (row) => row.carried.length > 0),
    refused,
    outside,
  };
}

/** A run as a Markdown table and the counts' sentences, for docs/models.md. @returns {string} */
export function firstSentencesText({ model, rows, counts }) {
  const cell = (text) => (text ?? '').replaceAll('|', '\\|');
  const lines = [
    `| # | English | covered | ${model} | against the references | carried | the grammar's |`,
    '|---:|---|---|---|---|---|---|',
    ...rows.map((row, i) => {
      const covered = row.refused
        ? `refused: ${row.refused}`
        : row.covered
          ? 'yes'
          : `no: ${row.outsideGrammar ?? 'unknown words'}`;
      const grammar = row.grammar === null ? '' : `${row.grammar} (${row.grammarVerdict})`;
      return `| ${i + 1} | ${row.english} | ${covered} | ${cell(row.output)} | ${row.verdict ?? ''} | ${row.carried.join(', ')} | ${cell(grammar)} |`;
    }),
  ];
  const refused = Object.entries(counts.refused).map(([why, n]) => `${n} ${why}`);
  const c = counts;
  lines.push(
    '',
    `${model}: the grammar covers ${c.covered} of ${c.sentences}; of those, ${c.exact} exact` +
      ` (${c.questionMarks} more but for ¿ ?, ${c.withoutReference} without a reference), and the grammar's own` +
      ` translation is a reference or variant for ${c.grammarExact}. Exact of all ${c.sentences}: ${c.exactAll};` +
      ` unknown words carried in ${c.carried}; refused: ${refused.length ? refused.join(', ') : 'none'}.`,
  );
  return lines.join('\n');
}

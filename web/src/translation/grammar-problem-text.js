// Why the toy grammar does not translate a sentence, in the page's language: from web/lib's outsideGrammar, a kind
// and the grammar's words (English data, shown as they are). The Translation view's reference line says it; this
// code and the `grammar` section come the first time a sentence is outside the grammar (the landing's is not).
import { t } from '../i18n/messages.js';

/** Every kind of outsideGrammar, each said by the message `grammar.<kind>` (a test walks the module's kinds). */
export const grammarProblemKinds = Object.freeze([
  'empty',
  'sentence-start',
  'verb-agreement',
  'auxiliary-agreement',
  'where-needs-be',
  'needs-not',
  'expects-plain-verb',
  'command-plain-form',
  'not-a-command',
  'expects-verb',
  'needs-object',
  'needs-destination',
  'expects-to-and-place',
  'misplaced-to',
  'takes-no-object',
  'expects-preposition',
  'needs-what-and-to-whom',
  'very-needs-adjective',
  'expects-complement',
  'expects-profession',
  'profession-number',
  'article',
  'sentence-ends',
  'no-reflexive',
  'pronoun-after-preposition',
  'past-same-as-present',
  'gives-pronoun',
  'pronoun-case',
  'expects-noun-phrase',
  'expects-noun',
  'determiner-number',
  'adverb-needs-past',
  'adverb-needs-present',
  'not-in-vocabulary',
  'needs-place',
  'phrase-not-said',
  'giving-to-you',
  'do-not-give-me',
  'past-not-said',
  'ergative-past',
  'animate-object',
]);

/** Where a noun phrase was expected (pronoun-case, expects-noun-phrase), each said by `grammar.role.<role>`. */
export const nounPhraseRoles = Object.freeze([
  'subject',
  'where-subject',
  'object',
  'preposition-object',
  'recipient',
  'thing-given',
  'given',
]);

/**
 * The problem in the page's language; a kind this page has no message for (a newer module's) is named as it is.
 * @param {import('../../lib/index.js').GrammarProblem} problem  a translation's outsideGrammar
 */
export function grammarProblemText(problem) {
  if (!grammarProblemKinds.includes(problem.kind)) return problem.kind;
  /** @type {Record<string, any>} */
  const words = problem;
  // A list's separator is the language's (Chinese writes 、), as the heads' lists (web/src/common/head-labels.js).
  const list = (/** @type {string[] | undefined} */ items) => (items ?? []).join(t('heads.list.separator'));
  const role = nounPhraseRoles.includes(words.role)
    ? t(`grammar.role.${words.role}`, { word: words.roleWord ?? '' })
    : '';
  return t(`grammar.${problem.kind}`, {
    after: words.after ?? '',
    found: words.found ?? '',
    notFound: words.found ? t('grammar.clause.notFound', { found: words.found }) : '',
    word: words.word ?? '',
    expected: words.expected ?? '',
    subject: words.subject ?? '',
    number: words.number ?? 'none',
    person: words.person ?? 'none',
    form: words.form ?? 'none',
    language: words.language ?? 'none',
    examples: list(words.examples),
    example: words.examples?.[0] ?? '',
    secondExample: words.examples?.[1] ?? '',
    prepositions: list(words.prepositions),
    adverbs: list(words.adverbs),
    names: list(words.names),
    pronouns: list(words.pronouns),
    determiners: list(words.determiners),
    role,
  });
}

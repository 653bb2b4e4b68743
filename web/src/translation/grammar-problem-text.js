// Why the toy grammar does not translate a sentence, in the page's language: from web/lib's outsideGrammar, a kind
// and the grammar's words (English data, shown as they are). The Translation view's reference line says it.
import { t } from '../i18n/messages.js';

/** Each kind of outsideGrammar → its message's key (a test walks every kind the module can return). */
export const grammarProblemMessages = {
  empty: 'translation.grammar.empty',
  'sentence-start': 'translation.grammar.sentence-start',
  'verb-agreement': 'translation.grammar.verb-agreement',
  'auxiliary-agreement': 'translation.grammar.auxiliary-agreement',
  'where-needs-be': 'translation.grammar.where-needs-be',
  'needs-not': 'translation.grammar.needs-not',
  'expects-plain-verb': 'translation.grammar.expects-plain-verb',
  'command-plain-form': 'translation.grammar.command-plain-form',
  'not-a-command': 'translation.grammar.not-a-command',
  'expects-verb': 'translation.grammar.expects-verb',
  'needs-object': 'translation.grammar.needs-object',
  'needs-destination': 'translation.grammar.needs-destination',
  'expects-to-and-place': 'translation.grammar.expects-to-and-place',
  'misplaced-to': 'translation.grammar.misplaced-to',
  'takes-no-object': 'translation.grammar.takes-no-object',
  'expects-preposition': 'translation.grammar.expects-preposition',
  'needs-what-and-to-whom': 'translation.grammar.needs-what-and-to-whom',
  'very-needs-adjective': 'translation.grammar.very-needs-adjective',
  'expects-complement': 'translation.grammar.expects-complement',
  'expects-profession': 'translation.grammar.expects-profession',
  'profession-number': 'translation.grammar.profession-number',
  article: 'translation.grammar.article',
  'sentence-ends': 'translation.grammar.sentence-ends',
  'no-reflexive': 'translation.grammar.no-reflexive',
  'pronoun-after-preposition': 'translation.grammar.pronoun-after-preposition',
  'past-same-as-present': 'translation.grammar.past-same-as-present',
  'gives-pronoun': 'translation.grammar.gives-pronoun',
  'pronoun-case': 'translation.grammar.pronoun-case',
  'expects-noun-phrase': 'translation.grammar.expects-noun-phrase',
  'expects-noun': 'translation.grammar.expects-noun',
  'determiner-number': 'translation.grammar.determiner-number',
  'not-in-vocabulary': 'translation.grammar.not-in-vocabulary',
  'needs-place': 'translation.grammar.needs-place',
  'phrase-not-said': 'translation.grammar.phrase-not-said',
  'giving-to-you': 'translation.grammar.giving-to-you',
  'do-not-give-me': 'translation.grammar.do-not-give-me',
  'past-not-said': 'translation.grammar.past-not-said',
  'ergative-past': 'translation.grammar.ergative-past',
  'animate-object': 'translation.grammar.animate-object',
};

/** Where a noun phrase was expected (pronoun-case, expects-noun-phrase) → its message's key. */
const roleMessages = {
  subject: 'translation.grammar.role.subject',
  'where-subject': 'translation.grammar.role.where-subject',
  object: 'translation.grammar.role.object',
  'preposition-object': 'translation.grammar.role.preposition-object',
  recipient: 'translation.grammar.role.recipient',
  'thing-given': 'translation.grammar.role.thing-given',
  given: 'translation.grammar.role.given',
};

/**
 * The problem in the page's language; a kind this page has no message for (a newer module's) is named as it is.
 * @param {import('../../lib/index.js').GrammarProblem} problem  a translation's outsideGrammar
 */
export function grammarProblemText(problem) {
  const key = grammarProblemMessages[problem.kind];
  if (!key) return problem.kind;
  /** @type {Record<string, any>} */
  const words = problem;
  // A list's separator is the language's (Chinese writes 、), as the heads' lists (web/src/common/head-labels.js).
  const list = (/** @type {string[] | undefined} */ items) => (items ?? []).join(t('heads.list.separator'));
  const role = words.role ? t(roleMessages[words.role], { word: words.roleWord ?? '' }) : '';
  return t(key, {
    after: words.after ?? '',
    found: words.found ?? '',
    notFound: words.found ? t('translation.grammar.notFound', { found: words.found }) : '',
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
    names: list(words.names),
    pronouns: list(words.pronouns),
    determiners: list(words.determiners),
    role,
  });
}

// What kind of word an unknown word is, in the page's language: from web/lib's reading of it (a kind, the word it
// is a form of, known words to use instead; the words are the model's English, shown as they are). Said under the
// sentence when a model refuses the word and when it carries it across.
import { t } from '../i18n/messages.js';

/**
 * Every kind of reading, each said by the message `translation.wordKind.<kind>` but a misspelling, whose "Did you
 * mean" is all there is to say beside the line that names the word (a test walks the module's kinds).
 */
export const wordReadingKinds = Object.freeze([
  'unknown',
  'misspelling',
  'noun',
  'verb',
  'adjective',
  'adverb',
  'noun-form',
  'verb-form',
  'comparative',
  'manner-adverb',
  'time-adverb',
  'place-adverb',
  'degree-adverb',
  'determiner',
  'pronoun',
  'preposition',
  'question-word',
  'conjunction',
  'modal',
  'contraction',
  'set-phrase',
]);

/** What the suggestions are, by kind: a word's own forms, the words a contraction stands for, spelled-alikes. */
const offered = { 'noun-form': 'forms', 'verb-form': 'forms', comparative: 'forms', contraction: 'expansion' };
/** Every `translation.wordKind.offer.<name>`: what precedes the suggestions, or says what to do with none. */
export const wordReadingOffers = Object.freeze(['same', 'forms', 'spelling', 'expansion', 'none']);

/**
 * The reading said as a sentence, and what precedes its suggestions (or, with none, what to do instead):
 * { text: '“eating” is a form of the verb “eat” the grammar does not use.', offer: 'The forms it knows:' }.
 */
export function readingText(word, { kind, base, suggestions }) {
  const known = wordReadingKinds.includes(kind) ? kind : 'unknown';
  const offer = !suggestions.length
    ? t('translation.wordKind.offer.none')
    : t(`translation.wordKind.offer.${known === 'misspelling' ? 'spelling' : (offered[known] ?? 'same')}`);
  return { text: known === 'misspelling' ? '' : t(`translation.wordKind.${known}`, { word, base }), offer };
}

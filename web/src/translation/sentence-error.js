// Why the sentence could not be translated, under the sentence form: the translator's message and, for words
// outside the vocabulary, what kind of word each is and the known words to use instead, each a button that puts it in
// the sentence.
import { button, element } from '../common/controls.js';
import { refusalText } from './refusal-text.js';
import { readingText } from './word-reading-text.js';

export class SentenceError {
  /** @param {{ onFix: (word: string, replacement: string) => void }} options  onFix: a suggestion was picked */
  constructor({ onFix }) {
    this.onFix = onFix;
    this.element = element('div', { className: 'error', role: 'alert', hidden: true });
  }

  /**
   * @param {Error & { readings?: Record<string, import('../../lib/index.js').WordReading> }} error  an
   *   UnknownWordError says what kind of word each unknown word is
   */
  show(error) {
    const parts = [element('span', { textContent: refusalText(error) })];
    for (const [word, reading] of Object.entries(error.readings ?? {}))
      parts.push(...readingParts(word, reading, this.onFix));
    this.element.replaceChildren(...parts);
    this.element.hidden = false;
  }

  hide() {
    this.element.hidden = true;
  }
}

/** An unknown word's reading said, then a button per known word it offers (each putting it in the sentence). */
export function readingParts(word, reading, onFix) {
  const { text, offer } = readingText(word, reading);
  return [
    element('span', { className: 'word-reading', textContent: ` ${[text, offer].filter(Boolean).join(' ')} ` }),
    ...suggestionButtons(word, reading.suggestions, onFix),
  ];
}

/**
 * A button per known word to use instead of `word`, each putting it in the sentence (`onFix(word, option)`). The words are
 * the model's vocabulary, not the page's: translate="no".
 */
export function suggestionButtons(word, options, onFix) {
  return options.map((option) =>
    button(option, () => onFix(word, option), { className: 'suggestion', translate: false }),
  );
}

/** The sentence with each whole-word occurrence of `word` (case-insensitively) replaced. */
export function replaceWord(sentence, word, replacement) {
  return sentence
    .split(/(\s+)/)
    .map((part) => (part.toLowerCase().replace(/[.,!?;:]/g, '') === word ? replacement : part))
    .join('');
}

// Why the sentence could not be translated, under the sentence form: the translator's message and, for words
// outside the vocabulary, the closest words it knows, each a button that puts it in the sentence.
import { button, element } from '../common/controls.js';
import { t } from '../i18n/messages.js';
import { refusalText } from './refusal-text.js';

export class SentenceError {
  /** @param {{ onFix: (word: string, replacement: string) => void }} options  onFix: a suggestion was picked */
  constructor({ onFix }) {
    this.onFix = onFix;
    this.element = element('div', { className: 'error', role: 'alert', hidden: true });
  }

  /** @param {Error & { suggestions?: Record<string, string[]> }} error  an UnknownWordError carries suggestions */
  show(error) {
    const parts = [element('span', { textContent: refusalText(error) })];
    for (const [word, options] of Object.entries(error.suggestions ?? {}))
      parts.push(
        element('span', { textContent: ` ${t('translation.sentenceError.insteadOf', { word })} ` }),
        ...suggestionButtons(word, options, this.onFix),
      );
    this.element.replaceChildren(...parts);
    this.element.hidden = false;
  }

  hide() {
    this.element.hidden = true;
  }
}

/**
 * A button per closest known word to `word`, each putting it in the sentence (`onFix(word, option)`). The words are
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

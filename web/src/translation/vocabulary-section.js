// "Words this model knows": the model's source vocabulary, folded away under the sentence, alphabetically by
// first letter with a filter, and a few sentences it was not trained on to start from. Without it, a learner
// finds the vocabulary's edge only by typing a word and being refused.
import { button, element, labelled } from '../common/controls.js';
import { t } from '../i18n/messages.js';

export class VocabularySection {
  /**
   * @param {{ words: readonly string[], sentences: string[], onSentence: (sentence: string) => void }} options
   *   words: the source vocabulary (translator.vocabulary.source); sentences: held-out ones to try
   */
  constructor({ words, sentences, onSentence }) {
    this.words = words; // sorted when first opened: a shipped model's 1,145 words are not the landing's work
    this.sentences = sentences;
    this.onSentence = onSentence;
    this.element = element(
      'details',
      { className: 'vocabulary', id: 'vocabulary' },
      element('summary', { textContent: t('translation.vocabulary.summary', { count: words.length }) }),
    );
    // Filled when first opened: the view's top is made while the page loads.
    this.element.addEventListener('toggle', () => this.#build(), { once: true });
  }

  #build() {
    this.words = [...this.words].sort((a, b) => a.localeCompare(b));
    this.filter = element('input', { type: 'search', id: 'vocabulary-filter', autocomplete: 'off', spellcheck: false });
    this.count = element('p', { className: 'hint', id: 'vocabulary-count', 'aria-live': 'polite' });
    // The model's words, not the page's: translate="no" (as the sentences' buttons below).
    this.groups = element('dl', { className: 'vocabulary-groups', translate: false });
    this.filter.addEventListener('input', () => this.#show());
    this.element.append(
      labelled(t('translation.vocabulary.filter'), this.filter),
      this.count,
      this.groups,
      this.sentences.length
        ? element(
            'p',
            { className: 'vocabulary-examples' },
            `${t('translation.vocabulary.sentences')} `,
            ...this.sentences.map((sentence) =>
              button(sentence, () => this.onSentence(sentence), { className: 'suggestion', translate: false }),
            ),
          )
        : null,
    );
    this.#show();
  }

  /** The words containing the filter's text, under their first letters. */
  #show() {
    const wanted = this.filter.value.trim().toLowerCase();
    const shown = this.words.filter((word) => word.includes(wanted));
    const byLetter = new Map();
    for (const word of shown) byLetter.set(word[0], [...(byLetter.get(word[0]) ?? []), word]);
    this.groups.replaceChildren(
      ...[...byLetter].flatMap(([letter, words]) => [
        element('dt', { textContent: letter }),
        element('dd', {}, ...words.map((word) => element('span', { className: 'vocabulary-word', textContent: word }))),
      ]),
    );
    this.count.textContent = wanted
      ? t('translation.vocabulary.matching', { shown: shown.length, total: this.words.length, filter: wanted })
      : t('translation.vocabulary.byLetter', { total: this.words.length });
  }
}

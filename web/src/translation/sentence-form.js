// The sentence to translate: the text field, the Translate button, a picker of example sentences (the grammar's,
// held-out ones, or words a model from a file knows) and, for the shipped models, the language pair.
import { element, labelled, select } from '../common/controls.js';
import { languagePairs, translationLimits } from './translation-state.js';

export class SentenceForm {
  /**
   * @param {{ translator: { maxWords: number, copiesUnknownWords?: boolean, vocabulary: { source: readonly string[] },
   *             heldOutSentences: (count: number) => { source: string }[] },
   *           pair: { examples: readonly string[] } | null, task: string, examples: string[] | null,
   *           onSentence: (sentence: string) => void, onLanguageChange: ((task: string) => void) | null }} options
   *   pair: the shipped language pair, or null (a model of another task); examples: the task's held-out sentences,
   *   for a model trained in the Train view; onLanguageChange: with it, the language pair is picked here
   */
  constructor({ translator, pair, task, examples, onSentence, onLanguageChange }) {
    this.input = element('input', {
      type: 'text',
      id: 'sentence',
      autocomplete: 'off',
      spellcheck: false,
      maxLength: translationLimits.maxSentenceLength,
      placeholder: pair ? `e.g. ${pair.examples[0]}` : 'e.g. 3 1 4 1 5',
    });
    const examplePicker = select('examples', exampleOptions(translator, pair, examples), (value) => {
      if (value) onSentence(value);
      examplePicker.value = '';
    });
    const languagePicker = onLanguageChange
      ? select(
          'language',
          Object.entries(languagePairs).map(([name, { label }]) => [name, label]),
          (value) => onLanguageChange(value),
        )
      : null;
    if (languagePicker) languagePicker.value = task;
    this.element = element(
      'form',
      { className: 'sentence-form', id: 'sentence-form' },
      languagePicker ? labelled('language pair', languagePicker) : null,
      labelled(
        pair ? 'English sentence' : 'input sequence',
        this.input,
        element('small', {
          textContent: `up to ${translator.maxWords} words from the ${pair ? 'grammar’s' : 'task’s'} vocabulary${translator.copiesUnknownWords ? '; this model carries words outside it across' : ''}`,
        }),
      ),
      element('button', { type: 'submit', id: 'translate', textContent: 'Translate' }),
      labelled('or pick one', examplePicker),
    );
    this.element.addEventListener('submit', (event) => {
      event.preventDefault();
      onSentence(this.input.value);
    });
  }
}

/** The example picker's [value, text] options: a placeholder, then sentences (or words) the model knows. */
function exampleOptions(translator, pair, taskExamples) {
  const options = [['', 'pick an example…']];
  if (taskExamples) {
    for (const source of taskExamples) options.push([source, `${source} (held out)`]);
  } else if (pair) {
    options.push(...pair.examples.map((s) => [s, s]));
    for (const { source } of translator.heldOutSentences(8)) options.push([source, `${source} (held out)`]);
  } else {
    // A model opened from a file carries no task, so no held-out sentences: offer words it knows.
    for (const word of translator.vocabulary.source.slice(0, 8)) options.push([word, `${word} (a word it knows)`]);
  }
  return options;
}

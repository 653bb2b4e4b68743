// The sentence to translate: the text field, the Translate button, a picker of example sentences (the grammar's,
// held-out ones, or words a model from a file knows) and, for the shipped models, the language pair.
import { element, labelled, select } from '../common/controls.js';
import { languagePairs, translationLimits } from './translation-state.js';
import { t } from '../i18n/messages.js';

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
      placeholder: t('translation.form.placeholder', { example: pair ? pair.examples[0] : '3 1 4 1 5' }),
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
      languagePicker ? labelled(t('translation.form.languagePair'), languagePicker) : null,
      labelled(
        pair ? t('translation.form.sentence') : t('translation.form.sequence'),
        this.input,
        element('small', {
          textContent: t('translation.form.limit', {
            count: translator.maxWords,
            source: pair ? 'grammar' : 'task',
            copies: translator.copiesUnknownWords ? 'yes' : 'no',
          }),
        }),
      ),
      element('button', { type: 'submit', id: 'translate', textContent: t('translation.form.translate') }),
      labelled(t('translation.form.pickOne'), examplePicker),
    );
    this.element.addEventListener('submit', (event) => {
      event.preventDefault();
      onSentence(this.input.value);
    });
  }
}

/** The example picker's [value, text] options: a placeholder, then sentences (or words) the model knows. */
function exampleOptions(translator, pair, taskExamples) {
  const options = [['', t('translation.form.pickExample')]];
  const heldOut = (sentence) => [sentence, t('translation.form.heldOut', { sentence })];
  if (taskExamples) {
    options.push(...taskExamples.map(heldOut));
  } else if (pair) {
    options.push(...pair.examples.map((s) => [s, s]));
    options.push(...translator.heldOutSentences(8).map(({ source }) => heldOut(source)));
  } else {
    // A model opened from a file carries no task, so no held-out sentences: offer words it knows.
    for (const word of translator.vocabulary.source.slice(0, 8))
      options.push([word, t('translation.form.knownWord', { word })]);
  }
  return options;
}

// The text the model learns and how it is cut into tokens: Pride and Prejudice (shipped-files.js fetches it when
// training starts) or the learner's own text (pasted, dropped or opened; it never leaves the tab, nor enters the
// URL), the tokenizer, and once a run has tokenized the text, what the tokenizer made of it and its first byte-pair
// merges.
import { element, hasFocus, labelled, select } from '../common/controls.js';
import { generateChoices } from './generate-state.js';
import { corpusSize, hints, labels, mergesTitle, mergeText, tokenizerSummary } from './generate-text.js';
import { visiblePiece } from './token-pieces.js';

/**
 * Whether a run's tokenizer (its `info`) is the one the form now asks for: after a run, the form may already describe
 * the next, and what the last run's tokenizer made of the text is then no longer said as if it were the new one's.
 */
export function sameTokenizer(info, state) {
  const { task } = info.options;
  return task.tokenizer === state.tokenizer && (state.tokenizer !== 'byte-pairs' || task.merges === state.merges);
}

export class CorpusFields {
  /** @param {{ onChange: (changes: object) => void }} options  the learner changed the text or the tokenizer */
  constructor({ onChange }) {
    this.onChange = onChange;
    this.shownMerges = null;
    this.shownText = null; // the own text the box and its size line show
    const radio = (value, text) => {
      const input = element('input', { type: 'radio', name: 'generate-corpus', id: `generate-corpus-${value}`, value });
      input.addEventListener('change', () => input.checked && this.onChange({ corpus: value }));
      return { input, label: element('label', { className: 'check' }, input, ` ${text}`) };
    };
    this.austen = radio('austen', labels.austen());
    this.own = radio('own', labels.own);
    this.ownInput = element('textarea', {
      id: 'generate-own-text',
      rows: 6,
      spellcheck: false,
      placeholder: labels.ownPlaceholder,
    });
    this.ownInput.addEventListener('input', () => this.onChange({ ownText: this.ownInput.value }));
    // A file dropped on the text box replaces its text, as one opened with the file button does.
    this.ownInput.addEventListener('dragover', (event) => event.preventDefault());
    this.ownInput.addEventListener('drop', (event) => {
      const file = event.dataTransfer?.files?.[0];
      if (!file) return;
      event.preventDefault();
      void this.#open(file);
    });
    this.fileInput = element('input', { type: 'file', id: 'generate-own-file', accept: '.txt,.md,text/*' });
    this.fileInput.addEventListener('change', () => {
      const file = this.fileInput.files?.[0];
      if (file) void this.#open(file);
      this.fileInput.value = '';
    });
    this.sizeLine = element('small', { id: 'generate-own-size' });
    this.ownFields = element(
      'div',
      { className: 'generate-own' },
      labelled(labels.ownText, this.ownInput, this.sizeLine),
      labelled(labels.ownFile, this.fileInput, element('small', { textContent: hints.ownText })),
    );
    this.tokenizerSelect = select(
      'generate-tokenizer',
      generateChoices.tokenizer.map((kind) => [kind, labels.tokenizers[kind]]),
      (tokenizer) => this.onChange({ tokenizer }),
    );
    this.mergesSelect = select(
      'generate-merges',
      generateChoices.merges.map((n) => [n, String(n)]),
      (merges) => this.onChange({ merges: Number(merges) }),
    );
    // In a plain box: a label's grid display would override its `hidden`.
    this.mergesField = element('div', {}, labelled(labels.merges, this.mergesSelect));
    this.summary = element('p', { id: 'generate-tokenizer-summary', className: 'hint' });
    this.mergesTitle = element('p', { className: 'hint' });
    // The merges are the text's own pieces, not the page's words: translate="no".
    this.mergesList = element('ol', { id: 'generate-merges-list', className: 'generate-merges', translate: false });
    this.element = element(
      'fieldset',
      { id: 'generate-text-fields' },
      element('legend', { textContent: labels.text }),
      this.austen.label,
      this.own.label,
      this.ownFields,
      labelled(labels.tokenizer, this.tokenizerSelect),
      this.mergesField,
      element('small', { className: 'hint', textContent: hints.tokenizer }),
      this.summary,
      this.mergesTitle,
      this.mergesList,
    );
  }

  async #open(file) {
    const text = await file.text();
    this.ownInput.value = text;
    this.onChange({ corpus: 'own', ownText: text });
  }

  /**
   * @param {object} state  the view's state
   * @param {{ busy: boolean, info: object | null }} run  busy: a run exists (the text and tokenizer are locked
   *   until Reset); info: the run's tokenizer and tokens, once it has tokenized the text
   */
  render(state, { busy, info }) {
    this.austen.input.checked = state.corpus === 'austen';
    this.own.input.checked = state.corpus === 'own';
    this.ownFields.hidden = state.corpus !== 'own';
    // A text may be megabytes: it is written to the box, and measured, only when it changed.
    if (state.ownText !== this.shownText) {
      if (!hasFocus(this.ownInput)) this.ownInput.value = state.ownText;
      this.sizeLine.textContent = corpusSize(state.ownText);
      this.shownText = state.ownText;
    }
    this.tokenizerSelect.value = state.tokenizer;
    this.mergesSelect.value = String(state.merges);
    this.mergesField.hidden = state.tokenizer !== 'byte-pairs';
    for (const control of [this.austen.input, this.own.input, this.ownInput, this.fileInput, this.tokenizerSelect])
      control.disabled = busy;
    this.mergesSelect.disabled = busy;
    const current = info && sameTokenizer(info, state) ? info : null;
    this.summary.textContent = current ? tokenizerSummary(current) : info ? hints.tokenizerChanged : '';
    const merges = current?.firstMerges ?? [];
    if (this.shownMerges === merges) return; // a run's merges are drawn once, not at every update of its training
    this.shownMerges = merges;
    this.mergesTitle.textContent = merges.length ? mergesTitle(merges.length) : '';
    this.mergesList.replaceChildren(
      ...merges.map((merge) => element('li', { textContent: mergeText(merge, visiblePiece) })),
    );
    this.mergesList.hidden = merges.length === 0;
  }
}

// The "your own pairs" task's fields: the pasted (or opened, or sample) pairs, whether the target side is
// lower-cased, the held-out share, and the lines the module refused. Its own file because the pairs have a life of
// their own: they are kept in the browser as they are typed and given back on the next visit.
import { element, hasFocus, labelled, select } from '../common/controls.js';
import { firstSource, samplePairs } from './sample-pairs.js';
import { t } from '../i18n/messages.js';
import { pairsLineText } from './pairs-refusal-text.js';

// The list shows this many refused lines at the most, and a count of the rest.
const shownErrors = 50;

export class PairsFields {
  /**
   * @param {{ onChange: (changes: object) => void, store: () => Promise<object | null>,
   *           onError: (error: Error) => void, settling: import('../common/settled.js').Settling }} options
   *   onChange: as the options form's; store: the saved models' store (it keeps the pairs too), or null where the
   *   browser has none; onError: a failed save; settling: the view's, busy from an edit until it is kept
   */
  constructor({ onChange, store, onError, settling }) {
    this.settling = settling;
    this.onChange = onChange;
    this.store = store;
    this.onError = onError;
    this.state = null; // the state last rendered: new pairs start from its probe
    this.fileName = null; // the file the pairs were opened from, while they are not edited into others
    this.saveTimer = undefined;
    this.pairsInput = element('textarea', {
      id: 'train-pairs',
      rows: 6,
      spellcheck: false,
      placeholder: t('train.pairs.placeholder'),
    });
    this.pairsInput.addEventListener('change', () => this.#setPairs(this.pairsInput.value));
    this.pairsInput.addEventListener('input', () => this.#keepPairs(this.pairsInput.value, this.fileName));
    const samples = select(
      'train-sample',
      [
        ['', t('train.pairs.loadSample')],
        ...Object.keys(samplePairs).map((name) => [name, t(`train.samples.${name}`)]),
      ],
      (name) => {
        if (name) this.#setPairs(samplePairs[name].text(), null);
        samples.value = '';
      },
    );
    const file = element('input', {
      type: 'file',
      id: 'train-pairs-file',
      accept: '.tsv,.txt,text/plain,text/tab-separated-values',
    });
    file.addEventListener('change', async () => {
      if (file.files?.[0]) this.#setPairs(await file.files[0].text(), file.files[0].name);
      file.value = '';
    });
    this.lowercaseBox = element('input', { type: 'checkbox', id: 'train-lowercase' });
    this.lowercaseBox.addEventListener('change', () => this.onChange({ lowercase: this.lowercaseBox.checked }));
    this.heldOutInput = element('input', { type: 'number', id: 'train-held-out', min: 1, max: 50, step: 1 });
    this.heldOutInput.addEventListener('change', () => {
      const percent = Number(this.heldOutInput.value);
      if (Number.isInteger(percent) && percent >= 1 && percent <= 50) this.onChange({ heldOutShare: percent / 100 });
    });
    this.errors = element('ul', { id: 'train-pairs-errors', className: 'error', 'aria-live': 'polite' });
    this.fileLine = element('small', { id: 'train-pairs-file-name' });
    this.element = element(
      'div',
      { className: 'pairs-fields' },
      labelled(t('train.pairs.label'), this.pairsInput, element('small', { textContent: t('train.pairs.hint') })),
      labelled(t('train.pairs.or'), element('span', { className: 'inline' }, samples, file), this.fileLine),
      element('label', { className: 'check' }, this.lowercaseBox, ` ${t('train.pairs.lowercase')}`),
      labelled(
        t('train.pairs.heldOut'),
        this.heldOutInput,
        element('small', { textContent: t('train.pairs.heldOutHint') }),
      ),
      this.errors,
    );
  }

  /** New pairs (typed, a sample, or a file's text with its name), kept in the browser as they are. */
  #setPairs(text, fileName = this.fileName) {
    this.onChange({ pairsText: text, probe: firstSource(text) || this.state.probe });
    this.#keepPairs(text, fileName);
  }

  #keepPairs(text, fileName) {
    this.#showFileName(fileName);
    clearTimeout(this.saveTimer);
    // busy until kept: the edit before, if not yet kept, never will be (begun first, so no settling in between)
    const [kept, overtaken] = [this.settling.begin(), this.keeping];
    this.keeping = kept;
    overtaken?.();
    this.saveTimer = setTimeout(async () => {
      try {
        const store = await this.store();
        await store?.savePairs(text, fileName).catch(this.onError);
      } finally {
        kept();
      }
    }, 300); // every edit, but not a write per keystroke
  }

  #showFileName(fileName) {
    this.fileName = fileName;
    this.fileLine.textContent = fileName ? t('train.pairs.openedFrom', { fileName }) : '';
  }

  /** The pairs kept from an earlier visit, when the view has none of its own. */
  async restore() {
    const store = await this.store();
    const saved = await store?.pairs().catch(() => null);
    if (!saved || this.state.pairsText) return;
    this.#showFileName(saved.fileName);
    this.onChange({
      pairsText: saved.text,
      probe: this.state.task === 'pairs' ? firstSource(saved.text) || this.state.probe : this.state.probe,
    });
  }

  /**
   * @param {object} state  the view's state
   * @param {{ busy: boolean, refused: { line: number, message: string, kind?: string }[] }} run  busy: a run is
   *   under way;
   *   refused: every bad line of the pasted pairs, by number, when the module refused them
   */
  render(state, { busy, refused }) {
    this.state = state;
    this.element.hidden = state.task !== 'pairs';
    if (!hasFocus(this.pairsInput) && this.pairsInput.value !== state.pairsText)
      this.pairsInput.value = state.pairsText;
    this.lowercaseBox.checked = state.lowercase;
    if (!hasFocus(this.heldOutInput)) this.heldOutInput.value = String(Math.round(state.heldOutShare * 100));
    for (const control of [this.pairsInput, this.lowercaseBox, this.heldOutInput]) control.disabled = busy;
    this.errors.replaceChildren(
      ...refused.slice(0, shownErrors).map((refusal) =>
        element('li', {
          textContent: t('train.pairs.refusedLine', { line: refusal.line, message: pairsLineText(refusal) }),
        }),
      ),
      ...(refused.length > shownErrors
        ? [element('li', { textContent: t('train.pairs.more', { count: refused.length - shownErrors }) })]
        : []),
    );
  }
}

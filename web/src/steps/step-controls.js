// The step view's controls form: sizes (with Randomise and Restore), softmax (scale, temperature, hard),
// mask and heads (with what the K/V-heads setting means), and view and export. It builds the fields once and
// `sync` shows a state in them, never touching the field the learner is using.
import {
  button,
  element,
  fieldset,
  hasFocus,
  labelled,
  logSlider,
  select,
  setOptions,
  sliderOutput,
} from '../common/controls.js';
import { formatNumber } from '../common/format.js';
import { kvHeadsOptionText } from '../common/head-labels.js';
import { t } from '../i18n/messages.js';
import { headChoices, kvHeadChoices, kvHeadsMeaning, limits, scaleValue } from './step-state.js';

/** The temperature the slider's position stands for (logSlider.valueAt: every position maps back to itself). */
const temperatureAt = (position) => logSlider.valueAt(position, limits.minTemperature, limits.maxTemperature);

export class StepControls {
  /**
   * @param {{ set: (changes: object) => void, resizeTo: (changes: object) => void, randomise: () => void,
   *   restore: () => void, save: (format: 'png' | 'json' | 'csv') => void }} actions
   */
  constructor({ set, resizeTo, randomise, restore, save }) {
    this.set = set;
    this.resizeTo = resizeTo;
    this.shown = null; // the state last shown: a refused entry goes back to it
    this.sizeInputs = {};
    this.element = element(
      'form',
      { className: 'controls', 'aria-label': t('steps.controls.label'), onsubmit: (e) => e.preventDefault() },
      this.#sizes(randomise, restore),
      this.#softmax(),
      this.#structure(),
      this.#viewing(save),
    );
  }

  #sizes(randomise, restore) {
    const sizeField = (key, text, hint) => {
      const input = element('input', {
        type: 'number',
        min: limits.minSize,
        max: limits.maxSize,
        step: 1,
        id: `size-${key}`,
        required: true,
      });
      input.addEventListener('change', () => {
        const value = Number(input.value);
        if (Number.isInteger(value) && value >= limits.minSize && value <= limits.maxSize)
          this.resizeTo({ [key]: value });
        else input.value = this.shown[key];
      });
      this.sizeInputs[key] = input;
      const field = labelled(text, input, element('small', { textContent: hint }));
      /** @type {HTMLElement} */ (field.querySelector('.field-label')).translate = false; // notation: S, d_model
      return field;
    };
    return fieldset(
      t('steps.controls.sizes', { min: limits.minSize, max: limits.maxSize }),
      sizeField('s', 'S', t('steps.controls.sequenceLength')),
      sizeField('dModel', 'd_model', t('steps.controls.inputWidth')),
      sizeField('dK', 'd_k', t('steps.controls.queryKeyWidth')),
      sizeField('dV', 'd_v', t('steps.controls.valueWidth')),
      element(
        'div',
        { className: 'buttons' },
        button(t('steps.controls.randomise'), randomise, { id: 'randomise' }),
        button(t('steps.controls.restore'), restore, { id: 'restore' }),
      ),
    );
  }

  #softmax() {
    this.scaleSelect = select('scale-mode', [], (value) => this.set({ scaleMode: value }));
    this.customScale = element('input', {
      type: 'number',
      step: 'any',
      id: 'custom-scale',
      'aria-label': t('steps.controls.customScale'),
    });
    this.customScale.addEventListener('change', () => {
      const value = Number(this.customScale.value);
      if (this.customScale.value.trim() !== '' && Number.isFinite(value) && Math.abs(value) <= 1e6)
        this.set({ customScale: value });
      else this.customScale.value = this.shown.customScale;
    });
    this.scaleValue = element('output', { id: 'scale-value' });
    this.temperature = element('input', { type: 'range', min: 0, max: 1000, step: 1, id: 'temperature' });
    this.temperatureValue = sliderOutput('temperature', 'T = 0.0503', { id: 'temperature-value' }); // its longest text
    this.temperature.addEventListener('input', () =>
      this.set({ temperature: temperatureAt(Number(this.temperature.value)) }),
    );
    this.hard = element('input', { type: 'checkbox', id: 'hard' });
    this.hard.addEventListener('change', () => this.set({ hard: this.hard.checked }));
    return fieldset(
      t('steps.controls.softmax'),
      labelled(
        t('steps.controls.scale'),
        element('span', { className: 'inline' }, this.scaleSelect, this.customScale, this.scaleValue),
      ),
      labelled(
        t('steps.controls.temperature'),
        element('span', { className: 'inline' }, this.temperature, this.temperatureValue),
        element('small', {
          textContent: t('steps.controls.temperatureHint', {
            min: limits.minTemperature,
            max: limits.maxTemperature,
          }),
        }),
      ),
      element('label', { className: 'check' }, this.hard, ` ${t('steps.controls.hard')}`),
    );
  }

  #structure() {
    this.maskSelect = select(
      'mask-mode',
      [
        ['none', t('steps.controls.mask.none')],
        ['causal', t('steps.controls.mask.causal')],
        ['custom', t('steps.controls.mask.custom')],
      ],
      (value) => this.set({ maskMode: value }),
    );
    this.headsSelect = select('heads', [], (value) => this.resizeTo({ heads: Number(value) }));
    this.kvHeadsSelect = select('kv-heads', [], (value) => this.resizeTo({ kvHeads: Number(value) }));
    this.kvHeadsSelect.setAttribute('aria-describedby', 'kv-heads-meaning');
    // Said whenever it changes, also when K/V heads follow a new number of heads.
    this.kvHeadsMeaning = element('p', { className: 'hint', id: 'kv-heads-meaning', role: 'status' });
    return fieldset(
      t('steps.controls.maskAndHeads'),
      labelled(t('steps.controls.maskLabel'), this.maskSelect),
      labelled(
        t('steps.controls.heads'),
        this.headsSelect,
        element('small', { textContent: t('steps.controls.headsHint') }),
      ),
      labelled(t('steps.controls.kvHeads'), this.kvHeadsSelect),
      this.kvHeadsMeaning,
    );
  }

  #viewing(save) {
    this.rowSelect = select('query-row', [], (value) => this.set({ row: Number(value) }));
    this.moreDigits = element('input', { type: 'checkbox', id: 'more-digits' });
    this.moreDigits.addEventListener('change', () => this.set({ digits: this.moreDigits.checked ? 7 : 4 }));
    return fieldset(
      t('steps.controls.viewAndExport'),
      labelled(
        t('steps.controls.queryRow'),
        this.rowSelect,
        element('small', { textContent: t('steps.controls.queryRowHint') }),
      ),
      element('label', { className: 'check' }, this.moreDigits, ` ${t('steps.controls.moreDigits')}`),
      element(
        'div',
        { className: 'buttons' },
        // The formats' names, the same in every language.
        button('PNG', () => save('png'), { id: 'export-png', title: t('steps.controls.pngTitle'), translate: false }),
        button('JSON', () => save('json'), { id: 'export-json', translate: false }),
        button('CSV', () => save('csv'), { id: 'export-csv', translate: false }),
      ),
    );
  }

  /** Shows `state` in every field but the one being used (typing, or dragging or keying the slider). */
  sync(s) {
    this.shown = s;
    for (const [key, input] of Object.entries(this.sizeInputs)) if (!hasFocus(input)) input.value = s[key];
    setOptions(this.scaleSelect, [
      ['dk', s.heads > 1 ? t('steps.controls.scaleMode.dkPerHead') : t('steps.controls.scaleMode.dk')],
      ['dmodel', t('steps.controls.scaleMode.dmodel')],
      ['none', t('steps.controls.scaleMode.none')],
      ['custom', t('steps.controls.scaleMode.custom')],
    ]);
    this.scaleSelect.value = s.scaleMode;
    this.customScale.hidden = s.scaleMode !== 'custom';
    if (!hasFocus(this.customScale)) this.customScale.value = s.customScale;
    this.scaleValue.textContent = `= ${formatNumber(scaleValue(s), 4)}`;
    if (!hasFocus(this.temperature))
      this.temperature.value = logSlider.toPosition(s.temperature, limits.minTemperature, limits.maxTemperature);
    this.temperatureValue.textContent = `T = ${formatNumber(s.temperature, 3)}`;
    this.hard.checked = s.hard;
    this.maskSelect.value = s.maskMode;
    setOptions(
      this.headsSelect,
      headChoices(s).map((h) => [h, String(h)]),
    );
    this.headsSelect.value = s.heads;
    setOptions(
      this.kvHeadsSelect,
      kvHeadChoices(s).map((h) => [h, kvHeadsOptionText(h, s.heads)]),
    );
    this.kvHeadsSelect.value = s.kvHeads;
    this.kvHeadsMeaning.textContent = kvHeadsMeaning(s);
    setOptions(
      this.rowSelect,
      Array.from({ length: s.s }, (_, i) => [i, t('steps.controls.queryOption', { query: i + 1 })]),
    );
    this.rowSelect.value = s.row;
    this.moreDigits.checked = s.digits === 7;
  }
}

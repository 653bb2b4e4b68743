// The Translation view's controls below the sentence: how each word is chosen (greedy, sampled or by beam
// search, the beam's width, the output temperature, the seed, teacher forcing beside it), the decoding step shown, the attention temperature, and
// which layer's and head's map is shown. They show the state and report changes; the view decides what follows.
import { button, element, fieldset, hasFocus, labelled, select } from '../common/controls.js';
import { headName } from '../common/head-labels.js';
import { beamWidthChoices, translationLimits } from './translation-state.js';
import { TemperatureSlider } from './temperature-slider.js';
import { t } from '../i18n/messages.js';

export class TranslationControls {
  /**
   * @param {{ config: { decoderLayers: number, heads: number }, onChange: (changes: object) => void,
   *           onStep: (step: number) => void, onReplay: () => void }} options
   *   onChange: the state's changed fields; onStep: the decoding step asked for (not yet clamped)
   */
  constructor({ config, onChange, onStep, onReplay }) {
    this.shownStep = 0;
    this.scrubber = element('input', { type: 'range', id: 'decoding-step', min: 0, max: 0, step: 1, value: 0 });
    this.scrubber.addEventListener('input', () => onStep(Number(this.scrubber.value)));
    this.stepText = element('output', { id: 'decoding-step-text', for: 'decoding-step' });
    this.back = button('◀', () => onStep(this.shownStep - 1), {
      'aria-label': t('translation.controls.previousStep'),
      id: 'step-back',
    });
    this.forward = button('▶', () => onStep(this.shownStep + 1), {
      'aria-label': t('translation.controls.nextStep'),
      id: 'step-forward',
    });
    const replay = button(t('translation.controls.replay'), onReplay, { id: 'replay' });

    const limits = translationLimits;
    /** A temperature's slider, reporting its value as the state's field `key`. */
    const slider = (id, name, key, min, max) =>
      new TemperatureSlider({ id, name, min, max, onChange: (value) => onChange({ [key]: value }) });
    this.temperature = slider('tr-temperature', 'T', 'temperature', limits.minTemperature, limits.maxTemperature);
    const resetTemperature = button(t('translation.controls.resetTemperature'), () => onChange({ temperature: 1 }), {
      id: 'tr-temperature-reset',
      title: t('translation.controls.resetTemperatureTitle'),
    });
    this.layerSelect = select(
      'tr-layer',
      Array.from({ length: config.decoderLayers }, (_, l) => [
        l,
        t('translation.controls.layerOption', { layer: l + 1 }),
      ]),
      (v) => onChange({ layer: Number(v) }),
    );
    this.headSelect = select(
      'tr-head',
      [
        ...Array.from({ length: config.heads }, (_, h) => [h, headName(h, config)]),
        ['average', t('translation.controls.averageOfHeads')],
      ],
      (v) => onChange({ head: v === 'average' ? 'average' : Number(v) }),
    );
    this.alignmentToggle = element('input', { type: 'checkbox', id: 'show-alignment' });
    this.alignmentToggle.addEventListener('change', () => onChange({ showAlignment: this.alignmentToggle.checked }));

    this.decodingSelect = select(
      'decoding-choice',
      [
        ['greedy', t('translation.controls.decoding.greedy')],
        ['sample', t('translation.controls.decoding.sample')],
        ['beam', t('translation.controls.decoding.beam')],
      ],
      (v) => onChange({ decoding: v }),
    );
    this.beamWidthSelect = select('beam-width', beamWidthChoices, (v) => onChange({ beamWidth: Number(v) }));
    this.outputTemperature = slider(
      'output-temperature',
      'T_out',
      'outputTemperature',
      limits.minOutputTemperature,
      limits.maxOutputTemperature,
    );
    this.seedInput = element('input', { type: 'number', id: 'seed', min: 0, max: limits.maxSeed, step: 1 });
    this.seedInput.addEventListener('change', () => {
      const seed = Number(this.seedInput.value);
      if (Number.isInteger(seed) && seed >= 0 && seed <= limits.maxSeed) onChange({ seed });
      else this.seedInput.value = String(this.seed);
    });
    const resample = button(
      t('translation.controls.resample'),
      () => onChange({ seed: (this.seed + 1) % (limits.maxSeed + 1) }),
      {
        id: 'resample',
        title: t('translation.controls.resampleTitle'),
      },
    );
    this.teacherToggle = element('input', { type: 'checkbox', id: 'teacher-forcing' });
    this.teacherToggle.addEventListener('change', () => onChange({ teacherForcing: this.teacherToggle.checked }));

    this.element = element(
      'div',
      { className: 'controls translation-controls' },
      fieldset(
        t('translation.controls.choosing'),
        labelled(t('translation.controls.choose'), this.decodingSelect),
        labelled(
          t('translation.controls.beamWidth'),
          this.beamWidthSelect,
          element('small', { textContent: t('translation.controls.beamWidthHint') }),
        ),
        labelled(
          t('translation.controls.outputTemperature'),
          element('span', { className: 'inline' }, this.outputTemperature.input, this.outputTemperature.text),
          element('small', { textContent: t('translation.controls.outputTemperatureHint') }),
        ),
        labelled(t('translation.controls.seed'), element('span', { className: 'inline' }, this.seedInput, resample)),
        element('label', { className: 'check' }, this.teacherToggle, ` ${t('translation.controls.teacherForcing')}`),
      ),
      fieldset(
        t('translation.controls.decodingLegend'),
        labelled(
          t('translation.controls.step'),
          element('span', { className: 'inline' }, this.back, this.scrubber, this.forward, replay),
          this.stepText,
        ),
      ),
      fieldset(
        t('translation.controls.attentionTemperature'),
        labelled(
          t('translation.controls.temperature'),
          element('span', { className: 'inline' }, this.temperature.input, this.temperature.text, resetTemperature),
          element('small', { textContent: t('translation.controls.temperatureHint') }),
        ),
      ),
      fieldset(
        t('translation.controls.mapShown'),
        labelled(t('translation.controls.layer'), this.layerSelect),
        labelled(t('translation.controls.head'), this.headSelect),
        element('label', { className: 'check' }, this.alignmentToggle, ` ${t('translation.controls.showAlignment')}`),
      ),
    );
  }

  /** Shows the state's settings (the seed not while it is being typed). */
  update(state) {
    this.seed = state.seed;
    this.temperature.show(state.temperature);
    this.layerSelect.value = String(state.layer);
    this.headSelect.value = String(state.head);
    this.alignmentToggle.checked = state.showAlignment;
    this.decodingSelect.value = state.decoding;
    this.outputTemperature.show(state.outputTemperature);
    if (!hasFocus(this.seedInput)) this.seedInput.value = String(state.seed);
    this.seedInput.disabled = state.decoding !== 'sample';
    this.beamWidthSelect.value = String(state.beamWidth);
    this.beamWidthSelect.disabled = state.decoding !== 'beam';
    this.teacherToggle.checked = state.teacherForcing;
  }

  /** Shows decoding step `step` of the output `words`; with no words (no translation), no step. */
  showStep(step, words) {
    this.shownStep = step;
    const steps = words ? words.length : 0;
    this.scrubber.max = String(Math.max(0, steps - 1));
    this.scrubber.value = String(step);
    for (const control of [this.scrubber, this.back, this.forward]) control.disabled = steps === 0;
    this.stepText.textContent = words
      ? t('translation.controls.stepText', { step: step + 1, steps, word: words[step] })
      : '';
  }
}

// The model's shape and the training schedule as controls. Its own file because it only turns the state into
// controls and the controls into changes; it knows nothing of the run but whether one exists (then it is locked).
import { element, fieldset, hasFocus, labelled, select, setOptions, wholeNumberField } from '../common/controls.js';
import { kvHeadsOptionText } from '../common/head-labels.js';
import { sameTokenizer } from './corpus-fields.js';
import { effectiveKvHeads, generateChoices, kvHeadChoices, trainerOptions } from './generate-state.js';
import { hints, labels, numberFieldText, parametersText } from './generate-text.js';
import { ThreadsField } from '../common/threads-field.js';

// The state's keys a select shows as they are, with their controls' ids.
const selects = {
  dModel: 'generate-d-model',
  heads: 'generate-heads',
  layers: 'generate-layers',
  context: 'generate-context',
  batchSize: 'generate-batch',
  learningRate: 'generate-learning-rate',
};

export class ModelFields {
  /** @param {{ onChange: (changes: object) => void }} options  the learner changed an option */
  constructor({ onChange }) {
    this.onChange = onChange;
    this.state = null; // the state last rendered: what an out-of-range number falls back to
    /** @type {Record<string, HTMLSelectElement | HTMLInputElement>} */
    this.inputs = {};
    const choice = (key, hint = null) =>
      labelled(
        labels[key],
        (this.inputs[key] = select(
          selects[key],
          generateChoices[key].map((value) => [value, String(value)]),
          (value) => this.onChange({ [key]: Number(value) }),
        )),
        hint && element('small', { textContent: hint }),
      );
    this.inputs.kvHeads = select('generate-kv-heads', [], (value) => {
      const kvHeads = Number(value);
      this.onChange({ kvHeads: kvHeads === this.state.heads ? 'all' : kvHeads });
    });
    this.inputs.positions = select(
      'generate-positions',
      generateChoices.positions.map((name) => [name, labels.positionChoices[name]]),
      (positions) => this.onChange({ positions }),
    );
    const steps = wholeNumberField({
      id: 'generate-steps',
      label: labels.steps,
      ...generateChoices.steps,
      onValue: (value) => this.onChange({ steps: value }),
      kept: () => this.state.steps,
      ...numberFieldText(generateChoices.steps),
    });
    this.inputs.steps = steps.input;
    this.parameters = element('small', { id: 'generate-parameters' });
    this.threads = new ThreadsField({
      id: 'generate-threads',
      onChange: (threads) => this.onChange({ threads }),
      inUse: 'app.threads.writingInUse', // generate() shares each token's large products among them too
    });
    // Two fieldsets, laid out by the view's row of controls beside the text's.
    this.fieldsets = [
      fieldset(
        labels.model,
        choice('dModel'),
        choice('heads'),
        labelled(labels.kvHeads, this.inputs.kvHeads),
        choice('layers'),
        labelled(labels.positions, this.inputs.positions),
        choice('context', hints.context),
        this.parameters,
      ),
      fieldset(labels.training, steps.field, choice('batchSize'), choice('learningRate'), this.threads.element),
    ];
  }

  /**
   * @param {object} state  the view's state
   * @param {{ busy: boolean, info: object | null }} run  busy: a run exists (options locked until Reset); info: the
   *   run's model and tokenizer, once built (its parameter count is said while the form still asks for that model),
   *   and the threads it trains on
   */
  render(state, { busy, info }) {
    this.state = state;
    setOptions(
      this.inputs.kvHeads,
      kvHeadChoices(state.heads).map((n) => [n, kvHeadsOptionText(n, state.heads)]),
    );
    const shown = { ...state, kvHeads: effectiveKvHeads(state) };
    for (const [key, input] of Object.entries(this.inputs)) {
      if (!hasFocus(input)) input.value = String(shown[key]);
      input.disabled = busy;
    }
    this.inputs.kvHeads.disabled ||= state.heads === 1;
    this.threads.render(state.threads, { busy, running: info?.threads ?? null });
    const model = trainerOptions(state, '').model;
    const same =
      info &&
      sameTokenizer(info, state) &&
      Object.entries(model).every(([key, value]) => info.options.model[key] === value);
    this.parameters.textContent = parametersText(same ? info.parameters : null);
  }
}

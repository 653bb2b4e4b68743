// The run's options: the task (with its lengths, or the pasted pairs' fields), the model's shape, the training
// schedule and the ablations. Its own file because it only turns the state into controls and the controls into
// changes of the state; it knows nothing of the run but whether one is under way (then every option is locked).
import { defaultTrainerSteps } from '../../lib/index.js';
import { element, hasFocus, labelled, select, setOptions } from '../common/controls.js';
import { formatCount } from '../common/format.js';
import { kvHeadsOptionText } from '../common/head-labels.js';
import { t } from '../i18n/messages.js';
import { ablationText } from './run-description.js';
import {
  ablationNames,
  effectiveHeads,
  effectiveKvHeads,
  isLanguageTask,
  isSequenceTask,
  kvHeadChoices,
  trainChoices,
  trainTasks,
} from './train-state.js';
import { ThreadsField } from '../common/threads-field.js';

// The state's keys that a select or number field shows as they are.
const plainKeys = [
  'task',
  'minLength',
  'maxLength',
  'longestSentence',
  'vocabulary',
  'dModel',
  'heads',
  'encoderLayers',
  'decoderLayers',
  'steps',
  'batchSize',
  'learningRate',
  'seed',
  'positions',
];

export class TrainOptions {
  /**
   * @param {{ onChange: (changes: object) => void, pairsFields: HTMLElement }} options  onChange: the person
   *   changed options (the view applies them and renders again); pairsFields: the pasted pairs' fields, shown
   *   under the task when it is "your own pairs"
   */
  constructor({ onChange, pairsFields }) {
    this.onChange = onChange;
    this.state = null; // the state last rendered: what a refused number falls back to, what the task change reads
    /** @type {Record<string, HTMLSelectElement | HTMLInputElement>} */
    this.inputs = {};
    this.ablationBoxes = {};
    this.threads = new ThreadsField({ id: 'train-threads', onChange: (threads) => this.onChange({ threads }) });
    const choice = (id, values, key, text) =>
      labelled(
        text,
        (this.inputs[key] = select(
          id,
          values.map((v) => [v, String(v)]),
          (v) => this.onChange({ [key]: Number(v) }),
        )),
      );
    const number = (id, key, text, { min, max }) => {
      const input = element('input', { type: 'number', id, min, max, step: 1, required: true });
      input.addEventListener('change', () => {
        const value = Number(input.value);
        if (Number.isInteger(value) && value >= min && value <= max) this.onChange({ [key]: value });
        else input.value = String(this.state[key]);
      });
      this.inputs[key] = input;
      return labelled(text, input, element('small', { textContent: t('train.options.range', { min, max }) }));
    };
    const ablations = Object.keys(ablationNames).map((key) => {
      const [label, why] = ablationText(/** @type {keyof typeof ablationNames} */ (key));
      const box = element('input', { type: 'checkbox', id: `ablate-${ablationNames[key]}` });
      box.addEventListener('change', () =>
        this.onChange({ ablations: { ...this.state.ablations, [key]: box.checked } }),
      );
      this.ablationBoxes[key] = box;
      return element(
        'label',
        { className: 'check' },
        box,
        ` ${label}`,
        element('small', { className: 'check-hint', textContent: ` (${why})` }),
      );
    });
    this.parameterText = element('small', { id: 'train-parameters' });
    this.inputs.task = select(
      'train-task',
      Object.keys(trainTasks).map((name) => [name, t(`train.tasks.${name}`)]),
      (task) => {
        // A probe written for the old task would mean nothing to the new one: start from the new task's; likewise
        // the run's length, unless the person chose one.
        const { probe, steps } = this.state;
        this.onChange({
          task,
          probe: probe === trainTasks[this.state.task].probe ? trainTasks[task].probe : probe,
          steps: steps === defaultTrainerSteps(this.state.task) ? defaultTrainerSteps(task) : steps,
        });
      },
    );
    this.lengthFields = element(
      'div',
      { className: 'length-fields' },
      number('train-min-length', 'minLength', t('train.options.shortest'), trainChoices.sequenceLength),
      number('train-max-length', 'maxLength', t('train.options.longest'), trainChoices.sequenceLength),
      element('small', { className: 'check-hint', textContent: t('train.options.lengthsHint') }),
    );
    this.sentenceFields = element(
      'div',
      { className: 'length-fields' },
      number(
        'train-longest-sentence',
        'longestSentence',
        t('train.options.longestSentence'),
        trainChoices.longestSentence,
      ),
      element('small', { className: 'check-hint', textContent: t('train.options.longestSentenceHint') }),
      labelled(
        t('train.options.vocabulary'),
        (this.inputs.vocabulary = select(
          'train-vocabulary',
          trainChoices.vocabulary.map((words) => [words, t('train.options.vocabularyChoice', { words })]),
          (words) => this.onChange({ vocabulary: Number(words) }),
        )),
      ),
      element('small', { className: 'check-hint', textContent: t('train.options.vocabularyHint') }),
    );
    this.element = element(
      'div',
      { className: 'controls train-controls' },
      element(
        'fieldset',
        { id: 'train-task-fields' },
        element('legend', { textContent: t('train.options.task') }),
        labelled(t('train.options.learnTo'), this.inputs.task),
        this.lengthFields,
        this.sentenceFields,
        pairsFields,
      ),
      element(
        'fieldset',
        { id: 'train-model' },
        element('legend', { textContent: t('train.options.model') }),
        choice('train-d-model', trainChoices.dModel, 'dModel', t('train.options.width')),
        choice('train-heads', trainChoices.heads, 'heads', t('train.options.heads')),
        labelled(
          t('train.options.kvHeads'),
          (this.inputs.kvHeads = select('train-kv-heads', [], (v) => this.onChange({ kvHeads: Number(v) }))),
        ),
        choice('train-encoder-layers', trainChoices.layers, 'encoderLayers', t('train.options.encoderLayers')),
        choice('train-decoder-layers', trainChoices.layers, 'decoderLayers', t('train.options.decoderLayers')),
        labelled(
          t('train.options.positions'),
          (this.inputs.positions = select(
            'train-positions',
            [
              ['sinusoidal', t('train.options.position.sinusoidal')],
              ['rope', t('train.options.position.rope')],
              ['alibi', t('train.options.position.alibi')],
            ],
            (positions) => this.onChange({ positions }),
          )),
        ),
        this.parameterText,
      ),
      element(
        'fieldset',
        { id: 'train-schedule' },
        element('legend', { textContent: t('train.options.training') }),
        number('train-steps', 'steps', t('train.options.steps'), trainChoices.steps),
        number('train-batch', 'batchSize', t('train.options.batchSize'), trainChoices.batchSize),
        choice('train-learning-rate', trainChoices.learningRate, 'learningRate', t('train.options.learningRate')),
        number('train-seed', 'seed', t('train.options.seed'), trainChoices.seed),
        this.threads.element,
      ),
      element(
        'fieldset',
        { id: 'train-ablations' },
        element('legend', { textContent: t('train.options.ablations') }),
        ...ablations,
      ),
    );
  }

  /**
   * @param {object} state  the view's state
   * @param {{ busy: boolean, parameters: number | null, threads: number | null }} run  busy: a run is under way (the
   *   options are locked); parameters: the run's model's count, once it is built; threads: those it trains on
   */
  render(state, { busy, parameters, threads }) {
    this.state = state;
    this.threads.render(state.threads, { busy, running: threads });
    for (const key of plainKeys) {
      if (!hasFocus(this.inputs[key])) this.inputs[key].value = String(state[key]);
      this.inputs[key].disabled = busy;
    }
    this.inputs.heads.disabled ||= state.ablations.singleHead;
    // the key/value head counts the query heads allow: their divisors
    const heads = effectiveHeads(state);
    setOptions(
      this.inputs.kvHeads,
      kvHeadChoices(heads).map((n) => [n, kvHeadsOptionText(n, heads)]),
    );
    if (!hasFocus(this.inputs.kvHeads)) this.inputs.kvHeads.value = String(effectiveKvHeads(state));
    this.inputs.kvHeads.disabled = busy || heads === 1;
    this.inputs.positions.disabled ||= state.ablations.noPositions; // no positions at all, whichever scheme
    this.lengthFields.hidden = !isSequenceTask(state.task);
    this.sentenceFields.hidden = !isLanguageTask(state.task);
    for (const [key, box] of Object.entries(this.ablationBoxes)) {
      box.checked = state.ablations[key];
      box.disabled = busy;
    }
    this.parameterText.textContent =
      parameters === null
        ? t('train.options.ffn')
        : t('train.options.parameters', { parameters: formatCount(parameters) });
  }
}

// The writing settings as controls: the prompt (any text), how many tokens, temperature, top-k, top-p, the seed and
// the key/value cache; Write, and the comparison of the cache with recomputing, whose result is said under its
// button, where the learner clicked. Its own file because it only turns the state into controls and the controls
// into changes; what Write and Compare do is the view's.
import { button, element, fieldset, hasFocus, labelled, sliderOutput, wholeNumberField } from '../common/controls.js';
import { formatFixed } from '../common/format.js';
import { generateChoices, twoDecimals } from './generate-state.js';
import { comparisonText, hints, labels, numberFieldText } from './generate-text.js';

export class GenerationControls {
  /**
   * @param {{ onChange: (changes: object) => void, onWrite: () => void, onCompare: () => void }} options
   *   onChange: a setting changed (the view writes again); onWrite, onCompare: the buttons
   */
  constructor({ onChange, onWrite, onCompare }) {
    this.onChange = onChange;
    this.state = null;
    this.prompt = element('textarea', {
      id: 'generate-prompt',
      rows: 2,
      spellcheck: false,
      maxLength: generateChoices.promptLength,
    });
    this.prompt.addEventListener('input', () => this.onChange({ prompt: this.prompt.value }));
    // Live as the sliders are (the view waits for a pause in the typing before it writes), their ranges said.
    const fields = {};
    const whole = (id, key, hint = undefined) => {
      const { input, field } = wholeNumberField({
        id,
        label: labels[key],
        ...generateChoices[key],
        onValue: (value) => this.onChange({ [key]: value }),
        kept: () => this.state[key],
        ...numberFieldText(generateChoices[key]),
        hint,
      });
      fields[key] = field;
      return input;
    };
    const slider = (id, key) => {
      const { min, max } = generateChoices[key];
      const input = element('input', { type: 'range', id, min, max, step: 0.05 });
      input.addEventListener('input', () => this.onChange({ [key]: twoDecimals(Number(input.value)) }));
      return input;
    };
    this.inputs = {
      tokens: whole('generate-tokens', 'tokens'),
      temperature: slider('generate-temperature', 'temperature'),
      topK: whole('generate-top-k', 'topK', labels.topKAll),
      topP: slider('generate-top-p', 'topP'),
      seed: whole('generate-seed', 'seed'),
    };
    this.outputs = {
      temperature: sliderOutput('generate-temperature', '0.00'),
      topP: sliderOutput('generate-top-p', '0.00'),
    };
    this.cacheBox = element('input', { type: 'checkbox', id: 'generate-cache' });
    this.cacheBox.addEventListener('change', () => this.onChange({ cache: this.cacheBox.checked }));
    this.writeButton = button(labels.write, onWrite, { id: 'generate-write', className: 'primary' });
    this.compareButton = button(labels.compare, onCompare, { id: 'generate-compare' });
    this.comparison = element('p', { id: 'generate-comparison', role: 'status', hidden: true });
    const withOutput = (input, output) => element('span', { className: 'inline' }, input, output);
    this.element = fieldset(
      labels.writing,
      labelled(labels.prompt, this.prompt),
      fields.tokens,
      labelled(labels.temperature, withOutput(this.inputs.temperature, this.outputs.temperature)),
      fields.topK,
      labelled(labels.topP, withOutput(this.inputs.topP, this.outputs.topP)),
      fields.seed,
      element('label', { className: 'check' }, this.cacheBox, ` ${labels.cache}`),
      element('div', { className: 'buttons' }, this.writeButton, this.compareButton),
      this.comparison,
      element('small', { className: 'hint', textContent: hints.writing }),
    );
    this.element.id = 'generate-writing';
  }

  /** @param {object} state @param {{ ready: boolean }} model  ready: a model exists to write with */
  render(state, { ready }) {
    this.state = state;
    if (!hasFocus(this.prompt) && this.prompt.value !== state.prompt) this.prompt.value = state.prompt;
    for (const [key, input] of Object.entries(this.inputs)) if (!hasFocus(input)) input.value = String(state[key]);
    this.outputs.temperature.textContent = formatFixed(state.temperature, 2);
    this.outputs.topP.textContent = formatFixed(state.topP, 2);
    this.cacheBox.checked = state.cache;
    this.writeButton.disabled = this.compareButton.disabled = !ready;
  }

  /** The cache against recomputing, under the button (nothing before the first comparison or after a new writing). */
  showComparison(result) {
    this.comparison.textContent = result ? comparisonText(result) : '';
    this.comparison.hidden = !result;
    if (result) this.comparison.scrollIntoView({ block: 'nearest' }); // in view even if the page scrolled meanwhile
  }
}

// Lesson 2: softmax as a soft argmax. Five inputs' scores (editable) become weights at a temperature; hard
// attention takes the argmax, sampled hard attention draws one; reordering the inputs reorders the weights.
import {
  button,
  controlsRow,
  element,
  fieldset,
  hasFocus,
  labelled,
  logSlider,
  sliderOutput,
} from '../../common/controls.js';
import { temperatureAtPosition } from '../lessons-state.js';
import { DistributionView } from '../../drawing/distribution-view.js';
import { formatNumber } from '../../common/format.js';
import {
  hardAttention,
  inputOrder,
  inputs,
  maxNormDistances,
  reordered,
  sampledIndex,
  temperatureRange,
  values,
} from './softmax-math.js';

export class SoftmaxLesson {
  constructor({ api, state, onChange, onFacts }) {
    this.onFacts = onFacts;
    this.api = api;
    this.state = state;
    this.onChange = onChange;
    this.scoreInputs = inputs.map((name, i) => {
      const input = element('input', {
        type: 'number',
        id: `softmax-score-${i}`,
        step: 0.5,
        min: -10,
        max: 10,
        className: 'score-input',
      });
      input.addEventListener('change', () => {
        const value = Number(input.value);
        if (input.value === '' || !Number.isFinite(value) || value < -10 || value > 10) return this.render();
        this.onChange({ scores: this.state.scores.map((s, j) => (j === i ? value : s)) });
      });
      return input;
    });
    this.temperatureInput = element('input', { type: 'range', id: 'softmax-temperature', min: 0, max: 1000, step: 1 });
    this.temperatureInput.addEventListener('input', () =>
      this.onChange({ temperature: temperatureAtPosition(Number(this.temperatureInput.value)) }),
    );
    this.temperatureText = sliderOutput('softmax-temperature', 'T = 0.05015');
    this.soft = new DistributionView({ id: 'softmax-soft', title: '' });
    this.hard = new DistributionView({ id: 'softmax-hard', title: 'hard attention: all weight on the largest score' });
    this.results = element('ul', { className: 'lesson-results', id: 'softmax-results', 'aria-live': 'polite' });
    this.element = element(
      'div',
      { className: 'lesson-widget' },
      element('p', {
        textContent:
          'One query scored against five inputs; each input’s value is a weather reading in °C (nothing to do with the softmax’s temperature T) that the output averages.',
      }),
      controlsRow(
        fieldset(
          'Scores',
          element(
            'div',
            { className: 'score-fields' },
            ...inputs.map((name, i) => labelled(`${name} (${formatNumber(values[i], 3)} °C)`, this.scoreInputs[i])),
          ),
        ),
        fieldset(
          'Softmax',
          labelled(
            'temperature T',
            element('span', { className: 'inline' }, this.temperatureInput, this.temperatureText),
          ),
          element(
            'div',
            { className: 'buttons' },
            button('Draw again', () => this.onChange({ draw: this.state.draw + 1 }), { id: 'softmax-draw' }),
            button('Reorder the inputs', () => this.onChange({ order: this.state.order + 1 }), {
              id: 'softmax-reorder',
            }),
            button('As listed', () => this.onChange({ order: 0 }), { id: 'softmax-listed' }),
          ),
        ),
      ),
      element('div', { className: 'maps-row' }, this.soft.element, this.hard.element),
      this.results,
    );
  }

  render() {
    const { scores, temperature, draw, order: orderSeed } = this.state;
    this.scoreInputs.forEach((input, i) => {
      if (!hasFocus(input)) input.value = String(scores[i]);
    });
    this.temperatureInput.value = String(logSlider.toPosition(temperature, ...temperatureRange));
    this.temperatureText.textContent = `T = ${temperature}`;
    const order = inputOrder(orderSeed);
    const soft = reordered(this.api, scores, temperature, order);
    const hard = hardAttention(this.api, scores);
    const argmax = hard.weights.indexOf(1);
    const drawn = order[sampledIndex(soft.weights, draw)];
    const byInput = new Array(inputs.length);
    order.forEach((input, row) => (byInput[input] = soft.weights[row]));
    this.onFacts?.({ weights: byInput }); // each input's weight, in the inputs' own order
    const bars = (weights, inputOfRow) =>
      weights.map((probability, row) => ({ word: inputs[inputOfRow(row)], probability }));
    this.soft.update(
      {
        top: bars(Array.from(soft.weights), (row) => order[row]),
        token: inputs[argmax],
        probability: soft.weights[order.indexOf(argmax)],
      },
      `softmax(scores / T), T = ${temperature}${orderSeed ? ', inputs reordered' : ''}`,
      'argmax',
      inputs.length,
    );
    this.hard.update(
      { top: bars(Array.from(hard.weights), (row) => row), token: inputs[argmax], probability: 1 },
      'hard attention: all weight on the largest score',
      'taken',
      inputs.length,
    );
    const distance = maxNormDistances(byInput, argmax);
    this.results.replaceChildren(
      element('li', {
        textContent: `Soft attention: Σ weight × value = ${formatNumber(soft.output, 3)} °C, an average of all five.`,
      }),
      element('li', {
        textContent: `Hard attention: ${formatNumber(values[argmax], 3)} °C, ${inputs[argmax]}’s value alone.`,
      }),
      element('li', {
        id: 'softmax-drawn',
        textContent: `Sampled hard attention (draw ${draw + 1}): ${inputs[drawn]}, ${formatNumber(values[drawn], 3)} °C.`,
      }),
      element('li', {
        id: 'softmax-distances',
        textContent: `Largest difference of any one weight (the max-norm, L∞) from the one-hot argmax: ${formatNumber(distance.fromOneHot, 2)}; from uniform (${formatNumber(1 / inputs.length, 2)} each): ${formatNumber(distance.fromUniform, 2)}.`,
      }),
      element('li', {
        id: 'softmax-equivariance',
        textContent: orderSeed
          ? `Reordered, each input keeps its weight (largest change ${formatNumber(soft.largest, 2)}) and the output is the same: softmax is permutation-equivariant.`
          : 'Reorder the inputs: each keeps its weight, whatever its place.',
      }),
    );
  }
}

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
import { formatDecimal } from '../../common/format.js';
import { t } from '../../i18n/messages.js';
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
    this.hard = new DistributionView({ id: 'softmax-hard', title: t('lessons.widgets.softmax.hardTitle') });
    this.results = element('ul', { className: 'lesson-results', id: 'softmax-results', 'aria-live': 'polite' });
    this.element = element(
      'div',
      { className: 'lesson-widget' },
      element('p', {
        textContent: t('lessons.widgets.softmax.intro'),
      }),
      controlsRow(
        fieldset(
          t('lessons.widgets.softmax.scores'),
          element(
            'div',
            { className: 'score-fields' },
            ...inputs.map((name, i) =>
              labelled(
                t('lessons.widgets.softmax.score', { name, value: formatDecimal(values[i], 3) }),
                this.scoreInputs[i],
              ),
            ),
          ),
        ),
        fieldset(
          t('lessons.widgets.softmax.legend'),
          labelled(
            t('lessons.widgets.softmax.temperature'),
            element('span', { className: 'inline' }, this.temperatureInput, this.temperatureText),
          ),
          element(
            'div',
            { className: 'buttons' },
            button(t('lessons.widgets.softmax.drawAgain'), () => this.onChange({ draw: this.state.draw + 1 }), {
              id: 'softmax-draw',
            }),
            button(t('lessons.widgets.softmax.reorder'), () => this.onChange({ order: this.state.order + 1 }), {
              id: 'softmax-reorder',
            }),
            button(t('lessons.widgets.softmax.asListed'), () => this.onChange({ order: 0 }), { id: 'softmax-listed' }),
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
      weights.map((probability, row) => ({ text: inputs[inputOfRow(row)], probability }));
    this.soft.update(
      {
        top: bars(Array.from(soft.weights), (row) => order[row]),
        text: inputs[argmax],
        probability: soft.weights[order.indexOf(argmax)],
      },
      t(orderSeed ? 'lessons.widgets.softmax.softTitleReordered' : 'lessons.widgets.softmax.softTitle', {
        temperature: String(temperature),
      }),
      t('lessons.widgets.softmax.argmax'),
      inputs.length,
    );
    this.hard.update(
      { top: bars(Array.from(hard.weights), (row) => row), text: inputs[argmax], probability: 1 },
      t('lessons.widgets.softmax.hardTitle'),
      t('lessons.widgets.softmax.taken'),
      inputs.length,
    );
    const distance = maxNormDistances(byInput, argmax);
    this.results.replaceChildren(
      element('li', {
        textContent: t('lessons.widgets.softmax.soft', { output: formatDecimal(soft.output, 3) }),
      }),
      element('li', {
        textContent: t('lessons.widgets.softmax.hard', {
          value: formatDecimal(values[argmax], 3),
          name: inputs[argmax],
        }),
      }),
      element('li', {
        id: 'softmax-drawn',
        textContent: t('lessons.widgets.softmax.sampled', {
          draw: draw + 1,
          name: inputs[drawn],
          value: formatDecimal(values[drawn], 3),
        }),
      }),
      element('li', {
        id: 'softmax-distances',
        textContent: t('lessons.widgets.softmax.distances', {
          fromOneHot: formatDecimal(distance.fromOneHot, 2),
          uniform: formatDecimal(1 / inputs.length, 2),
          fromUniform: formatDecimal(distance.fromUniform, 2),
        }),
      }),
      element('li', {
        id: 'softmax-equivariance',
        textContent: orderSeed
          ? t('lessons.widgets.softmax.reordered', { largest: formatDecimal(soft.largest, 2) })
          : t('lessons.widgets.softmax.reorderHint'),
      }),
    );
  }
}

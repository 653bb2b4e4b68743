// Lesson 1: one sequence summarised three ways, the learner choosing which item should be remembered.
import { controlsRow, element, fieldset, labelled, select } from '../../common/controls.js';
import { formatNumber } from '../../common/format.js';
import { Heatmap, wordWeights } from '../../drawing/heatmap.js';
import { items, summaries } from './selective-math.js';

export class SelectiveLesson {
  constructor({ api, state, onChange, onFacts }) {
    this.onFacts = onFacts;
    this.api = api;
    this.state = state;
    this.onChange = onChange;
    this.chosenSelect = select(
      'memory-chosen',
      items.map((item, i) => [i, item]),
      (v) => this.onChange({ chosen: Number(v) }),
    );
    this.decayInput = element('input', { type: 'range', id: 'memory-decay', min: 5, max: 95, step: 5 });
    this.decayInput.addEventListener('input', () => this.onChange({ decay: Number(this.decayInput.value) / 100 }));
    this.decayText = element('output', { for: 'memory-decay' });
    this.map = new Heatmap({
      id: 'selective-weights',
      title: 'weights over the sequence (oldest first)',
      rowAxis: 'summary',
      colAxis: 'item',
      ...wordWeights,
    });
    this.results = element('ul', { className: 'lesson-results', id: 'selective-results' });
    this.element = element(
      'div',
      { className: 'lesson-widget' },
      element('p', { textContent: `The sequence, oldest first: ${items.join(', ')}.` }),
      controlsRow(
        fieldset(
          'Remember',
          labelled('the item', this.chosenSelect),
          labelled('decay λ', element('span', { className: 'inline' }, this.decayInput, this.decayText)),
        ),
      ),
      this.map.element,
      this.results,
    );
  }

  render(width) {
    const { chosen, decay } = this.state;
    this.chosenSelect.value = String(chosen);
    this.decayInput.value = String(Math.round(decay * 100));
    this.decayText.textContent = `λ = ${decay.toFixed(2)}`;
    const list = summaries(this.api, chosen, decay);
    this.onFacts?.({ newestDecayWeight: list[0].weights.at(-1) }); // the fixed decay's weight on the newest item
    this.map.update({
      matrix: {
        data: Float32Array.from(list.flatMap((s) => Array.from(s.weights))),
        rows: list.length,
        cols: items.length,
      },
      digits: 2,
      rowLabels: list.map((s) => s.name),
      colLabels: [...items],
      maxWidth: Math.min(width, 560),
    });
    this.results.replaceChildren(
      ...list.map((s) =>
        element(
          'li',
          { className: s.kept === chosen ? 'kept' : 'lost' },
          `${s.name}: weights sum to ${formatNumber(s.total, 3)}; the summary looks most like “${items[s.kept]}”${s.kept === chosen ? ' ✓ kept' : ` ✗ (${items[chosen]} was asked for)`}`,
        ),
      ),
    );
  }
}

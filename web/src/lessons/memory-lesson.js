// Lesson 10: a tiny story, a question, and 1-3 hops of attention over the sentences, each refining the query.
import { controlsRow, element, fieldset, labelled } from '../controls.js';
import { Heatmap } from '../heatmap.js';
import { features, hops, question, story } from './memory-math.js';

export class MemoryLesson {
  constructor({ api, state, onChange }) {
    this.api = api;
    this.state = state;
    this.onChange = onChange;
    this.hopsInput = element('input', { type: 'range', id: 'memory-hops', min: 1, max: 3, step: 1 });
    this.hopsInput.addEventListener('input', () => this.onChange({ hops: Number(this.hopsInput.value) }));
    this.hopsText = element('output', { id: 'memory-hops-value', for: 'memory-hops' });
    this.list = element('div', { className: 'hops' });
    this.answer = element('p', { id: 'memory-answer', className: 'verdict', 'aria-live': 'polite' });
    this.element = element(
      'div',
      { className: 'lesson-widget' },
      element('ol', { className: 'story' }, ...story.map((sentence) => element('li', { textContent: sentence }))),
      element('p', { textContent: `Question: ${question}` }),
      controlsRow(
        fieldset('Hops', labelled('hops', element('span', { className: 'inline' }, this.hopsInput, this.hopsText))),
      ),
      this.list,
      this.answer,
    );
  }

  render(width) {
    const count = this.state.hops;
    this.hopsInput.value = String(count);
    this.hopsText.textContent = String(count);
    const result = hops(this.api, count);
    this.list.replaceChildren(
      ...result.hops.map((hop, i) => {
        const query = new Heatmap({
          id: `memory-query-${i + 1}`,
          title: `hop ${i + 1}: the query`,
          rowAxis: 'query',
          colAxis: 'feature',
          wordLabels: true,
          fixedRange: [0, 1.5],
        });
        const weights = new Heatmap({
          id: `memory-weights-${i + 1}`,
          title: `hop ${i + 1}: weights over the story`,
          rowAxis: 'query',
          colAxis: 'sentence',
          fixedRange: [0, 1],
          valueName: 'weight',
        });
        query.update({
          matrix: hop.query,
          digits: 2,
          rowLabels: ['u'],
          colLabels: [...features],
          maxWidth: Math.min(width, 420),
        });
        weights.update({
          matrix: hop.weights,
          digits: 3,
          rowLabels: ['u'],
          colLabels: story.map((_, j) => `${j + 1}`),
          maxWidth: 300,
        });
        return element('div', { className: 'maps-row hop' }, query.element, weights.element);
      }),
    );
    this.answer.textContent = result.answer
      ? `After ${count} hop${count > 1 ? 's' : ''}: the apple is in the ${result.answer}.`
      : 'After 1 hop: the memory found who took the apple (mary), but not yet where she went: add a hop.';
  }
}

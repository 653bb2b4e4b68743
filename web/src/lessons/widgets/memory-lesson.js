// Lesson 10: a tiny story (the learner may rewrite it), a question, and 1-3 hops of attention over its lines,
// each refining the query.
import { controlsRow, element, fieldset, labelled, select } from '../../common/controls.js';
import { Heatmap } from '../../drawing/heatmap.js';
import { features, hops, question, storyLines, trueAnswer } from './memory-math.js';

export class MemoryLesson {
  constructor({ api, state, onChange, onFacts }) {
    this.api = api;
    this.state = state;
    this.onChange = onChange;
    this.onFacts = onFacts;
    this.hopsInput = element('input', { type: 'range', id: 'memory-hops', min: 1, max: 3, step: 1 });
    this.hopsInput.addEventListener('input', () => this.onChange({ hops: Number(this.hopsInput.value) }));
    this.hopsText = element('output', { id: 'memory-hops-value', for: 'memory-hops' });
    this.list = element('div', { className: 'hops' });
    this.answer = element('p', { id: 'memory-answer', className: 'verdict', 'aria-live': 'polite' });
    // The story is the learner's to rewrite: each line one of the sentences the memory can hold.
    this.lineSelects = [0, 1, 2].map((line) =>
      select(
        `memory-line-${line + 1}`,
        storyLines.map((l, i) => [i, l.text]),
        (v) => this.onChange({ story: this.state.story.map((old, i) => (i === line ? Number(v) : old)) }),
      ),
    );
    this.element = element(
      'div',
      { className: 'lesson-widget' },
      controlsRow(
        fieldset(
          'The story, oldest line first',
          ...this.lineSelects.map((lineSelect, i) => labelled(`line ${i + 1}`, lineSelect)),
        ),
        fieldset('Hops', labelled('hops', element('span', { className: 'inline' }, this.hopsInput, this.hopsText))),
      ),
      element('p', { textContent: `Question: ${question}` }),
      this.list,
      this.answer,
    );
  }

  render(width) {
    const { hops: count, story } = this.state;
    this.hopsInput.value = String(count);
    this.hopsText.textContent = String(count);
    this.lineSelects.forEach((lineSelect, i) => (lineSelect.value = String(story[i])));
    const result = hops(this.api, count, story);
    // What the challenges read: the answer after one and after two hops, and what the story says.
    this.onFacts?.({
      oneHop: count === 1 ? result.answer : hops(this.api, 1, story).answer,
      twoHops: count === 2 ? result.answer : hops(this.api, 2, story).answer,
      truth: trueAnswer(story),
    });
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
    const truth = trueAnswer(story);
    const told = truth ? `The story says the ${truth}.` : 'The story does not say where the apple is.';
    this.answer.textContent = result.answer
      ? `After ${count} hop${count > 1 ? 's' : ''}: the apple is in the ${result.answer}. ${told}`
      : `After ${count} hop${count > 1 ? 's' : ''}: no place stands out${count === 1 && story.includes(1) ? ': the memory found who took the apple (mary), but not yet where she went: add a hop' : ''}. ${told}`;
  }
}

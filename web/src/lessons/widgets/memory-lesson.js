// Lesson 10: a tiny story (the learner may rewrite it), a question, and 1-3 hops of attention over its lines,
// each refining the query.
import { controlsRow, element, fieldset, labelled, select, sliderOutput } from '../../common/controls.js';
import { t } from '../../i18n/messages.js';
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
    this.hopsText = sliderOutput('memory-hops', '3', { id: 'memory-hops-value' });
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
          t('lessons.widgets.memory.story'),
          ...this.lineSelects.map((lineSelect, i) =>
            labelled(t('lessons.widgets.memory.line', { number: i + 1 }), lineSelect),
          ),
        ),
        fieldset(
          t('lessons.widgets.memory.legend'),
          labelled(
            t('lessons.widgets.memory.hops'),
            element('span', { className: 'inline' }, this.hopsInput, this.hopsText),
          ),
        ),
      ),
      element('p', { textContent: t('lessons.widgets.memory.question', { question }) }),
      element('p', {
        className: 'hint',
        id: 'memory-update-note',
        textContent: t('lessons.widgets.memory.note'),
      }),
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
          title: t('lessons.widgets.memory.queryTitle', { hop: i + 1 }),
          rowAxis: t('lessons.widgets.memory.queryAxis'),
          colAxis: t('lessons.widgets.memory.featureAxis'),
          wordLabels: true,
          fixedRange: [0, 1.5],
        });
        const weights = new Heatmap({
          id: `memory-weights-${i + 1}`,
          title: t('lessons.widgets.memory.weightsTitle', { hop: i + 1 }),
          rowAxis: t('lessons.widgets.memory.queryAxis'),
          colAxis: t('lessons.widgets.memory.sentenceAxis'),
          fixedRange: [0, 1],
          valueName: t('lessons.widgets.memory.weight'),
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
        const update = new Heatmap({
          id: `memory-update-${i + 1}`,
          title: t('lessons.widgets.memory.updateTitle', { hop: i + 1 }),
          rowAxis: t('lessons.widgets.memory.vectorAxis'),
          colAxis: t('lessons.widgets.memory.featureAxis'),
          wordLabels: true,
          fixedRange: [0, 1.5],
        });
        update.update({
          matrix: stackedRows([hop.kept, hop.output, hop.next]),
          digits: 2,
          rowLabels: ['u·H', '+ o', i + 1 < count ? t('lessons.widgets.memory.nextQuery', { hop: i + 2 }) : '= u'],
          colLabels: [...features],
          maxWidth: Math.min(width, 420),
        });
        return element('div', { className: 'maps-row hop' }, query.element, weights.element, update.element);
      }),
    );
    const truth = trueAnswer(story);
    const told = truth ? t('lessons.widgets.memory.says', { place: truth }) : t('lessons.widgets.memory.doesNotSay');
    this.answer.textContent = result.answer
      ? t('lessons.widgets.memory.found', { count, place: result.answer, told })
      : t(count === 1 && story.includes(1) ? 'lessons.widgets.memory.whoNotWhere' : 'lessons.widgets.memory.nothing', {
          count,
          told,
        });
  }
}

/** 1 × n matrices one under another (a layout step): the update's three rows. */
function stackedRows(rows) {
  return { data: Float32Array.from(rows.flatMap((m) => Array.from(m.data))), rows: rows.length, cols: rows[0].cols };
}

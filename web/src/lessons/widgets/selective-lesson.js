// Lesson 1: one sequence summarised three ways, the learner choosing which item should be remembered.
import { controlsRow, element, fieldset, labelled, select, sliderOutput } from '../../common/controls.js';
import { formatDecimal } from '../../common/format.js';
import { Heatmap, wordWeights } from '../../drawing/heatmap.js';
import { items, summaries, verdict } from './selective-math.js';
import { t } from '../../i18n/messages.js';

// Each summary's name (selective-math.js) → its message.
const summaryKeys = {
  'fixed decay': 'lessons.widgets.selective.summary.decay',
  'sigmoid gates': 'lessons.widgets.selective.summary.gates',
  'softmax attention': 'lessons.widgets.selective.summary.attention',
};

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
    this.decayText = sliderOutput('memory-decay', 'λ = 0.95');
    this.map = new Heatmap({
      id: 'selective-weights',
      title: t('lessons.widgets.selective.mapTitle'),
      rowAxis: t('lessons.widgets.selective.rowAxis'),
      colAxis: t('lessons.widgets.selective.colAxis'),
      ...wordWeights,
    });
    this.results = element('ul', { className: 'lesson-results', id: 'selective-results' });
    this.element = element(
      'div',
      { className: 'lesson-widget' },
      element('p', { textContent: t('lessons.widgets.selective.sequence', { items: items.join(', ') }) }),
      controlsRow(
        fieldset(
          t('lessons.widgets.selective.legend'),
          labelled(t('lessons.widgets.selective.item'), this.chosenSelect),
          labelled(
            t('lessons.widgets.selective.decay'),
            element('span', { className: 'inline' }, this.decayInput, this.decayText),
          ),
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
      rowLabels: list.map((s) => t(summaryKeys[s.name])),
      colLabels: [...items],
      maxWidth: Math.min(width, 560),
    });
    this.results.replaceChildren(...list.map((s) => resultItem(s, chosen)));
  }
}

/** A summary's line: what it sums to, what it looks like, and its mark, said from what was computed (verdict). */
function resultItem(summary, chosen) {
  const { kind, share, open } = verdict(summary, chosen);
  const item = items[chosen];
  const held = t('lessons.widgets.selective.held', { percent: formatDecimal(share * 100, 2) });
  const marks = {
    kept: t('lessons.widgets.selective.kept', { item, held }),
    forgotten: t('lessons.widgets.selective.forgotten', { item, held }),
    // every weight above ½ (the gates all open): the summary keeps every item as much as the one asked for
    unselective:
      open === items.length
        ? t('lessons.widgets.selective.unselectiveAll', { open, item, held })
        : t('lessons.widgets.selective.unselective', { item, held }),
  };
  const byAge =
    summary.name === 'fixed decay' && summary.kept === items.length - 1
      ? ` ${t('lessons.widgets.selective.byAge')}`
      : '';
  const line = t('lessons.widgets.selective.line', {
    summary: t(summaryKeys[summary.name]),
    total: formatDecimal(summary.total, 3),
    like: items[summary.kept],
  });
  return element(
    'li',
    { className: kind === 'kept' ? 'kept' : kind === 'forgotten' ? 'lost' : 'unselective' },
    `${line} ${marks[kind]}${byAge}`,
  );
}

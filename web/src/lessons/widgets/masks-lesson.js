// Lesson 6: masks, and attention as a graph. Five tokens' weights drawn as a graph (an edge from each key to
// the query that reads it) beside the mask, its adjacency, and the weights: pick none, causal or padding, or
// click an edge (or tick a cell) to make a mask of your own; the module recomputes the weights each time.
import { controlsRow, element, fieldset, labelled, select } from '../../common/controls.js';
import { formatDecimal, joinNumbers } from '../../common/format.js';
import { t } from '../../i18n/messages.js';
import { GraphView } from '../../drawing/graph-view.js';
import { Heatmap } from '../../drawing/heatmap.js';
import { allowedOf, maskedAttention, maskModes, tokens, toggled } from './masks-math.js';

// Each mask's name in the menu (lessons.widgets.masks.mode.*).
const modeName = (mode) => t(`lessons.widgets.masks.mode.${mode}`);

export class MasksLesson {
  constructor({ api, state, onChange, onFacts }) {
    this.onFacts = onFacts;
    this.api = api;
    this.state = state;
    this.onChange = onChange;
    this.modeSelect = select(
      'masks-mode',
      maskModes.map((mode) => [mode, modeName(mode)]),
      (mode) => this.onChange({ mode, custom: mode === 'custom' ? Array.from(this.allowed) : this.state.custom }),
    );
    this.graph = new GraphView({ id: 'masks-graph', onToggle: (query, key) => this.#toggle(query, key) });
    this.weights = new Heatmap({
      id: 'masks-weights',
      title: t('lessons.widgets.masks.weightsTitle'),
      rowAxis: t('lessons.widgets.masks.rowAxis'),
      colAxis: t('lessons.widgets.masks.colAxis'),
      wordLabels: true,
      fixedRange: [0, 1],
      valueName: t('lessons.widgets.masks.weight'),
    });
    // The mask as a table of checkboxes: the keyboard's way to change the graph's edges.
    this.boxes = tokens.map((_, query) =>
      tokens.map((__, key) => {
        const box = element('input', {
          type: 'checkbox',
          'aria-label': t('lessons.widgets.masks.box', {
            query: tokens[query],
            queryNumber: query + 1,
            key: tokens[key],
            keyNumber: key + 1,
          }),
        });
        box.dataset.query = String(query);
        box.dataset.key = String(key);
        box.addEventListener('change', () => this.#toggle(query, key));
        return box;
      }),
    );
    const maskTable = element(
      'table',
      { id: 'masks-adjacency', className: 'mask-table' },
      element('caption', { textContent: t('lessons.widgets.masks.caption') }),
      element(
        'thead',
        {},
        element(
          'tr',
          {},
          element('td'),
          ...tokens.map((t) => element('th', { scope: 'col', textContent: t, translate: false })),
        ),
      ),
      element(
        'tbody',
        {},
        ...tokens.map((t, query) =>
          element(
            'tr',
            {},
            element('th', { scope: 'row', textContent: t, translate: false }), // the sentence's words, data
            ...this.boxes[query].map((box) => element('td', {}, box)),
          ),
        ),
      ),
    );
    this.verdict = element('p', { id: 'masks-verdict', className: 'verdict', 'aria-live': 'polite' });
    this.element = element(
      'div',
      { className: 'lesson-widget' },
      controlsRow(
        fieldset(t('lessons.widgets.masks.legend'), labelled(t('lessons.widgets.masks.label'), this.modeSelect)),
      ),
      element('div', { className: 'maps-row' }, this.graph.element, maskTable, this.weights.element),
      this.verdict,
    );
  }

  #toggle(query, key) {
    this.onChange({ mode: 'custom', custom: toggled(this.allowed, query, key) });
  }

  render(width) {
    const { mode, custom } = this.state;
    this.modeSelect.value = mode;
    this.allowed = allowedOf(mode, custom ?? allowedOf('none'));
    const { weights, logits } = maskedAttention(this.api, this.allowed);
    this.onFacts?.({ weights: Array.from(weights.data), allowed: Array.from(this.allowed) });
    this.graph.update({ weights, logits, labels: [...tokens] });
    this.boxes.flat().forEach((box, i) => (box.checked = this.allowed[i] === 1));
    this.weights.update({
      matrix: weights,
      logits,
      digits: 2,
      rowLabels: [...tokens],
      colLabels: [...tokens],
      maxWidth: Math.min(width / 2, 320),
    });
    const edges = this.allowed.reduce((sum, bit) => sum + bit, 0);
    const cutOff = tokens.filter((_, query) => this.allowed.slice(query * 5, query * 5 + 5).every((bit) => !bit));
    const unread = tokens.filter((_, key) => tokens.every((__, query) => !this.allowed[query * 5 + key]));
    const sums = tokens.map((_, query) =>
      formatDecimal(
        weights.data.slice(query * 5, query * 5 + 5).reduce((a, b) => a + b, 0),
        3,
      ),
    );
    this.verdict.textContent = [
      t('lessons.widgets.masks.edges', { edges }),
      t('lessons.widgets.masks.sums', { sums: joinNumbers(sums) }),
      cutOff.length ? t('lessons.widgets.masks.cutOff', { tokens: cutOff.join(', ') }) : '',
      unread.length ? t('lessons.widgets.masks.unread', { tokens: unread.join(', ') }) : '',
    ]
      .filter(Boolean)
      .join(' ');
  }
}

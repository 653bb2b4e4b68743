// Lesson 8: the sinusoidal position encodings as a heatmap, and permutation equivariance computed live.
import { button, controlsRow, element, fieldset, labelled, sliderOutput } from '../../common/controls.js';
import { t } from '../../i18n/messages.js';
import { formatDecimal } from '../../common/format.js';
import { Heatmap } from '../../drawing/heatmap.js';
import { permutationCheck, shuffledOrder, width as wordWidth } from './position-math.js';

const maxWords = 12; // the outputs' maps stay readable; more words are cut, and the verdict says so

/** What the two sliders change (the picture only) and what the words get instead, for `count` words. */
function encodingsNote({ positions, dims, withPositions }, count) {
  const sliders = t('lessons.widgets.position.sliders', { positions, dims });
  const words = t('lessons.widgets.position.words', {
    count,
    width: wordWidth,
    dims,
    added: withPositions ? 'yes' : 'no',
    same: dims === wordWidth ? 'yes' : 'no',
  });
  return `${sliders} ${words}`;
}

export class PositionLesson {
  constructor({ api, state, onChange, onFacts }) {
    this.onFacts = onFacts;
    this.api = api;
    this.state = state;
    this.onChange = onChange;
    this.positionsInput = element('input', { type: 'range', id: 'position-count', min: 2, max: 64, step: 1 });
    this.positionsInput.addEventListener('input', () =>
      this.onChange({ positions: Number(this.positionsInput.value) }),
    );
    this.dimsInput = element('input', { type: 'range', id: 'position-dims', min: 2, max: 64, step: 2 });
    this.dimsInput.addEventListener('input', () => this.onChange({ dims: Number(this.dimsInput.value) }));
    this.positionsText = sliderOutput('position-count', '64');
    this.dimsText = sliderOutput('position-dims', '64');
    this.sentenceInput = element('input', { type: 'text', id: 'position-sentence', autocomplete: 'off' });
    this.sentenceInput.addEventListener('change', () => this.onChange({ sentence: this.sentenceInput.value, seed: 0 }));
    this.withPositions = element('input', { type: 'checkbox', id: 'position-add' });
    this.withPositions.addEventListener('change', () => this.onChange({ withPositions: this.withPositions.checked }));
    this.encodings = new Heatmap({
      id: 'position-encodings',
      title: t('lessons.widgets.position.encodingsTitle'),
      rowAxis: t('lessons.widgets.position.positionAxis'),
      colAxis: t('lessons.widgets.position.dimensionAxis'),
      fixedRange: [-1, 1],
      showValues: false,
    });
    this.original = new Heatmap({
      id: 'position-original',
      title: t('lessons.widgets.position.originalTitle'),
      rowAxis: t('lessons.widgets.position.wordAxis'),
      colAxis: t('lessons.widgets.position.featureAxis'),
      wordLabels: true,
    });
    this.shuffled = new Heatmap({
      id: 'position-shuffled',
      title: t('lessons.widgets.position.shuffledTitle'),
      rowAxis: t('lessons.widgets.position.wordAxis'),
      colAxis: t('lessons.widgets.position.featureAxis'),
      wordLabels: true,
    });
    this.verdict = element('p', { id: 'position-verdict', className: 'verdict', 'aria-live': 'polite' });
    this.encodingsNote = element('p', { id: 'position-encodings-note', className: 'hint' }); // what the sliders change
    this.element = element(
      'div',
      { className: 'lesson-widget' },
      controlsRow(
        fieldset(
          t('lessons.widgets.position.encodings'),
          labelled(
            t('lessons.widgets.position.positions'),
            element('span', { className: 'inline' }, this.positionsInput, this.positionsText),
          ),
          labelled(
            t('lessons.widgets.position.dimensions'),
            element('span', { className: 'inline' }, this.dimsInput, this.dimsText),
          ),
        ),
        fieldset(
          t('lessons.widgets.position.shuffleLegend'),
          labelled(t('lessons.widgets.position.wordsLabel'), this.sentenceInput),
          element(
            'div',
            { className: 'buttons' },
            button(t('lessons.widgets.position.shuffle'), () => this.onChange({ seed: this.state.seed + 1 }), {
              id: 'position-shuffle',
            }),
          ),
          element('label', { className: 'check' }, this.withPositions, ` ${t('lessons.widgets.position.add')}`),
        ),
      ),
      element('div', { className: 'maps-row' }, this.encodings.element, this.original.element, this.shuffled.element),
      this.encodingsNote,
      this.verdict,
    );
  }

  render(width) {
    const s = this.state;
    this.positionsInput.value = String(s.positions);
    this.dimsInput.value = String(s.dims);
    this.positionsText.textContent = String(s.positions);
    this.dimsText.textContent = String(s.dims);
    this.sentenceInput.value = s.sentence;
    this.withPositions.checked = s.withPositions;
    this.encodings.update({
      matrix: this.api.positionalEncoding({ rows: s.positions, cols: s.dims }),
      digits: 3,
      maxWidth: Math.min(width, 520),
    });
    const typed = s.sentence.trim().toLowerCase().split(/\s+/).filter(Boolean);
    const words = typed.slice(0, maxWords);
    this.encodingsNote.textContent = encodingsNote(s, words.length);
    if (words.length < 2) {
      this.verdict.textContent = t('lessons.widgets.position.tooFew');
      return;
    }
    const order = shuffledOrder(words.length, s.seed);
    const { original, shuffled, largest } = permutationCheck(this.api, words, order, s.withPositions);
    this.onFacts?.({ largest, shuffled: s.seed > 0 }); // seed 0: the words as typed, before any shuffle press
    this.original.update({ matrix: original, digits: 3, rowLabels: words, maxWidth: Math.min(width / 2, 420) });
    this.shuffled.update({
      matrix: shuffled,
      digits: 3,
      rowLabels: order.map((i) => words[i]),
      maxWidth: Math.min(width / 2, 420),
    });
    this.verdict.textContent =
      largest < 1e-5
        ? t('lessons.widgets.position.bag', { largest: formatDecimal(largest, 2) })
        : t('lessons.widgets.position.order', { largest: formatDecimal(largest, 3) });
    if (typed.length > maxWords)
      this.verdict.textContent += ` ${t('lessons.widgets.position.cut', { max: maxWords, typed: typed.length, cut: typed.slice(maxWords).join(' ') })}`;
  }
}

// Lesson 5: self-attention and cross-attention side by side, from the shipped English → Spanish model: the
// encoder's English words attending to each other (S × S), and each Spanish word's query attending to the
// English keys (T × S), a soft word alignment checked against the grammar's own; then whether those weights
// explain the translation: raw attention, rollout and flow against removing each word (attribution-view.js).
import { AttributionView } from '../../translation/attribution-view.js';
import { controlsRow, element, fieldset, labelled, select } from '../../common/controls.js';
import { formatDecimal, formatWeight } from '../../common/format.js';
import { drawingInSlices, Heatmap, wordWeights } from '../../drawing/heatmap.js';
import { alignmentAgreement, alignmentCells } from '../../translation/translation-maps.js';
import { languagePairs } from '../../translation/translation-state.js';
import { parkedOnEnd } from './cross-math.js';
import { t } from '../../i18n/messages.js';

/** A weight said in a sentence: formatWeight's two decimals (0.45), in the page's language (0,45). */
const weight = (value) => formatDecimal(Number(formatWeight(value)), 2);

export const exampleSentences = languagePairs['en-es'].examples;

export class CrossAttentionLesson {
  /**
   * @param {{ loadTranslator: () => Promise<import('../../translation/remote-translator.js').RemoteTranslator>, state: object,
   *           onChange: (changes: object) => void, onFacts?: (facts: object) => void,
   *           settling: import('../../common/settled.js').Settling }} options  `settling`: the lesson's, busy
   *   while the translator loads and answers
   */
  constructor({ state, onChange, loadTranslator, onFacts, settling }) {
    this.onFacts = onFacts;
    this.settling = settling;
    this.state = state;
    this.onChange = onChange;
    this.loadTranslator = loadTranslator;
    this.translator = null;
    this.loading = null; // the translator's promise, once asked for
    this.sentenceSelect = select(
      'cross-sentence',
      exampleSentences.map((s, i) => [i, s]),
      (v) => this.onChange({ sentence: Number(v) }),
    );
    this.headSelect = element('select', { id: 'cross-head' });
    this.headSelect.addEventListener('change', () =>
      this.onChange({ head: this.headSelect.value === 'best' ? 'best' : Number(this.headSelect.value) }),
    );
    this.self = new Heatmap({
      id: 'cross-self',
      title: t('lessons.widgets.cross.selfTitle'),
      rowAxis: t('lessons.widgets.cross.englishQuery'),
      colAxis: t('lessons.widgets.cross.englishKey'),
      ...wordWeights,
    });
    this.cross = new Heatmap({
      id: 'cross-cross',
      title: t('lessons.widgets.cross.crossTitle'),
      rowAxis: t('lessons.widgets.cross.spanishQuery'),
      colAxis: t('lessons.widgets.cross.englishKey'),
      ...wordWeights,
    });
    this.status = element('p', { id: 'cross-status', className: 'verdict', 'aria-live': 'polite' });
    this.maps = element('div', { className: 'maps-row' }, this.self.element, this.cross.element);
    this.sink = element('p', { id: 'cross-sink', className: 'hint' }); // why the encoder's words weigh <eos>
    this.attribution = new AttributionView({
      graded: true,
      idPrefix: 'cross-attribution',
      encoder: false,
      heading: 'h4',
      attribute: (sentence, options) => this.translator.attribution(sentence, options),
      agreement: (options) => this.translator.attributionAgreement(options),
    });
    this.element = element(
      'div',
      { className: 'lesson-widget' },
      controlsRow(
        fieldset(
          t('lessons.widgets.cross.legend'),
          labelled(t('lessons.widgets.cross.sentence'), this.sentenceSelect),
          labelled(t('lessons.widgets.cross.head'), this.headSelect),
        ),
      ),
      this.maps,
      this.sink,
      this.status,
      this.attribution.element,
    );
  }

  render(width) {
    this.width = width;
    this.sentenceSelect.value = String(this.state.sentence);
    if (!this.translator) {
      this.status.textContent = t('lessons.widgets.cross.loading');
      // busy until its first answer is drawn: the drawing asks for it before the loading has ended
      this.loading ??= this.settling.during(
        this.loadTranslator().then(
          (translator) => {
            this.translator = translator;
            this.render(this.width);
          },
          (error) => {
            this.status.textContent = t('lessons.widgets.cross.notLoaded', { message: error.message });
          },
        ),
      );
      return;
    }
    // The translator runs in its own worker (web/src/translation/remote-translator.js): draw its answer to the latest request.
    const request = (this.requests = (this.requests ?? 0) + 1);
    void this.settling.during(
      this.translator.translate(exampleSentences[this.state.sentence]).then(
        (translation) => {
          if (request === this.requests) return drawingInSlices(() => this.#draw(translation, width)); // a map per task
        },
        (error) => {
          this.status.textContent = t('lessons.widgets.cross.notTranslated', { message: error.message });
        },
      ),
    );
  }

  #draw(translation, width) {
    const self = translation.encoderSelfAttention.at(-1);
    const cross = translation.crossAttention.at(-1);
    const cells = alignmentCells(translation.alignment, cross[0].rows);
    const agreement = cross.map((map) => alignmentAgreement(map, cells) ?? 0);
    const best = agreement.indexOf(Math.max(...agreement));
    this.onFacts?.({ agreement });
    const head = this.state.head === 'best' ? best : Math.min(this.state.head, cross.length - 1);
    const options = [
      ['best', t('lessons.widgets.cross.bestHead', { head: best + 1 })],
      ...cross.map((_, h) => [h, `${h + 1}`]),
    ];
    this.headSelect.replaceChildren(
      ...options.map(([value, text]) => element('option', { value: String(value), textContent: text })),
    );
    this.headSelect.value = String(this.state.head);
    const size = Math.min(width / 2 - 16, 440);
    this.self.update({
      matrix: self[head],
      digits: 2,
      rowLabels: translation.source,
      colLabels: translation.source,
      maxWidth: size,
    });
    this.cross.update({
      matrix: cross[head],
      digits: 2,
      rowLabels: translation.target,
      colLabels: translation.source,
      maxWidth: size,
      marks: cells,
      markName: t('lessons.widgets.cross.markName'),
    });
    this.sink.textContent = sinkText(self, head, translation.source);
    void this.attribution.show(exampleSentences[this.state.sentence], {}, width);
    const words = translation.target.filter((w) => w !== '<eos>').join(' ');
    this.status.textContent = t('lessons.widgets.cross.status', {
      words,
      selfRows: self[head].rows,
      selfCols: self[head].cols,
      crossRows: cross[head].rows,
      crossCols: cross[head].cols,
      head: head + 1,
      agreeing: Math.round(agreement[head] * cells.length),
      aligned: cells.length,
    });
  }
}

/**
 * What the encoder's map shows on <eos>, in words: the English words of head `head` (or, when none there, of
 * the head with the most) that put half their weight or more on it, and why a trained head does that.
 */
export function sinkText(selfMaps, head, source) {
  const parked = selfMaps.map((map) => parkedOnEnd(map, source));
  const most = parked.reduce((best, p, h) => (p.words.length > parked[best].words.length ? h : best), 0);
  if (!parked[most].words.length) return t('lessons.widgets.cross.noSink');
  const shown = parked[head].words.length ? head : most;
  const { words, least, most: largest } = parked[shown];
  const range = least === largest ? weight(least) : `${weight(least)}–${weight(largest)}`;
  const quoted = words.map((word) => t('lessons.widgets.cross.quoted', { word })).join(', ');
  return shown === head
    ? t('lessons.widgets.cross.sink', { head: head + 1, words: quoted, range })
    : t('lessons.widgets.cross.sinkElsewhere', { head: head + 1, shown: shown + 1, words: quoted, range });
}

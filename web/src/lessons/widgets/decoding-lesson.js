// Lesson 9: one sentence decoded word by word by the shipped English → Spanish model, inside the lesson: each
// step's output distribution as bars, greedy (the most likely word) against a seeded draw or a beam search (its
// tree of hypotheses to walk, translation/beam-explorer.js), and teacher forcing (the reference fed to the decoder
// instead of its own words, as in training). The translator lives in a worker (remote-translator.js) on the page;
// this asks it and draws.
import { button, controlsRow, element, fieldset, labelled, select } from '../../common/controls.js';
import { Heatmap, wordWeights } from '../../drawing/heatmap.js';
import { pickMap, upToStep } from '../../translation/translation-maps.js';
import { BeamExplorer, partingText } from '../../translation/beam-explorer.js';
import { beamWidthChoices, defaultTranslationState, languagePairs } from '../../translation/translation-state.js';
import { DecodingBars } from './decoding-bars.js';
import { formatDecimal, formatProbability } from '../../common/format.js';
import { firstDifference, forcedMisses, outputTemperatures } from './decoding-math.js';
import { t } from '../../i18n/messages.js';

export const decodingSentences = languagePairs['en-es'].examples;
const words = (target) => target.filter((w) => w !== '<eos>').join(' ');
/**
 * The beam's width in the lesson's state, the Translation view's default until one is chosen (the lesson's link
 * does not carry it: lessons-state.js writes only the lesson's other settings).
 */
const beamWidthOf = (s) => s.beamWidth ?? defaultTranslationState().beamWidth;

export class DecodingLesson {
  /**
   * @param {{ loadTranslator: () => Promise<{ translate: Function, outputWords: readonly string[] }>, state: object,
   *           onChange: (changes: object) => void, onFacts?: (facts: object) => void,
   *           settling: import('../../common/settled.js').Settling }} options  `settling`: the lesson's, busy while
   *   the translator loads and answers
   */
  constructor({ state, onChange, loadTranslator, onFacts, settling }) {
    this.onFacts = onFacts;
    this.settling = settling;
    this.state = state;
    this.onChange = onChange;
    this.loadTranslator = loadTranslator;
    this.translator = null;
    this.loading = null;
    this.sentenceSelect = select(
      'decoding-sentence',
      decodingSentences.map((s, i) => [i, s]),
      (v) => this.onChange({ sentence: Number(v), step: 0 }),
    );
    this.choiceSelect = select(
      'decoding-choice',
      [
        ['greedy', t('lessons.widgets.decoding.choice.greedy')],
        ['sample', t('lessons.widgets.decoding.choice.sample')],
        ['beam', t('lessons.widgets.decoding.choice.beam')],
      ],
      (choice) => this.onChange({ choice, step: 0 }),
    );
    this.beamWidthSelect = select('decoding-beam-width', beamWidthChoices, (v) =>
      this.onChange({ beamWidth: Number(v), step: 0 }),
    );
    this.seedInput = element('input', { type: 'number', id: 'decoding-seed', min: 0, max: 9999, step: 1 });
    this.seedInput.addEventListener('change', () => {
      const seed = Number(this.seedInput.value);
      if (Number.isInteger(seed) && seed >= 0 && seed <= 9999) this.onChange({ seed, step: 0 });
      else this.seedInput.value = String(this.state.seed);
    });
    this.nextSeed = button(
      t('lessons.widgets.decoding.nextSeed'),
      () => this.onChange({ seed: (this.state.seed + 1) % 10000, step: 0 }),
      {
        id: 'decoding-next-seed',
      },
    );
    this.temperatureSelect = select(
      'decoding-temperature',
      outputTemperatures.map((temperature) => [temperature, formatDecimal(temperature, 3)]),
      (v) => this.onChange({ outputTemperature: Number(v), step: 0 }),
    );
    this.forcedBox = element('input', { type: 'checkbox', id: 'decoding-forced' });
    this.forcedBox.addEventListener('change', () => this.onChange({ forced: this.forcedBox.checked, step: 0 }));
    this.output = element('p', { className: 'translation-output', id: 'decoding-output' });
    this.bars = new DecodingBars({ id: 'decoding-bars', title: t('lessons.widgets.decoding.barsInitial') });
    // What each word so far read of the English, fed words too under teacher forcing.
    this.crossMap = new Heatmap({
      id: 'decoding-cross',
      title: t('lessons.widgets.decoding.crossTitle'),
      rowAxis: t('lessons.widgets.decoding.spanishWord'),
      colAxis: t('lessons.widgets.decoding.englishWord'),
      ...wordWeights,
    });
    this.status = element('p', { className: 'verdict', id: 'decoding-status', 'aria-live': 'polite' });
    this.beam = new BeamExplorer({ id: 'decoding-beam', rowAxis: t('lessons.widgets.decoding.spanishWord') });
    this.beamPart = element(
      'div',
      { className: 'decoding-beam', hidden: true },
      element('h4', {
        textContent: t('lessons.widgets.decoding.beamTitle'),
      }),
      this.beam.element,
    );
    this.element = element(
      'div',
      { className: 'lesson-widget' },
      controlsRow(
        fieldset(
          t('lessons.widgets.decoding.legend'),
          labelled(t('lessons.widgets.decoding.sentence'), this.sentenceSelect),
          labelled(t('lessons.widgets.decoding.chooseBy'), this.choiceSelect),
          labelled(t('lessons.widgets.decoding.beamWidth'), this.beamWidthSelect),
          labelled(t('lessons.widgets.decoding.seed'), this.seedInput),
          element('div', { className: 'buttons' }, this.nextSeed),
          labelled(t('lessons.widgets.decoding.temperature'), this.temperatureSelect),
          element('label', { className: 'check' }, this.forcedBox, ` ${t('lessons.widgets.decoding.forcing')}`),
        ),
      ),
      element('p', { className: 'hint', textContent: t('lessons.widgets.decoding.clickHint') }),
      this.output,
      element('div', { className: 'maps-row' }, this.bars.element, this.crossMap.element),
      this.status,
      this.beamPart,
    );
  }

  render(width = this.width ?? 800) {
    this.width = width;
    const s = this.state;
    this.sentenceSelect.value = String(s.sentence);
    this.choiceSelect.value = s.choice;
    this.seedInput.value = String(s.seed);
    this.temperatureSelect.value = String(s.outputTemperature);
    this.forcedBox.checked = s.forced;
    this.seedInput.disabled = this.nextSeed.disabled = s.choice !== 'sample' || s.forced;
    this.choiceSelect.disabled = s.forced; // a fed word is not chosen
    this.beamWidthSelect.value = String(beamWidthOf(s));
    this.beamWidthSelect.disabled = s.choice !== 'beam' || s.forced;
    if (!this.translator) {
      this.status.textContent = t('lessons.widgets.cross.loading');
      // busy until its first answer is drawn: the drawing asks for it before the loading has ended
      this.loading ??= this.settling.during(
        this.loadTranslator().then(
          (translator) => {
            this.translator = translator;
            this.render();
          },
          (error) => {
            this.status.textContent = t('lessons.widgets.cross.notLoaded', { message: error.message });
          },
        ),
      );
      return;
    }
    const request = (this.requests = (this.requests ?? 0) + 1);
    void this.settling.during(
      this.#decode(s).then(
        (decodings) => request === this.requests && this.#draw(decodings),
        (error) => {
          this.status.textContent = t('lessons.widgets.cross.notTranslated', { message: error.message });
        },
      ),
    );
  }

  /** Greedy always (the yardstick); the draw or the teacher-forced run when asked for. */
  async #decode(s) {
    const sentence = decodingSentences[s.sentence];
    const { outputTemperature } = s;
    const greedy = await this.translator.translate(sentence, { outputTemperature });
    const reference = greedy.alignment?.target ?? greedy.target.filter((w) => w !== '<eos>');
    if (s.forced) {
      const forced = await this.translator.translate(sentence, { outputTemperature, target: reference.join(' ') });
      return { greedy, shown: forced, reference };
    }
    if (s.choice === 'beam') {
      const searched = await this.translator.translate(sentence, { beam: beamWidthOf(s), outputTemperature });
      return { greedy, shown: searched, reference };
    }
    if (s.choice === 'sample') {
      const sampled = await this.translator.translate(sentence, {
        decoding: 'sample',
        seed: s.seed,
        outputTemperature,
      });
      return { greedy, shown: sampled, reference };
    }
    return { greedy, shown: greedy, reference };
  }

  #draw({ greedy, shown, reference }) {
    const s = this.state;
    const step = Math.min(s.step, shown.steps.length - 1);
    this.output.replaceChildren(
      ...shown.steps.map((entry) =>
        button(entry.text, () => this.onChange({ step: entry.step }), {
          className: `token${entry.step === step ? ' token-current' : ''}`,
          translate: false, // the model's word
          'aria-pressed': String(entry.step === step),
          'aria-label': t('lessons.widgets.decoding.stepLabel', { step: entry.step + 1, token: entry.text }),
        }),
      ),
    );
    const current = shown.steps[step];
    const fed = ['<bos>', ...shown.target.slice(0, step)].join(' ');
    const { cols } = shown.probabilities;
    this.bars.show(
      current,
      t('lessons.widgets.decoding.barsTitle', {
        step: step + 1,
        fed,
        temperature: formatDecimal(s.outputTemperature, 3),
      }),
      s.forced
        ? t('lessons.widgets.decoding.fed')
        : s.choice === 'sample'
          ? t('lessons.widgets.decoding.drawn', { seed: String(s.seed) })
          : s.choice === 'beam'
            ? t('lessons.widgets.decoding.beamWord')
            : t('lessons.widgets.decoding.chosen'),
      {
        row: shown.probabilities.data.subarray(step * cols, (step + 1) * cols),
        outputWords: this.translator.outputWords,
      },
    );
    this.crossMap.update({
      matrix: upToStep(pickMap(shown.crossAttention, shown.crossAttention.length - 1, 'average'), step),
      digits: 2,
      rowLabels: shown.target.slice(0, step + 1),
      colLabels: shown.source,
      highlightRow: step,
      maxWidth: Math.min(this.width / 2, 420),
    });
    this.output.dataset.words = words(shown.target);
    this.beamPart.hidden = !shown.beam;
    if (shown.beam) {
      const layer = shown.crossAttention.length - 1;
      this.beam.update({
        result: shown,
        layer,
        head: 'average',
        headLabel: t('lessons.widgets.decoding.averageOfHeads'),
        width: this.width,
      });
    }
    this.onFacts?.({
      parted: s.forced || s.choice !== 'sample' ? -1 : firstDifference(shown.target, greedy.target),
      forcedMisses: s.forced ? forcedMisses(shown.steps) : [],
    });
    this.status.textContent = this.#verdict({ greedy, shown, reference, current });
  }

  #verdict({ greedy, shown, reference, current }) {
    const s = this.state;
    const correct = words(shown.target) === reference.join(' ');
    const referenceText = reference.join(' ');
    if (s.forced) {
      const misses = forcedMisses(shown.steps);
      return misses.length
        ? t('lessons.widgets.decoding.forcedMisses', {
            reference: referenceText,
            count: misses.length,
            steps: misses.map((m) => m + 1).join(', '),
          })
        : t('lessons.widgets.decoding.forcedAll', { reference: referenceText });
    }
    if (s.choice === 'beam') {
      const values = { width: beamWidthOf(s), words: words(shown.target), reference: referenceText };
      return t(correct ? 'lessons.widgets.decoding.beamCorrect' : 'lessons.widgets.decoding.beamOther', {
        ...values,
        parting: partingText(shown.beam),
      });
    }
    if (s.choice === 'greedy') {
      return t(correct ? 'lessons.widgets.decoding.greedyCorrect' : 'lessons.widgets.decoding.greedyOther', {
        words: words(greedy.target),
        reference: referenceText,
        probability: formatProbability(current.probability),
      });
    }
    const parted = firstDifference(shown.target, greedy.target);
    const theEnd = t('lessons.widgets.decoding.theEnd');
    return parted < 0
      ? t('lessons.widgets.decoding.sameAsGreedy', { seed: String(s.seed), words: words(shown.target) })
      : t('lessons.widgets.decoding.parted', {
          seed: String(s.seed),
          words: words(shown.target),
          greedy: words(greedy.target),
          step: parted + 1,
          drawn: shown.target[parted] ?? theEnd,
          took: greedy.target[parted] ?? theEnd,
        });
  }
}

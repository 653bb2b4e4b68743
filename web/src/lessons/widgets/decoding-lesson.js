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
import { formatProbability } from '../../common/format.js';
import { firstDifference, forcedMisses, outputTemperatures } from './decoding-math.js';

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
   *           onChange: (changes: object) => void, onFacts?: (facts: object) => void }} options
   */
  constructor({ state, onChange, loadTranslator, onFacts }) {
    this.onFacts = onFacts;
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
        ['greedy', 'greedy: the most likely word'],
        ['sample', 'sampling: a draw from the distribution'],
        ['beam', 'beam search: the best of several hypotheses'],
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
    this.nextSeed = button('next seed', () => this.onChange({ seed: (this.state.seed + 1) % 10000, step: 0 }), {
      id: 'decoding-next-seed',
    });
    this.temperatureSelect = select(
      'decoding-temperature',
      outputTemperatures.map((t) => [t, String(t)]),
      (v) => this.onChange({ outputTemperature: Number(v), step: 0 }),
    );
    this.forcedBox = element('input', { type: 'checkbox', id: 'decoding-forced' });
    this.forcedBox.addEventListener('change', () => this.onChange({ forced: this.forcedBox.checked, step: 0 }));
    this.output = element('p', { className: 'translation-output', id: 'decoding-output' });
    this.bars = new DecodingBars({ id: 'decoding-bars', title: 'the output distribution' });
    // What each word so far read of the English, fed words too under teacher forcing.
    this.crossMap = new Heatmap({
      id: 'decoding-cross',
      title: 'cross-attention (last layer, heads averaged)',
      rowAxis: 'Spanish word',
      colAxis: 'English word',
      ...wordWeights,
    });
    this.status = element('p', { className: 'verdict', id: 'decoding-status', 'aria-live': 'polite' });
    this.beam = new BeamExplorer({ id: 'decoding-beam', rowAxis: 'Spanish word' });
    this.beamPart = element(
      'div',
      { className: 'decoding-beam', hidden: true },
      element('h4', {
        textContent: 'The beam: every hypothesis kept, and where greedy parts from it',
      }),
      this.beam.element,
    );
    this.element = element(
      'div',
      { className: 'lesson-widget' },
      controlsRow(
        fieldset(
          'Decode',
          labelled('sentence', this.sentenceSelect),
          labelled('choose words by', this.choiceSelect),
          labelled('beam width', this.beamWidthSelect),
          labelled('seed', this.seedInput),
          element('div', { className: 'buttons' }, this.nextSeed),
          labelled('output temperature', this.temperatureSelect),
          element(
            'label',
            { className: 'check' },
            this.forcedBox,
            ' teacher forcing: feed the reference, not the model’s own words',
          ),
        ),
      ),
      element('p', { className: 'hint', textContent: 'Click a word to see the distribution it was chosen from.' }),
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
      this.status.textContent = 'Loading the English → Spanish model…';
      this.loading ??= this.loadTranslator().then(
        (translator) => {
          this.translator = translator;
          this.render();
        },
        (error) => {
          this.status.textContent = `The model did not load: ${error.message}`;
        },
      );
      return;
    }
    const request = (this.requests = (this.requests ?? 0) + 1);
    this.#decode(s).then(
      (decodings) => request === this.requests && this.#draw(decodings),
      (error) => {
        this.status.textContent = `The model did not translate: ${error.message}`;
      },
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
        button(entry.token, () => this.onChange({ step: entry.step }), {
          className: `token${entry.step === step ? ' token-current' : ''}`,
          'aria-pressed': String(entry.step === step),
          'aria-label': `step ${entry.step + 1}: ${entry.token}`,
        }),
      ),
    );
    const current = shown.steps[step];
    const fed = ['<bos>', ...shown.target.slice(0, step)].join(' ');
    const { cols } = shown.probabilities;
    this.bars.show(
      current,
      `step ${step + 1}: the next word after “${fed}”, at output temperature ${s.outputTemperature}`,
      s.forced
        ? 'fed: the reference'
        : s.choice === 'sample'
          ? `drawn (seed ${s.seed})`
          : s.choice === 'beam'
            ? 'the best hypothesis’s word'
            : 'chosen: the most likely',
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
      this.beam.update({ result: shown, layer, head: 'average', headLabel: 'average of heads', width: this.width });
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
    if (s.forced) {
      const misses = forcedMisses(shown.steps);
      return `Fed the reference “${reference.join(' ')}”: ${
        misses.length
          ? `at step${misses.length > 1 ? 's' : ''} ${misses.map((m) => m + 1).join(', ')} the model's most likely word was not the one fed; training corrects exactly those guesses, one step at a time, however the model's own words would have gone on.`
          : 'at every step the model’s most likely word is the one fed. Free running, it only ever sees its own words, so one wrong word can lead it somewhere training never went.'
      }`;
    }
    if (s.choice === 'beam') {
      return `Beam search of width ${beamWidthOf(s)}: “${words(shown.target)}”${correct ? ', the reference translation' : `; the reference is “${reference.join(' ')}”`}. ${partingText(shown.beam)}`;
    }
    if (s.choice === 'greedy') {
      return `Greedy: “${words(greedy.target)}”${correct ? ', the reference translation' : `; the reference is “${reference.join(' ')}”`}. This word had ${formatProbability(current.probability)}.`;
    }
    const parted = firstDifference(shown.target, greedy.target);
    return parted < 0
      ? `Seed ${s.seed} drew the same words as greedy: “${words(shown.target)}”. Try another seed, or a higher output temperature.`
      : `Seed ${s.seed} drew “${words(shown.target)}”; greedy says “${words(greedy.target)}”. They part at step ${parted + 1}: “${shown.target[parted] ?? '(the end)'}” drawn where greedy took “${greedy.target[parted] ?? '(the end)'}”; every word after it was chosen given that draw.`;
  }
}

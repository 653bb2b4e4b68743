// "Translation": a small encoder-decoder transformer, trained by our own C++ (cpp/tools/train) on a toy
// English → Spanish or English → Japanese grammar (or in the Train view), translating in the browser. The output
// appears word by word; a scrubber walks the decoding steps; every attention map of the model is on display,
// cross-attention first. With beam search, the beam's tree of hypotheses is there to walk; a model with "<unk>"
// carries unknown words across, marked as copied. This file runs the translations and keeps the state; its parts
// draw (the header, the sentence form, the controls, the output distribution, the maps, and the sections it hosts).
import { element, explainedSection } from '../common/controls.js';
import { DrawWhenVisible } from '../common/draw-when-visible.js';
import { nextFrame, nextTask } from '../common/next-task.js';
import { formatNumber } from '../common/format.js';
import { Settling } from '../common/settled.js';
import { drawingInSlices } from '../drawing/heatmap.js';
import { AttributionView } from './attribution-view.js';
import { AttentionMapsArea } from './attention-maps-area.js';
import { outputToken, UnknownWordsNote } from './copied-words.js';
import { headName } from '../common/head-labels.js';
import { evaluationCount, HeadSwitches } from './head-switches.js';
import { NextWordSection } from './next-word-section.js';
import { refusalText } from './refusal-text.js';
import { replaceWord, SentenceError } from './sentence-error.js';
import { SentenceForm } from './sentence-form.js';
import { TranslationControls } from './translation-controls.js';
import { translationHeader } from './translation-header.js';
import { defaultPair, headMaskOf, languagePairs } from './translation-state.js';
import { VocabularySection } from './vocabulary-section.js';
import { yourModelsSection } from './your-models-section.js';
import { loadMessages, t } from '../i18n/messages.js';

const stepMilliseconds = 280;

export class TranslationView {
  /**
   * @param {{ translator: object, state: object, onStateChange: (state: object) => void, modelLabel?: string,
   *           onUseShippedModel?: () => void, onLanguageChange?: (task: string) => void, task?: string,
   *           examples?: string[], onUseModel?: (bytes: Uint8Array, label: string, context: object) => Promise<void> }} options
   *   onUseModel: shows another model (as the Train view's does); with it, the view lists "Your models", those
   *   saved in this browser, to pick as a shipped one is
   */
  constructor({
    translator,
    state,
    onStateChange,
    modelLabel = null,
    onUseShippedModel = null,
    onLanguageChange = null,
    task = defaultPair,
    examples = null,
    onUseModel = null,
  }) {
    this.translator = translator;
    this.task = task;
    this.pair = languagePairs[task] ?? null; // a sequence task's or pasted pairs' model has no grammar to compare with
    this.state = state;
    this.onStateChange = onStateChange;
    this.result = null;
    this.step = 0;
    this.timer = null;
    this.requests = 0; // translations asked for: only the latest one's answer is drawn

    this.element = element('section', {
      id: 'translation-view',
      className: 'view',
      'aria-labelledby': 'translation-view-title',
    });
    this.element.dataset.decoding = 'idle';
    this.settling = new Settling(this.element); // busy while a translation is asked for, drawn or played
    const onSentence = (sentence) => this.set({ sentence });
    this.form = new SentenceForm({
      translator,
      pair: this.pair,
      task,
      examples,
      onSentence,
      onLanguageChange: modelLabel ? null : onLanguageChange, // the picker switches between shipped models
    });
    const onFix = (word, option) => onSentence(replaceWord(this.state.sentence, word, option));
    this.error = new SentenceError({ onFix });
    this.unknownWords = new UnknownWordsNote({ onFix });
    // The model's words, not the page's: translate="no".
    this.output = element('p', {
      id: 'translation-output',
      className: 'translation-output',
      'aria-live': 'polite',
      translate: false,
    });
    this.reference = element('p', { id: 'grammar-translation', className: 'hint' });
    this.outputLabel = element('span', { className: 'field-label', id: 'output-label' });
    const vocabulary = new VocabularySection({
      words: translator.vocabulary.source,
      sentences: examples ?? (this.pair ? translator.heldOutSentences(5).map(({ source }) => source) : []),
      onSentence,
    });

    this.element.append(
      ...translationHeader({ translator, task, pair: this.pair, modelLabel, onUseShippedModel }),
      this.form.element,
      this.error.element,
      this.unknownWords.element,
      element('div', { className: 'translation-result' }, this.outputLabel, this.output, this.reference),
      vocabulary.element,
    );
    this.onUseModel = onUseModel;
    this.laterParts = null; // built by #buildBelowFold, on the first render
    this.resultId = 0;
    // The maps' sizes follow the view's width; its height changes with every word drawn and needs nothing.
    this.width = 0;
    new ResizeObserver(([entry]) => {
      if (Math.round(entry.contentRect.width) === this.width) return;
      this.width = Math.round(entry.contentRect.width);
      if (this.result) this.render();
    }).observe(this.element);
  }

  /**
   * The controls, maps and distributions below the sentence and its translation: built on the first render (in a
   * task of its own on a first showing), so that making the view, which a phone does while the page loads, is short.
   */
  #buildBelowFold() {
    if (this.laterParts) return;
    const config = this.translator.config;
    this.controls = new TranslationControls({
      config,
      onChange: (changes) => this.set(changes),
      onStep: (step) => this.#goTo(step),
      onReplay: () => this.translate({ animate: true }),
    });
    this.nextWord = new NextWordSection();
    this.maps = new AttentionMapsArea({
      config,
      pair: this.pair,
      onStep: (row) => this.#goTo(row),
      onSelect: (layer, head) => this.set({ layer, head }),
    });
    this.headSwitches = new HeadSwitches({
      config,
      graded: Boolean(this.pair),
      onChange: (headsOff) => this.set({ headsOff }),
      evaluate: (headMask) => this.translator.evaluate({ count: evaluationCount, headMask }),
    });
    // The beam's tree and map: their code and words are fetched the first time a translation has a beam (#drawBeam), not with
    // the view (a visitor who never picks beam search does not download it).
    /** @type {import('./beam-explorer.js').BeamExplorer | null} */
    this.beam = null;
    /** @type {Promise<void> | null} */
    this.beamLoading = null;
    // Why a sentence is outside the grammar: its code and words are fetched the first time one is (#describeReference).
    /** @type {Promise<[typeof import('./grammar-problem-text.js'), unknown]> | null} */
    this.grammarWords = null;
    /** @type {object | null} the translation the reference line last described */
    this.described = null;
    this.beamHolder = element('div', { className: 'beam-explorer-holder' });
    this.beamSection = explainedSection(
      {
        id: 'beam',
        title: t('translation.view.beamTitle'),
        hint: t('translation.view.beamHint'),
      },
      this.beamHolder,
    );
    this.beamSection.hidden = true;
    this.attribution = new AttributionView({
      graded: Boolean(this.pair),
      attribute: (sentence, options) => this.translator.attribution(sentence, options),
      agreement: (options) => this.translator.attributionAgreement(options),
      refusal: refusalText, // a sentence it refuses, said as the sentence form says it
    });
    // What lies below the fold joins the page a frame per part on the view's first showing (renderInSlices), so
    // that no single frame lays the whole view out.
    this.laterParts = [
      element('div', { className: 'below-fold' }, this.controls.element),
      this.beamSection,
      this.nextWord.element,
      this.maps.crossSection,
      this.maps.selfSection,
      this.headSwitches.element,
      this.attribution.element,
    ];
    if (this.onUseModel) this.laterParts.push(yourModelsSection(this.onUseModel));
    this.headSwitchesDraw = new DrawWhenVisible(this.headSwitches.element); // scored when seen
    this.attributionDraw = new DrawWhenVisible(this.attribution.element); // computed when seen
    this.beamDraw = new DrawWhenVisible(this.beamSection);
  }

  // ---- state ----

  set(changes) {
    const retranslate = [
      'sentence',
      'temperature',
      'decoding',
      'beamWidth',
      'outputTemperature',
      'seed',
      'teacherForcing',
      'headsOff',
    ].some((key) => key in changes);
    this.state = { ...this.state, ...changes };
    this.onStateChange(this.state);
    if (retranslate)
      void this.translate({ animate: 'sentence' in changes }); // says its own errors
    else this.settling.after(() => this.render());
  }

  /**
   * Runs the model (in its worker) on the state's sentence; with `animate`, reveals the output one word per tick.
   * Resolves once the answer is drawn; an answer overtaken by a newer request is dropped.
   */
  translate(options) {
    return this.settling.during(() => this.#translate(options));
  }

  async #translate({ animate = true } = {}) {
    this.#stopAnimation();
    this.form.input.value = this.state.sentence;
    const request = ++this.requests;
    this.element.dataset.decoding = 'translating'; // until the worker answers
    const { sentence, temperature, decoding, beamWidth, outputTemperature, seed, teacherForcing, headsOff } =
      this.state;
    const headMask = headMaskOf(headsOff, this.translator.config);
    // beam search takes no `decoding` (a beam is not sampled) and no seed
    const choice = decoding === 'beam' ? { beam: beamWidth } : { decoding, seed };
    let result, forced;
    try {
      result = await this.translator.translate(sentence, { temperature, outputTemperature, headMask, ...choice });
      // Teacher forcing needs the true translation: the grammar's, for sentences it has.
      const reference = teacherForcing && result.alignment ? result.alignment.target.join(' ') : null;
      forced = reference
        ? await this.translator.translate(sentence, { temperature, outputTemperature, target: reference, headMask })
        : null;
    } catch (error) {
      if (request !== this.requests) return;
      // The previous sentence's words, bars and maps go with it: left on screen, they would pass for this one's.
      this.result = null;
      this.forced = null;
      this.error.show(error);
      this.unknownWords.hide();
      this.element.dataset.decoding = 'done'; // nothing under way: the error is the answer
      this.render();
      return;
    }
    if (request !== this.requests) return;
    this.resultId += 1;
    this.result = result;
    this.forced = forced;
    this.error.hide();
    this.unknownWords.show(result);
    const last = this.result.target.length - 1;
    const reduceMotion = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (!animate || reduceMotion) {
      this.step = last;
      // The words first; the maps in the next task, each picture in a task of its own (the first drawing of a
      // page is its slowest: the canvas and its fonts are set up).
      this.render({ textOnly: true });
      await nextTask();
      if (request !== this.requests) return;
      await drawingInSlices(() => this.render());
      if (request === this.requests) this.element.dataset.decoding = 'done';
      return;
    }
    this.step = 0;
    this.element.dataset.decoding = 'running';
    this.settling.hold('animation', true);
    this.render();
    this.timer = setInterval(() => {
      if (this.step >= last) return this.#stopAnimation();
      this.step += 1;
      this.render();
    }, stepMilliseconds);
  }

  #stopAnimation() {
    clearInterval(this.timer);
    this.timer = null;
    if (this.result && this.element.dataset.decoding === 'running') this.element.dataset.decoding = 'done';
    this.settling.hold('animation', false);
  }

  #goTo(step) {
    if (!this.result) return; // a refused sentence has no steps
    this.#stopAnimation();
    this.step = Math.max(0, Math.min(step, this.result.target.length - 1));
    this.settling.after(() => this.render());
  }

  // ---- drawing ----

  /** The first showing: the view's top at once, the parts below the fold a frame each. */
  async renderInSlices() {
    await nextTask(); // the view's top is on the page; what lies below it is built in a task, drawn in the next
    this.#buildBelowFold();
    const later = this.laterParts.splice(0);
    await nextTask();
    this.render();
    for (const part of later) {
      await nextFrame();
      this.element.append(part);
    }
  }

  /** Draws the state and the current step; with `textOnly`, the words and bars but not the maps. */
  render({ textOnly = false } = {}) {
    this.#buildBelowFold();
    this.element.append(...this.laterParts.splice(0)); // shown without renderInSlices (a model swapped in): all at once
    const s = this.state;
    // From the resize observer (which reports before the first paint): reading the layout here would force one.
    const width = this.width || 900;
    this.controls.update(s);
    // A shipped pair's output has its language's name (translation.view.outputLabel.<pair>); any other is 'output'.
    const outputLabel = this.pair ? `translation.view.outputLabel.${this.task}` : 'translation.view.outputLabel.output';
    this.outputLabel.textContent = t(outputLabel, { decoding: decodingName(s) });
    // The state when drawn, not when asked: a click made meanwhile has already changed the switches.
    this.headSwitchesDraw.request(() => this.headSwitches.update(this.state.headsOff), s.headsOff.join(','));
    // Greedy and at the state's temperature and heads, whatever the decoding shown: what the maps explain. A
    // refused sentence is asked for too, so that its error replaces the previous sentence's maps.
    this.attributionDraw.request(
      () => {
        const { sentence, temperature, headsOff } = this.state;
        void this.attribution.show(
          sentence,
          { temperature, headMask: headMaskOf(headsOff, this.translator.config) },
          width,
        );
      },
      `${s.sentence} ${s.temperature} ${s.headsOff.join(',')} ${width}`,
    );
    const r = this.result;
    if (!r) {
      this.output.replaceChildren();
      this.reference.textContent = '';
      this.controls.showStep(0, null);
      this.nextWord.clear();
      this.maps.clear();
      this.beamSection.hidden = true;
      return;
    }
    const step = Math.min(this.step, r.target.length - 1);
    this.controls.showStep(step, r.target);
    const copies = new Map(r.copied.map((copy) => [copy.targetIndex, copy]));
    this.output.replaceChildren(
      ...r.target.slice(0, step + 1).map((word, i) => outputToken(word, i === step, copies.get(i))),
    );
    this.#describeReference(r);
    this.nextWord.update(r, this.forced, step, s.teacherForcing);
    if (textOnly) return;
    this.maps.update({ result: r, resultId: this.resultId, step, state: s, width });
    this.#drawBeam(r, s, width);
  }

  /** The beam's tree, when the translation has one (drawn when scrolled to; the step shown does not change it). */
  #drawBeam(r, s, width) {
    this.beamSection.hidden = !r.beam;
    if (!r.beam) return;
    if (!this.beam) {
      this.beamLoading ??= Promise.all([import('./beam-explorer.js'), loadMessages('beam')]).then(
        ([{ BeamExplorer }]) => {
          this.beam = new BeamExplorer({
            id: 'beam-tree',
            rowAxis: t(this.pair ? `translation.view.outputWord.${this.task}` : 'app.drawing.heatmap.outputWord'),
          });
          this.beamHolder.append(this.beam.element);
        },
      );
      // Drawn once its code is here; a newer translation's call comes after it, and wins.
      void this.beamLoading.then(() => this.#drawBeam(r, s, width));
      return;
    }
    const headLabel =
      s.head === 'average' ? t('translation.controls.averageOfHeads') : headName(s.head, this.translator.config);
    this.beamDraw.request(
      () => this.beam.update({ result: r, layer: s.layer, head: s.head, headLabel, width }),
      `${this.resultId} ${s.layer} ${s.head} ${width}`,
    );
  }

  #describeReference(r) {
    this.described = r;
    if (!this.pair) {
      this.reference.textContent = t('translation.view.reference.task', { task: this.task });
    } else if (!r.alignment) {
      // Said once its words are here (fetched the first time; the landing's sentence is in the grammar), unless a
      // newer translation was described meanwhile.
      this.reference.textContent = '';
      this.grammarWords ??= Promise.all([import('./grammar-problem-text.js'), loadMessages('grammar')]);
      void this.grammarWords.then(([{ grammarProblemText }]) => {
        if (this.described !== r) return;
        const reason = grammarProblemText(r.outsideGrammar);
        this.reference.textContent = t('translation.view.reference.outside', { reason });
      });
    } else if (r.alignment.matchesModel) {
      this.reference.textContent = t('translation.view.reference.matches');
    } else {
      this.reference.textContent = t('translation.view.reference.differs', { reference: r.alignment.target.join(' ') });
    }
  }
}

/** How the state chooses words, for the output's label. */
function decodingName(s) {
  if (s.decoding === 'beam') return t('translation.view.decoding.beam', { width: s.beamWidth });
  if (s.decoding === 'sample')
    return t('translation.view.decoding.sample', { temperature: formatNumber(s.outputTemperature, 3), seed: s.seed });
  return t('translation.view.decoding.greedy');
}

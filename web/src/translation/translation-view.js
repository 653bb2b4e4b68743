// "Translation": a small encoder-decoder transformer, trained by our own C++ (cpp/tools/train) on a toy
// English → Spanish or English → Japanese grammar (or in the Train view), translating in the browser. The output appears word by word; a scrubber walks
// the decoding steps; every attention map of the model is on display, cross-attention first.
import { button, element, fieldset, hasFocus, labelled, logSlider, select } from '../common/controls.js';
import { DistributionView, percent } from '../drawing/distribution-view.js';
import { DrawWhenVisible } from '../common/draw-when-visible.js';
import { nextFrame, nextTask } from '../common/next-task.js';
import { formatCount, formatNumber, formatWeight } from '../common/format.js';
import { HeadGrid } from './head-grid.js';
import { headName, headSharingText } from './head-names.js';
import { AttributionView } from './attribution-view.js';
import { evaluationCount, HeadSwitches } from './head-switches.js';
import { crossAttentionMap, drawingInSlices, Heatmap, wordWeights } from '../drawing/heatmap.js';
import { LineView } from '../drawing/line-view.js';
import { alignmentAgreement, alignmentCells, pickMap, upToStep } from './translation-maps.js';
import { headMaskOf, languagePairs, translationLimits } from './translation-state.js';
import { translationIntroduction, translationTitle } from '../app/view-text.js';

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
    task = 'en-es',
    examples = null,
    onUseModel = null,
  }) {
    this.translator = translator;
    this.task = task;
    this.pair = languagePairs[task] ?? null; // a sequence task's or pasted pairs' model has no grammar to compare with
    this.onLanguageChange = modelLabel ? null : onLanguageChange; // the picker switches between shipped models
    this.taskExamples = examples;
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
    this.errorLine = element('div', { className: 'error', role: 'alert', hidden: true });
    this.output = element('p', { id: 'translation-output', className: 'translation-output', 'aria-live': 'polite' });
    this.reference = element('p', { id: 'grammar-translation', className: 'hint' });
    this.outputLabel = element('span', { className: 'field-label', id: 'output-label' });

    this.element.append(
      element('h2', { id: 'translation-view-title', textContent: translationTitle }),
      ...this.#introduction().map((text) => element('p', { className: 'intro', textContent: text })),
      element('p', { className: 'hint', id: 'model-card', textContent: this.#modelCard() }),
      modelLabel
        ? element(
            'p',
            { className: 'notice', id: 'model-notice' },
            `This is your model (${modelLabel}), not the shipped one. `,
            translator.config.ablations.sigmoidGates
              ? 'Its attention weights are sigmoid gates: a row need not sum to 1. '
              : '',
            button('Back to the shipped model', onUseShippedModel, { id: 'use-shipped-model' }),
          )
        : '',
      this.#sentenceForm(),
      this.errorLine,
      element('div', { className: 'translation-result' }, this.outputLabel, this.output, this.reference),
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
    this.crossMap = new Heatmap({
      id: 'cross-attention',
      title: 'cross-attention weights',
      ...crossAttentionMap,
      onActivate: (row) => this.#goTo(row),
    });
    this.agreement = element('p', { id: 'alignment-agreement', className: 'hint' });
    this.lines = new LineView({
      id: 'cross-attention-lines',
      title: 'cross-attention as lines: source above, output below',
    });
    this.grid = new HeadGrid({ id: 'cross-attention-grid', onSelect: (layer, head) => this.set({ layer, head }) });
    this.encoderMap = new Heatmap({
      id: 'encoder-self-attention',
      title: 'encoder self-attention',
      rowAxis: 'source word',
      colAxis: 'source word',
      ...wordWeights,
    });
    this.decoderMap = new Heatmap({
      id: 'decoder-self-attention',
      title: 'decoder causal self-attention',
      rowAxis: 'output word',
      colAxis: 'decoder input',
      ...wordWeights,
    });
    this.crossSection = element('div', { className: 'maps-row' }, this.crossMap.element, this.lines.element);
    this.freeDistribution = new DistributionView({ id: 'next-word', title: '' });
    this.forcedDistribution = new DistributionView({ id: 'next-word-forced', title: '' });
    this.forcedNote = element('p', { className: 'hint', id: 'teacher-forcing-note' });
    this.headSwitches = new HeadSwitches({
      config: this.translator.config,
      graded: Boolean(this.pair),
      onChange: (headsOff) => this.set({ headsOff }),
      evaluate: (headMask) => this.translator.evaluate({ count: evaluationCount, headMask }),
    });
    this.attribution = new AttributionView({
      graded: Boolean(this.pair),
      attribute: (sentence, options) => this.translator.attribution(sentence, options),
      agreement: (options) => this.translator.attributionAgreement(options),
    });
    // What lies below the fold joins the page a frame per part on the view's first showing (renderInSlices), so
    // that no single frame lays the whole view out.
    this.laterParts = [
      element('div', { className: 'below-fold' }, this.#controls()),
      element(
        'section',
        { 'aria-labelledby': 'next-title', className: 'below-fold' },
        element('h3', { id: 'next-title', textContent: 'Choosing each word: the output distribution' }),
        element('p', {
          className: 'hint',
          textContent:
            'At every step the decoder ends in a softmax over every word it knows; the bars are its most likely words at the step shown. The most likely word is one choice; a draw from the distribution is another (with an output temperature that sharpens or flattens it). Teacher forcing feeds the decoder the grammar’s translation instead of its own words, as in training: compare how one early mistake changes every later step.',
        }),
        element(
          'div',
          { className: 'maps-row distributions' },
          this.freeDistribution.element,
          this.forcedDistribution.element,
        ),
        this.forcedNote,
      ),
      element(
        'section',
        { 'aria-labelledby': 'cross-title', className: 'below-fold' },
        element('h3', {
          id: 'cross-title',
          textContent: this.pair
            ? `Cross-attention: which English words each ${this.pair.target} word looked at`
            : 'Cross-attention: which input symbols each output symbol looked at',
        }),
        element('p', {
          className: 'hint',
          textContent:
            'Rows are the words produced so far (the query of row t produced word t); columns are the encoder’s outputs for the source words. Rings and dashed lines: the grammar’s true word alignment.',
        }),
        this.crossSection,
        this.agreement,
        this.grid.element,
      ),
      element(
        'section',
        { 'aria-labelledby': 'self-title', className: 'below-fold' },
        element('h3', { id: 'self-title', textContent: 'Self-attention in the encoder and the decoder' }),
        element('p', {
          className: 'hint',
          textContent:
            'The encoder’s words attend to each other freely; the decoder’s are masked causally: the query producing word t sees only <bos> and the words before t (its upper triangle is zero).',
        }),
        element('div', { className: 'maps-row' }, this.encoderMap.element, this.decoderMap.element),
      ),
      this.headSwitches.element,
      this.attribution.element,
    ];
    if (this.onUseModel) this.laterParts.push(this.#yourModels(this.onUseModel));
    // Parts below the fold are drawn when they come into view (each redraw skipped if what it shows is unchanged).
    this.linesDraw = new DrawWhenVisible(this.lines.element);
    this.gridDraw = new DrawWhenVisible(this.grid.element);
    this.encoderDraw = new DrawWhenVisible(this.encoderMap.element);
    this.decoderDraw = new DrawWhenVisible(this.decoderMap.element);
    this.headSwitchesDraw = new DrawWhenVisible(this.headSwitches.element); // scored when seen
    this.attributionDraw = new DrawWhenVisible(this.attribution.element); // computed when seen
  }

  /**
   * "Your models", the models trained in this browser: their code and the store are loaded when the list comes
   * near the screen, not while the view first draws.
   */
  #yourModels(onUseModel) {
    const section = element('div', { className: 'below-fold', id: 'translation-your-models' });
    const opening = new IntersectionObserver(
      async ([entry]) => {
        if (!entry.isIntersecting) return;
        opening.disconnect();
        const { YourModels, savedModelContext, savedModelLabel } = await import('../train/your-models.js');
        const list = new YourModels({
          onUse: (saved) => onUseModel(saved.weights, savedModelLabel(saved), savedModelContext(saved)),
        });
        section.append(list.element);
        await list.open();
      },
      { rootMargin: '300px' },
    );
    opening.observe(section);
    return section;
  }

  /** The view's introduction, in short paragraphs (what the model is; what its cross-attention shows). */
  #introduction() {
    if (this.pair) return translationIntroduction(this.task); // the words shown while the model was loading
    return [
      `A transformer trained in the Train view on ${this.task === 'pairs' ? 'your own pairs' : `the ${this.task} task`} runs here in WebAssembly, in a background thread.`,
      'For each output symbol, cross-attention spreads a weight of 1 over the input (and the end marker <eos>).',
    ];
  }

  /** The model's size and the build it runs on. */
  #modelCard() {
    const { encoderLayers, decoderLayers, heads, parameters } = this.translator.config;
    const words = this.pair ? `, ${this.translator.vocabulary.source.length} English words` : '';
    const sharing = headSharingText(this.translator.config);
    return `The model: ${encoderLayers} encoder and ${decoderLayers} decoder layers, ${heads} heads, ${formatCount(parameters)} parameters${words}; kernels: ${this.translator.backend}.${sharing ? ` ${sharing}` : ''}`;
  }

  // ---- state ----

  set(changes) {
    const retranslate = [
      'sentence',
      'temperature',
      'decoding',
      'outputTemperature',
      'seed',
      'teacherForcing',
      'headsOff',
    ].some((key) => key in changes);
    this.state = { ...this.state, ...changes };
    this.onStateChange(this.state);
    if (retranslate)
      void this.translate({ animate: 'sentence' in changes }); // says its own errors
    else this.render();
  }

  /**
   * Runs the model (in its worker) on the state's sentence; with `animate`, reveals the output one word per tick.
   * Resolves once the answer is drawn; an answer overtaken by a newer request is dropped.
   */
  async translate({ animate = true } = {}) {
    this.#stopAnimation();
    this.sentenceInput.value = this.state.sentence;
    const request = ++this.requests;
    this.element.dataset.decoding = 'translating'; // until the worker answers
    const { sentence, temperature, decoding, outputTemperature, seed, teacherForcing, headsOff } = this.state;
    const headMask = headMaskOf(headsOff, this.translator.config);
    let result, forced;
    try {
      result = await this.translator.translate(sentence, { temperature, decoding, outputTemperature, seed, headMask });
      // Teacher forcing needs the true translation: the grammar's, for sentences it has.
      const reference = teacherForcing && result.alignment ? result.alignment.target.join(' ') : null;
      forced = reference
        ? await this.translator.translate(sentence, { temperature, outputTemperature, target: reference, headMask })
        : null;
    } catch (error) {
      if (request !== this.requests) return;
      this.result = null;
      this.forced = null;
      this.#showError(error);
      this.element.dataset.decoding = 'done'; // nothing under way: the error is the answer
      this.render();
      return;
    }
    if (request !== this.requests) return;
    this.resultId += 1;
    this.result = result;
    this.forced = forced;
    this.errorLine.hidden = true;
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
  }

  #goTo(step) {
    this.#stopAnimation();
    this.step = Math.max(0, Math.min(step, this.result.target.length - 1));
    this.render();
  }

  // ---- controls ----

  #sentenceForm() {
    this.sentenceInput = element('input', {
      type: 'text',
      id: 'sentence',
      autocomplete: 'off',
      spellcheck: false,
      maxLength: translationLimits.maxSentenceLength,
      placeholder: this.pair ? `e.g. ${this.pair.examples[0]}` : 'e.g. 3 1 4 1 5',
    });
    const examples = [['', 'pick an example…']];
    if (this.taskExamples) {
      for (const source of this.taskExamples) examples.push([source, `${source} (held out)`]);
    } else if (this.pair) {
      examples.push(...this.pair.examples.map((s) => [s, s]));
      for (const { source } of this.translator.heldOutSentences(8)) examples.push([source, `${source} (held out)`]);
    } else {
      // A model opened from a file carries no task, so no held-out sentences: offer words it knows.
      for (const word of this.translator.vocabulary.source.slice(0, 8))
        examples.push([word, `${word} (a word it knows)`]);
    }
    this.examples = select('examples', examples, (value) => {
      if (value) this.set({ sentence: value });
      this.examples.value = '';
    });
    const languagePicker = this.onLanguageChange
      ? labelled(
          'language pair',
          select(
            'language',
            Object.entries(languagePairs).map(([name, pair]) => [name, pair.label]),
            (value) => this.onLanguageChange(value),
          ),
        )
      : null;
    if (languagePicker) languagePicker.querySelector('select').value = this.task;
    const form = element(
      'form',
      { className: 'sentence-form', id: 'sentence-form' },
      languagePicker,
      labelled(
        this.pair ? 'English sentence' : 'input sequence',
        this.sentenceInput,
        element('small', {
          textContent: `up to ${this.translator.maxWords} words from the ${this.pair ? 'grammar’s' : 'task’s'} vocabulary`,
        }),
      ),
      element('button', { type: 'submit', id: 'translate', textContent: 'Translate' }),
      labelled('or pick one', this.examples),
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.set({ sentence: this.sentenceInput.value });
    });
    return form;
  }

  #controls() {
    this.scrubber = element('input', { type: 'range', id: 'decoding-step', min: 0, max: 0, step: 1, value: 0 });
    this.scrubber.addEventListener('input', () => this.#goTo(Number(this.scrubber.value)));
    this.stepText = element('output', { id: 'decoding-step-text', for: 'decoding-step' });
    const back = button('◀', () => this.#goTo(this.step - 1), { 'aria-label': 'previous step', id: 'step-back' });
    const forward = button('▶', () => this.#goTo(this.step + 1), { 'aria-label': 'next step', id: 'step-forward' });
    const replay = button('Replay', () => this.translate({ animate: true }), { id: 'replay' });

    const { minTemperature, maxTemperature } = translationLimits;
    this.temperature = element('input', { type: 'range', min: 0, max: 1000, step: 1, id: 'tr-temperature' });
    this.temperatureText = element('output', { id: 'tr-temperature-value', for: 'tr-temperature' });
    this.temperature.addEventListener('input', () => {
      const t = logSlider.toValue(Number(this.temperature.value), minTemperature, maxTemperature);
      this.set({ temperature: Number(t.toPrecision(3)) });
    });
    const resetTemperature = button('T = 1', () => this.set({ temperature: 1 }), {
      id: 'tr-temperature-reset',
      title: 'the temperature the model was trained at',
    });

    const { decoderLayers, heads } = this.translator.config;
    const config = this.translator.config;
    this.layerSelect = select(
      'tr-layer',
      Array.from({ length: decoderLayers }, (_, l) => [l, `layer ${l + 1}`]),
      (v) => this.set({ layer: Number(v) }),
    );
    this.headSelect = select(
      'tr-head',
      [...Array.from({ length: heads }, (_, h) => [h, headName(h, config)]), ['average', 'average of heads']],
      (v) => this.set({ head: v === 'average' ? 'average' : Number(v) }),
    );
    this.alignmentToggle = element('input', { type: 'checkbox', id: 'show-alignment' });
    this.alignmentToggle.addEventListener('change', () => this.set({ showAlignment: this.alignmentToggle.checked }));

    const { minOutputTemperature, maxOutputTemperature, maxSeed } = translationLimits;
    this.decodingSelect = select(
      'decoding-choice',
      [
        ['greedy', 'the most likely word (greedy)'],
        ['sample', 'a draw from the distribution (sampling)'],
      ],
      (v) => this.set({ decoding: v }),
    );
    this.outputTemperature = element('input', { type: 'range', min: 0, max: 1000, step: 1, id: 'output-temperature' });
    this.outputTemperatureText = element('output', { id: 'output-temperature-value', for: 'output-temperature' });
    this.outputTemperature.addEventListener('input', () => {
      const t = logSlider.toValue(Number(this.outputTemperature.value), minOutputTemperature, maxOutputTemperature);
      this.set({ outputTemperature: Number(t.toPrecision(3)) });
    });
    this.seedInput = element('input', { type: 'number', id: 'seed', min: 0, max: maxSeed, step: 1 });
    this.seedInput.addEventListener('change', () => {
      const seed = Number(this.seedInput.value);
      if (Number.isInteger(seed) && seed >= 0 && seed <= maxSeed) this.set({ seed });
      else this.seedInput.value = String(this.state.seed);
    });
    const resample = button('Resample', () => this.set({ seed: (this.state.seed + 1) % (maxSeed + 1) }), {
      id: 'resample',
      title: 'draw again with the next seed',
    });
    this.teacherToggle = element('input', { type: 'checkbox', id: 'teacher-forcing' });
    this.teacherToggle.addEventListener('change', () => this.set({ teacherForcing: this.teacherToggle.checked }));

    return element(
      'div',
      { className: 'controls translation-controls' },
      fieldset(
        'Choosing each word',
        labelled('choose', this.decodingSelect),
        labelled(
          'output temperature',
          element('span', { className: 'inline' }, this.outputTemperature, this.outputTemperatureText),
          element('small', {
            textContent:
              'divides the output logits, not attention’s: 0.1 (near greedy) to 10 (near uniform); used when sampling and for the bars',
          }),
        ),
        labelled('seed', element('span', { className: 'inline' }, this.seedInput, resample)),
        element(
          'label',
          { className: 'check' },
          this.teacherToggle,
          ' compare with teacher forcing (feed the grammar’s translation)',
        ),
      ),
      fieldset(
        'Decoding',
        labelled('step', element('span', { className: 'inline' }, back, this.scrubber, forward, replay), this.stepText),
      ),
      fieldset(
        'Attention temperature (all layers)',
        labelled(
          'temperature',
          element('span', { className: 'inline' }, this.temperature, this.temperatureText, resetTemperature),
          element('small', {
            textContent: '0.05 (hard, argmax-like) to 20 (flat, near uniform), log scale; the model was trained at 1',
          }),
        ),
      ),
      fieldset(
        'Map shown',
        labelled('layer', this.layerSelect),
        labelled('head', this.headSelect),
        element('label', { className: 'check' }, this.alignmentToggle, ' show the true alignment'),
      ),
    );
  }

  #showError(error) {
    const parts = [element('span', { textContent: error.message.replace(/^translate: /, '') })];
    if (error.suggestions) {
      // One click replaces an unknown word by a suggestion.
      for (const [word, options] of Object.entries(error.suggestions)) {
        parts.push(element('span', { textContent: ` Instead of “${word}”: ` }));
        for (const option of options) {
          parts.push(
            button(option, () => this.set({ sentence: replaceWord(this.state.sentence, word, option) }), {
              className: 'suggestion',
            }),
          );
        }
      }
    }
    this.errorLine.replaceChildren(...parts);
    this.errorLine.hidden = false;
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
    this.temperature.value = logSlider.toPosition(
      s.temperature,
      translationLimits.minTemperature,
      translationLimits.maxTemperature,
    );
    this.temperatureText.textContent = `T = ${formatNumber(s.temperature, 3)}`;
    this.layerSelect.value = String(s.layer);
    this.headSelect.value = String(s.head);
    this.alignmentToggle.checked = s.showAlignment;
    this.decodingSelect.value = s.decoding;
    this.outputLabel.textContent = `${this.pair?.target ?? 'output'} (${s.decoding === 'greedy' ? 'greedy decoding' : `sampled at T_out = ${formatNumber(s.outputTemperature, 3)}, seed ${s.seed}`}):`;
    this.outputTemperature.value = logSlider.toPosition(
      s.outputTemperature,
      translationLimits.minOutputTemperature,
      translationLimits.maxOutputTemperature,
    );
    this.outputTemperatureText.textContent = `T_out = ${formatNumber(s.outputTemperature, 3)}`;
    if (!hasFocus(this.seedInput)) this.seedInput.value = String(s.seed);
    this.seedInput.disabled = s.decoding !== 'sample';
    this.teacherToggle.checked = s.teacherForcing;
    // The state when drawn, not when asked: a click made meanwhile has already changed the switches.
    this.headSwitchesDraw.request(() => this.headSwitches.update(this.state.headsOff), s.headsOff.join(','));
    if (!this.result) {
      this.output.replaceChildren();
      this.reference.textContent = '';
      return;
    }
    const r = this.result;
    const step = Math.min(this.step, r.target.length - 1);
    this.scrubber.max = String(r.target.length - 1);
    this.scrubber.value = String(step);
    this.stepText.textContent = `step ${step + 1} of ${r.target.length}: produced “${r.target[step]}”`;

    this.output.replaceChildren(
      ...r.target
        .slice(0, step + 1)
        .map((word, i) =>
          element('span', { className: i === step ? 'token token-current' : 'token', textContent: word }),
        ),
    );
    this.#describeReference(r);
    this.#drawDistributions(step);
    if (textOnly) return;
    this.#renderMaps(step, width);
  }

  /** The maps of decoding step `step`: the cross-attention map now, the parts below the fold when seen. */
  #renderMaps(step, width) {
    const s = this.state;
    const r = this.result;
    const source = r.source;
    const shown = r.target.slice(0, step + 1);
    const shownHead = s.head === 'average' ? 'average of heads' : headName(s.head, this.translator.config);
    const cross = upToStep(pickMap(r.crossAttention, s.layer, s.head), step);
    const marks = s.showAlignment ? alignmentCells(r.alignment, step + 1) : [];
    this.crossMap.title = `cross-attention, layer ${s.layer + 1}, ${shownHead}`;
    this.crossMap.element.querySelector('.heatmap-title').textContent = this.crossMap.title;
    this.crossMap.update({
      matrix: cross,
      digits: 4,
      formatCell: formatWeight,
      rowLabels: shown,
      colLabels: source,
      highlightRow: step,
      marks,
      markName: 'true alignment',
      maxWidth: Math.min(width, 560),
    });
    const drawn = `${this.resultId} ${step} ${s.layer} ${s.head} ${s.showAlignment} ${width}`; // what the lazy parts show
    this.linesDraw.request(
      () =>
        this.lines.update({
          matrix: cross,
          sourceWords: source,
          targetWords: shown,
          alignment: marks,
          maxWidth: width,
        }),
      drawn,
    );
    const agreement = alignmentAgreement(cross, alignmentCells(r.alignment, step + 1));
    this.agreement.textContent =
      agreement === null
        ? ''
        : `In this map, the largest weight of ${Math.round(agreement * 100)}% of the aligned output words so far falls on their true source word.`;
    this.gridDraw.request(
      () =>
        this.grid.update(
          r.crossAttention.map((layer) => layer.map((m) => upToStep(m, step))),
          s.layer,
          s.head,
          this.translator.config.kvHeads,
        ),
      drawn,
    );

    const decoderInputs = ['<bos>', ...r.target.slice(0, step)];
    this.encoderDraw.request(() => {
      // the encoder's maps do not change while decoding steps are walked
      this.encoderMap.element.querySelector('.heatmap-title').textContent =
        `encoder self-attention, layer ${Math.min(s.layer, r.encoderSelfAttention.length - 1) + 1}, ${shownHead}`;
      this.encoderMap.update({
        matrix: pickMap(r.encoderSelfAttention, s.layer, s.head),
        digits: 4,
        formatCell: formatWeight,
        rowLabels: source,
        colLabels: source,
        maxWidth: Math.min(width / 2, 480),
      });
    }, `${this.resultId} ${s.layer} ${s.head} ${width}`);
    // Greedy and at the state's temperature and heads, whatever the decoding shown: what the maps explain.
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
    this.decoderDraw.request(() => {
      this.decoderMap.element.querySelector('.heatmap-title').textContent =
        `decoder self-attention, layer ${s.layer + 1}, ${shownHead}`;
      this.decoderMap.update({
        matrix: upToStep(pickMap(r.decoderSelfAttention, s.layer, s.head), step, true),
        digits: 4,
        formatCell: formatWeight,
        rowLabels: shown,
        colLabels: decoderInputs,
        highlightRow: step,
        maxWidth: Math.min(width / 2, 480),
      });
    }, drawn);
  }

  #drawDistributions(step) {
    const r = this.result;
    const how = r.decoding.choice === 'greedy' ? 'the most likely word' : `sampled, seed ${r.decoding.seed}`;
    this.freeDistribution.update(
      r.steps[step],
      `step ${step + 1}, free running (${how}): “${r.steps[step].token}”, ${percent(r.steps[step].probability)}`,
    );
    const forced = this.forced;
    this.forcedDistribution.element.hidden = !forced || step >= forced.steps.length;
    if (!this.forcedDistribution.element.hidden) {
      const f = forced.steps[step];
      this.forcedDistribution.update(
        f,
        `step ${step + 1}, teacher forcing: the reference word “${f.token}” got ${percent(f.probability)}`,
        'the reference',
      );
    }
    this.forcedNote.textContent = !this.state.teacherForcing
      ? ''
      : !forced
        ? 'Teacher forcing needs the grammar’s translation, and this sentence is outside the grammar.'
        : `Fed the reference “${forced.target.slice(0, -1).join(' ')}”, the model gives its words ${forced.steps.map((x) => percent(x.probability)).join(', ')}.`;
  }

  #describeReference(r) {
    if (!this.pair) {
      this.reference.textContent = `A model of ${this.task === 'pairs' ? 'your own pairs' : `the ${this.task} task`}: the Train view’s probe compares it with the task’s true answer.`;
    } else if (!r.alignment) {
      this.reference.textContent = `Outside the grammar this model was trained on: ${r.outsideGrammar}. The model still writes something (above), and its maps below show what it looked at, but nothing it learned covers this sentence, and there is no reference to check it against.`;
    } else if (r.alignment.matchesModel) {
      this.reference.textContent = 'Matches the grammar’s translation word for word.';
    } else {
      this.reference.textContent = `The grammar says: “${r.alignment.target.join(' ')}”. The model’s output differs, so no true alignment is overlaid.`;
    }
  }
}

/** The sentence with each whole-word occurrence of `word` (case-insensitively) replaced. */
export function replaceWord(sentence, word, replacement) {
  return sentence
    .split(/(\s+)/)
    .map((part) => (part.toLowerCase().replace(/[.,!?;:]/g, '') === word ? replacement : part))
    .join('');
}

// <attention-translator>: the toy translator as a self-contained widget: an English sentence (typed, unless
// `readonly`), the model's translation and its cross-attention map, and with `lines` the line view.
// Attributes: sentence, weights (a shipped model's name, the first by default, or a weight file's URL; 0.1's `model` still
// read), layer and head (1-based as on the page; head may be 'average', the default), temperature (the attention
// temperature, default 1), readonly, lines.
// Events: translated (detail: the Translation object of web/lib), error. An element further down the page loads
// its model and translates when the reader gets near it.
import { element } from '../src/common/controls.js';
import { Settling } from '../src/common/settled.js';
import { crossAttentionMap, drawingInSlices, Heatmap } from '../src/drawing/heatmap.js';
import { LineView } from '../src/drawing/line-view.js';
import { alignmentCells, pickMap } from '../src/translation/translation-maps.js';
import { refusalText } from '../src/translation/refusal-text.js';
import { headName } from '../src/common/head-labels.js';
import { t } from '../src/i18n/messages.js';
import {
  clearError,
  inPageLanguage,
  partsMade,
  showForm,
  defineElement,
  ElementBase,
  followWidth,
  integerAttribute,
  markDrawn,
  nearScreen,
  reportError,
  settingsLine,
  shadowWithStyles,
  renamedAttribute,
  sharedTranslator,
  showSettings,
  textForm,
} from './shared.js';

export class AttentionTranslatorElement extends ElementBase {
  static observedAttributes = ['sentence', 'weights', 'model', 'layer', 'head', 'temperature', 'readonly', 'lines'];

  #translator = null;
  #result = null;
  #request = 0; // the latest translation asked for: earlier ones that finish later are dropped
  #near = null; // resolved once the element has come near the screen
  #settling = new Settling(this); // busy while its model loads and it translates and draws (data-state)
  #width;

  constructor() {
    super();
    const { root, errorLine } = shadowWithStyles(this);
    this.root = root;
    this.errorLine = errorLine;
    this.#build();
    this.#width = followWidth(this, () => this.#draw());
  }

  /** Its parts, made in the current locale: the sentence's form, the output, the map and the lines. */
  #build() {
    const { form, input } = textForm({
      label: t('translation.form.sentence'),
      action: t('translation.form.translate'),
      onSubmit: (text) => this.setAttribute('sentence', text),
    });
    this.form = form;
    this.input = input;
    // The model's words: data, in the language it translates into, whatever the page's.
    this.output = element('p', { className: 'translation-output', 'aria-live': 'polite', translate: false });
    this.map = new Heatmap({
      id: 'cross-attention',
      title: t('translation.maps.crossWeights'),
      ...crossAttentionMap,
    });
    this.lines = new LineView({ id: 'lines', title: t('translation.maps.lines') });
    this.settingsLine = settingsLine(); // on paper, instead of the sentence's form
    this.root.replaceChildren(
      this.form,
      this.settingsLine,
      this.output,
      element('div', { className: 'maps-row' }, this.map.element, this.lines.element),
    );
    partsMade(this);
  }

  /** The latest Translation (null before the first, or after an error). */
  get translation() {
    return this.#result;
  }

  connectedCallback() {
    this.#near ??= nearScreen(this); // its model loads, and it translates, when the reader gets near it
    void this.#translate(); // reports its own errors in the element
  }

  attributeChangedCallback(name, before, after) {
    if (before === after || !this.isConnected) return;
    if (['sentence', 'weights', 'model', 'temperature'].includes(name)) void this.#translate();
    else this.#settling.after(() => this.#draw());
  }

  async #translate() {
    const request = ++this.#request;
    showForm(this, this, 'sentence');
    const sentence = this.getAttribute('sentence') ?? '';
    await inPageLanguage(this, this.errorLine, () => {
      this.#build();
      showForm(this, this, 'sentence');
    });
    if (!sentence.trim()) return;
    await this.#near;
    if (request !== this.#request) return;
    const settled = this.#settling.begin();
    try {
      const temperature = this.hasAttribute('temperature') ? Number(this.getAttribute('temperature')) : 1;
      const translator = await sharedTranslator(this.#weights());
      if (request !== this.#request) return;
      this.#translator = translator;
      this.#result = translator.translate(sentence, { temperature });
      clearError(this.errorLine);
      await drawingInSlices(() => this.#draw()); // the words at once, the map's picture in a task of its own
      if (request !== this.#request) return;
      markDrawn(this);
      this.dispatchEvent(new CustomEvent('translated', { detail: this.#result, bubbles: true, composed: true }));
    } catch (error) {
      if (request !== this.#request) return;
      this.#result = null;
      this.output.replaceChildren();
      this.map.element.hidden = this.lines.element.hidden = true;
      // A refused sentence (typed into its form, as on the page) is said in the page's language.
      reportError(this, this.errorLine, error, error.kind ? refusalText(error) : error.message);
    } finally {
      settled();
    }
  }

  /** The weight file: its attribute (or 0.1's `model`), else the shipped en-es model. */
  #weights() {
    return renamedAttribute(this, 'weights', 'model') ?? 'en-es';
  }

  #draw() {
    const r = this.#result;
    if (!r) return;
    try {
      const { decoderLayers, heads } = this.#translator.config;
      const layer = integerAttribute(this, 'layer', decoderLayers, { min: 1, max: decoderLayers }) - 1;
      const headText = this.getAttribute('head') ?? 'average';
      const head = headText === 'average' ? 'average' : integerAttribute(this, 'head', 1, { min: 1, max: heads }) - 1;
      const cross = pickMap(r.crossAttention, layer, head);
      const marks = alignmentCells(r.alignment, cross.rows);
      const width = this.#width() || 600; // as last observed: reading clientWidth here would force a layout
      this.output.replaceChildren(
        ...r.target.map((word) => element('span', { className: 'token', textContent: word })),
      );
      const headShown =
        head === 'average' ? t('translation.controls.averageOfHeads') : headName(head, this.#translator.config);
      const title = t('translation.maps.crossMapTitle', { layer: layer + 1, head: headShown });
      showSettings(this.settingsLine, [
        ['weights', this.#weights()],
        ['temperature', this.getAttribute('temperature') ?? 1],
        ['layer', layer + 1],
        ['head', head === 'average' ? 'average' : head + 1],
      ]);
      this.map.title = title;
      this.map.element.querySelector('.heatmap-title').textContent = title;
      this.map.update({
        matrix: cross,
        digits: 3,
        rowLabels: r.target,
        colLabels: r.source,
        marks,
        markName: t('translation.maps.marks.alignment'),
        maxWidth: Math.min(width, 560),
      });
      this.map.element.hidden = false;
      this.lines.element.hidden = !this.hasAttribute('lines');
      if (!this.lines.element.hidden)
        this.lines.update({
          matrix: cross,
          sourceWords: r.source,
          targetWords: r.target,
          alignment: marks,
          maxWidth: width,
        });
    } catch (error) {
      reportError(this, this.errorLine, error);
    }
  }
}

defineElement('attention-translator', AttentionTranslatorElement);

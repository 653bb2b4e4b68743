// <attention-generator>: a language model writing on any page, token by token, and how each token came to be: the
// prompt and what the model wrote (a chip per token), then for the chosen written token the distribution it was
// drawn from, every layer's and head's attention at it, the causal map of one head and the key/value cache. The
// same parts as the playground's Generate view (StepDetails, TokenStrip).
// Attributes: weights (the URL of a language model's weight file: the Generate view's download, or a trainer's
// save(); the package ships no language model) or gpt2 (the URL of a folder holding GPT-2's four files, opened with
// a progress bar and a Cancel by generator-gpt2.js, fetched only then), prompt, tokens (1-400, default 40),
// decoding ('sample', the default, or 'greedy'), output-temperature (0.01-2, default 0.8), top-k (0: all), top-p,
// seed (default 0, as the library's), layer and head (1-based, the head the causal map shows), step (the written
// token shown, 1-based), readonly. 0.1's `model` and `temperature` (0-2, 0 for greedy) are still read, with a warning.
// Events: generated (detail: the Generation object of web/lib), error.
// An element further down the page loads its model and writes when the reader gets near it.
import { element } from '../src/common/controls.js';
import { Settling } from '../src/common/settled.js';
import { StepDetails } from '../src/generate/step-details.js';
import { gpt2OpeningLabels, gpt2Phase, hints, labels } from '../src/generate/generate-text.js';
import { t } from '../src/i18n/messages.js';
import { TokenStrip } from '../src/generate/token-strip.js';
import { headWeights } from '../src/generate/generation-maps.js';
import { languageModelRefusalText } from '../src/generate/refusal-text.js';
// The element's frame, then how it reads its attributes and model, then how it says what it did.
import {
  inPageLanguage,
  partsMade,
  showForm,
  ElementBase,
  defineElement,
  shadowWithStyles,
  textForm,
  settingsLine,
  followWidth,
  nearScreen,
  integerAttribute,
  numberAttribute,
  renamedAttribute,
  sharedLanguageModel,
  showSettings,
  markDrawn,
  clearError,
  reportError,
} from './shared.js';

/** The attributes that change what is written (the rest change what is shown of it). */
const writingAttributes = [
  'weights',
  'gpt2',
  'prompt',
  'tokens',
  'decoding',
  'output-temperature',
  'top-k',
  'top-p',
  'seed',
  ...['model', 'temperature'], // 0.1's names of weights and of decoding with output-temperature
];

/**
 * The model `host`'s attributes name: { weights } (a weight file's URL, or 0.1's `model`) or { gpt2 } (the URL of
 * the folder holding GPT-2's model.safetensors, config.json, vocab.json and merges.txt). One and only one.
 * @param {HTMLElement} host
 * @returns {{ weights: string } | { gpt2: string }}
 */
export function generatorModel(host) {
  const weights = renamedAttribute(host, 'weights', 'model');
  const gpt2 = host.getAttribute('gpt2');
  if (gpt2 !== null && weights !== null)
    throw new TypeError("give the weights attribute (a model of ours) or the gpt2 attribute (GPT-2's files), not both");
  if (gpt2 !== null) {
    if (gpt2.trim() === '')
      throw new TypeError(
        "the gpt2 attribute must be the URL of a folder holding GPT-2's model.safetensors, config.json, vocab.json and merges.txt",
      );
    return { gpt2: gpt2.trim() };
  }
  if (!weights) throw new TypeError('the weights attribute must be the URL of a language model weight file');
  return { weights };
}

export class AttentionGeneratorElement extends ElementBase {
  static observedAttributes = [...writingAttributes, 'layer', 'head', 'step', 'readonly'];

  #model = null;
  #generation = null;
  #drawn = null; // the generation as the Generate view's parts draw it: with its model's config and options
  #request = 0; // the latest generation asked for: an earlier one whose model arrives later is dropped
  #near = null;
  #settling = new Settling(this); // busy while its model loads and it writes (data-state)
  #width; // the element's width, as last observed

  constructor() {
    super();
    const { root, errorLine } = shadowWithStyles(this);
    this.root = root;
    this.errorLine = errorLine;
    this.#build();
    this.#width = followWidth(this, () => this.#draw());
  }

  /** Its parts, made in the current locale: the prompt's form, the token strip and a token's details. */
  #build() {
    const { form, input } = textForm({
      label: labels.prompt,
      action: labels.write,
      // the same prompt again writes again: after a cancelled or failed opening, Write is how to try once more
      onSubmit: (text) =>
        text === this.getAttribute('prompt') ? void this.#write() : this.setAttribute('prompt', text),
    });
    this.form = form;
    this.input = input;
    this.settingsLine = settingsLine();
    this.strip = new TokenStrip({ label: labels.strip, onChoose: (index) => this.#choose({ step: index }) });
    this.stripHint = element('p', { className: 'hint', textContent: hints.strip });
    this.details = new StepDetails({ onChange: (changes) => this.#choose(changes) });
    this.output = element('div', { hidden: true }, this.strip.element, this.stripHint, this.details.element);
    this.opening = element('div'); // GPT-2's opening shows its progress here
    this.root.replaceChildren(this.form, this.settingsLine, this.opening, this.output);
    partsMade(this);
  }

  /** The latest Generation (null before the first, or after an error). */
  get generation() {
    return this.#generation;
  }

  connectedCallback() {
    this.#near ??= nearScreen(this);
    void this.#write(); // reports its own errors in the element
  }

  attributeChangedCallback(name, before, after) {
    if (before === after || !this.isConnected) return;
    if (writingAttributes.includes(name)) void this.#write();
    else if (name === 'readonly') this.form.hidden = this.hasAttribute('readonly');
    else this.#settling.after(() => this.#draw());
  }

  /** The generation's options, read from the attributes as strictly as the library reads them. */
  #options() {
    return {
      tokens: integerAttribute(this, 'tokens', 40, { min: 1, max: 400 }),
      ...this.#decoding(),
      topK: integerAttribute(this, 'top-k', 0, { min: 0 }),
      topP: numberAttribute(this, 'top-p', 1, { min: Number.MIN_VALUE, max: 1 }),
      seed: integerAttribute(this, 'seed', 0, { min: 0 }),
      cache: true, // the library's default, said here because the cache's part reads it
    };
  }

  /** { decoding, outputTemperature }: from their attributes, or from 0.1's temperature (0: greedy) when they are absent. */
  #decoding() {
    const outputTemperature = numberAttribute(this, 'output-temperature', 0.8, { min: 0.01, max: 2 });
    const given = ['decoding', 'output-temperature'].some((name) => this.hasAttribute(name));
    if (!given && renamedAttribute(this, 'output-temperature', 'temperature') !== null) {
      const temperature = numberAttribute(this, 'temperature', 0.8, { min: 0, max: 2 });
      if (temperature === 0) return { decoding: 'greedy', outputTemperature };
      return { decoding: 'sample', outputTemperature: temperature };
    }
    const decoding = this.getAttribute('decoding') ?? 'sample';
    if (decoding !== 'sample' && decoding !== 'greedy')
      throw new RangeError(`the decoding attribute must be 'sample' or 'greedy', got '${decoding}'`);
    return { decoding, outputTemperature };
  }

  async #write() {
    const request = ++this.#request;
    showForm(this, this, 'prompt');
    const prompt = this.getAttribute('prompt') ?? '';
    await inPageLanguage(this, this.errorLine, () => {
      this.#build();
      showForm(this, this, 'prompt');
    });
    let settled = () => {};
    try {
      const options = this.#options();
      // Looked at once the element is near the screen: a page that sets the model from its script, after the
      // element is upgraded, does so before then (no error flashes in between).
      await this.#near;
      if (request !== this.#request) return;
      settled = this.#settling.begin();
      const source = generatorModel(this);
      const model = 'gpt2' in source ? await this.#openGpt2(source.gpt2) : await sharedLanguageModel(source.weights);
      if (request !== this.#request) return;
      this.#model = model;
      const generation = model.generate(prompt, options);
      this.#generation = generation;
      this.#drawn = { ...generation, config: model.config, options };
      clearError(this.errorLine);
      this.#draw();
      markDrawn(this);
      this.dispatchEvent(new CustomEvent('generated', { detail: generation, bubbles: true, composed: true }));
    } catch (error) {
      if (request !== this.#request) return;
      this.#generation = this.#drawn = null;
      this.output.hidden = true;
      const cancelled = error?.name === 'AbortError' && this.dataset.gpt2Phase === 'cancelled';
      reportError(
        this,
        this.errorLine,
        error,
        cancelled ? t('elements.generator.gpt2Cancelled') : languageModelRefusalText(error),
      );
    } finally {
      settled();
    }
  }

  /** GPT-2 from the folder at `folder`, its code fetched now (generator-gpt2.js), shown opening above the output. */
  async #openGpt2(folder) {
    const { openGpt2Folder } = await import('./generator-gpt2.js');
    const words = { progress: gpt2OpeningLabels.progress, cancel: gpt2OpeningLabels.cancel, phase: gpt2Phase };
    return openGpt2Folder(folder, { host: this, place: this.opening, words });
  }

  /** The layer, head and written token shown: attributes (1-based), each within what the generation has. */
  #shown() {
    const { layers, heads } = this.#model.config;
    const written = this.#drawn.steps.length;
    return {
      layer: integerAttribute(this, 'layer', 1, { min: 1, max: layers }) - 1,
      head: integerAttribute(this, 'head', 1, { min: 1, max: heads }) - 1,
      step: integerAttribute(this, 'step', 1, { min: 1, max: written }) - 1,
    };
  }

  /** A choice made inside the element (a chip, a row, a picker) becomes its attribute, which redraws. */
  #choose(changes) {
    for (const [name, value] of Object.entries(changes)) this.setAttribute(name, String(value + 1));
  }

  #draw() {
    const generation = this.#drawn;
    if (!generation) return;
    try {
      const shown = this.#shown();
      this.output.hidden = false;
      this.strip.update(generation, shown.step);
      const { heads } = generation.config;
      this.strip.showAttention(
        generation.steps[shown.step].windowStart,
        headWeights(generation, shown.step, { ...shown, heads }),
      );
      this.details.update(generation, shown, { answer: undefined, maxWidth: this.#width() || 600 });
      const { options } = generation;
      showSettings(this.settingsLine, [
        ['prompt', JSON.stringify(this.getAttribute('prompt') ?? '')],
        ['tokens', options.tokens],
        ['decoding', options.decoding],
        ['output-temperature', options.outputTemperature],
        ['top-k', options.topK],
        ['top-p', options.topP],
        ['seed', options.seed],
        ['layer', shown.layer + 1],
        ['head', shown.head + 1],
      ]);
    } catch (error) {
      reportError(this, this.errorLine, error);
    }
  }
}

defineElement('attention-generator', AttentionGeneratorElement);

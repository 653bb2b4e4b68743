// Types of attention-playground/elements. Importing the module registers the five custom elements.
// Every element says when it has settled (docs/embed.md, "Waiting until it has settled"): `data-state` 'busy' or
// 'settled', `data-settled` (how many times it has), and a `settled` Event (bubbling) each time.
import type { Generation, Matrix, HeadMatrices, Translation } from '../lib/index.js';

/** { data, rows, cols }, or several heads { data, heads, rows, cols }; data may be a plain array of numbers. */
export type AttentionWeights =
  | (Omit<Matrix, 'data'> & { data: Float32Array | number[] })
  | (Omit<HeadMatrices, 'data'> & { data: Float32Array | number[] });

export interface CellDetail {
  row: number;
  col: number;
  value: number;
}

/**
 * `<attention-map>`: one map. Attributes: `caption`, `digits` (1-9, default 3), `show-values` (numbers in
 * cells), `range` ('fixed': 0 to 1, the default; 'data': the values' own range), `head` (1-based, for
 * several heads), `theme` ('light' | 'dark'; default: the reader's preference).
 * Events: `cell-focus`, `cell-select` (CustomEvent<CellDetail>), `error` (CustomEvent<Error>).
 */
export class AttentionMapElement extends HTMLElement {
  weights: AttentionWeights | null;
  rowLabels: string[] | null;
  colLabels: string[] | null;
  /** The true source column of each row (-1: none), drawn as rings. */
  alignment: number[] | null;
  toCSV(): string;
  toSVG(): string;
  toPNG(): Promise<Blob>;
}

/**
 * `<attention-translator>`: attributes `sentence`, `weights` (a ShippedModel's name, the first by default, or a weight
 * file's URL, as loadTranslator's), `layer`, `head` (1-based; head may be 'average', the default), `temperature` (the
 * attention temperature, default 1), `readonly` (no input), `lines` (show the line view), `theme`. 0.1's `model` is
 * still read, with a warning. Events: `translated` (CustomEvent<Translation>), `error`.
 */
export class AttentionTranslatorElement extends HTMLElement {
  /** The latest translation, or null. */
  readonly translation: Translation | null;
}

/**
 * `<attention-generator>`: a language model writing, token by token, with each written token's distribution,
 * attention and causal map. Attributes: `weights` (the URL of a language model weight file, a
 * LanguageModelTrainer's save() or the playground's Generate view's download; the package ships none) or `gpt2`
 * (the URL of a folder holding GPT-2's model.safetensors, config.json, vocab.json and merges.txt, such as
 * `https://huggingface.co/openai-community/gpt2/resolve/main/`: opened with a progress bar and a Cancel, its progress
 * on `data-gpt2-phase` and `data-gpt2-loaded`), `prompt`,
 * `tokens` (1-400, default 40), `decoding` ('sample', the default, or 'greedy'), `output-temperature` (0.01-2,
 * default 0.8), `top-k` (0: all), `top-p` (default 1), `seed` (default 0, as generate()'s), `layer`, `head`, `step`
 * (1-based: the layer and head the causal map shows, the written token shown), `readonly` (no input), `theme`.
 * 0.1's `model` and `temperature` (0-2; 0: greedy) are still read, with a warning. Events: `generated`
 * (CustomEvent<Generation>), `error`.
 */
export class AttentionGeneratorElement extends HTMLElement {
  /** The latest generation, or null. */
  readonly generation: Generation | null;
}

/** `<attention-steps>`: the step-by-step walkthrough for inputs X (S × d_model), Wq, Wk (d_model × d_k), Wv. */
export class AttentionStepsElement extends HTMLElement {
  x: Matrix | null;
  wq: Matrix | null;
  wk: Matrix | null;
  wv: Matrix | null;
  /** The walkthrough's current settings. */
  readonly state: object | null;
}

/** A lesson's challenges solved: their ids (in the lesson's order) out of how many it has. */
export interface LessonProgress {
  lesson: number;
  solved: string[];
  total: number;
}

/** `<attention-lesson>`'s own events, for `addEventListener`. */
export interface AttentionLessonEventMap extends HTMLElementEventMap {
  /** The settings the learner changed, as the playground URL's query. */
  change: CustomEvent<{ lesson: number; settings: string }>;
  /** A challenge solved (with `challenges`): the lesson's progress after it. */
  solved: CustomEvent<LessonProgress>;
}

/** A listener of one of `<attention-lesson>`'s events; the options `addEventListener` and `removeEventListener` take. */
type LessonEventName = keyof AttentionLessonEventMap;
type LessonListener<K extends LessonEventName> = (
  this: AttentionLessonElement,
  event: AttentionLessonEventMap[K],
) => unknown;
type AddOptions = boolean | AddEventListenerOptions;
type RemoveOptions = boolean | EventListenerOptions;

/**
 * `<attention-lesson>`: one of the lecture notes' ten lessons, its text and live widget. Attributes: `lesson`
 * (1-10), its settings under the playground URL's names (`d` for lesson 4's width, `sc` and `t` for lesson 2's
 * scores and temperature, …), `playground` (the playground's address, for the lessons' links), `challenges`
 * (show the lesson's challenges), `storage` ('none', the default: solved challenges kept in the page's memory;
 * 'local': in localStorage, under the playground's key), `theme`.
 * Events: `change` (CustomEvent<{ lesson: number, settings: string }>: the settings as a URL query), `solved`
 * (CustomEvent<LessonProgress>), `error`.
 */
export class AttentionLessonElement extends HTMLElement {
  /** The lesson's current settings, as the playground keeps them. */
  readonly state: object;
  /** The lesson's challenges solved so far (where `storage` keeps them). */
  readonly progress: LessonProgress;
  addEventListener<K extends LessonEventName>(type: K, listener: LessonListener<K>, options?: AddOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: AddOptions): void;
  removeEventListener<K extends LessonEventName>(type: K, listener: LessonListener<K>, options?: RemoveOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: RemoveOptions): void;
}

/** Each element's attributes (as a framework writes them in markup) and properties, for JSX and Vue types. */
export interface AttentionMapProps {
  caption?: string;
  digits?: number | `${number}`;
  'show-values'?: boolean;
  range?: 'fixed' | 'data';
  head?: number | `${number}`;
  theme?: 'light' | 'dark';
  weights?: AttentionWeights | null;
  rowLabels?: string[] | null;
  colLabels?: string[] | null;
  alignment?: number[] | null;
}

export interface AttentionTranslatorProps {
  sentence?: string;
  weights?: string;
  /** @deprecated 0.1's name of `weights`. */
  model?: string;
  layer?: number | `${number}`;
  head?: number | `${number}` | 'average';
  temperature?: number | `${number}`;
  readonly?: boolean;
  lines?: boolean;
  theme?: 'light' | 'dark';
}

export interface AttentionGeneratorProps {
  weights?: string;
  /** The URL of a folder holding GPT-2's four files (in place of `weights`). */
  gpt2?: string;
  /** @deprecated 0.1's name of `weights`. */
  model?: string;
  prompt?: string;
  tokens?: number | `${number}`;
  decoding?: 'sample' | 'greedy';
  'output-temperature'?: number | `${number}`;
  /** @deprecated 0.1's sampling temperature (0: greedy): `output-temperature` and `decoding`. */
  temperature?: number | `${number}`;
  'top-k'?: number | `${number}`;
  'top-p'?: number | `${number}`;
  seed?: number | `${number}`;
  layer?: number | `${number}`;
  head?: number | `${number}`;
  step?: number | `${number}`;
  readonly?: boolean;
  theme?: 'light' | 'dark';
}

export interface AttentionStepsProps {
  x?: Matrix | null;
  wq?: Matrix | null;
  wk?: Matrix | null;
  wv?: Matrix | null;
  theme?: 'light' | 'dark';
}

export interface AttentionLessonProps {
  lesson?: number | `${number}`;
  playground?: string;
  theme?: 'light' | 'dark';
  /** Show the lesson's challenges (each solve emits `solved`). */
  challenges?: boolean;
  /** Where solved challenges are kept: 'none' (the default: this page's memory) or 'local' (localStorage). */
  storage?: 'none' | 'local';
  /** Lesson settings, under the playground URL's names. */
  pos?: string;
  dims?: string;
  words?: string;
  shuffle?: string;
  add?: string;
  hops?: string;
  rh?: string;
  sc?: string;
  t?: string;
  draw?: string;
  order?: string;
  axis?: 'rows' | 'columns';
  query?: string;
  /** Lesson 3: keys per block of the online softmax, 1 to 4. */
  blk?: string;
  d?: string;
  ex?: string;
  head?: string;
  item?: string;
  decay?: string;
  /** Lesson 6: 'none', 'causal', 'pad' or 'custom' (with `allow`: 25 bits, row = query, column = key). */
  mask?: 'none' | 'causal' | 'pad' | 'custom';
  allow?: string;
}

/** Tag name → its props: what the framework entries (elements/react, preact, solid, vue) declare. */
export interface AttentionElementProps {
  'attention-map': AttentionMapProps;
  'attention-translator': AttentionTranslatorProps;
  'attention-generator': AttentionGeneratorProps;
  'attention-steps': AttentionStepsProps;
  'attention-lesson': AttentionLessonProps;
}

declare global {
  interface HTMLElementTagNameMap {
    'attention-map': AttentionMapElement;
    'attention-translator': AttentionTranslatorElement;
    'attention-generator': AttentionGeneratorElement;
    'attention-steps': AttentionStepsElement;
    'attention-lesson': AttentionLessonElement;
  }
}

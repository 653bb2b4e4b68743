// <attention-steps>: the playground's step-by-step walkthrough (the same view and controls: scaling,
// temperature, masks, heads, every stage's map) for given inputs, in a shadow root that fits a narrow column.
// Properties x, wq, wk, wv: { data, rows, cols } (X is S × d_model; Wq and Wk d_model × d_k; Wv d_model × d_v;
// 1 to 16 each); unset ones keep the lecture notes' worked example, which is the default.
// Events: error (bad inputs are shown inside the element).
import { checkKnownKeys } from '../lib/known-keys.js';
import { defaultState, limits, resize } from '../src/steps/step-state.js';
import { StepView } from '../src/steps/step-view.js';
import { Settling } from '../src/common/settled.js';
import {
  clearError,
  inPageLanguage,
  defineElement,
  ElementBase,
  markDrawn,
  nearScreen,
  reportError,
  settingsLine,
  shadowWithStyles,
  sharedAttention,
  showSettings,
  viewDrawn,
} from './shared.js';

const inputNames = ['x', 'wq', 'wk', 'wv'];

/** The step view's state for the given inputs, every shape checked (TypeError/RangeError naming the input). */
export function stepsState(inputs) {
  const given = {};
  for (const name of inputNames) {
    const m = inputs[name];
    if (m === undefined || m === null) continue;
    if (
      typeof m !== 'object' ||
      !Number.isInteger(m.rows) ||
      !Number.isInteger(m.cols) ||
      !m.data ||
      typeof m.data.length !== 'number'
    ) {
      throw new TypeError(`${name} must be { data, rows, cols } with whole-number rows and cols`);
    }
    checkKnownKeys({ [name]: m }, { [name]: { data: null, rows: null, cols: null } }, { noun: 'property' });
    if (m.rows < limits.minSize || m.rows > limits.maxSize || m.cols < limits.minSize || m.cols > limits.maxSize) {
      throw new RangeError(
        `${name} is ${m.rows} × ${m.cols}; rows and cols must be from ${limits.minSize} to ${limits.maxSize}`,
      );
    }
    if (m.data.length !== m.rows * m.cols)
      throw new RangeError(`${name}.data has ${m.data.length} values; ${m.rows} × ${m.cols} needs ${m.rows * m.cols}`);
    const values = Array.from(m.data, Number);
    const bad = values.findIndex((v) => !Number.isFinite(v));
    if (bad >= 0) throw new RangeError(`${name}.data[${bad}] is ${m.data[bad]}: inputs must be finite numbers`);
    given[name] = { ...m, data: values };
  }
  const base = defaultState();
  const s = given.x?.rows ?? base.s,
    dModel = given.x?.cols ?? given.wq?.rows ?? base.dModel;
  const dK = given.wq?.cols ?? given.wk?.cols ?? base.dK,
    dV = given.wv?.cols ?? base.dV;
  const expected = { x: [s, dModel], wq: [dModel, dK], wk: [dModel, dK], wv: [dModel, dV] };
  for (const [name, m] of Object.entries(given)) {
    const [rows, cols] = expected[name];
    if (m.rows !== rows || m.cols !== cols)
      throw new RangeError(`${name} is ${m.rows} × ${m.cols}; with the other inputs it must be ${rows} × ${cols}`);
  }
  const state = resize(base, { s, dModel, dK, dV });
  for (const [name, m] of Object.entries(given)) state[name] = m.data;
  return state;
}

export class AttentionStepsElement extends ElementBase {
  #inputs = {};
  #view = null;
  #api = null;
  #settling = new Settling(this); // busy while its walkthrough's module loads and its stages are drawn (data-state)

  constructor() {
    super();
    const { root, errorLine } = shadowWithStyles(this);
    this.root = root;
    this.errorLine = errorLine;
    this.settingsLine = settingsLine(); // on paper, instead of the walkthrough's controls
    root.append(this.settingsLine);
  }

  get x() {
    return this.#inputs.x ?? null;
  }
  set x(value) {
    this.#set('x', value);
  }
  get wq() {
    return this.#inputs.wq ?? null;
  }
  set wq(value) {
    this.#set('wq', value);
  }
  get wk() {
    return this.#inputs.wk ?? null;
  }
  set wk(value) {
    this.#set('wk', value);
  }
  get wv() {
    return this.#inputs.wv ?? null;
  }
  set wv(value) {
    this.#set('wv', value);
  }

  /** The walkthrough's current state (what its controls show), e.g. for saving. */
  get state() {
    return this.#view?.state ?? null;
  }

  #set(name, value) {
    this.#inputs = { ...this.#inputs, [name]: value };
    this.#build();
  }

  async connectedCallback() {
    try {
      await nearScreen(this); // the module loads, and the walkthrough is built, when the reader gets near it
      // The walkthrough is made only now, so in the page's elements' language: nothing to make again.
      await inPageLanguage(this, this.errorLine);
      // busy from the module's loading to the walkthrough's drawing, with no settling in between
      await this.#settling.during(async () => {
        this.#api ??= await sharedAttention();
        this.#build();
      });
    } catch (error) {
      reportError(this, this.errorLine, error);
    }
  }

  #build() {
    if (!this.#api) return;
    let state;
    try {
      state = stepsState(this.#inputs);
    } catch (error) {
      this.#view?.element.remove();
      this.#view = null;
      reportError(this, this.errorLine, error);
      return;
    }
    clearError(this.errorLine);
    this.#view?.element.remove();
    const view = new StepView({ api: this.#api, state, notice: null, onStateChange: (s) => this.#showSettings(s) });
    this.#view = view;
    view.settling.within(this.#settling);
    this.root.append(view.element);
    this.#showSettings(state);
    // A step per task, a map per task: a page with the walkthrough on it stays responsive while it draws.
    view
      .renderInSlices()
      .then(() => viewDrawn(view, view.stages, () => !view.errorLine.hidden || this.#view !== view))
      .then((drawn) => {
        if (drawn && this.#view === view) markDrawn(this);
      })
      .catch((error) => reportError(this, this.errorLine, error));
  }

  /** The walkthrough's settings (its inputs show their own numbers), e.g. "Settings: T = 1, d_k = 3, …". */
  #showSettings(s) {
    const scale = { dk: '1/√d_k', dmodel: '1/√d_model', none: '1', custom: s.customScale }[s.scaleMode];
    showSettings(this.settingsLine, [
      ['T', s.temperature],
      ['d_model', s.dModel],
      ['d_k', s.dK],
      ['d_v', s.dV],
      ['heads', s.heads],
      ['scale', scale],
      ['mask', s.maskMode],
      ['attention', s.hard ? 'hard' : 'soft'],
    ]);
  }
}

defineElement('attention-steps', AttentionStepsElement);

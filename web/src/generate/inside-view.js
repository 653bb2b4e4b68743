// "Inside the model": the text the model wrote (its prompt and its writing), a token picked, and the model's parts
// as a diagram of buttons (inside-diagram.js); the picked part's numbers (inside-numbers.js), every layer × head in
// a grid (head-grid.js) whose picked cell shows that head's map, and the logit lens (logit-lens.js). The numbers are
// lm.inspect()'s, asked of the Generate worker for the text and token (a forward pass there, nothing here). It works
// for every language model the view writes with: the shipped one, one trained here, GPT-2. Its own file because it
// holds these parts together; the view only tells it the writing and the state.
import './inside.css';
import { element } from '../common/controls.js';
import { drawSmallMap } from '../drawing/small-map.js';
import { HeadGrid } from './head-grid.js';
import { InsideDiagram, parsePart, partName } from './inside-diagram.js';
import { partNumbers } from './inside-numbers.js';
import { insideLabels, insideText } from './inside-text.js';
import { LogitLens } from './logit-lens.js';

export class InsideView {
  /**
   * @param {{ ask: (method: string, ...args: any[]) => Promise<any>, onChange: (changes: object) => void,
   *           onError: (error: Error) => void, settling: import('../common/settled.js').Settling }} options
   *   ask: the Generate worker; onChange: the view's state changed (`inside`, `token`)
   */
  constructor({ ask, onChange, onError, settling }) {
    this.ask = ask;
    this.onChange = onChange;
    this.onError = onError;
    this.settling = settling;
    this.inspected = null; // lm.inspect()'s answer shown, with the text and token it was asked for
    this.drawn = null; // the part drawn of it
    this.asked = null; // the text and token last asked for
    this.state = null;
    this.noModel = element('p', { className: 'hint', textContent: insideLabels.noModel });
    this.tokens = element('div', { id: 'inside-tokens', className: 'inside-tokens', role: 'group' });
    this.tokens.setAttribute('aria-label', insideLabels.tokens);
    this.tokens.addEventListener('keydown', (event) => this.#tokenKey(event));
    this.diagram = new InsideDiagram({ onPick: (part) => onChange({ inside: partName(part) }) });
    this.numbers = element('div', { id: 'inside-numbers', className: 'inside-numbers', 'aria-live': 'polite' });
    this.grid = new HeadGrid({
      id: 'inside-grid',
      label: insideLabels.gridTitle,
      onPick: (layer, head) => onChange({ inside: partName({ piece: 'attn', layer, head }) }),
      cellLabel: (layer, head, share) => insideText.cell(layer, head, share),
    });
    this.headMap = element('canvas', { id: 'inside-head-map', className: 'inside-head-map', role: 'img' });
    this.headMapText = element('p', { id: 'inside-head-map-text' });
    this.lens = new LogitLens();
    this.content = element(
      'div',
      { className: 'inside-content', hidden: true },
      this.tokens,
      this.diagram.element,
      this.numbers,
      element(
        'section',
        { className: 'inside-grid-part', 'aria-labelledby': 'inside-grid-title' },
        element('h4', { id: 'inside-grid-title', textContent: insideLabels.gridTitle }),
        element('p', { className: 'hint', textContent: insideLabels.gridHint }),
        this.grid.element,
        element('div', { className: 'inside-head-map-frame' }, this.headMap),
        this.headMapText,
      ),
      this.lens.element,
    );
    this.element = element(
      'section',
      { id: 'generate-inside', className: 'generate-inside', 'aria-labelledby': 'generate-inside-title' },
      element('h3', { id: 'generate-inside-title', textContent: insideLabels.title }),
      element('p', { className: 'hint', textContent: insideLabels.introduction }),
      this.noModel,
      this.content,
    );
    this.element.dataset.state = 'empty';
  }

  /**
   * The view's writing or state changed: asks for the numbers again if the text or token did, else redraws.
   * @param {{ state: object, generation: object | null, ready: boolean }} view
   */
  update({ state, generation, ready }) {
    this.state = state;
    if (!ready || !generation) {
      this.#showEmpty(insideLabels.noModel);
      this.asked = null;
      return;
    }
    const text = generation.prompt + generation.text;
    if (text === '') {
      this.#showEmpty(insideLabels.noText); // an empty prompt, and the model wrote nothing
      this.asked = null;
      return;
    }
    const known = this.inspected?.text === text ? this.inspected.tokens.length : null;
    const token = state.token === null || known === null ? state.token : Math.min(state.token, known - 1);
    if (this.asked?.text !== text || this.asked.token !== token) void this.settling.during(this.#inspect(text, token));
    else if (this.inspected && this.drawn !== `${state.inside}`) this.#draw();
  }

  async #inspect(text, token) {
    const asked = (this.asked = { text, token });
    this.element.dataset.state = 'inspecting';
    try {
      let inspected;
      try {
        inspected = await this.ask('inspect', text, token);
      } catch (error) {
        if (token === null || !(error instanceof RangeError)) throw error;
        inspected = await this.ask('inspect', text, null); // a token past a shorter text: its last
      }
      if (asked !== this.asked) return; // asked again since
      this.inspected = { ...inspected, text };
      this.#draw();
    } catch (error) {
      if (asked !== this.asked) return;
      // a text whose characters the tokenizer has no token for: said as the view's state, not as an error
      if (error?.kind === 'empty') return this.#showEmpty(insideLabels.noText);
      this.element.dataset.state = 'failed';
      this.onError(error);
    }
  }

  /** Nothing to show: why, in place of the numbers (the text asked for, if any, is not asked for again). */
  #showEmpty(why) {
    this.noModel.textContent = why;
    this.noModel.hidden = false;
    this.content.hidden = true;
    this.element.dataset.state = 'empty';
    this.inspected = null;
  }

  #draw() {
    const { inspected, state } = this;
    const layers = inspected.blocks.length;
    const heads = inspected.blocks[0]?.attention.pattern.length ?? 0;
    const part = parsePart(state.inside, { layers, heads });
    this.drawn = `${state.inside}`; // what is drawn, besides the numbers: a render that changes neither draws nothing
    this.noModel.hidden = true;
    this.content.hidden = false;
    this.#drawTokens();
    this.diagram.update(part, layers);
    this.numbers.replaceChildren(...partNumbers(inspected, part));
    /** @type {[number, number] | null} */
    const picked = part.piece === 'attn' && part.head !== null ? [part.layer, part.head] : null;
    const shares = inspected.blocks.map((block) => block.attention.pattern.map((row) => row[0]));
    this.grid.update(shares, picked, this.element.clientWidth || 360);
    this.#drawHeadMap(picked);
    this.lens.update(inspected);
    Object.assign(this.element.dataset, {
      state: 'shown',
      part: partName(part),
      token: String(inspected.position),
      layers: String(layers),
      heads: String(heads),
    });
  }

  #drawTokens() {
    const { tokens, position } = this.inspected;
    if (this.tokens.childElementCount !== tokens.length || this.tokens.dataset.text !== this.inspected.text) {
      this.tokens.dataset.text = this.inspected.text;
      this.tokens.replaceChildren(
        ...tokens.map(({ text }, index) => {
          const chip = element('button', { type: 'button', className: 'inside-token', translate: false });
          chip.textContent = insideText.piece(text);
          chip.setAttribute('aria-label', insideText.tokenName(index, text));
          chip.addEventListener('click', () => this.onChange({ token: index }));
          return chip;
        }),
      );
    }
    [...this.tokens.children].forEach((chip, index) => {
      chip.setAttribute('aria-pressed', String(index === position));
      /** @type {HTMLElement} */ (chip).tabIndex = index === position ? 0 : -1;
    });
  }

  #tokenKey(event) {
    const chips = [...this.tokens.children];
    const at = chips.indexOf(/** @type {Element} */ (event.target));
    if (at < 0) return;
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: chips.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const index = Math.min(chips.length - 1, Math.max(0, next));
    /** @type {HTMLElement} */ (chips[index]).focus();
    this.onChange({ token: index });
  }

  /** The picked head's map: every query's row when the worker sent them (a short text), else the token's row. */
  #drawHeadMap(picked) {
    const frame = /** @type {HTMLElement} */ (this.headMap.parentElement);
    frame.hidden = picked === null;
    this.headMapText.hidden = picked === null;
    if (picked === null) return;
    const [layer, head] = picked;
    const { blocks, tokens, position } = this.inspected;
    const { attention } = blocks[layer];
    const full = attention.full?.[head];
    const cols = tokens.length;
    const rows = full ? full.length : 1;
    const data = new Float32Array(rows * cols);
    (full ?? [attention.pattern[head]]).forEach((row, query) => data.set(row.subarray?.(0, cols) ?? row, query * cols));
    const cell = Math.max(2, Math.min(12, Math.floor(320 / Math.max(rows, cols))));
    drawSmallMap(this.headMap, { rows, cols, data }, cell);
    this.headMap.style.width = `${cols * cell}px`;
    this.headMap.style.height = `${rows * cell}px`;
    this.headMap.setAttribute('aria-label', insideText.headMap(layer, head, rows));
    const reads = Array.from(attention.pattern[head], (weight, key) => ({ weight, text: tokens[key].text }))
      .sort((a, b) => b.weight - a.weight)
      .slice(0, 3);
    this.headMapText.textContent = insideText.headReads(layer, head, tokens[position].text, reads);
  }
}

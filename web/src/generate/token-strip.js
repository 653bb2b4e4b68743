// The prompt and what the model wrote, a chip per token: the prompt's tokens quiet, the written ones buttons. One
// written token is chosen (its details are shown below the strip); the strip is one stop of the Tab key, and the
// arrow keys, Home and End move the choice (a roving tabindex). The chosen token's attention, for the head shown,
// underlines the tokens it read. A character the model wrote in several byte tokens is shown above them.
import { element } from '../common/controls.js';
import { allPieces } from './generation-maps.js';
import { characterGroupName, promptTokenName, spokenPiece, tokenName } from './generate-text.js';
import { characterGroups, visiblePiece } from './token-pieces.js';

export class TokenStrip {
  /** @param {{ label: string, onChoose: (index: number) => void }} options  onChoose: a written token was chosen */
  constructor({ label, onChoose }) {
    this.onChoose = onChoose;
    this.generation = null; // the generation the chips show
    this.buttons = [];
    this.chips = []; // every token's chip, prompt first: the attention underlines go on these
    this.element = element('div', {
      id: 'generate-strip',
      className: 'generate-strip',
      role: 'group',
      'aria-label': label,
    });
    this.element.addEventListener('keydown', (event) => this.#key(event));
  }

  #key(event) {
    const at = this.buttons.indexOf(/** @type {HTMLButtonElement} */ (event.target));
    if (at < 0) return;
    const last = this.buttons.length - 1;
    const next = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: last }[
      event.key
    ];
    if (next === undefined) return;
    event.preventDefault();
    const index = Math.min(last, Math.max(0, next));
    this.buttons[index].focus();
    this.onChoose(index);
  }

  /**
   * @param {object | null} generation  the last generation (null before the first)
   * @param {number} chosen  the written token whose details are shown
   */
  update(generation, chosen) {
    // The same generation keeps its chips (and the keyboard focus on one): only the choice moves.
    if (generation && generation === this.generation) return this.choose(chosen);
    this.generation = generation;
    if (!generation) {
      this.element.replaceChildren();
      this.buttons = this.chips = [];
      return;
    }
    // A chip shows the piece (spaces and line breaks as signs; the model's, not the page's words: translate="no")
    // and says it in words.
    const said = (piece, words) => [
      element('span', { textContent: visiblePiece(piece), 'aria-hidden': 'true', translate: false }),
      element('span', { className: 'visually-hidden', textContent: words }),
    ];
    const prompt = generation.promptPieces.map((piece) =>
      element('span', { className: 'generate-token prompt' }, ...said(piece, promptTokenName(spokenPiece(piece)))),
    );
    this.buttons = generation.steps.map((step, index) => {
      const chip = element(
        'button',
        {
          type: 'button',
          className: 'generate-token written',
          dataset: { index: String(index) },
          tabIndex: -1,
          'aria-pressed': 'false',
        },
        ...said(step.text, tokenName(index, spokenPiece(step.text), step.probability)),
      );
      chip.addEventListener('click', () => this.onChoose(index));
      return chip;
    });
    this.chips = [...prompt, ...this.buttons];
    this.element.replaceChildren(...this.#grouped(generation));
    this.chosen = undefined; // the new chips all start unchosen
    this.choose(chosen);
  }

  /**
   * The chips, those of a character split over several byte tokens (<0xC3> <0xA9>) in a box under the character
   * they spell (é), which a screen reader names as a group.
   */
  #grouped(generation) {
    return characterGroups(allPieces(generation)).map(({ first, count, text }) => {
      if (count === 1) return this.chips[first];
      const character = element('span', {
        className: 'generate-character-text',
        textContent: visiblePiece(text),
        'aria-hidden': 'true',
        translate: false,
      });
      character.style.gridColumn = `span ${count}`;
      return element(
        'span',
        { className: 'generate-character', role: 'group', 'aria-label': characterGroupName(spokenPiece(text), count) },
        character,
        ...this.chips.slice(first, first + count),
      );
    });
  }

  /** Marks written token `index` as chosen (the one the Tab key reaches). */
  choose(index) {
    // Only the chips whose state changes are touched: a long generation has hundreds.
    const mark = (i, chosen) => {
      const chip = this.buttons[i];
      if (!chip) return;
      chip.tabIndex = chosen ? 0 : -1;
      chip.setAttribute('aria-pressed', String(chosen));
    };
    if (this.chosen !== undefined && this.chosen !== index) mark(this.chosen, false);
    mark(index, true);
    this.chosen = index;
  }

  /** Underlines the tokens `first`… that written token's query read, as thick as its weight (the rest cleared). */
  showAttention(first, weights) {
    this.chips.forEach((chip, i) => {
      const weight = i >= first && i < first + weights.length ? weights[i - first] : 0;
      chip.style.setProperty('--weight', weight.toFixed(3));
    });
  }
}

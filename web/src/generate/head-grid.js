// Every layer × head of a model in one grid (144 cells for GPT-2 small), each cell a button at least 24 px square
// (WCAG's target size), shaded by a number per head; the grid scrolls inside its own frame on a phone, the page
// never. One tab stop: the arrow keys, Home and End move between cells (a roving tabindex). Its own file because
// the inside view and the papers' panel both draw one.
import { element } from '../common/controls.js';
import { viridis } from '../drawing/viridis.js';

export const minimumCell = 24;
const largestCell = 36;

export class HeadGrid {
  /**
   * @param {{ id: string, label: string, onPick: (layer: number, head: number) => void,
   *           cellLabel: (layer: number, head: number, value: number) => string }} options
   *   label: the grid's name; cellLabel: what a cell says (its head and its number)
   */
  constructor({ id, label, onPick, cellLabel }) {
    this.onPick = onPick;
    this.cellLabel = cellLabel;
    this.cells = []; // [layer][head] buttons
    this.picked = null; // [layer, head]
    this.grid = element('div', { className: 'head-grid', role: 'group', 'aria-label': label });
    this.element = element('div', { id, className: 'head-grid-frame' }, this.grid);
    this.grid.addEventListener('keydown', (event) => this.#key(event));
  }

  /**
   * Draws `values` ([layer][head] in [0, 1]), `picked` outlined; cells as wide as `width` allows, never under 24 px.
   * @param {number[][]} values  @param {[number, number] | null} picked  @param {number} width
   */
  update(values, picked, width) {
    const layers = values.length;
    const heads = values[0]?.length ?? 0;
    const label = 2.5 * minimumCell; // the layer's number before each row
    const cell = Math.max(minimumCell, Math.min(largestCell, Math.floor((width - label) / Math.max(1, heads)) - 2));
    if (this.cells.length !== layers || this.cells[0]?.length !== heads) this.#build(layers, heads);
    this.grid.style.gridTemplateColumns = `${label}px repeat(${heads}, ${cell}px)`;
    this.grid.style.gridAutoRows = `${cell}px`;
    values.forEach((row, layer) =>
      row.forEach((value, head) => {
        const button = this.cells[layer][head];
        button.style.background = viridis(value);
        button.setAttribute('aria-label', this.cellLabel(layer, head, value));
        button.title = button.getAttribute('aria-label');
      }),
    );
    this.pick(picked);
    this.element.dataset.cell = String(cell);
  }

  /** Outlines `picked` ([layer, head], or null: the first cell is the tab stop). */
  pick(picked) {
    this.picked = picked;
    const [pl, ph] = picked ?? [0, 0];
    this.cells.forEach((row, layer) =>
      row.forEach((button, head) => {
        const on = picked !== null && layer === pl && head === ph;
        button.setAttribute('aria-pressed', String(on));
        button.tabIndex = layer === pl && head === ph ? 0 : -1;
      }),
    );
  }

  #build(layers, heads) {
    this.cells = [];
    const children = [element('span', { className: 'head-grid-corner', 'aria-hidden': 'true' })];
    for (let head = 0; head < heads; head++)
      children.push(element('span', { className: 'head-grid-head', 'aria-hidden': 'true', textContent: head + 1 }));
    for (let layer = 0; layer < layers; layer++) {
      children.push(element('span', { className: 'head-grid-layer', 'aria-hidden': 'true', textContent: layer + 1 }));
      const row = [];
      for (let head = 0; head < heads; head++) {
        const cell = element('button', { type: 'button', className: 'head-grid-cell' });
        cell.dataset.layer = String(layer);
        cell.dataset.head = String(head);
        cell.addEventListener('click', () => this.onPick(layer, head));
        row.push(cell);
        children.push(cell);
      }
      this.cells.push(row);
    }
    this.grid.replaceChildren(...children);
  }

  #key(event) {
    const target = /** @type {HTMLElement} */ (event.target);
    if (!target.classList.contains('head-grid-cell')) return;
    const layers = this.cells.length;
    const heads = this.cells[0].length;
    let [layer, head] = [Number(target.dataset.layer), Number(target.dataset.head)];
    const moves = {
      ArrowRight: () => (head = Math.min(heads - 1, head + 1)),
      ArrowLeft: () => (head = Math.max(0, head - 1)),
      ArrowDown: () => (layer = Math.min(layers - 1, layer + 1)),
      ArrowUp: () => (layer = Math.max(0, layer - 1)),
      Home: () => (head = 0),
      End: () => (head = heads - 1),
    };
    if (!moves[event.key]) return;
    event.preventDefault();
    moves[event.key]();
    this.cells[layer][head].focus();
    this.onPick(layer, head);
  }
}

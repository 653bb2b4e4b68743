// An editable matrix: one text field per cell. Numbers only: anything else is refused inline with a
// message and the cell goes back to its last good value.
import { parseCell } from './cell-input.js';
import { hasFocus } from '../common/controls.js';
import { t } from '../i18n/messages.js';

export class MatrixEditor {
  /**
   * @param {{ id: string, title: string, onChange: (values: number[]) => void }} options
   */
  constructor({ id, title, onChange }) {
    this.title = title;
    this.onChange = onChange;
    this.element = document.createElement('figure');
    this.element.className = 'matrix-editor';
    this.element.id = id;
    const caption = document.createElement('figcaption');
    this.captionTitle = Object.assign(document.createElement('span'), {
      className: 'editor-title',
      textContent: title,
    });
    this.captionShape = Object.assign(document.createElement('span'), { className: 'editor-shape' });
    caption.append(this.captionTitle, ' ', this.captionShape);
    this.grid = Object.assign(document.createElement('div'), { className: 'editor-grid' });
    this.grid.setAttribute('role', 'group');
    this.grid.setAttribute('aria-label', title);
    this.message = Object.assign(document.createElement('p'), { className: 'editor-message' });
    this.message.setAttribute('role', 'alert');
    this.element.append(caption, this.grid, this.message);
  }

  /** Shows `values` as a rows×cols grid; rebuilds the fields only when the shape changes. */
  update(values, rows, cols, caption = null) {
    if (caption) this.captionTitle.textContent = caption;
    this.captionShape.textContent = `(${rows}×${cols})`;
    this.values = values.slice();
    if (this.rows !== rows || this.cols !== cols) {
      this.rows = rows;
      this.cols = cols;
      this.grid.style.gridTemplateColumns = `repeat(${cols}, minmax(2.6rem, 3.4rem))`;
      this.grid.replaceChildren(...values.map((_, index) => this.#field(index)));
    }
    this.grid.querySelectorAll('input').forEach((input, index) => {
      if (!hasFocus(input) || input.dataset.good !== String(values[index])) input.value = String(values[index]);
      input.dataset.good = String(values[index]);
      input.removeAttribute('aria-invalid');
    });
  }

  #field(index) {
    const row = Math.floor(index / this.cols),
      col = index % this.cols;
    const input = document.createElement('input');
    input.type = 'text';
    input.inputMode = 'decimal';
    input.autocomplete = 'off';
    input.spellcheck = false;
    input.setAttribute(
      'aria-label',
      t('app.drawing.matrix.cell', { title: this.title, row: row + 1, column: col + 1 }),
    );
    // While typing, every valid number redraws at once; half-typed text ("-", "1e") waits for the change.
    input.addEventListener('input', () => {
      const parsed = parseCell(input.value);
      if (parsed.ok) this.#accept(index, parsed.value, input);
    });
    input.addEventListener('change', () => {
      const parsed = parseCell(input.value);
      if (parsed.ok) {
        this.#accept(index, parsed.value, input);
      } else {
        this.message.textContent = t('app.drawing.matrix.refused', {
          title: this.title,
          row: row + 1,
          column: col + 1,
          reason: parsed.message,
          kept: input.dataset.good,
        });
        input.value = input.dataset.good;
        input.setAttribute('aria-invalid', 'true');
      }
    });
    return input;
  }

  #accept(index, value, input) {
    this.message.textContent = '';
    input.removeAttribute('aria-invalid');
    input.dataset.good = String(value);
    if (this.values[index] === value) return;
    this.values[index] = value;
    this.onChange(this.values.slice());
  }
}

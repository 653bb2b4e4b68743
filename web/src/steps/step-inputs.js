// The step view's inputs: a matrix editor per input (X, Wq, Wk, Wv, and Wo with several heads), under a line
// saying plainly whether they are the lecture notes' worked example (and which numbers are made up if not), and
// one saying that matrices write decimals with a point in every language (the page's sentences do not).
import { element, keepChildren } from '../common/controls.js';
import { MatrixEditor } from '../drawing/matrix-editor.js';
import { shapes, workedExampleNote } from './step-state.js';
import { t } from '../i18n/messages.js';

// The matrices' names (Wq, Wk and Wv are notation, messages all the same: they name the editors' cells too).
const editorTitles = {
  x: () => t('steps.inputs.x'),
  wq: () => t('steps.inputs.wq'),
  wk: () => t('steps.inputs.wk'),
  wv: () => t('steps.inputs.wv'),
  wo: () => t('steps.inputs.wo'),
};

export class StepInputs {
  /** @param {{ onEdit: (name: string, values: number[]) => void }} options a matrix's new values, as typed */
  constructor({ onEdit }) {
    this.onEdit = onEdit;
    this.editors = new Map();
    this.note = element('p', { className: 'hint', id: 'inputs-note' });
    this.editorList = element('div', { className: 'editors' });
    this.element = element(
      'section',
      { className: 'inputs-section', 'aria-label': t('steps.inputs.label') },
      element('h3', { textContent: t('steps.inputs.heading') }),
      this.note,
      element('p', { className: 'hint', id: 'decimals-note', textContent: t('app.notation.decimals') }),
      this.editorList,
    );
  }

  /** Shows the state's matrices (Wo only with several heads: one head has no output projection). */
  update(state) {
    const shape = shapes(state);
    const names = state.heads > 1 ? ['x', 'wq', 'wk', 'wv', 'wo'] : ['x', 'wq', 'wk', 'wv'];
    const editors = names.map((name) => {
      const editor = this.#editor(name);
      editor.update(state[name], ...shape[name]);
      return editor.element;
    });
    keepChildren(this.editorList, editors);
    this.note.textContent = workedExampleNote(state);
  }

  /** Clears every editor's message about a refused entry: new numbers (restored, randomised) make it stale. */
  clearMessages() {
    for (const editor of this.editors.values()) editor.message.textContent = '';
  }

  #editor(name) {
    if (!this.editors.has(name)) {
      const onChange = (values) => this.onEdit(name, values);
      this.editors.set(name, new MatrixEditor({ id: `edit-${name}`, title: editorTitles[name](), onChange }));
    }
    return this.editors.get(name);
  }
}

// A list of the runs saved in this browser (the Train view's "Your models", your-models.js; the Generate view's
// "Your language models", your-language-models.js): opening its store, listing each entry with its buttons, or an
// unreadable one with why and a Delete button, saving a run, and saying in its status line how many are kept or what
// went wrong. Failures of the storage are said there; the run in memory stays usable and downloadable whatever
// happens here. Each kind of list draws a readable entry's name, details and buttons (its `rows`).
import { button, element } from './controls.js';

/**
 * @typedef {{ name: (item: { id: number, entry: any }, list: SavedModelsList) => { element: HTMLElement, text: string },
 *   details: (entry: any) => string,
 *   buttons: (item: { id: number, entry: any }, name: string, list: SavedModelsList) => (HTMLElement | null)[],
 *   actionLabel: (action: string, text: string, name: string) => string }} SavedModelRows  how a kind of list draws a
 *   readable entry: its name (the text names it in its buttons' accessible names), its details (progress, score,
 *   date), its buttons (before Delete), and a button's accessible name (what it does, said `text`, to which model)
 */

export class SavedModelsList {
  /**
   * @param {{ id: string, hint?: string, openStore: () => Promise<import('./saved-models-store.js').SavedModelsStore>,
   *           text: ReturnType<typeof import('./saved-models-text.js').savedModelsText>, rows: SavedModelRows,
   *           onChange?: (items: object[]) => void }} kind  id: the section's, and its parts' prefix; text: the list's
   *   words; onChange: after every listing
   */
  constructor({ id, hint, openStore, text, rows, onChange = () => {} }) {
    this.openStore = openStore;
    this.text = text;
    this.rows = rows;
    this.onChange = onChange;
    this.items = [];
    this.busy = false; // while a run trains or a model opens: using or continuing a saved one waits
    this.failed = false; // the status line says a failure until the next success
    this.status = element('p', { id: `${id}-status`, className: 'hint', role: 'status' });
    this.list = element('ul', { id: `${id}-list`, className: 'your-models-list' });
    // After a Delete: what was deleted and a button that puts it back (until the next Delete or Undo).
    this.undoText = element('span', {});
    this.undoButton = button(text.labels.undo, () => void this.#undo(), { id: `${id}-undo` });
    this.undoLine = element(
      'p',
      { id: `${id}-deleted`, className: 'hint', hidden: true },
      this.undoText,
      ' ',
      this.undoButton,
    );
    this.deleted = null; // what the last Delete removed: { entry, files }
    this.element = element(
      'section',
      { id, 'aria-labelledby': `${id}-title` },
      (this.heading = element('h3', { id: `${id}-title`, textContent: text.labels.title, tabIndex: -1 })),
      hint ? element('p', { className: 'hint', textContent: hint }) : null,
      this.status,
      this.undoLine,
      this.list,
    );
    this.store = null;
    this.opened = null;
  }

  /** Opens the store (once) and lists what it holds; resolves to the store, or null when there is none. */
  open() {
    this.opened ??= this.openStore().then(
      async (store) => {
        this.store = store;
        await this.refresh();
        return store;
      },
      (error) => {
        this.#fail(error);
        return null;
      },
    );
    return this.opened;
  }

  async refresh() {
    if (!this.store) return;
    const focused = document.activeElement;
    if (focused?.localName === 'input' && this.list.contains(focused)) {
      // Someone is renaming a model: the list is redrawn when they leave the name, not under their typing.
      if (!this.refreshWhenLeft) {
        this.refreshWhenLeft = true;
        const refresh = () => {
          this.refreshWhenLeft = false;
          void this.refresh(); // says its own errors
        };
        this.list.addEventListener('focusout', refresh, { once: true });
      }
      return;
    }
    try {
      this.items = await this.store.list();
    } catch (error) {
      this.#fail(error);
      return;
    }
    this.list.replaceChildren(...this.items.map((item) => this.#row(item)));
    if (!this.failed) this.#say(this.text.listText(this.items.length));
    this.#renderBusy();
    this.onChange(this.items);
  }

  /** Saves a run (a new entry, or a newer save of `entry.id`); resolves to its id, or null after saying why not. */
  async save(entry) {
    const store = await this.open();
    if (!store) return null;
    try {
      const id = await store.put(entry);
      this.failed = false;
      await this.refresh();
      return id;
    } catch (error) {
      this.#fail(error);
      return null;
    }
  }

  /** While a run trains or a model opens, using or continuing a saved one waits. */
  setBusy(busy) {
    if (busy === this.busy) return;
    this.busy = busy;
    this.#renderBusy();
  }

  #renderBusy() {
    for (const control of this.list.querySelectorAll('.model-use, .model-continue')) control.disabled = this.busy;
  }

  #say(text) {
    this.status.textContent = text;
    this.status.classList.toggle('error', this.failed);
  }

  #fail(error) {
    this.failed = true;
    this.#say(this.text.problemText(error));
  }

  #row(item) {
    const { id, entry, problem } = item;
    if (problem) {
      const { name, text } = this.text.unreadableText(id, entry, problem);
      return element(
        'li',
        { className: 'saved-model unreadable', dataset: { id: String(id) } },
        element('span', { textContent: text }),
        this.#deleteButton(id, name),
      );
    }
    const name = this.rows.name(item, this);
    return element(
      'li',
      { className: `saved-model ${entry.status}`, dataset: { id: String(id) } },
      name.element,
      element('span', { className: 'model-details', textContent: this.rows.details(entry) }),
      element(
        'span',
        { className: 'buttons' },
        ...this.rows.buttons(item, name.text, this),
        this.#deleteButton(id, name.text),
      ),
    );
  }

  #deleteButton(id, name) {
    const { delete: text } = this.text.labels;
    return button(text, () => void this.#delete(id, name), {
      className: 'model-delete',
      'aria-label': this.rows.actionLabel('delete', text, name),
    });
  }

  /** Deletes an entry, then offers to put it back: the keyboard focus goes to that offer, not to the page's body. */
  async #delete(id, name) {
    this.deleted = null; // the earlier Delete can no longer be undone
    this.undoLine.hidden = true;
    await this.act(async () => {
      this.deleted = { ...(await this.store.remove(id)), id };
    });
    if (!this.deleted) return;
    this.undoText.textContent = this.text.deletedText(name);
    this.undoLine.hidden = false;
    this.undoButton.focus();
  }

  /** Puts the last deleted entry back; the focus goes to its row's first button. */
  async #undo() {
    const { deleted } = this;
    if (!deleted) return;
    this.deleted = null;
    this.undoLine.hidden = true;
    await this.act(() => this.store.restore(deleted));
    const row =
      [...this.list.children].find((li) => li.dataset.id === String(deleted.id)) ?? this.list.firstElementChild;
    (row?.querySelector('button, input') ?? this.heading).focus();
  }

  /** A button's click that runs `use` on an entry's files, read from the store (a refusal is said in the list). */
  withFiles({ id, entry }, use) {
    return () => this.act(async () => use(await this.store.files(id, entry)), false);
  }

  /** Runs `change`; a failure is said in the status line. The list is read again after a change of the store. */
  async act(change, changesStore = true) {
    try {
      await change();
      this.failed = false;
    } catch (error) {
      this.#fail(error);
    }
    if (changesStore || !this.failed) await this.refresh();
  }
}

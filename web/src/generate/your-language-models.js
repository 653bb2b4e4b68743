// "Your language models": the runs kept in this browser (saved-language-models.js), each described with its text,
// shape, progress and held-out score, with buttons to write with it, continue its training, download its weights or
// delete it. Failures of the storage are said in the list's status line; the run in memory stays usable and
// downloadable whatever happens here. What writing and continuing do is the view's.
import { button, element } from '../common/controls.js';
import { downloadBytes } from '../common/download.js';
import { languageModelFileName } from './generate-text.js';
import { LanguageModelStore } from './saved-language-models.js';
import {
  actionLabel,
  savedDate,
  savedDescription,
  savedLabels,
  savedListText,
  savedProgress,
  savedScore,
  storageProblemText,
  unreadableText,
} from './saved-models-text.js';

export class YourLanguageModels {
  /**
   * @param {{ onWrite: (item: object, files: object) => Promise<void>, onContinue: (item: object, files: object) => Promise<void> }} actions
   *   item: { id, entry } of a readable entry; files: its { checkpoint, weights, text }
   */
  constructor({ onWrite, onContinue }) {
    this.onWrite = onWrite;
    this.onContinue = onContinue;
    this.items = [];
    this.busy = false; // while a run trains or a model opens: nothing else may start
    this.status = element('p', { id: 'your-language-models-status', className: 'hint', role: 'status' });
    this.list = element('ul', { id: 'your-language-models-list', className: 'your-models-list' });
    this.element = element(
      'section',
      { id: 'your-language-models', 'aria-labelledby': 'your-language-models-title' },
      element('h3', { id: 'your-language-models-title', textContent: savedLabels.title }),
      element('p', { className: 'hint', textContent: savedLabels.hint }),
      this.status,
      this.list,
    );
    this.store = null;
    this.opened = null;
    this.failed = false; // the status line says a failure until the next success
  }

  /** Opens the store (once) and lists what it holds; resolves to the store, or null when there is none. */
  open() {
    this.opened ??= LanguageModelStore.open().then(
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
    try {
      this.items = await this.store.list();
    } catch (error) {
      this.#fail(error);
      return;
    }
    this.list.replaceChildren(...this.items.map((item) => this.#row(item)));
    if (!this.failed) this.#say(savedListText(this.items.length));
    this.#renderBusy();
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

  /** While a run trains or a model opens, writing with or continuing a saved one waits. */
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
    this.#say(storageProblemText(error));
  }

  #row(item) {
    const { id, entry, problem } = item;
    const name = problem ? unreadableText(id, problem) : savedDescription(entry);
    const remove = button(savedLabels.delete, () => this.#act(() => this.store.remove(id)), {
      className: 'model-delete',
      'aria-label': actionLabel(savedLabels.delete, name),
    });
    if (problem)
      return element('li', { className: 'saved-model unreadable' }, element('span', { textContent: name }), remove);
    const withFiles = (use) => () => this.#act(async () => use(await this.store.files(id, entry)), false);
    const labelled = (text, className, onClick) =>
      button(text, onClick, { className, 'aria-label': actionLabel(text, `${name}, ${savedDate(entry.savedAt)}`) });
    return element(
      'li',
      { className: `saved-model ${entry.status}`, dataset: { id: String(id) } },
      element('span', { className: 'model-name', textContent: name }),
      element('span', {
        className: 'model-details',
        textContent: `${savedProgress(entry)} · ${savedScore(entry)} · ${savedDate(entry.savedAt)}`,
      }),
      element(
        'span',
        { className: 'buttons' },
        labelled(
          savedLabels.write,
          'model-use',
          withFiles((files) => this.onWrite(item, files)),
        ),
        labelled(
          savedLabels.continue,
          'model-continue',
          withFiles((files) => this.onContinue(item, files)),
        ),
        labelled(
          savedLabels.download,
          'model-download',
          withFiles((files) => downloadBytes(files.weights, languageModelFileName(entry.options.model, entry.step))),
        ),
        remove,
      ),
    );
  }

  /** Runs `change`; a failure is said in the status line. The list is read again after a change of the store. */
  async #act(change, changesStore = true) {
    try {
      await change();
      this.failed = false;
    } catch (error) {
      this.#fail(error);
    }
    if (changesStore || !this.failed) await this.refresh();
  }
}

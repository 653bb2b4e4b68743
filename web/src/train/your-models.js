// "Your models": the list of the models saved in this browser (saved-models.js), each with its scores and
// buttons to use, rename, download or delete it. Failures of the storage are said in the list's status line;
// the model in memory stays usable and downloadable whatever happens here.
import { button, element } from '../common/controls.js';
import { downloadBytes } from '../common/download.js';
import { describeRun } from './run-description.js';
import { entryVersion, ModelStore } from './saved-models.js';
import {
  actionLabel,
  savedListText,
  savedModelLabel,
  savedProgress,
  savedScore,
  savedLabels,
  listProblemText,
  unreadableText,
} from './saved-models-text.js';
import { isLanguageTask } from './train-state.js';

// By hand, not toLocaleString: the first Intl date format of a page loads its locale data (about 60 ms of the main
// thread here), which would land in the task that lists the models at the end of a run.
const twoDigits = (n) => String(n).padStart(2, '0');
function dateText(time) {
  const d = new Date(time);
  return `${d.getFullYear()}-${twoDigits(d.getMonth() + 1)}-${twoDigits(d.getDate())} ${twoDigits(d.getHours())}:${twoDigits(d.getMinutes())}`;
}

/** The file name a model's weights download under: task, width, heads and steps. */
export function modelFileName({ task, options, step }) {
  return `${task}-d${options.model.dModel}-h${options.model.heads}-${step}steps.bin`;
}

/** What the Translation view needs to know of a saved model: its task and, without a grammar, its own examples. */
export function savedModelContext(saved) {
  return isLanguageTask(saved.task)
    ? { task: saved.task }
    : { task: saved.task, sentence: saved.probe, examples: saved.examples };
}

export { savedModelLabel };

export class YourModels {
  /**
   * @param {{ onUse: (entry: object) => Promise<void>, onCompare?: (entry: object) => void,
   *           onChange?: (items: object[]) => void }} options  onUse: the Use button of a readable entry;
   *   onCompare: its Compare button (none without it); onChange: after every change of the list
   */
  constructor({ onUse, onCompare = null, onChange = () => {} }) {
    this.onUse = onUse;
    this.onCompare = onCompare;
    this.onChange = onChange;
    this.items = [];
    this.status = element('p', { id: 'your-models-status', className: 'hint', role: 'status' });
    this.list = element('ul', { id: 'your-models-list', className: 'your-models-list' });
    this.element = element(
      'section',
      { id: 'your-models', 'aria-labelledby': 'your-models-title' },
      element('h3', { id: 'your-models-title', textContent: savedLabels.title }),
      this.status,
      this.list,
    );
    this.store = null;
    this.opened = null;
  }

  /** Opens the store (once) and lists what it holds; resolves to the store, or null when there is none. */
  open() {
    this.opened ??= ModelStore.open().then(
      async (store) => {
        this.store = store;
        await this.refresh();
        return store;
      },
      (error) => {
        this.#say(listProblemText(error), true);
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
        this.list.addEventListener(
          'focusout',
          () => {
            this.refreshWhenLeft = false;
            void this.refresh(); // says its own errors
          },
          { once: true },
        );
      }
      return;
    }
    try {
      this.items = await this.store.list();
    } catch (error) {
      this.#say(listProblemText(error), true);
      return;
    }
    this.list.replaceChildren(...this.items.map((item) => this.#row(item)));
    if (!this.status.classList.contains('error')) this.#say(savedListText(this.items.length));
    this.onChange(this.items);
  }

  /** Saves `entry` (a finished or unfinished run); resolves to its id, or null after saying why it could not. */
  async save(entry) {
    const store = await this.open();
    if (!store) return null;
    try {
      const id = await store.put(entry);
      this.status.classList.remove('error');
      await this.refresh();
      return id;
    } catch (error) {
      this.#say(listProblemText(error), true);
      return null;
    }
  }

  #say(text, isError = false) {
    this.status.textContent = text;
    this.status.classList.toggle('error', isError);
  }

  #row({ id, entry, problem }) {
    if (problem) {
      // An unreadable entry's name may be anything stored (an object whose toString throws): named only if text.
      const { name, text } = unreadableText(id, entry, problem, entryVersion);
      return element(
        'li',
        { className: 'saved-model unreadable' },
        element('span', { textContent: text }),
        this.#deleteButton(id, name),
      );
    }
    const name = element('input', {
      type: 'text',
      className: 'model-name',
      value: entry.name,
      maxLength: 200,
      'aria-label': savedLabels.nameLabel,
    });
    name.addEventListener('change', () => this.#act(() => this.store.rename(id, name.value.trim() || entry.name)));
    return element(
      'li',
      { className: `saved-model ${entry.status}` },
      name,
      element('span', {
        className: 'model-details',
        textContent: [describeRun(entry), savedProgress(entry), savedScore(entry), dateText(entry.savedAt)].join(' · '),
      }),
      element(
        'span',
        { className: 'buttons' },
        button(savedLabels.use, () => this.#withWeights(id, (weights) => this.onUse({ ...entry, weights })), {
          className: 'model-use',
          'aria-label': actionLabel('use', entry.name),
        }),
        button(
          savedLabels.download,
          () => this.#withWeights(id, (weights) => downloadBytes(weights, modelFileName(entry))),
          { className: 'model-download', 'aria-label': actionLabel('download', entry.name) },
        ),
        this.onCompare &&
          button(savedLabels.compare, () => this.onCompare(entry), {
            className: 'model-compare',
            'aria-label': actionLabel('compare', entry.name),
            title: savedLabels.compareHint,
          }),
        this.#deleteButton(id, entry.name),
      ),
    );
  }

  #deleteButton(id, name) {
    return button(savedLabels.delete, () => this.#act(() => this.store.remove(id)), {
      className: 'model-delete',
      'aria-label': actionLabel('delete', name),
    });
  }

  /** Runs `use` on a saved model's weights, read from the store; a missing or refused file is said in the list. */
  async #withWeights(id, use) {
    try {
      await use(await this.store.weights(id));
    } catch (error) {
      this.#say(listProblemText(error), true);
    }
  }

  async #act(change) {
    try {
      await change();
      this.status.classList.remove('error');
    } catch (error) {
      this.#say(listProblemText(error), true);
    }
    await this.refresh();
  }
}

// "Your models": the list of the models saved in this browser (saved-models.js), each with its scores and buttons to
// use, rename, download, compare or delete it; a list of saved runs as every view keeps one (saved-models-list.js).
import { button, element } from '../common/controls.js';
import { downloadBytes } from '../common/download.js';
import { SavedModelsList } from '../common/saved-models-list.js';
import { describeRun } from './run-description.js';
import { ModelStore, nameLength } from './saved-models.js';
import { actionLabel, savedLabels, savedModelLabel, savedScore, savedText } from './saved-models-text.js';
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

/** A translator's row: a name to edit, its run, progress, score and date, and Use, Download and Compare. */
const translatorRows = (onUse, onCompare) => ({
  name({ id, entry }, list) {
    const name = element('input', {
      type: 'text',
      className: 'model-name',
      value: entry.name,
      maxLength: nameLength,
      'aria-label': savedLabels.nameLabel,
    });
    name.addEventListener('change', () =>
      list.act(() => list.store.rename(id, name.value.trim() || entry.name, nameLength)),
    );
    return { element: name, text: entry.name };
  },
  details: (entry) =>
    [describeRun(entry), savedText.progress(entry), savedScore(entry), dateText(entry.savedAt)].join(' · '),
  buttons: (item, name, list) => [
    button(
      savedLabels.use,
      list.withFiles(item, (weights) => onUse({ ...item.entry, weights })),
      { className: 'model-use', 'aria-label': actionLabel('use', name) },
    ),
    button(
      savedText.labels.download,
      list.withFiles(item, (weights) => downloadBytes(weights, modelFileName(item.entry))),
      { className: 'model-download', 'aria-label': actionLabel('download', name) },
    ),
    onCompare &&
      button(savedLabels.compare, () => onCompare(item.entry), {
        className: 'model-compare',
        'aria-label': actionLabel('compare', name),
        title: savedLabels.compareHint,
      }),
  ],
  actionLabel: (action, _text, name) => actionLabel(action, name),
});

export class YourModels extends SavedModelsList {
  /**
   * @param {{ onUse: (entry: object) => Promise<void>, onCompare?: (entry: object) => void,
   *           onChange?: (items: object[]) => void }} options  onUse: the Use button of a readable entry (the entry
   *   with its `weights`); onCompare: its Compare button (none without it); onChange: after every change of the list
   */
  constructor({ onUse, onCompare = null, onChange = () => {} }) {
    super({
      id: 'your-models',
      openStore: () => ModelStore.open(),
      text: savedText,
      rows: translatorRows(onUse, onCompare),
      onChange,
    });
  }
}

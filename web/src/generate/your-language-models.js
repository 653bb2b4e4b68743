// "Your language models": the runs kept in this browser (saved-language-models.js), each described with its text,
// shape, progress and held-out score, with buttons to write with it, continue its training, download its weights or
// delete it; a list of saved runs as every view keeps one (saved-models-list.js). What writing and continuing do is
// the view's.
import { button, element } from '../common/controls.js';
import { downloadBytes } from '../common/download.js';
import { SavedModelsList } from '../common/saved-models-list.js';
import { languageModelFileName } from './generate-text.js';
import { LanguageModelStore } from './saved-language-models.js';
import { actionLabel, savedDate, savedDescription, savedLabels, savedScore, savedText } from './saved-models-text.js';

/** A language model's row: what it trained on and its shape, progress, score and date; Write, Continue, Download. */
const languageModelRows = (onWrite, onContinue) => ({
  name: ({ entry }) => {
    const text = savedDescription(entry);
    return { element: element('span', { className: 'model-name', textContent: text }), text };
  },
  details: (entry) => `${savedText.progress(entry)} · ${savedScore(entry)} · ${savedDate(entry.savedAt)}`,
  buttons(item, name, list) {
    const { entry } = item;
    const labelled = (text, className, use) =>
      button(text, list.withFiles(item, use), {
        className,
        'aria-label': actionLabel(text, `${name}, ${savedDate(entry.savedAt)}`),
      });
    return [
      labelled(savedLabels.write, 'model-use', (files) => onWrite(item, files)),
      labelled(savedLabels.continue, 'model-continue', (files) => onContinue(item, files)),
      labelled(savedText.labels.download, 'model-download', (files) =>
        downloadBytes(files.weights, languageModelFileName(entry.options.model, entry.step, entry.savedAt)),
      ),
    ];
  },
  actionLabel: (_action, text, name) => actionLabel(text, name),
});

export class YourLanguageModels extends SavedModelsList {
  /**
   * @param {{ onWrite: (item: object, files: object) => Promise<void>, onContinue: (item: object, files: object) => Promise<void> }} actions
   *   item: { id, entry } of a readable entry; files: its { checkpoint, weights, text }
   */
  constructor({ onWrite, onContinue }) {
    super({
      id: 'your-language-models',
      hint: savedLabels.hint,
      openStore: () => LanguageModelStore.open(),
      text: savedText,
      rows: languageModelRows(onWrite, onContinue),
    });
  }
}

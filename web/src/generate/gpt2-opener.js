// "Open GPT-2": the learner's four files (model.safetensors, config.json, vocab.json, merges.txt) dropped or chosen,
// as files or as their folder, opened in the Generate worker with a progress bar and a Cancel that really cancels;
// where to download them; kept for the session, and in this browser only when the learner ticks the box that says
// how much that stores. Its own file because it turns files and clicks into the view's openGpt2(); opening itself
// is the view's and the worker's (gpt2-in-worker.js).
import './gpt2.css';
import { button, element } from '../common/controls.js';
import { matchGpt2Files } from './gpt2-file-match.js';
import { forgetGpt2Files, keepGpt2Files, keptGpt2Files } from './gpt2-store.js';
import { gpt2Labels, gpt2Text, missingFilesError } from './gpt2-text.js';
import { gpt2OpeningLabels } from './generate-text.js';

const pages = {
  small: 'https://huggingface.co/openai-community/gpt2/tree/main',
  distil: 'https://huggingface.co/distilbert/distilgpt2/tree/main',
};

/** The page's side of an opening in the worker: started, its progress asked for until it is open, cancelled. */
export async function openGpt2InWorker(session, files, { onProgress, signal }) {
  const cancel = () => void session.ask('cancelGpt2').catch(() => {});
  signal.addEventListener('abort', cancel, { once: true });
  try {
    onProgress(await session.ask('startGpt2', files));
    for (;;) {
      const report = await session.ask('gpt2Progress', 250);
      onProgress(report);
      if (report.opened) return report.opened;
    }
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}

export class Gpt2Opener {
  /**
   * @param {{ open: (files: object, watch: { onProgress: (report: object) => void, signal: AbortSignal })
   *           => Promise<boolean>, errorPlace: HTMLElement,
   *           showError: (error: Error) => void, hideError: () => void }} view  open: the view's openGpt2 (whether it
   *   opened); errorPlace: where its error line goes
   */
  constructor({ open, errorPlace, showError, hideError }) {
    this.open = open;
    this.showError = showError;
    this.hideError = hideError;
    this.files = null; // the four files of this session (kept for it: "Open GPT-2 again")
    this.kept = null; // the files kept in this browser, if any
    this.controller = null; // the opening under way's AbortController
    this.viewBusy = false; // the view trains: no other model opens meanwhile (its weight-file controls are off too)
    const input = (props) => {
      const node = element('input', { type: 'file', ...props });
      node.addEventListener('change', () => {
        const chosen = [...(node.files ?? [])];
        node.value = ''; // the same files chosen again open again
        if (chosen.length > 0) void this.#choose(chosen);
      });
      return node;
    };
    this.folderInput = input({ id: 'generate-gpt2-folder', webkitdirectory: true });
    this.filesInput = input({ id: 'generate-gpt2-files', multiple: true, accept: '.safetensors,.json,.txt' });
    this.drop = element(
      'div',
      { id: 'generate-gpt2-drop', className: 'gpt2-drop' },
      element('p', { textContent: gpt2Labels.drop }),
      element(
        'div',
        { className: 'buttons' },
        element('label', { className: 'field' }, element('span', { textContent: gpt2Labels.folder }), this.folderInput),
        element('label', { className: 'field' }, element('span', { textContent: gpt2Labels.files }), this.filesInput),
      ),
    );
    this.drop.addEventListener('dragover', (event) => {
      event.preventDefault();
      this.drop.classList.add('over');
    });
    this.drop.addEventListener('dragleave', () => this.drop.classList.remove('over'));
    this.drop.addEventListener('drop', (event) => {
      event.preventDefault();
      this.drop.classList.remove('over');
      if (this.viewBusy) return;
      void droppedFiles(event.dataTransfer).then((files) => this.#choose(files));
    });
    this.progress = element('progress', { id: 'generate-gpt2-progress', max: 1, value: 0, hidden: true });
    this.progress.setAttribute('aria-label', gpt2OpeningLabels.progress);
    this.progressText = element('span', { id: 'generate-gpt2-progress-text', 'aria-live': 'polite' });
    this.cancelButton = button(gpt2OpeningLabels.cancel, () => this.controller?.abort(), {
      id: 'generate-gpt2-cancel',
      hidden: true,
    });
    this.againButton = button(gpt2Labels.openAgain, () => void this.#openFiles(this.files), {
      id: 'generate-gpt2-again',
      hidden: true,
    });
    this.keepBox = element('input', { type: 'checkbox', id: 'generate-gpt2-keep' });
    this.keepText = element('span');
    // in a paragraph of its own: a label's `display` (the form's fields) would override its own `hidden`
    this.keepLabel = element(
      'p',
      { id: 'generate-gpt2-keep-line', hidden: true },
      element('label', { className: 'field checkbox' }, this.keepBox, ' ', this.keepText),
    );
    this.keepBox.addEventListener('change', () => void this.#keepChanged());
    this.keptText = element('span');
    this.openKeptButton = button(gpt2Labels.openKept, () => void this.#openFiles(this.kept), {
      id: 'generate-gpt2-open-kept',
    });
    this.forgetButton = button(gpt2Labels.forget, () => void this.#forget(), { id: 'generate-gpt2-forget' });
    this.keptLine = element(
      'p',
      { id: 'generate-gpt2-kept', className: 'hint', hidden: true },
      this.keptText,
      ' ',
      this.openKeptButton,
      ' ',
      this.forgetButton,
    );
    this.line = element('p', { id: 'generate-gpt2-line', className: 'hint', 'aria-live': 'polite' });
    const link = (href, text) => element('a', { href, textContent: text, target: '_blank', rel: 'noopener' });
    this.element = element(
      'section',
      { id: 'generate-gpt2', className: 'generate-gpt2', 'aria-labelledby': 'generate-gpt2-title' },
      element('h3', { id: 'generate-gpt2-title', textContent: gpt2Labels.title }),
      element('p', { textContent: gpt2Labels.introduction }),
      element(
        'p',
        { className: 'hint' },
        `${gpt2Labels.download} `,
        link(pages.small, gpt2Labels.smallPage),
        ' · ',
        link(pages.distil, gpt2Labels.distilPage),
      ),
      element('p', { className: 'hint', textContent: gpt2Labels.webNote }),
      this.keptLine,
      this.drop,
      element('div', { className: 'run-bar' }, this.progress, this.progressText, this.cancelButton, this.againButton),
      this.keepLabel,
      errorPlace,
      this.line,
    );
    this.#setState('idle');
    void keptGpt2Files().then((kept) => {
      this.kept = kept;
      this.#render();
    });
  }

  /** Files chosen or dropped: the four picked out by name, the rest said; a missing one refused beside the control. */
  async #choose(chosen) {
    const { files, missing, extra, twice } = matchGpt2Files(chosen);
    const said = [extra.length > 0 ? gpt2Text.leftAside(extra) : '', twice.length > 0 ? gpt2Text.twice(twice) : ''];
    this.line.textContent = said.filter(Boolean).join(' ');
    if (missing.length > 0) {
      this.showError(missingFilesError(missing));
      this.#setState('refused');
      return;
    }
    await this.#openFiles(files);
  }

  /** GPT-2 from the absolute URL of a folder holding its four files (the address's generate.gpt2): not kept here. */
  openFolder(folder) {
    return this.#openFiles({ folder });
  }

  async #openFiles(files) {
    if (!files || this.controller) return;
    this.hideError();
    const controller = (this.controller = new AbortController());
    this.#setState('opening');
    this.progress.hidden = this.cancelButton.hidden = false;
    this.progress.value = 0;
    this.progressText.textContent = '';
    const onProgress = (report) => {
      this.progress.max = Math.max(1, report.total);
      this.progress.value = report.phase === 'ready' ? report.total : report.loaded;
      this.progressText.textContent = gpt2Text.phase(report);
      this.element.dataset.phase = report.phase;
      this.element.dataset.loaded = String(report.loaded);
    };
    let state = 'refused';
    try {
      const opened = await this.open(files, { onProgress, signal: controller.signal });
      if (opened) {
        state = 'open';
        this.files = files;
        const size = files.weights?.size ?? this.progress.max; // a folder's: the worker's last report said it
        onProgress({ phase: 'ready', loaded: size, total: size });
      }
    } catch (error) {
      if (!controller.signal.aborted) this.showError(error);
    } finally {
      // the view says nothing of a cancelled opening's AbortError (gpt2-parts.js): said here
      if (state !== 'open' && controller.signal.aborted) {
        state = 'cancelled';
        this.line.textContent = gpt2Labels.cancelled;
      }
      this.controller = null;
      this.cancelButton.hidden = true;
      if (state !== 'open') this.progress.hidden = true;
      if (state === 'open' && this.keepBox.checked && files.weights) await this.#keep();
      this.#setState(state);
    }
  }

  async #keepChanged() {
    if (this.keepBox.checked && this.files?.weights && this.element.dataset.state === 'open') await this.#keep();
  }

  async #keep() {
    try {
      const { weights, config, vocab, merges } = this.files;
      await keepGpt2Files({ weights, config, vocab, merges });
      this.kept = this.files;
    } catch (error) {
      this.showError(error);
    }
    this.#render();
  }

  async #forget() {
    try {
      await forgetGpt2Files();
      this.kept = null;
      this.keepBox.checked = false;
      this.line.textContent = gpt2Labels.forgotten;
    } catch (error) {
      this.showError(error);
    }
    this.#render();
  }

  #setState(state) {
    this.element.dataset.state = state;
    this.#render();
  }

  #render() {
    const opening = this.controller !== null || this.viewBusy;
    this.folderInput.disabled = this.filesInput.disabled = this.openKeptButton.disabled = opening;
    const { kept, files } = this;
    this.keptLine.hidden = kept === null;
    if (kept) this.keptText.textContent = gpt2Text.kept(kept.weights.size);
    // the box says what keeping stores: the files chosen this session (none kept yet)
    this.keepLabel.hidden = files === null || kept === files || 'folder' in files; // a folder's stay on the web
    if (files?.weights)
      this.keepText.textContent = gpt2Text.keep(files.weights.size + files.vocab.size + files.merges.size);
    this.againButton.hidden = opening || files === null || this.element.dataset.state === 'open';
    this.element.dataset.kept = kept ? 'yes' : 'no';
  }

  /** The model written with changed: this session's GPT-2 is open only if `open`; `busy` while the view trains. */
  modelChanged(open, busy) {
    this.viewBusy = busy;
    if (!open && this.element.dataset.state === 'open') this.#setState('closed');
    else this.#render();
  }
}

/** The files of a drop: its files, or every file inside a dropped folder (its entries read, recursively). */
async function droppedFiles(transfer) {
  const entries = [...(transfer?.items ?? [])].map((item) => item.webkitGetAsEntry?.()).filter(Boolean);
  if (entries.length === 0) return [...(transfer?.files ?? [])];
  const files = [];
  const walk = async (entry) => {
    if (entry.isFile) files.push(await new Promise((resolve, reject) => entry.file(resolve, reject)));
    else if (entry.isDirectory) {
      const reader = entry.createReader();
      for (;;) {
        const batch = await new Promise((resolve, reject) => reader.readEntries(resolve, reject));
        if (batch.length === 0) break;
        for (const child of batch) await walk(child);
      }
    }
  };
  for (const entry of entries) await walk(entry);
  return files;
}

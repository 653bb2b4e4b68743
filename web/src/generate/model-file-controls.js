// The model the view writes with, as controls: "write with our model" while there is none, the line saying which
// model is open, Download, and a weight file to open. Its own file because it only turns clicks and a chosen file
// into the view's calls; what opening and saving do is the view's (generate-view.js).
import { button, element, labelled } from '../common/controls.js';
import { hints, labels } from './generate-text.js';

export class ModelFileControls {
  /** @param {{ onOpenTrained: () => void, onOpenFile: (file: File) => void, onDownload: () => void }} actions */
  constructor({ onOpenTrained, onOpenFile, onDownload }) {
    this.openButton = button(labels.openTrained, onOpenTrained, { id: 'generate-open-trained' });
    this.noModel = element('p', { className: 'hint' }, `${hints.noModel} `, this.openButton);
    this.openedLine = element('p', { id: 'generate-opened', className: 'hint', hidden: true });
    this.downloadButton = button(labels.download, onDownload, { id: 'generate-download' });
    const weightFiles = '.bin,application/octet-stream';
    this.fileInput = element('input', { type: 'file', id: 'generate-open-file', accept: weightFiles });
    this.fileInput.addEventListener('change', () => {
      const [file] = this.fileInput.files ?? [];
      this.fileInput.value = ''; // the same file chosen again opens again
      if (file) onOpenFile(file);
    });
    this.fileRow = element(
      'div',
      { className: 'buttons generate-model-file' },
      this.downloadButton,
      labelled(labels.openFile, this.fileInput),
    );
  }

  /** Says which model is open (`opened`: its sentence, or null while none is or a run's model is written with). */
  render({ ready, busy, opened }) {
    this.noModel.hidden = ready;
    this.openButton.disabled = this.fileInput.disabled = busy;
    this.downloadButton.disabled = !ready;
    this.openedLine.hidden = opened === null;
    if (opened !== null) this.openedLine.textContent = opened;
  }
}

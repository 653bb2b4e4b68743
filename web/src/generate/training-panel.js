// Where a run shows itself: the run bar (common/run-controls.js, in the Generate view's words: Start/Stop, Continue,
// Train again, Reset, the progress line, the status a screen reader hears), the curves, and the latest sample of the
// model's writing. What the buttons do is the view's.
import { element } from '../common/controls.js';
import { RunControls } from '../common/run-controls.js';
import { hints, labels, progressText, sampleTitle, statusSaid } from './generate-text.js';
import { curveNames } from './curves-text.js';
import { TrainingCharts } from './training-charts.js';

export class TrainingPanel {
  /**
   * @param {{ onStart: () => void, onReset: () => void, onKeepBest: (keepBest: boolean) => void }} options  the
   *   Start and Reset buttons' clicks, and the early-stopping box's changes
   */
  constructor({ onStart, onReset, onKeepBest }) {
    this.bar = new RunControls({
      id: 'generate',
      onStart,
      onReset,
      texts: {
        start: (status) => labels.start[status] ?? labels.start.idle,
        reset: labels.reset,
        progress: labels.progress,
        line: progressText,
        said: (status, run) => statusSaid(status, run?.step),
      },
    });
    this.charts = new TrainingCharts();
    this.keepBest = element('input', { type: 'checkbox', id: 'generate-keep-best' });
    this.keepBest.addEventListener('change', () => onKeepBest(this.keepBest.checked));
    this.sampleTitle = element('p', { className: 'generate-sample-title' });
    // The model's writing, not the page's words: translate="no".
    this.samplePrompt = element('strong', { className: 'generate-sample-prompt' });
    this.sampleWritten = element('span');
    this.sampleText = element(
      'p',
      { id: 'generate-sample', className: 'generate-sample', translate: false },
      this.samplePrompt,
      this.sampleWritten,
    );
    this.element = element(
      'section',
      { className: 'generate-training', 'aria-label': labels.training },
      this.bar.element,
      element('p', { className: 'hint', textContent: hints.training }),
      this.charts.element,
      element('label', { className: 'check' }, this.keepBest, ` ${curveNames.keepBest}`),
      element('figure', { className: 'generate-sample-figure' }, this.sampleTitle, this.sampleText),
    );
  }

  /**
   * @param {import('./language-model-run.js').LanguageModelRun | null} run  the current run, or null before the first
   * @param {string} status  the view's: the run's, or 'starting' while the text is fetched
   * @param {object} state  the view's state: what a run not yet started would do
   */
  render(run, status, state) {
    this.bar.render(run, status, state);
    this.charts.render(run, state.steps);
    this.keepBest.checked = state.keepBest;
    this.sampleTitle.textContent = sampleTitle(run?.sample);
    // Its prompt first (in bold): the writing reads as the continuation it is. A saved run's sample kept no prompt.
    const sample = run?.sample;
    this.samplePrompt.textContent = sample?.prompt ?? '';
    this.sampleWritten.textContent = sample?.text ?? '';
  }
}

// Where a run shows itself: Start/Stop (Continue, Train again) and Reset, the progress bar and its line (step,
// steps/s, time left), the status a screen reader hears, the curves, and the latest sample of the model's writing.
// What the buttons do is the view's.
import { button, element } from '../common/controls.js';
import { hints, labels, progressText, sampleTitle, statusSaid } from './generate-text.js';
import { TrainingCharts } from './training-charts.js';

export class TrainingPanel {
  /** @param {{ onStart: () => void, onReset: () => void }} options  the Start and Reset buttons' clicks */
  constructor({ onStart, onReset }) {
    this.startButton = button(labels.start.idle, onStart, { id: 'generate-start', className: 'primary' });
    this.resetButton = button(labels.reset, onReset, { id: 'generate-reset' });
    this.progress = element('progress', { id: 'generate-progress', max: 1, value: 0, 'aria-label': labels.progress });
    this.progressText = element('span', { id: 'generate-progress-text', className: 'generate-progress-text' });
    this.statusText = element('span', { className: 'visually-hidden', 'aria-live': 'polite' });
    this.charts = new TrainingCharts();
    this.sampleTitle = element('p', { className: 'generate-sample-title' });
    // The model's writing, not the page's words: translate="no".
    this.sampleText = element('p', { id: 'generate-sample', className: 'generate-sample', translate: false });
    this.element = element(
      'section',
      { className: 'generate-training', 'aria-label': labels.training },
      element(
        'div',
        { className: 'run-bar' },
        this.startButton,
        this.resetButton,
        this.progress,
        this.progressText,
        this.statusText,
      ),
      element('p', { className: 'hint', textContent: hints.training }),
      this.charts.element,
      element('figure', { className: 'generate-sample-figure' }, this.sampleTitle, this.sampleText),
    );
  }

  /**
   * @param {import('./language-model-run.js').LanguageModelRun | null} run  the current run, or null before the first
   * @param {string} status  the view's: the run's, or 'starting' while the text is fetched
   * @param {object} state  the view's state: what a run not yet started would do
   */
  render(run, status, state) {
    this.startButton.textContent = labels.start[status] ?? labels.start.idle;
    this.startButton.disabled = status === 'starting' || status === 'stopping';
    this.resetButton.disabled = !run || status === 'starting';
    this.progress.max = run?.steps ?? state.steps;
    this.progress.value = run?.step ?? 0;
    this.progressText.textContent = progressText(run, status, state);
    const said = statusSaid(status, run?.step);
    if (said && this.statusText.textContent !== said) this.statusText.textContent = said;
    this.charts.render(run, state.steps);
    this.sampleTitle.textContent = sampleTitle(run?.sample);
    this.sampleText.textContent = run?.sample?.text ?? '';
  }
}

// The run bar: Start (Pause, Resume, Train again), Reset, the progress bar and its line (step, speed, time left,
// build), and the status a screen reader hears. Its own file because it only shows where a run is; what its
// buttons do is the view's.
import { button, element } from '../common/controls.js';
import { formatDuration } from './train-state.js';

export class RunBar {
  /** @param {{ onStart: () => void, onReset: () => void }} options  the Start and the Reset buttons' clicks */
  constructor({ onStart, onReset }) {
    this.startButton = button('Start training', onStart, { id: 'train-start', className: 'primary' });
    this.resetButton = button('Reset', onReset, { id: 'train-reset' });
    this.progress = element('progress', { id: 'train-progress', max: 1, value: 0, 'aria-label': 'training progress' });
    this.progressText = element('span', { id: 'train-progress-text' });
    this.statusText = element('span', { id: 'train-status', className: 'visually-hidden', 'aria-live': 'polite' });
    this.element = element(
      'div',
      { className: 'run-bar' },
      this.startButton,
      this.resetButton,
      this.progress,
      this.progressText,
      this.statusText,
    );
  }

  /**
   * @param {object | null} run  the current run (a TrainingRun), or null before the first
   * @param {string} status  the view's status: the run's, or 'starting' until a new run exists
   * @param {{ steps: number, batchSize: number }} state  what a run not yet started would do
   */
  render(run, status, state) {
    this.startButton.textContent =
      { running: 'Pause', pausing: 'Pausing…', paused: 'Resume', starting: 'Starting…' }[status] ??
      (status === 'done' ? 'Train again' : 'Start training');
    this.startButton.disabled = status === 'starting' || status === 'pausing';
    this.resetButton.disabled = !run || status === 'starting';
    this.progress.max = run?.steps ?? state.steps;
    this.progress.value = run?.step ?? 0;
    if (status === 'failed' && run.step > 0) {
      this.progressText.textContent = `stopped at step ${run.step} of ${run.steps}`;
    } else if (!run || status === 'starting' || status === 'failed') {
      this.progressText.textContent =
        { starting: 'loading the module and building the model…', failed: 'not started' }[status] ??
        `${state.steps} steps of ${state.batchSize} sentence pairs`;
    } else {
      const speed = Number.isFinite(run.stepsPerSecond) ? `${Math.round(run.stepsPerSecond)} steps/s` : '';
      const left =
        status === 'done'
          ? `done in ${formatDuration(run.trainingSeconds)}`
          : `${formatDuration(run.secondsLeft)} left`;
      this.progressText.textContent = [`step ${run.step} of ${run.steps}`, speed, left, `${run.info.backend}`]
        .filter(Boolean)
        .join(' · ');
    }
    const said = {
      running: 'training',
      paused: `paused at step ${run?.step}`,
      done: 'training finished',
      failed: 'training failed',
    }[status];
    if (said && this.statusText.textContent !== said) this.statusText.textContent = said;
  }
}

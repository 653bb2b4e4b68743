// The run bar: Start (Pause, Resume, Train again), Reset, the progress bar and its line (step, speed, time left,
// build), and the status a screen reader hears. Its own file because it only shows where a run is; what its
// buttons do is the view's.
import { button, element } from '../common/controls.js';
import { formatDuration } from './train-state.js';
import { t } from '../i18n/messages.js';

export class RunBar {
  /** @param {{ onStart: () => void, onReset: () => void }} options  the Start and the Reset buttons' clicks */
  constructor({ onStart, onReset }) {
    this.startButton = button(t('train.bar.start'), onStart, { id: 'train-start', className: 'primary' });
    this.resetButton = button(t('train.bar.reset'), onReset, { id: 'train-reset' });
    this.progress = element('progress', {
      id: 'train-progress',
      max: 1,
      value: 0,
      'aria-label': t('train.bar.progress'),
    });
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
    const buttonKey = {
      running: 'train.bar.pause',
      pausing: 'train.bar.pausing',
      paused: 'train.bar.resume',
      starting: 'train.bar.starting',
      done: 'train.bar.again',
    }[status];
    this.startButton.textContent = t(buttonKey ?? 'train.bar.start');
    this.startButton.disabled = status === 'starting' || status === 'pausing';
    this.resetButton.disabled = !run || status === 'starting';
    this.progress.max = run?.steps ?? state.steps;
    this.progress.value = run?.step ?? 0;
    if (status === 'failed' && run.step > 0) {
      this.progressText.textContent = t('train.bar.stopped', { step: run.step, steps: run.steps });
    } else if (!run || status === 'starting' || status === 'failed') {
      this.progressText.textContent =
        status === 'starting'
          ? t('train.bar.loading')
          : status === 'failed'
            ? t('train.bar.notStarted')
            : t('train.bar.planned', { steps: state.steps, batchSize: state.batchSize });
    } else {
      const speed = Number.isFinite(run.stepsPerSecond)
        ? t('train.bar.speed', { speed: Math.round(run.stepsPerSecond) })
        : '';
      const left =
        status === 'done'
          ? t('train.bar.doneIn', { duration: formatDuration(run.trainingSeconds) })
          : t('train.bar.left', { duration: formatDuration(run.secondsLeft) });
      const step = t('train.bar.step', { step: run.step, steps: run.steps });
      this.progressText.textContent = [step, speed, left, `${run.info.backend}`].filter(Boolean).join(' · ');
    }
    const said = {
      running: () => t('train.bar.said.running'),
      paused: () => t('train.bar.said.paused', { step: run?.step }),
      done: () => t('train.bar.said.done'),
      failed: () => t('train.bar.said.failed'),
    }[status]?.();
    if (said && this.statusText.textContent !== said) this.statusText.textContent = said;
  }
}

// A run's bar, whichever view trains (Train, Generate): Start (Pause, Resume, Train again), Reset, the progress bar
// and its line, and the status a screen reader hears. Its own file because it only shows where a run is
// (common/worker-run.js's statuses); what its buttons do is the view's, and its words are the view's too.
import { button, element } from './controls.js';

export class RunControls {
  /**
   * @param {{ id: string, onStart: () => void, onReset: () => void, texts: { start: (status: string) => string,
   *           reset: string, progress: string, line: (run: object | null, status: string, state: object) => string,
   *           said: (status: string, run: object | null) => string } }} options  id: the elements' ids' prefix;
   *   texts: the Start button's words in each status, the Reset button's, the progress bar's name, the line beside it,
   *   and what a screen reader hears of a status ('' for none)
   */
  constructor({ id, onStart, onReset, texts }) {
    this.texts = texts;
    this.startButton = button(texts.start('idle'), onStart, { id: `${id}-start`, className: 'primary' });
    this.resetButton = button(texts.reset, onReset, { id: `${id}-reset` });
    this.progress = element('progress', { id: `${id}-progress`, max: 1, value: 0, 'aria-label': texts.progress });
    this.progressText = element('span', { id: `${id}-progress-text`, className: `${id}-progress-text` });
    this.statusText = element('span', { id: `${id}-status`, className: 'visually-hidden', 'aria-live': 'polite' });
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
   * @param {object | null} run  the current run, or null before the first
   * @param {string} status  the view's status: the run's, or 'starting' until a new run exists
   * @param {{ steps: number }} state  what a run not yet started would do
   */
  render(run, status, state) {
    this.startButton.textContent = this.texts.start(status);
    this.startButton.disabled = status === 'starting' || status === 'pausing';
    this.resetButton.disabled = !run || status === 'starting';
    this.progress.max = run?.steps ?? state.steps;
    this.progress.value = run?.step ?? 0;
    this.progressText.textContent = this.texts.line(run, status, state);
    const said = this.texts.said(status, run);
    if (said && this.statusText.textContent !== said) this.statusText.textContent = said;
  }
}

/**
 * What the line beside the bar says of a run under way or done: its step, its speed once known, and the time left
 * while it runs (or taken, once done), in the view's words (`seconds` as its durations are written). Empty parts are left out.
 * @param {{ step: number, steps: number, stepsPerSecond: number, trainingSeconds: number }} run
 * @param {string} status
 * @param {{ step: (step: number, steps: number) => string, speed: (stepsPerSecond: number) => string,
 *           left: (seconds: number) => string, doneIn: (seconds: number) => string }} words
 */
export function runningParts(run, status, words) {
  const speed = Number.isFinite(run.stepsPerSecond) ? words.speed(Math.round(run.stepsPerSecond)) : '';
  // Time left only while it runs: once stopped (or stopping) nothing is under way, and "2 min left" would mislead.
  const time =
    status === 'done'
      ? words.doneIn(run.trainingSeconds)
      : status === 'running'
        ? words.left((run.steps - run.step) / run.stepsPerSecond)
        : '';
  return [words.step(run.step, run.steps), speed, time].filter(Boolean);
}

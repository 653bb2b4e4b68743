// The Train view's run bar (common/run-controls.js) in its words: Start (Pause, Resume, Train again), Reset, the
// progress bar and its line (step, speed, time left, build), and the status a screen reader hears.
import { RunControls, runningParts } from '../common/run-controls.js';
import { formatDuration } from './train-state.js';
import { t } from '../i18n/messages.js';

const startKeys = {
  running: 'train.bar.pause',
  pausing: 'train.bar.pausing',
  paused: 'train.bar.resume',
  starting: 'train.bar.starting',
  done: 'train.bar.again',
};

/** The line beside the progress bar. */
function progressLine(run, status, state) {
  if (status === 'failed' && run.step > 0) return t('train.bar.stopped', { step: run.step, steps: run.steps });
  if (status === 'starting') return t('train.bar.loading');
  if (status === 'failed') return t('train.bar.notStarted');
  if (!run) return t('train.bar.planned', { steps: state.steps, batchSize: state.batchSize });
  return [...runningParts(run, status, runningWords), run.info.backend].join(' · ');
}

const runningWords = {
  step: (step, steps) => t('train.bar.step', { step, steps }),
  speed: (speed) => t('train.bar.speed', { speed }),
  left: (seconds) => t('train.bar.left', { duration: formatDuration(seconds) }),
  doneIn: (seconds) => t('train.bar.doneIn', { duration: formatDuration(seconds) }),
};

/** What a screen reader hears when the run's status changes ('' for the statuses it need not hear). */
function statusSaid(status, run) {
  if (status === 'running') return t('train.bar.said.running');
  if (status === 'paused') return t('train.bar.said.paused', { step: run?.step });
  if (status === 'done') return t('train.bar.said.done');
  if (status === 'failed') return t('train.bar.said.failed');
  return '';
}

/** @param {{ onStart: () => void, onReset: () => void }} options  the Start and the Reset buttons' clicks */
export function runBar({ onStart, onReset }) {
  return new RunControls({
    id: 'train',
    onStart,
    onReset,
    texts: {
      start: (status) => t(startKeys[status] ?? 'train.bar.start'),
      reset: t('train.bar.reset'),
      progress: t('train.bar.progress'),
      line: progressLine,
      said: statusSaid,
    },
  });
}

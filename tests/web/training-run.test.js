// A training run's start when the worker cannot start: the run fails with a WorkerStartError (which the view
// shows with the single-thread build on offer) instead of waiting forever. The session here is a worker that
// never answers, or one whose script failed: the two ways a worker is lost before its first answer.
import { describe, expect, it } from 'vitest';
import { TrainingRun, WorkerStartError } from '../../web/src/training-run.js';

const silentSession = { start: () => new Promise(() => {}) };

function run(session, extra = {}) {
  const updates = [];
  const training = new TrainingRun({ session, options: { steps: 10 }, snapshotSteps: [0], probe: () => 'the cat', onUpdate: (r) => updates.push(r.status), ...extra });
  return { training, updates };
}

describe('training run start', () => {
  it('a worker that never answers fails the run after the stall time, saying so', async () => {
    const { training, updates } = run(silentSession, { stallMilliseconds: 50 });
    const started = performance.now();
    await training.start();
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    expect(training.status).toBe('failed');
    expect(training.error).toBeInstanceOf(WorkerStartError);
    expect(training.error.message).toMatch(/has not answered after 0 s/);
    expect(updates).toEqual(['starting', 'failed']);
  });

  it('a worker whose script failed to load fails the run at once with that error', async () => {
    const failure = new WorkerStartError('The training worker could not start: its script failed to load.');
    const { training } = run(silentSession, { workerFailed: Promise.reject(failure), stallMilliseconds: 60_000 });
    await training.start();
    expect(training.status).toBe('failed');
    expect(training.error).toBe(failure);
  });

  it('refused options are the trainer’s own error, not a start failure', async () => {
    const session = { start: async () => ({ error: { name: 'TypeError', message: 'options.steps must be a number', lines: null } }) };
    const { training } = run(session, { stallMilliseconds: 1000 });
    await training.start();
    expect(training.error).toBeInstanceOf(TypeError);
    expect(training.error).not.toBeInstanceOf(WorkerStartError);
  });
});

// A training run whose worker cannot start fails with a WorkerStartError (which the view shows with the
// single-thread build on offer), and one whose worker dies mid-run with a WorkerLostError (shown with a restart),
// instead of waiting forever. The sessions here are workers that never answer, stop answering, or whose script fails.
import { describe, expect, it } from 'vitest';
import { TrainingRun, WorkerLostError, WorkerStartError } from '../../web/src/training-run.js';

const silentSession = { start: () => new Promise(() => {}) };

function run(session, extra = {}) {
  const updates = [];
  const training = new TrainingRun({
    session,
    options: { steps: 10 },
    snapshotSteps: [0],
    probe: () => 'the cat',
    onUpdate: (r) => updates.push(r.status),
    ...extra,
  });
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
    const session = {
      start: async () => ({ error: { name: 'TypeError', message: 'options.steps must be a number', lines: null } }),
    };
    const { training } = run(session, { stallMilliseconds: 1000 });
    await training.start();
    expect(training.error).toBeInstanceOf(TypeError);
    expect(training.error).not.toBeInstanceOf(WorkerStartError);
  });
});

describe('training run under way', () => {
  // A worker that starts and trains, then goes silent after `answers` calls (as one killed mid-run does).
  function dyingSession(answers) {
    let left = answers;
    // Each answer after a few milliseconds, as a worker's message arrives in a task of its own.
    const answer = (value) => new Promise((resolve) => left-- > 0 && setTimeout(() => resolve(value), 5));
    return {
      start: async () => ({ options: { task: 'en-es' }, backend: 'wasm-simd128', parameters: 1 }),
      advance: () => answer({ step: 1, losses: [3], learningRate: 0.001, gradientNorm: 1, done: false }),
      evaluate: () => answer({ exact: 0, total: 50, alignment: 0, alignmentHead: { layer: 0, head: 0 } }),
      probe: () => answer({ source: [], target: [] }),
    };
  }

  it('a worker that dies mid-run fails the run with a WorkerLostError after the answer time, not never', async () => {
    const { training, updates } = run(dyingSession(6), { answerMilliseconds: 80 });
    await training.start();
    await expect.poll(() => training.status, { timeout: 2000 }).toBe('failed');
    expect(training.error).toBeInstanceOf(WorkerLostError);
    expect(training.error.message).toMatch(/stopped answering 0 s ago.*last save is under “Your models”/);
    expect(updates.at(-1)).toBe('failed');
    expect(training.step).toBeGreaterThan(0); // what it had done is kept
  });

  it('a worker whose script fails mid-run is lost, not a failed start', async () => {
    const failure = new WorkerStartError('The training worker could not start: out of memory.');
    const workerFailed = new Promise((_, reject) => setTimeout(() => reject(failure), 100));
    workerFailed.catch(() => {});
    const { training } = run(dyingSession(Infinity), { workerFailed, answerMilliseconds: 60_000 });
    await training.start();
    await expect.poll(() => training.status, { timeout: 2000 }).toBe('failed');
    expect(training.error).toBeInstanceOf(WorkerLostError);
    expect(training.error.cause).toBe(failure);
  });

  it('a worker that keeps answering is never taken for lost, however long the run', async () => {
    const { training } = run(dyingSession(Infinity), { answerMilliseconds: 80 });
    await training.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(training.status).toBe('running');
    training.pause();
    await training.settled();
  });
});

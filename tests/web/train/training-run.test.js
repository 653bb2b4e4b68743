// A training run whose worker cannot start fails with a WorkerStartError (which the view shows with the
// single-thread build on offer), one whose worker dies mid-run with a WorkerLostError (shown with a restart),
// instead of waiting forever, and one whose module traps with a ModuleFaultError (the view replaces the worker). The sessions here are workers that never answer, stop answering, or whose script fails.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../web/src/i18n/messages.js';
import {
  ModuleFaultError,
  TrainingRun,
  WorkerLostError,
  WorkerStartError,
} from '../../../web/src/train/training-run.js';

beforeAll(async () => {
  await Promise.all([loadMessages('train')]); // the errors read below are English messages
});

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

describe('a trap in the worker’s module', () => {
  // A WebAssembly RuntimeError as Comlink hands it over: an Error carrying the trap's name and message.
  const trap = (message) => Object.assign(new Error(message), { name: 'RuntimeError' });

  it('while the trainer is made is a ModuleFaultError naming the trap, not a refusal of the options', async () => {
    const session = {
      start: async () => ({ error: { name: 'RuntimeError', message: 'Out of bounds memory access', lines: null } }),
    };
    const { training } = run(session, { stallMilliseconds: 1000 });
    await training.start();
    expect(training.status).toBe('failed');
    expect(training.error).toBeInstanceOf(ModuleFaultError);
    expect(training.error.message).toMatch(/stopped on an error \(Out of bounds memory access\)/);
    expect(training.error.cause.name).toBe('RuntimeError');
  });

  it('mid-run is a ModuleFaultError, and the steps done are kept', async () => {
    let probes = 0;
    const session = {
      start: async () => ({ options: { task: 'en-es' }, backend: 'wasm-simd128', parameters: 1 }),
      advance: async () => ({ step: 1, losses: [3], learningRate: 0.001, gradientNorm: 1, done: false }),
      evaluate: async () => ({ exact: 0, total: 50, alignment: 0, alignmentHead: { layer: 0, head: 0 } }),
      probe: async () => {
        if (++probes > 1) throw trap('Aborted()');
        return { source: [], target: [] };
      },
    };
    const { training } = run(session, { answerMilliseconds: 60_000 });
    await training.start();
    await expect.poll(() => training.status, { timeout: 2000 }).toBe('failed');
    expect(training.error).toBeInstanceOf(ModuleFaultError);
    expect(training.step).toBe(1);
  });

  it('an error of the page’s own is passed on as it is', async () => {
    const session = { start: async () => ({ options: { task: 'en-es' } }), evaluate: async () => ({}) };
    session.probe = async () => {
      throw new TypeError('probe: sentence must be a string');
    };
    const { training } = run(session, { answerMilliseconds: 60_000 });
    await training.start();
    expect(training.error).toBeInstanceOf(TypeError);
  });
});

// Both views' runs on the one toolkit (web/src/common/worker-run.js over worker-connection.js), each with its real
// worker script (the Train view's train-worker.js, the Generate view's generate-worker.js) in a Node worker thread:
// the same statuses from start to done, pausing that really stops the steps, what each run observes between slices,
// refusals made again as web/lib's errors and said in the page's language (the Train view's probe in es and zh-CN),
// and a worker lost mid-run ending the run with a WorkerLostError that keeps what was done.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../web/src/i18n/messages.js';
import { setCurrentLocale } from '../../../web/src/i18n/locale.js';
import { WorkerConnection, WorkerLostError } from '../../../web/src/common/worker-connection.js';
import { TrainingRun } from '../../../web/src/train/training-run.js';
import { defaultTrainState, trainerOptions } from '../../../web/src/train/train-state.js';
import { LanguageModelRun } from '../../../web/src/generate/language-model-run.js';
import { languageModelRefusalText } from '../../../web/src/generate/refusal-text.js';
import { startNodeWorker } from './node-worker.js';

const trainWorker = new URL('../../../web/src/train/train-worker.js', import.meta.url);
const generateWorker = new URL('../../../web/src/generate/generate-worker.js', import.meta.url);

const connections = [];
function connect(script, answerMilliseconds = 60_000) {
  const threads = [];
  const open = (url) => {
    const worker = startNodeWorker(url);
    threads.push(worker);
    return worker;
  };
  const worker = new WorkerConnection({ script, open, startMilliseconds: 60_000, answerMilliseconds });
  connections.push(worker);
  return { worker, threads };
}
afterEach(() => {
  connections.splice(0).forEach((connection) => connection.drop());
  setCurrentLocale('en');
});

beforeAll(() => loadMessages('app'));

/** `run`'s statuses as its view hears them, each once in a row. */
function statusesOf(updates) {
  return updates.filter((status, i) => status !== updates[i - 1]);
}

/** Starts `run` and waits for it to be done, in the statuses every run goes through on the way. */
async function runToTheEnd(run, updates) {
  await run.start();
  await expect.poll(() => run.status, { timeout: 30_000 }).toBe('done');
  expect(statusesOf(updates)).toEqual(['starting', 'running', 'done']);
}

// The Train view's own options for its default task, with a model small enough to train in well under a second.
const trainOptions = trainerOptions({
  ...defaultTrainState(),
  longestSentence: 4,
  steps: 24,
  batchSize: 8,
  dModel: 16,
  heads: 2,
  encoderLayers: 1,
  decoderLayers: 1,
});

function trainingRun(worker, probe = 'the girl') {
  const updates = [];
  const run = new TrainingRun({
    worker,
    options: trainOptions,
    snapshotSteps: [0, 12, 24],
    probe: () => probe,
    onUpdate: (r) => updates.push(r.status),
  });
  return { run, updates };
}

describe('a Train view run', () => {
  it('starts, observes every slice, and is done at its last step with a final score', async () => {
    const { worker } = connect(trainWorker);
    const { run, updates } = trainingRun(worker);
    await runToTheEnd(run, updates);
    expect(run.step).toBe(24);
    expect(run.losses).toHaveLength(24);
    expect(run.evaluations[0].step).toBe(0);
    expect(run.evaluations.at(-1).step).toBe(24);
    expect([...run.snapshots.keys()]).toEqual([0, 12, 24]); // slices end at the strip's steps
    expect(run.finalEvaluation.total).toBeGreaterThan(run.evaluations.at(-1).total);
    expect(run.probe.source).toEqual(['the', 'girl', '<eos>']);
    expect(run.info.parameters).toBeGreaterThan(0);
    expect(await run.ask('save')).toBeInstanceOf(Uint8Array);
  });

  it('pausing stops the steps until it resumes', async () => {
    const { worker } = connect(trainWorker);
    const { run, updates } = trainingRun(worker);
    await run.start();
    run.pause();
    await run.settled();
    expect(run.status).toBe('paused');
    const pausedAt = run.step;
    // Measured where it stopped, so that a save of the stopped run is scored at its own step.
    expect(run.evaluations.at(-1).step).toBe(pausedAt);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(run.step).toBe(pausedAt);
    run.resume();
    await expect.poll(() => run.status, { timeout: 30_000 }).toBe('done');
    expect(statusesOf(updates)).toEqual(['starting', 'running', 'pausing', 'paused', 'running', 'done']);
  });

  it.each([
    ['en', /^The model does not know this word\.$/],
    ['es', /^El modelo no conoce esta palabra\.$/],
    ['zh-CN', /^模型/],
  ])('says a refused probe sentence in the page’s language (%s), and trains on', async (locale, said) => {
    setCurrentLocale(locale);
    const { worker } = connect(trainWorker);
    const { run } = trainingRun(worker, 'the zorblat');
    await run.start();
    expect(run.probe.error).toMatch(said);
    expect(run.probe.refusal.kind).toBe('unknown-words');
    await expect.poll(() => run.status, { timeout: 30_000 }).toBe('done');
  });

  it('refused options are the trainer’s own error, and the run fails', async () => {
    const { worker } = connect(trainWorker);
    const { run, updates } = trainingRun(worker);
    run.options = { ...trainOptions, steps: -1 };
    await run.start();
    expect(statusesOf(updates)).toEqual(['starting', 'failed']);
    expect(run.error).toBeInstanceOf(RangeError);
    expect(run.error.message).toMatch(/steps/);
  });

  it('a worker lost mid-run fails the run with a WorkerLostError, keeping the steps done', async () => {
    const { worker, threads } = connect(trainWorker, 3000);
    const { run } = trainingRun(worker);
    run.options = { ...trainOptions, steps: 100_000 };
    run.steps = 100_000;
    await run.start();
    await expect.poll(() => run.step, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(run.status).toBe('running');
    threads[0].terminate(); // as the browser ends a worker out of memory: no error, only silence
    await expect.poll(() => run.status, { timeout: 10_000 }).toBe('failed');
    expect(run.error).toBeInstanceOf(WorkerLostError);
    expect(run.step).toBeGreaterThan(0);
  });
});

// A text long enough to train on and hold out a part of, and a model that trains on it in well under a second.
const corpus = 'It is a truth universally acknowledged, that a single man in possession of a good fortune. '.repeat(8);
const languageModelOptions = {
  task: { corpus, tokenizer: 'characters', context: 16 },
  steps: 30,
  batchSize: 4,
  model: { dModel: 16, heads: 2, ffn: 32, layers: 1 },
};

function languageModelRun(worker, options = languageModelOptions) {
  const updates = [];
  const run = new LanguageModelRun({
    worker,
    options,
    sampleRequest: () => ({ prompt: 'It is', options: { tokens: 8, outputTemperature: 0.8, seed: 1 } }),
    onUpdate: (r) => updates.push(r.status),
    kept: { corpus: 'own', text: corpus, options: null },
  });
  return { run, updates };
}

describe('a Generate view run', () => {
  it('starts, measures at round steps and samples, and is done at its last step', async () => {
    const { worker } = connect(generateWorker);
    const { run, updates } = languageModelRun(worker);
    await runToTheEnd(run, updates);
    expect(run.step).toBe(30);
    expect(run.losses).toHaveLength(30);
    expect(run.evaluateEvery).toBe(10);
    expect(run.evaluations.map((e) => e.step)).toEqual([0, 10, 20, 30]);
    expect(run.baselines.unigram).toBeGreaterThan(0);
    expect(run.sample.step).toBe(30);
    expect(typeof run.sample.text).toBe('string');
    expect(run.sample.prompt).toBe('It is'); // shown with the sample
    expect(run.evaluations.every((e) => e.tokens > 0 && e.tokens <= 2048)).toBe(true); // those measured
    const files = await run.ask('snapshot');
    expect(files.step).toBe(30);
    expect(files.weights).toBeInstanceOf(Uint8Array);
    // Early stopping: the run as it stood at its best held-out measurement.
    const lowest = run.evaluations.reduce((a, b) => (b.bitsPerCharacter < a.bitsPerCharacter ? b : a));
    const best = await run.ask('snapshot', 'best');
    expect(best.step).toBe(lowest.step);
    expect(best.checkpoint).toBeInstanceOf(Uint8Array);
  });

  it('pauses with the same statuses as the Train view’s run, and its steps stay put', async () => {
    const { worker } = connect(generateWorker);
    const { run, updates } = languageModelRun(worker, { ...languageModelOptions, steps: 5000 });
    await run.start();
    run.pause();
    await run.settled();
    const pausedAt = run.step;
    // Measured where it stopped, so that a save of the stopped run is scored at its own step.
    expect(run.evaluations.at(-1).step).toBe(pausedAt);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(run.step).toBe(pausedAt);
    expect(statusesOf(updates)).toEqual(['starting', 'running', 'pausing', 'paused']);
  });

  it('a refused text is web/lib’s error with its kind, said in the page’s language', async () => {
    await loadMessages('generate');
    const { worker } = connect(generateWorker);
    const { run } = languageModelRun(worker, { ...languageModelOptions, task: { corpus: 'Too short.' } });
    await run.start();
    expect(run.status).toBe('failed');
    expect(run.error).toBeInstanceOf(RangeError);
    expect(run.error.kind).toBe('corpus-too-short');
    setCurrentLocale('es');
    await loadMessages('generate');
    expect(languageModelRefusalText(run.error)).not.toBe(run.error.message);
  });
});

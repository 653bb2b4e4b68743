// The toolkit's worker policy (web/src/common/worker-connection.js and worker-answers.js), with real Comlink and
// real worker scripts in Node worker threads: every answer is data, so a refusal arrives with its kind and numbers
// and a trap as a ModuleFaultError; a script that fails, or a worker silent past its time, ends the ask with a
// WorkerStartError before its first answer and a WorkerLostError after; a dropped worker is replaced on the next ask.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../web/src/i18n/messages.js';
import {
  ModuleFaultError,
  WorkerConnection,
  WorkerLostError,
  WorkerStartError,
} from '../../../web/src/common/worker-connection.js';
import { startNodeWorker } from './node-worker.js';

beforeAll(() => loadMessages('app')); // the failures' words below are English

const script = (name) => new URL(`./workers/${name}.js`, import.meta.url);
const connections = [];
/**
 * A connection to the test worker `name`. Its times are long (a busy machine starts a thread slowly), but for the
 * tests of a silence, which set theirs short.
 */
function connect(name, extra = {}) {
  const started = [];
  const connection = new WorkerConnection({
    script: script(name),
    startMilliseconds: 60_000,
    answerMilliseconds: 60_000,
    open: (url) => {
      const worker = startNodeWorker(url);
      started.push(worker);
      return worker;
    },
    ...extra,
  });
  connections.push(connection);
  return { connection, started };
}
afterEach(() => connections.splice(0).forEach((connection) => connection.drop()));

describe('answers', () => {
  it('are the methods’ results, and a result handed over with its buffers arrives whole', async () => {
    const { connection } = connect('answering-worker');
    expect(connection.started).toBe(false);
    expect(await connection.ask('echo', { words: ['the', 'cat'] })).toEqual({ words: ['the', 'cat'] });
    expect(connection.started).toBe(true);
    const bytes = await connection.ask('bytes', 5);
    expect(Array.from(bytes)).toEqual([7, 7, 7, 7, 7]);
  });

  it('a refusal arrives as web/lib’s error, with the kind and numbers the page says in its language', async () => {
    const { connection } = connect('answering-worker');
    const refused = await connection.ask('refuse').catch((error) => error);
    expect(refused).toBeInstanceOf(RangeError);
    expect(refused).toMatchObject({
      kind: 'too-long',
      words: 13,
      limit: 12,
      message: 'translate: 13 words, at most 12',
    });
    await expect(connection.ask('mistype')).rejects.toBeInstanceOf(TypeError);
    const unknown = await connection.ask('unknownWord').catch((error) => error);
    expect(unknown.name).toBe('UnknownWordError');
    expect(unknown.readings).toEqual({ zorp: { kind: 'misspelling', base: '', suggestions: ['zoo'] } });
  });

  it('a view may make the error again as its own (the translator’s UnknownWordError)', async () => {
    class OwnError extends Error {}
    const { connection } = connect('answering-worker', { rebuild: (report) => new OwnError(report.message) });
    await expect(connection.ask('unknownWord')).rejects.toBeInstanceOf(OwnError);
  });

  it('a trap in the module is a ModuleFaultError naming it, in the view’s words', async () => {
    const { connection } = connect('answering-worker', {
      texts: { fault: (message) => `The module stopped (${message}).` },
    });
    const fault = await connection.ask('trap').catch((error) => error);
    expect(fault).toBeInstanceOf(ModuleFaultError);
    expect(fault.message).toBe('The module stopped (Out of bounds memory access).');
    expect(fault.cause.name).toBe('RuntimeError');
  });
});

describe('a worker’s failures', () => {
  it('a script that fails to load is a WorkerStartError saying so', async () => {
    const { connection } = connect('broken-worker');
    const failure = await connection.ask('echo', 1).catch((error) => error);
    expect(failure).toBeInstanceOf(WorkerStartError);
    expect(failure.message).toBe('The worker could not start: its script failed to load.');
  });

  it('a worker that never gives its first answer is a WorkerStartError after the start time, not never', async () => {
    const { connection } = connect('silent-worker', { startMilliseconds: 150 });
    const asked = performance.now();
    const failure = await connection.ask('echo', 1).catch((error) => error);
    expect(performance.now() - asked).toBeGreaterThanOrEqual(140);
    expect(failure).toBeInstanceOf(WorkerStartError);
    expect(failure.message).toMatch(/^The worker has not answered after 0 s/);
  });

  it('a worker silent after it has answered is lost after the answer time', async () => {
    const { connection } = connect('answering-worker', { answerMilliseconds: 300 });
    await connection.ask('echo', 1);
    const failure = await connection.ask('never').catch((error) => error);
    expect(failure).toBeInstanceOf(WorkerLostError);
    expect(failure.message).toMatch(/^The worker stopped answering 0 s ago/);
  });

  it('an answer that takes its time, within the limit, is no failure', async () => {
    const { connection } = connect('answering-worker', { answerMilliseconds: 10_000 });
    await connection.ask('echo', 1);
    expect(await connection.ask('wait', 400)).toBe(400);
  });

  it('a script failing after the worker answered is a loss carrying the failure, not a failed start', async () => {
    const { connection } = connect('answering-worker', { answerMilliseconds: 60_000 });
    await connection.ask('echo', 1);
    const failure = await connection.ask('crash').catch((error) => error);
    expect(failure).toBeInstanceOf(WorkerLostError);
    expect(failure.cause).toBeInstanceOf(WorkerStartError);
    expect(failure.cause.message).toBe('The worker could not start: out of memory.');
  });

  it('a dropped worker is ended, and the next ask starts a fresh one', async () => {
    const { connection, started } = connect('answering-worker');
    await connection.ask('echo', 1);
    await connection.ask('echo', 2);
    expect(await connection.ask('calls')).toBe(2);
    expect(connection.dropAfter(new RangeError('a refusal leaves the worker as it was'))).toBe(false);
    expect(connection.dropAfter(new WorkerLostError('lost'))).toBe(true);
    expect(connection.started).toBe(false);
    expect(await connection.ask('calls')).toBe(0);
    expect(started).toHaveLength(2);
  });

  it('warming starts the worker once; asking then uses it', async () => {
    const { connection, started } = connect('answering-worker');
    const warmed = connection.warm();
    await connection.warm(); // the second finds it started, and resolves at once
    expect(started).toHaveLength(1);
    await warmed; // resolves once the worker has answered its warm()
    expect(await connection.ask('echo', 'after')).toBe('after');
  });
});

// The toolkit's hidden-page rule (web/src/common/worker-connection.js): a phone freezes a background tab's worker
// with it, so time the page spends hidden is not silence; once shown again, the worker has its full time again.
// The page here is a document whose visibility the test sets, as the browser does (a 'visibilitychange' event).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeWorker } from './node-worker.js';

const page = Object.assign(new EventTarget(), { visibilityState: 'visible' });
/** The page hidden or shown, as the browser says it. */
function show(visible) {
  page.visibilityState = visible ? 'visible' : 'hidden';
  page.dispatchEvent(new Event('visibilitychange'));
}

let connection;
let WorkerLostError;
beforeAll(async () => {
  globalThis.document = /** @type {any} */ (page); // before the toolkit listens to it
  const toolkit = await import('../../../web/src/common/worker-connection.js');
  await (await import('../../../web/src/i18n/messages.js')).loadMessages('app');
  WorkerLostError = toolkit.WorkerLostError;
  connection = new toolkit.WorkerConnection({
    script: new URL('./workers/answering-worker.js', import.meta.url),
    answerMilliseconds: 1000,
    open: startNodeWorker,
  });
  await connection.ask('echo', 'started');
});
afterAll(() => {
  connection.drop();
  delete globalThis.document;
});

describe('a hidden page', () => {
  it('does not count its hidden time as the worker’s silence', async () => {
    show(false);
    expect(await connection.ask('wait', 2500)).toBe(2500); // more than twice the answer time, all of it hidden
  });

  it('gives the worker its full time again once shown', async () => {
    show(false);
    const answer = connection.ask('wait', 1300);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    show(true); // had the hidden time counted, the worker would have been lost at 1,000 ms
    expect(await answer).toBe(1300);
  });

  it('while shown, a silent worker is still lost', async () => {
    show(true);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // shown for longer than the answer time
    await expect(connection.ask('never')).rejects.toBeInstanceOf(WorkerLostError);
  });
});

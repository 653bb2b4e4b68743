// A threaded build's pthread workers made by the page for a module in a worker (web/lib/pthreads-from-page.js, what
// Firefox needs): the worker asks, the page makes each one and gives a port, the glue is given them where it would
// have made Workers, and each stands in for a Worker: its messages, its errors (stoppable by a listener added first,
// as watchWorkerStart does), terminate(); the page ends them with the worker. Ports are Node's MessageChannels; each
// pthread worker the page makes runs the real pthread-via-port.js in a context of its own, so its keys are the ones
// the module uses (the browsers' end-to-end tests run the real workers: isolation-route.test.js in Firefox).
import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { pthreadPoolSize } from '../../../web/lib/load-module.js';
import {
  markKey,
  pageMakesPthreadWorkers,
  pthreadWorkersFromPage,
  servePthreadWorkers,
  withWorkersGiven,
} from '../../../web/lib/pthreads-from-page.js';
import { watchWorkerStart } from '../../../web/lib/start-worker.js';

const viaPort = readFileSync(new URL('../../../web/lib/pthread-via-port.js', import.meta.url), 'utf8');

/**
 * The page's pthread worker: a classic worker's global scope running pthread-via-port.js, whose "Emscripten worker
 * script" (what it imports) echoes each message it is sent.
 */
class PagePthreadWorker {
  closed = false;
  terminated = false;
  constructor(script) {
    this.script = script;
    const scope = Object.assign(new EventTarget(), {
      postMessage: () => {
        throw new Error('a pthread worker made by the page posts to its port, not to the page');
      },
      importScripts: (url) => {
        this.imports = url;
        scope.onmessage = ({ data }) => scope.postMessage({ echo: data });
      },
      close: () => (this.closed = true),
    });
    scope.self = scope;
    this.scope = scope;
    vm.runInContext(viaPort, vm.createContext(scope));
  }
  postMessage(data) {
    this.scope.dispatchEvent(Object.assign(new Event('message'), { data }));
  }
  /** An error in the worker's script, as the worker's global scope is told of it. */
  fail(error) {
    this.scope.dispatchEvent(Object.assign(new Event('error'), error));
  }
  terminate() {
    this.terminated = true;
  }
}

/** The page's Worker object for the module's worker: what the worker posts arrives here as its message events. */
class PageSideWorker extends EventTarget {
  terminated = false;
  terminate() {
    this.terminated = true;
  }
}

/** A page serving its worker's requests, with the pthread workers it made. */
function servedPage() {
  const pageSide = new PageSideWorker();
  const made = [];
  servePthreadWorkers(/** @type {any} */ (pageSide), (script) => {
    const worker = new PagePthreadWorker(script);
    made.push(worker);
    return worker;
  });
  return { pageSide, made };
}

const nextMessage = (target) => new Promise((resolve) => target.addEventListener('message', resolve, { once: true }));
const restore = [];
afterEach(() => {
  for (const undo of restore.splice(0)) undo();
});
/** The worker's global postMessage, delivered to `pageSide` as a Worker's message event would be. */
function postingTo(pageSide) {
  const before = globalThis.postMessage;
  globalThis.postMessage = (data, transfer = []) =>
    pageSide.dispatchEvent(Object.assign(new Event('message'), { data, ports: transfer }));
  restore.push(() => (globalThis.postMessage = before));
}

describe('pthread workers made by the page', () => {
  it('are as many as the pool each threaded build makes (-sPTHREAD_POOL_SIZE in CMakeLists.txt)', () => {
    const cmake = readFileSync(new URL('../../../CMakeLists.txt', import.meta.url), 'utf8');
    expect(cmake.match(/-sPTHREAD_POOL_SIZE=(\d+)/)?.[1]).toBe(String(pthreadPoolSize));
  });

  it('are asked only where startWorker() marked the worker (a module worker by the mark module, imported first)', async () => {
    expect(pageMakesPthreadWorkers()).toBe(false);
    restore.push(() => delete globalThis[markKey]);
    await import('../../../web/lib/pthreads-from-page-mark.js');
    expect(pageMakesPthreadWorkers()).toBe(true);
  });

  it('are made by the page, each importing the script asked for, and answer over their ports as Workers', async () => {
    const { pageSide, made } = servedPage();
    let rpcSaw = 0; // the worker's RPC (Comlink, listening after startWorker) never sees the request
    pageSide.addEventListener('message', () => rpcSaw++);
    postingTo(pageSide);
    const workers = await pthreadWorkersFromPage(3, 'https://host/assets/w.js');
    expect(workers).toHaveLength(3);
    expect(rpcSaw).toBe(0);
    expect(made.map((w) => [String(w.script).match(/pthread-via-port\.js/) !== null, w.imports])).toEqual(
      Array(3).fill([true, 'https://host/assets/w.js']),
    );

    const heard = [];
    workers[1].onmessage = (event) => heard.push(['handler', event.data]);
    workers[1].addEventListener('message', (event) => heard.push(['listener', event.data]));
    const echoed = nextMessage(workers[1]);
    workers[1].postMessage({ cmd: 'load' });
    await echoed;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(heard).toEqual([
      ['handler', { echo: { cmd: 'load' } }],
      ['listener', { echo: { cmd: 'load' } }],
    ]);

    workers[0].terminate();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(made.map((w) => w.closed)).toEqual([true, false, false]);
    pageSide.terminate(); // the page ends its worker: the pthread workers it made end with it
    expect([pageSide.terminated, ...made.map((w) => w.terminated)]).toEqual([true, true, true, true]);
  });

  it('say their errors as a Worker does, which a listener added before the glue’s handler stops', async () => {
    const { pageSide, made } = servedPage();
    postingTo(pageSide);
    const workers = await pthreadWorkersFromPage(3, 'https://host/assets/w.js');
    const watched = workers.slice(0, 2); // the third, unwatched, keeps running when they fail
    const start = watchWorkerStart(watched, { backend: 'wasm-simd128-threads', script: 'https://host/assets/w.js' });
    let glueSaw = null;
    workers[0].onerror = (event) => (glueSaw = event);
    const error = { message: 'SyntaxError: unexpected token', filename: 'https://host/assets/w.js', lineno: 3 };
    made[0].fail(error);
    await expect(start.failed).rejects.toMatchObject({
      name: 'ModuleLoadError',
      message: expect.stringMatching(/^the wasm-simd128-threads build did not start: a worker could not start from/),
    });
    expect(glueSaw).toBe(null); // stopped by watchWorkerStart, as with a Worker

    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(made.map((w) => w.closed)).toEqual([true, true, false]); // a failed start ends its workers
    workers[2].onerror = (event) => (glueSaw = event);
    made[2].fail(error);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(glueSaw).toMatchObject({ type: 'error', ...error });
  });

  it('are given to the glue in turn where it makes Workers; past them, and after, a Worker is made as usual', () => {
    const before = globalThis.Worker;
    class NestedWorker {
      constructor(url) {
        this.url = url;
      }
    }
    globalThis.Worker = /** @type {any} */ (NestedWorker);
    restore.push(() => (globalThis.Worker = before));
    const given = [{ name: 'first' }, { name: 'second' }];
    const made = withWorkersGiven(/** @type {any} */ (given), () => [1, 2, 3].map(() => new Worker('w.js')));
    expect(made.map((w) => w.name ?? w.url)).toEqual(['first', 'second', 'w.js']);
    expect(made[2]).toBeInstanceOf(NestedWorker);
    expect(globalThis.Worker).toBe(NestedWorker);
    expect(() =>
      withWorkersGiven([], () => {
        throw new Error('the glue failed');
      }),
    ).toThrow('the glue failed');
    expect(globalThis.Worker).toBe(NestedWorker);
  });
});

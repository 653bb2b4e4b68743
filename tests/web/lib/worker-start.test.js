// A threaded build's pthread workers, watched as they start (web/lib/start-worker.js): a worker that cannot start,
// or stays silent, is a ModuleLoadError within a bound, never a wait without end; a load that named no build then
// runs the single-thread twin. Fake workers stand in for the browser's (Node's threaded build starts its own).
import { describe, expect, it } from 'vitest';
import { ModuleLoadError } from '../../../web/lib/index.js';
import { singleThreadFallback } from '../../../web/lib/load-module.js';
import { watchWorkerStart, workerStartTimeout } from '../../../web/lib/start-worker.js';

/** A Worker as Emscripten's pool holds it: events in, terminate() recorded. */
class FakeWorker extends EventTarget {
  terminated = false;
  terminate() {
    this.terminated = true;
  }
  says(data) {
    this.dispatchEvent(Object.assign(new Event('message'), { data }));
  }
}

const pool = () => [new FakeWorker(), new FakeWorker(), new FakeWorker()];
const options = { backend: /** @type {const} */ ('wasm-simd128-threads'), script: 'https://host/assets/w.js' };
/** How `failed` settled, and after how long: 'pending' when it had not after `wait` ms. */
const outcome = (failed, wait) => {
  const started = performance.now();
  return Promise.race([
    failed.then(
      () => ({ resolved: true }),
      (error) => ({ error, ms: performance.now() - started }),
    ),
    new Promise((resolve) => setTimeout(() => resolve('pending'), wait)),
  ]);
};

describe('watchWorkerStart', () => {
  it('a worker whose script cannot run (an error event: refused by the CSP, missing) fails the start at once', async () => {
    const workers = pool();
    const start = watchWorkerStart(workers, options);
    workers[1].dispatchEvent(new Event('error'));
    const { error, ms } = await outcome(start.failed, 1000);
    expect(error).toBeInstanceOf(ModuleLoadError);
    expect(error).toMatchObject({ name: 'ModuleLoadError', kind: 'module-load', backend: 'wasm-simd128-threads' });
    expect(error.message).toMatch(
      /^the wasm-simd128-threads build did not start: a worker could not start from https:\/\/host\/assets\/w\.js/,
    );
    expect(ms).toBeLessThan(100);
    expect(workers.map((w) => w.terminated)).toEqual([true, true, true]); // nothing left running
  });

  it('workers silent once sent the module fail the start after the bound; the clock only runs once armed', async () => {
    expect(workerStartTimeout).toBe(10_000);
    const workers = pool();
    const start = watchWorkerStart(workers, { ...options, timeout: 50 });
    expect(await outcome(start.failed, 150)).toBe('pending'); // not armed: the wasm is still on its way
    start.arm();
    workers[0].says({ cmd: 'loaded' });
    const { error, ms } = await outcome(start.failed, 1000);
    expect(error).toBeInstanceOf(ModuleLoadError);
    expect(error.message).toMatch(/2 of its 3 workers \(https:\/\/host\/assets\/w\.js\) said nothing for 0\.05 s$/);
    expect(ms).toBeGreaterThanOrEqual(40);
    expect(workers.every((w) => w.terminated)).toBe(true);
  });

  it('a pool whose every worker says it is ready is never failed, and is left running', async () => {
    const workers = pool();
    const start = watchWorkerStart(workers, { ...options, timeout: 50 });
    start.arm();
    for (const worker of workers) worker.says({ cmd: 'loaded' });
    workers[2].dispatchEvent(new Event('error')); // after the start: the module's business, not the watch's
    start.fail(new Error('late'));
    expect(await outcome(start.failed, 150)).toBe('pending');
    expect(workers.some((w) => w.terminated)).toBe(false);
  });

  it('a cause found elsewhere (the wasm could not be fetched) fails the start with it', async () => {
    const start = watchWorkerStart(pool(), options);
    const cause = new Error('could not load https://host/assets/a.wasm: HTTP 404');
    start.fail(cause);
    const { error } = await outcome(start.failed, 1000);
    expect(error).toMatchObject({ cause, message: `the wasm-simd128-threads build did not start: ${cause.message}` });
  });
});

describe('singleThreadFallback', () => {
  it('gives a threaded build that could not load its single-thread twin, and nothing else a fallback', () => {
    const failure = (backend) => new ModuleLoadError('did not start', backend);
    expect(singleThreadFallback('wasm-simd128', failure('wasm-simd128'))).toBeNull();
    expect(singleThreadFallback('wasm-relaxed-simd-threads', new RangeError('bad option'))).toBeNull();
    expect(singleThreadFallback('wasm-relaxed-simd-threads', failure('wasm-relaxed-simd-threads'))).toBe(
      'wasm-relaxed-simd',
    );
    expect(singleThreadFallback('wasm-simd128-threads', failure('wasm-simd128-threads'))).toBe('wasm-simd128');
  });
});

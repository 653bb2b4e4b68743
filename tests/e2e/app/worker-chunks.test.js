// The built site's workers as WebKit runs them: no chunk may import a worker's entry script. A chunk that does (a
// module the bundler placed in the entry, wanted by a lazily imported chunk) makes WebKit run the entry a second
// time inside the same worker, with a second set of message handlers answering the page (it broke GPT-2's opening
// there). Chromium and Firefox share the one instance, so only the build's shape can show it before WebKit does.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const assets = new URL('../../../dist/assets/', import.meta.url);
// Vite names a worker's entry after its source (generate-worker.js → generate-worker-<hash>.js); Emscripten's
// pthread workers (attention-simd-threads.worker-<hash>.js) are classic scripts no chunk imports.
const workerEntry = /^[\w-]+-worker-[\w-]{8}\.js$/;

describe('the built workers', () => {
  it('no chunk imports a worker’s entry script', () => {
    const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
    const entries = scripts.filter((name) => workerEntry.test(name));
    expect(entries.length).toBeGreaterThanOrEqual(5); // generate, train, translator, extrapolation, kv-heads
    const importers = scripts.flatMap((name) => {
      const source = readFileSync(new URL(name, assets), 'utf8');
      return entries
        .filter((entry) => source.includes(`from"./${entry}"`) || source.includes(`import("./${entry}")`))
        .map((entry) => `${name} imports ${entry}`);
    });
    expect(importers).toEqual([]);
  });
});

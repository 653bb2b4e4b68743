// npm run bench:gpt2's Chromium rows: Debian's Chromium (headless, through playwright-core) on a blank page of a
// plain static server of this repository, the library imported as it is (web/lib/index.js), GPT-2's four files read
// by URL (the weights by HTTP Range requests, a few MB at a time, as a page reads them from a host). One browser per
// build and weight width, so that each starts from nothing. Times come from the page's clock; CPU time is the
// renderer processes' (the DevTools protocol's SystemInfo.getProcessInfo: every thread of the page's process), when
// the browser gives it; memory is the module's wasm memory (it only grows, so the peak), not the process's.
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { extname, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../../tests/e2e/support/servers.js';

const root = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
const types = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
};
const page = '<!doctype html><meta charset="utf-8"><title>bench:gpt2</title>';

/** Files under the repository by path, with Range requests (one range: what the loader asks); `/` is a blank page. */
function serveRepository(request, response) {
  const path = decodeURIComponent(new URL(request.url, 'http://localhost').pathname);
  if (path === '/') return response.writeHead(200, { 'Content-Type': 'text/html' }).end(page);
  const file = normalize(`${root}${path}`);
  let size;
  try {
    if (!file.startsWith(root + sep) && file !== root) throw new Error('outside');
    size = statSync(file).size;
  } catch {
    return response.writeHead(404).end();
  }
  const headers = { 'Content-Type': types[extname(file)] ?? 'application/octet-stream', 'Accept-Ranges': 'bytes' };
  const range = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? '');
  if (!range) {
    response.writeHead(200, { ...headers, 'Content-Length': size });
    return createReadStream(file).pipe(response);
  }
  const start = Number(range[1]);
  const end = Math.min(Number(range[2]), size - 1);
  response.writeHead(206, {
    ...headers,
    'Content-Length': end - start + 1,
    'Content-Range': `bytes ${start}-${end}/${size}`,
  });
  createReadStream(file, { start, end }).pipe(response);
}

// The measurement's side inside the page: the library and gpt2-wasm.js imported from the server, GPT-2 opened from
// the files' URLs, the bench kept on the page for the calls that follow.
async function openInPage({ files, backend, weightBits, prompt, promptIds }) {
  const [library, moduleLoading, { openGpt2Bench }] = await Promise.all(
    ['/web/lib/index.js', '/web/lib/load-module.js', '/scripts/bench/gpt2-wasm.js'].map((path) => import(path)),
  );
  const text = async (url) => (await fetch(url)).text();
  const gpt2 = {
    weights: files.weights,
    config: await text(files.config),
    vocab: await text(files.vocab),
    merges: await text(files.merges),
  };
  const loader = {
    loadLanguageModel: library.loadLanguageModel,
    languageModelModule: moduleLoading.languageModelModule,
  };
  globalThis.gpt2Bench = await openGpt2Bench(loader, { gpt2, backend, weightBits, prompt, promptIds });
  return {
    backend: globalThis.gpt2Bench.backend,
    loadSeconds: globalThis.gpt2Bench.loadSeconds,
    userAgent: navigator.userAgent,
  };
}

/** The renderers' CPU seconds so far, or null where the browser does not say. */
async function rendererCpu(session) {
  try {
    const { processInfo } = await session.send('SystemInfo.getProcessInfo');
    return processInfo.filter((p) => p.type === 'renderer').reduce((sum, p) => sum + p.cpuTime, 0);
  } catch {
    return null;
  }
}

/**
 * Each job ({ files (paths under the repository), backend, weightBits, prompt, promptIds, steps, runs }) in a browser
 * of its own: gpt2-wasm.js's measurements, the wasm memory in MiB and the sampled steps.
 */
export async function gpt2InChromium(jobs, measureGpt2) {
  const server = createServer(serveRepository);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  const results = [];
  try {
    for (const job of jobs) {
      const load = loadavg()[0];
      const browser = await launchChromium();
      try {
        const tab = await browser.newPage();
        tab.on('pageerror', (error) => console.error(`page: ${error.message}`));
        await tab.goto(`${origin}/`);
        const files = Object.fromEntries(Object.entries(job.files).map(([key, path]) => [key, `/${path}`]));
        const opened = await tab.evaluate(openInPage, { ...job, files });
        const session = await browser.newBrowserCDPSession();
        const cpu = (await rendererCpu(session)) === null ? async () => null : () => rendererCpu(session);
        const result = await measureGpt2(
          {
            prompt: () => tab.evaluate(() => globalThis.gpt2Bench.prompt()),
            generate: (tokens) => tab.evaluate((n) => globalThis.gpt2Bench.generate(n), tokens),
          },
          cpu,
          job,
        );
        const steps = await tab.evaluate((n) => globalThis.gpt2Bench.sample(n), job.steps);
        const { heapBytes } = await tab.evaluate(() => globalThis.gpt2Bench.memory());
        results.push({ ...result, ...opened, heapMegabytes: heapBytes / 2 ** 20, steps, load });
      } finally {
        await browser.close();
      }
    }
  } finally {
    server.close();
  }
  return results;
}

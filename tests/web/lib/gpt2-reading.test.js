// How loadLanguageModel({ gpt2 }) reads model.safetensors (web/lib/gpt2.js): a Blob piece by piece in file order,
// never more than a window at a time, the mask buffers skipped; a URL by Range requests, or through the stream of a
// server that ignores them; progress reported from the header to ready; a cancel frees what the module took.
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLanguageModel } from '../../../web/lib/index.js';
import { gpt2WindowBytes } from '../../../web/lib/gpt2.js';
import { languageModelModule } from '../../../web/lib/load-module.js';
import { gpt2Files, readHeader } from '../../support/gpt2-files.js';

const backend = 'wasm-simd128';
let files;
let expected; // the greedy continuation read from the bytes in memory

const continuation = (lm) =>
  lm.generate('Hello world', { tokens: 4, decoding: 'greedy', top: 5 }).steps.map(({ id, probability }) => ({
    id,
    probability,
  }));

async function openFrom(weights, options = {}) {
  return loadLanguageModel({ backend, gpt2: { ...files, weights }, ...options });
}

beforeAll(async () => {
  // 256 positions: each layer's mask buffer is 256 kB, a gap worth skipping
  files = gpt2Files({ layers: 2, heads: 4, width: 64, positions: 256, seed: 21, dtype: 'F16' });
  const lm = await openFrom(files.weights);
  expected = continuation(lm);
  lm.dispose();
});

describe('reading a Blob', () => {
  it('piece by piece in file order, each slice at most a window, the mask buffers skipped', async () => {
    const slices = [];
    class CountingBlob extends Blob {
      slice(start, end) {
        slices.push({ start, end });
        return super.slice(start, end);
      }
    }
    const lm = await openFrom(new CountingBlob([files.weights]));
    expect(continuation(lm)).toEqual(expected);
    lm.dispose();
    const { header, dataStart } = readHeader(files.weights);
    const buffers = Object.entries(header).filter(([name]) => /attn\.(bias|masked_bias)$/.test(name));
    const bufferBytes = buffers.reduce((sum, [, t]) => sum + t.data_offsets[1] - t.data_offsets[0], 0);
    const read = slices.reduce((sum, { start, end }) => sum + end - start, 0);
    expect(slices.slice(0, 2)).toEqual([
      { start: 0, end: 8 },
      { start: 8, end: dataStart },
    ]);
    for (let i = 1; i < slices.length; i++) expect(slices[i].start).toBeGreaterThanOrEqual(slices[i - 1].end);
    for (const { start, end } of slices) expect(end - start).toBeLessThanOrEqual(gpt2WindowBytes);
    expect(read).toBeLessThanOrEqual(files.weights.length - bufferBytes + 8 * 1024); // the buffers unread
    expect(slices.length).toBeLessThan(Object.keys(header).length); // small neighbours read together
    console.info(`a ${files.weights.length}-byte Blob read in ${slices.length} slices, ${read} bytes`);
  });
});

describe('reading a URL', () => {
  let server;
  let base;
  const requests = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      const range = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? '');
      requests.push({ url: request.url, range: request.headers.range });
      const { weights } = files;
      if (request.url === '/ranges.safetensors' && range) {
        const start = Number(range[1]);
        const end = Math.min(Number(range[2]), weights.length - 1);
        response.writeHead(206, {
          'Content-Range': `bytes ${start}-${end}/${weights.length}`,
          'Content-Length': end - start + 1,
        });
        response.end(weights.subarray(start, end + 1));
        return;
      }
      response.writeHead(200, { 'Content-Length': weights.length });
      // in pieces of odd sizes, so that elements and tensors straddle the stream's chunks
      for (let at = 0; at < weights.length; at += 65_537) response.write(weights.subarray(at, at + 65_537));
      response.end();
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${server.address().port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('by Range requests where the server honours them', async () => {
    requests.length = 0;
    const lm = await openFrom(`${base}/ranges.safetensors`);
    expect(continuation(lm)).toEqual(expected);
    lm.dispose();
    expect(requests.every((r) => r.range)).toBe(true);
    expect(requests.length).toBeGreaterThan(1);
  });

  it('through the response stream where the server ignores them', async () => {
    const lm = await openFrom(new URL(`${base}/whole.safetensors`));
    expect(continuation(lm)).toEqual(expected);
    lm.dispose();
  });
});

describe('progress and cancel', () => {
  it('reports the header, the tensors a window at a time and ready, in bytes of the file', async () => {
    const events = [];
    const lm = await openFrom(files.weights, { onProgress: (event) => events.push(event) });
    lm.dispose();
    const total = files.weights.length;
    expect(events[0]).toEqual({ phase: 'header', loaded: readHeader(files.weights).dataStart, total });
    expect(events.at(-1)).toEqual({ phase: 'ready', loaded: total, total });
    expect(events.slice(1, -1).every((e) => e.phase === 'tensors' && e.total === total)).toBe(true);
    expect(events.length).toBeGreaterThan(3);
    for (let i = 1; i < events.length; i++) expect(events[i].loaded).toBeGreaterThanOrEqual(events[i - 1].loaded);
  });

  it('cancels between windows, frees what the module took, and opens the next file as before', async () => {
    const module = await languageModelModule(backend);
    const before = module.languageModelMemoryStats().allocatedBytes;
    const controller = new AbortController();
    let windows = 0;
    const cancelled = openFrom(files.weights, {
      signal: controller.signal,
      onProgress: ({ phase }) => phase === 'tensors' && ++windows === 2 && controller.abort(),
    });
    await expect(cancelled).rejects.toThrow(expect.objectContaining({ name: 'AbortError' }));
    expect(windows).toBe(2);
    expect(module.languageModelMemoryStats().allocatedBytes).toBe(before);
    const aborted = AbortSignal.abort();
    await expect(openFrom(files.weights, { signal: aborted })).rejects.toThrow(
      expect.objectContaining({ name: 'AbortError' }),
    );
    const lm = await openFrom(files.weights);
    expect(continuation(lm)).toEqual(expected);
    lm.dispose();
  });
});

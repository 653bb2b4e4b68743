// How loadLanguageModel({ gpt2 }) reads model.safetensors (web/lib/gpt2.js): a Blob piece by piece in file order,
// never more than a window at a time, the mask buffers skipped; a URL by Range requests, or through the stream of a
// server that ignores them; a folder's URL holding the four files, and config, vocab and merges by URL, with an HTTP
// error or an unreachable host refused as kind 'fetch' naming the URL; progress reported from the header to ready;
// a cancel frees what the module took.
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLanguageModel } from '../../../web/lib/index.js';
import { gpt2FolderFiles, gpt2WindowBytes } from '../../../web/lib/gpt2.js';
import { gpt2FileNames } from '../../../web/lib/gpt2-options.js';
import { languageModelModule } from '../../../web/lib/load-module.js';
import { gpt2Files, gpt2FolderContents, readHeader } from '../../support/gpt2-files.js';

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
      const texts = gpt2FolderContents(files);
      const inFolder = /^\/folder\/([\w.]+)$/.exec(request.url ?? '')?.[1];
      if (inFolder !== undefined && inFolder !== 'model.safetensors') {
        response.writeHead(inFolder in texts ? 200 : 404).end(texts[inFolder] ?? 'not here');
        return;
      }
      if ((request.url === '/ranges.safetensors' || inFolder) && range) {
        const start = Number(range[1]);
        const end = Math.min(Number(range[2]), weights.length - 1);
        response.writeHead(206, {
          'Content-Range': `bytes ${start}-${end}/${weights.length}`,
          'Content-Length': end - start + 1,
        });
        response.end(weights.subarray(start, end + 1));
        return;
      }
      if (request.url !== '/whole.safetensors') {
        response.writeHead(404).end('not here');
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

  it("a folder's URL (with or without its last '/', a string or a URL) holding the four under their names", async () => {
    for (const folder of [`${base}/folder/`, `${base}/folder`, new URL(`${base}/folder/`)]) {
      requests.length = 0;
      const lm = await loadLanguageModel({ backend, gpt2: folder });
      expect(continuation(lm)).toEqual(expected);
      lm.dispose();
      const asked = new Set(requests.map((r) => r.url));
      expect([...asked].sort()).toEqual(
        Object.values(gpt2FileNames)
          .map((name) => `/folder/${name}`)
          .sort(),
      );
    }
    expect(gpt2FolderFiles('https://huggingface.co/openai-community/gpt2/resolve/main?x=1#y').merges.href).toBe(
      'https://huggingface.co/openai-community/gpt2/resolve/main/merges.txt',
    );
  });

  it('config, vocab and merges each by URL (a URL object; a string stays the text)', async () => {
    const urls = gpt2FolderFiles(`${base}/folder/`);
    const lm = await loadLanguageModel({ backend, gpt2: { ...urls, weights: files.weights } });
    expect(continuation(lm)).toEqual(expected);
    lm.dispose();
  });

  it("an HTTP error or an unreachable host is refused as kind 'fetch', naming the URL", async () => {
    const refused = async (gpt2) => {
      const error = await loadLanguageModel({ backend, gpt2 }).then(
        () => null,
        (e) => e,
      );
      expect(error).toBeInstanceOf(RangeError);
      return { kind: error.kind, message: error.message };
    };
    expect(await refused(`${base}/nothing-here/`)).toEqual({
      kind: 'fetch',
      message: expect.stringMatching(
        /^loadLanguageModel: .*\/nothing-here\/(config\.json|vocab\.json|merges\.txt) answered HTTP 404$/,
      ),
    });
    const { weights: _weights, ...texts } = files;
    expect(await refused({ ...texts, weights: `${base}/folder/missing.safetensors` })).toEqual({
      kind: 'fetch',
      message: `loadLanguageModel: ${base}/folder/missing.safetensors answered HTTP 404`,
    });
    const closed = createServer();
    await new Promise((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const nowhere = `http://127.0.0.1:${closed.address().port}/gpt2/`;
    await new Promise((resolve) => closed.close(resolve));
    expect(await refused(nowhere)).toEqual({
      kind: 'fetch',
      message: expect.stringMatching(
        /^loadLanguageModel: http:\/\/127\.0\.0\.1:\d+\/gpt2\/\w+\.\w+ could not be fetched/,
      ),
    });
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

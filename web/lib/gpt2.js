// GPT-2 from the four files a learner downloads (model.safetensors, config.json, vocab.json, merges.txt):
// loadLanguageModel({ gpt2 }) reads the weights a few MB at a time, in file order, from bytes, a Blob or File, or a
// URL (by HTTP Range requests, or the response's stream when the server ignores them), and hands each window to the
// module (cpp/bindings/gpt2_bindings.cpp), which converts it into the weights it allocated once: the whole file and
// the whole model are never both in memory. `gpt2` may also be the URL of a folder holding the four under their
// Hugging Face names (a host's static folder, or a model's `resolve/main/` on Hugging Face), as
// <attention-generator gpt2> and the Generate view's `generate.gpt2` give it. Refusals are RangeErrors with a `kind`
// (the contract's: truncated, header-length, header, dtype, size, offsets, missing, shape, config, vocab, merges,
// memory; and fetch: a URL that answered with an HTTP error or could not be reached). language-model.js imports this
// module when a page opens GPT-2, not before.
import { unwrap } from './errors.js';
import { languageModelModule } from './load-module.js';
import { nextTask } from './next-task.js';
import { checkKnownKeys } from './known-keys.js';
import { gpt2FileNames } from './gpt2-options.js';
import * as validate from './validate.js';

/** How much of the file is read at a time: a few MB, so a 548 MB file costs the page one window beside the model. */
export const gpt2WindowBytes = 4 * 1024 * 1024;
// Pieces closer than this are read in one window (the gap read and dropped) rather than by two requests.
const largestGapRead = 64 * 1024;

const operation = 'loadLanguageModel';

function refusal(kind, message) {
  const error = /** @type {RangeError & { kind: string }} */ (new RangeError(`${operation}: ${message}`));
  error.kind = kind;
  return error;
}

const relativeTo = () => (typeof location === 'object' ? location.href : import.meta.url);

/**
 * The four files' URLs in the folder at `folder` (relative to the page): `…/gpt2` reads as the folder `…/gpt2/`, as
 * a folder's address is often written without its last '/'.
 * @param {string | URL} folder
 */
export function gpt2FolderFiles(folder) {
  const base = new URL(folder, relativeTo());
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  base.search = base.hash = '';
  return Object.fromEntries(Object.entries(gpt2FileNames).map(([role, name]) => [role, new URL(name, base)]));
}

/** fetch(), its failures (an HTTP error, a network or CORS failure) refused as kind 'fetch', naming the URL. */
async function fetched(url, signal, headers = {}) {
  let response;
  try {
    response = await fetch(url, { headers, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw refusal('fetch', `${url.href} could not be fetched (${error.message})`);
  }
  if (!response.ok) throw refusal('fetch', `${url.href} answered HTTP ${response.status}`);
  return response;
}

/** A Uint8Array or ArrayBuffer read in place. */
function bytesSource(bytes) {
  return { size: bytes.length, read: async (offset, length) => bytes.subarray(offset, offset + length) };
}

/** A Blob or File, one slice per window. */
function blobSource(blob) {
  return {
    size: blob.size,
    read: async (offset, length) => new Uint8Array(await blob.slice(offset, offset + length).arrayBuffer()),
  };
}

/** A response's body read front to back: each read must start at or after the last one's end (file order). */
function streamSource(response, size) {
  const reader = response.body.getReader();
  let position = 0;
  let held = new Uint8Array(0); // bytes from `position` on, read but not yet asked for
  return {
    size,
    read: async (offset, length) => {
      const out = new Uint8Array(length);
      let filled = 0;
      while (filled < length) {
        if (held.length === 0) {
          const { done, value } = await reader.read();
          if (done) throw refusal('truncated', `the file ended at byte ${position}, before byte ${offset + length}`);
          held = value;
        }
        const skip = Math.min(Math.max(offset - position, 0), held.length);
        const take = Math.min(held.length - skip, length - filled);
        out.set(held.subarray(skip, skip + take), filled);
        filled += take;
        held = held.subarray(skip + take);
        position += skip + take;
      }
      return out;
    },
    close: () => reader.cancel().catch(() => {}),
  };
}

/**
 * A URL read by Range requests when the server honours them (206), else through the stream of its plain answer
 * (200). The file's size comes from Content-Range or Content-Length.
 */
async function urlSource(url, signal) {
  const first = await fetched(url, signal, { Range: `bytes=0-${gpt2WindowBytes - 1}` });
  if (first.status === 206) {
    const size = Number(/\/(\d+)$/.exec(first.headers.get('Content-Range') ?? '')?.[1]);
    if (!Number.isFinite(size)) throw refusal('header', `${url.href} did not say the file's length (Content-Range)`);
    const head = new Uint8Array(await first.arrayBuffer());
    return {
      size,
      read: async (offset, length) => {
        if (offset + length <= head.length) return head.subarray(offset, offset + length);
        const range = `bytes=${offset}-${offset + length - 1}`;
        const response = await fetched(url, signal, { Range: range });
        if (response.status !== 206)
          throw refusal('truncated', `${url.href} answered ${range} with HTTP ${response.status}`);
        const bytes = new Uint8Array(await response.arrayBuffer());
        if (bytes.length !== length) throw refusal('truncated', `${url.href} gave ${bytes.length} of ${range}`);
        return bytes;
      },
    };
  }
  const size = Number(first.headers.get('Content-Length'));
  if (!first.headers.has('Content-Length') || !Number.isFinite(size))
    throw refusal('header', `${url.href} did not say the file's length (Content-Length)`);
  return streamSource(first, size);
}

async function weightSource(weights, signal) {
  if (weights instanceof Uint8Array) return bytesSource(weights);
  if (weights instanceof ArrayBuffer) return bytesSource(new Uint8Array(weights));
  if (typeof Blob === 'function' && weights instanceof Blob) return blobSource(weights);
  if (typeof weights === 'string' || weights instanceof URL) return urlSource(new URL(weights, relativeTo()), signal);
  throw new TypeError(
    `${operation}: options.gpt2.weights must be model.safetensors as a Uint8Array, ArrayBuffer, Blob, File or URL, got ${validate.describe(weights)}`,
  );
}

function jsonText(value, name) {
  if (typeof value === 'string') return value;
  if (value instanceof URL) return value; // fetched by gpt2Texts
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return JSON.stringify(value);
  throw new TypeError(
    `${operation}: options.gpt2.${name} must be its file's text, its object or its URL, got ${validate.describe(value)}`,
  );
}

/** options.gpt2 as the four files: the folder's when it is a folder's URL. */
function gpt2Files(gpt2) {
  if (typeof gpt2 === 'string' || gpt2 instanceof URL) return gpt2FolderFiles(gpt2);
  validate.requireObject(gpt2, 'options.gpt2');
  checkKnownKeys(gpt2, { weights: null, config: null, vocab: null, merges: null }, { operation: `${operation} gpt2` });
  return gpt2;
}

/** loadLanguageModel's gpt2 files checked: the texts the module reads (those given as URLs fetched). */
async function gpt2Texts(files, signal) {
  if (typeof files.merges !== 'string' && !(files.merges instanceof URL))
    throw new TypeError(
      `${operation}: options.gpt2.merges must be merges.txt's text or its URL, got ${validate.describe(files.merges)}`,
    );
  const text = async (value) => (value instanceof URL ? (await fetched(value, signal)).text() : value);
  const given = [jsonText(files.config, 'config'), jsonText(files.vocab, 'vocab'), files.merges];
  const [config, vocab, merges] = await Promise.all(given.map(text));
  return { config, vocab, merges };
}

/**
 * The windows to read, in file order: [{ start, end, parts: [{ piece, offset (in the piece), from, to (in the
 * window) }] }], each at most gpt2WindowBytes (a piece longer than that cut at whole elements).
 */
export function readingPlan(pieces, windowBytes = gpt2WindowBytes) {
  const order = pieces.map((piece, index) => ({ ...piece, index })).sort((a, b) => a.offset - b.offset);
  const windows = [];
  let open = null;
  for (const piece of order) {
    for (let done = 0; done < piece.bytes;) {
      const at = piece.offset + done;
      const wholeElements = (end) => Math.floor((end - at) / piece.elementBytes) * piece.elementBytes;
      if (!open || at - open.end > largestGapRead || wholeElements(open.start + windowBytes) <= 0) {
        open = { start: at, end: at, parts: [] };
        windows.push(open);
      }
      const length = Math.min(piece.bytes - done, wholeElements(open.start + windowBytes));
      open.parts.push({ piece: piece.index, offset: done, from: at - open.start, to: at - open.start + length });
      open.end = at + length;
      done += length;
    }
  }
  return windows;
}

/**
 * Opens GPT-2 in `module` from options.gpt2 ({ weights, config, vocab, merges }, or their folder's URL): what the
 * LanguageModel class is made from ({ id, config, tokenizer }). onProgress({ phase: 'header' | 'tensors' | 'ready', loaded, total }) in
 * bytes of the file; signal (an AbortSignal) cancels, freeing everything the module took.
 */
export async function openGpt2(module, { gpt2, onProgress, signal }) {
  const files = gpt2Files(gpt2);
  if (onProgress !== undefined && typeof onProgress !== 'function')
    throw new TypeError(`${operation}: options.onProgress must be a function, got ${validate.describe(onProgress)}`);
  if (signal !== undefined && !(typeof AbortSignal === 'function' && signal instanceof AbortSignal))
    throw new TypeError(`${operation}: options.signal must be an AbortSignal, got ${validate.describe(signal)}`);
  const report = (phase, loaded, total) => onProgress?.({ phase, loaded, total });
  signal?.throwIfAborted();
  const texts = await gpt2Texts(files, signal);
  const source = await weightSource(files.weights, signal);
  let id = 0;
  try {
    const first = await source.read(0, Math.min(8, source.size));
    const { headerBytes } = unwrap(module.gpt2HeaderLength(first, source.size), operation);
    const header = await source.read(8, headerBytes);
    signal?.throwIfAborted();
    const opened = unwrap(module.gpt2Open({ ...texts, header, fileSize: source.size }), operation);
    id = opened.id;
    report('header', 8 + headerBytes, source.size);
    for (const window of readingPlan(opened.pieces)) {
      await nextTask(); // a cancel, a repaint, between windows
      signal?.throwIfAborted();
      const bytes = await source.read(window.start, window.end - window.start);
      signal?.throwIfAborted();
      for (const part of window.parts)
        unwrap(module.gpt2Put(id, part.piece, part.offset, bytes.subarray(part.from, part.to)), operation);
      report('tensors', window.end, source.size);
    }
    const loaded = unwrap(module.gpt2Finish(id), operation);
    id = 0;
    report('ready', source.size, source.size);
    return loaded;
  } finally {
    if (id) module.gpt2Abort(id);
    source.close?.();
  }
}

/** loadLanguageModel({ gpt2, backend, onProgress, signal }): [module, backend, loaded] for the LanguageModel class. */
export async function openGpt2WithModule(options, backend) {
  if (options.weights !== undefined)
    throw new TypeError(
      `${operation}: give options.weights (a model of ours) or options.gpt2 (GPT-2's files), not both`,
    );
  const module = await languageModelModule(backend);
  return [module, backend, await openGpt2(module, options)];
}

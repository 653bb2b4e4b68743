// `npm run experiment:gpt2-memory`: where memory stops GPT-2 in each engine. Chromium, Firefox ESR and WebKitGTK (the
// drivers of scripts/bench/engines.mjs, a browser started for each model) open the built site's Generate view (as
// GitHub Pages serves it) and choose GPT-2's four files through its file input: model.safetensors of distilgpt2's,
// GPT-2 small's and gpt2-medium's shapes with zero weights (tests/support/gpt2-files.js's header, the Blob built in
// the page from one 4 MB block of zeros, so nothing that large crosses the driver), and the real vocabulary. Each is
// recorded as opened (and then whether it wrote 8 tokens and the inside view showed them), or refused with the
// error the page says, and whether the tab still answers after. Peak memory is the sum of the resident sets of
// the browser's processes (every descendant of this one), sampled every 200 ms: the Blob is held by the browser
// as well as the model by the worker's module. Writes the table to docs/playground.md (its gpt2-memory markers).
// Run alone, after `npm run build`: node scripts/experiments/gpt2-memory.mjs [Chromium Firefox WebKit]
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { replaceDocsTable } from '../bench/docs-table.js';
import { engines, withEngine } from '../bench/engines.mjs';
import { startPlainServer } from '../../tests/e2e/support/browser.js';
import { gpt2PageDone, gpt2PageState } from '../../tests/e2e/support/gpt2-in-page.js';
import { gpt2Config, realVocabulary, zeroGpt2Weights } from '../../tests/support/gpt2-files.js';

// The shapes of the GPT-2 models on Hugging Face (config.json's n_layer, n_head, n_embd, n_positions).
const models = [
  { name: 'distilgpt2', shape: { layers: 6, heads: 12, width: 768, positions: 1024 } },
  { name: 'gpt2 (small)', shape: { layers: 12, heads: 12, width: 768, positions: 1024 } },
  { name: 'gpt2-medium', shape: { layers: 24, heads: 16, width: 1024, positions: 1024 } },
];
const names = process.argv.length > 2 ? process.argv.slice(2) : Object.keys(engines);
const blockBytes = 4 * 1024 * 1024;
const openingSeconds = 600; // a 1.4 GB file read and refused, or 500 MB read, on a loaded 2-core machine
const writingSeconds = 600;

/** The sum of the resident sets (bytes) of every process descended from `root`. */
function treeResidentBytes(root = process.pid) {
  const children = new Map();
  const resident = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // from the state on: ppid is the 2nd
      const parent = Number(fields[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
      resident.set(Number(entry), Number(fields[21]) * 4096); // rss, in pages
    } catch {
      // the process ended meanwhile
    }
  }
  let sum = 0;
  const walk = (pid) => {
    for (const child of children.get(pid) ?? []) {
      sum += resident.get(child) ?? 0;
      walk(child);
    }
  };
  walk(root);
  return sum;
}

/** Samples treeResidentBytes() until stopped: { stop() → the peak in bytes }. */
function residentPeak() {
  let peak = treeResidentBytes();
  const timer = setInterval(() => (peak = Math.max(peak, treeResidentBytes())), 200);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, treeResidentBytes());
    },
  };
}

/** A script choosing GPT-2's four files through the view's file input, model.safetensors of zeros built here. */
function chooseZeroGpt2(shape) {
  const { head, dataBytes } = zeroGpt2Weights(shape);
  const { vocab, merges } = realVocabulary();
  const texts = { config: JSON.stringify(gpt2Config(shape)), vocab, merges };
  return `(async () => {
    const head = Uint8Array.from(atob(${JSON.stringify(Buffer.from(head).toString('base64'))}), (c) => c.charCodeAt(0));
    const zeros = new Uint8Array(${blockBytes});
    const parts = [head];
    for (let left = ${dataBytes}; left > 0; left -= zeros.length) parts.push(zeros.subarray(0, Math.min(left, zeros.length)));
    const texts = ${JSON.stringify(texts)};
    const files = new DataTransfer();
    files.items.add(new File(parts, 'model.safetensors'));
    files.items.add(new File([texts.config], 'config.json'));
    files.items.add(new File([texts.vocab], 'vocab.json'));
    files.items.add(new File([texts.merges], 'merges.txt'));
    const input = document.getElementById('generate-gpt2-files');
    input.files = files.files;
    input.dispatchEvent(new Event('change'));
    return ${head.length + dataBytes};
  })()`;
}

const ended = ['open', 'refused', 'cancelled'].map((state) => `#generate-gpt2[data-state="${state}"]`).join(', ');

/** Polls the page's `predicate` (an expression) until it holds, or throws after `seconds`. */
async function until(engine, predicate, seconds, what) {
  const deadline = performance.now() + seconds * 1000;
  while (!(await engine.run(`Promise.resolve(${predicate})`))) {
    if (performance.now() > deadline) throw new Error(`${what}: not after ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function probe(engineName, model, url) {
  return withEngine(engineName, async (engine) => {
    await engine.open(`${url}?view=generate&generate.tokens=8&generate.inside=lens`);
    await engine.waitFor('#generate-gpt2-files', 60_000);
    const row = { engine: engineName, model: model.name, outcome: '', said: '', openSeconds: null, alive: false };
    row.beforeBytes = treeResidentBytes(); // the page loaded, nothing chosen
    const peak = residentPeak();
    const started = performance.now();
    try {
      row.fileBytes = await engine.run(chooseZeroGpt2(model.shape));
      await engine.waitFor(ended, openingSeconds * 1000);
      row.openSeconds = (performance.now() - started) / 1000;
      const opened = await engine.run(`Promise.resolve(${gpt2PageState})`);
      row.outcome = opened.opener;
      row.said = opened.error ?? opened.opened;
      if (opened.opener === 'open') {
        await until(engine, gpt2PageDone, writingSeconds, 'writing and the inside view');
        const done = await engine.run(`Promise.resolve(${gpt2PageState})`);
        row.outcome = done.error
          ? 'open, then failed'
          : `opened, wrote 8 tokens, inside view shown (${done.layers} × ${done.heads} heads)`;
        if (done.error) row.said = done.error;
      }
    } catch (error) {
      row.outcome = 'no answer';
      row.said = String(error.message ?? error).split('\n')[0];
    }
    row.peakBytes = peak.stop();
    try {
      row.alive = (await engine.run('Promise.resolve(1 + 1)')) === 2; // the tab still answers
    } catch (error) {
      row.said += ` (the tab: ${String(error.message ?? error).split('\n')[0]})`;
    }
    return row;
  });
}

/** What the library said of a refusal (after the page's own sentence), or the whole line said. */
const libraryWords = (said) => said.match(/The library says: (?:loadLanguageModel: )?(.*)\)$/)?.[1] ?? said;

const megabytes = (bytes) => `${Math.round(bytes / 2 ** 20).toLocaleString('en')} MiB`;

// How far a WebAssembly memory grows in the engine's page, 128 MiB at a time up to wasm32's 4 GiB (reserved, not
// touched): the ceiling the engine puts on any module, beside the 2 GiB this project's is built with.
const wasmGrowth = `(async () => {
  const memory = new WebAssembly.Memory({ initial: 1, maximum: 65536 });
  let pages = 1;
  try {
    for (let step = 2048; step > 0; step = Math.min(2048, 65536 - pages)) {
      memory.grow(step);
      pages += step;
    }
  } catch {}
  return pages * 65536;
})()`;

async function main() {
  const site = await startPlainServer();
  const rows = [];
  const growth = {};
  try {
    for (const engineName of names) {
      growth[engineName] = await withEngine(engineName, async (engine) => {
        await engine.open(`${site.url}?view=steps`);
        return engine.run(wasmGrowth);
      });
      console.log(`${engineName}: a wasm memory grew to ${megabytes(growth[engineName])}`);
      for (const model of models) {
        const row = await probe(engineName, model, site.url);
        console.log(
          `${row.engine}, ${row.model}: ${row.outcome} (${row.openSeconds?.toFixed(1) ?? '?'} s to the end of opening, peak ${megabytes(row.peakBytes)}, the tab ${row.alive ? 'answers' : 'does not answer'}) ${row.said}`,
        );
        rows.push(row);
      }
    }
  } finally {
    await site.server.close();
  }
  const userAgents = 'Chromium (Debian 156), Firefox ESR 153, WebKitGTK 2.50 (MiniBrowser)';
  const table = [
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run experiment:gpt2-memory\` (${userAgents}, on the 2-core machine of 23 GB): zero-weight files of each shape chosen in the Generate view; peak memory is that of all the browser's processes, the 4 MB-block Blob built in the page included.`,
    '',
    '| engine | model | model.safetensors | what the page did | to the end of opening | memory: page loaded → peak | the tab after |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.engine} | ${r.model} | ${r.fileBytes ? megabytes(r.fileBytes) : '?'} | ${r.outcome}${r.outcome.startsWith('opened') ? '' : `: ${libraryWords(r.said)}`} | ${r.openSeconds?.toFixed(1) ?? '?'} s | ${megabytes(r.beforeBytes)} → ${megabytes(r.peakBytes)} | ${r.alive ? 'answers' : 'no answer'} |`,
    ),
    '',
    `A WebAssembly memory in the page grows to ${names.map((name) => `${megabytes(growth[name])} in ${name}`).join(', ')} (wasm32's most is 4,096 MiB); the language model's module is built to stop at 2,048 MiB.`,
  ].join('\n');
  console.log(`\n${table}`);
  if (names.length === Object.keys(engines).length && replaceDocsTable('gpt2-memory', table, 'docs/playground.md'))
    console.log('wrote the table in docs/playground.md');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}

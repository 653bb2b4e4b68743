// What a translation and a generated token cost around the kernels (npm run bench:translator-boundary), the same
// work in each place: translate() on one sentence (greedy decoding with every attention map), and generate() on the
// shipped language model as the Generate view asks it (80 tokens after "It is a truth" at temperature 0.8, the cache,
// each step's 10 most likely tokens and every attention map). Each natively (the translate tool's --repeat, the
// train_language_model tool's --model --repeat; built for this machine's best SIMD, and for 128-bit SIMD alone by
// scripts/bench/build-native-sse.sh: the module's vector width), in Node (web/lib's call, and the module's call alone, before web/lib
// builds its step records) and in headless Chromium (the call in a page). Rounds alternate between them, each a
// block of calls; the medians of the rounds, and each figure's ratio to native. Beside each place's figure, the minor
// page faults its process took a call and what they cost at this machine's price for one (page-faults.js): Chromium
// gives a call's results fresh pages each time and Node reuses its own, which on a virtual machine with 10-14 µs
// faults is most of what separates the two. `--before DIR` (another tree's
// web/lib, with its wasm) measures it beside this tree's, pair by pair in the same rounds: a change to the boundary,
// before and after.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { cpus } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { launchChromium } from '../../tests/e2e/support/browser.js';
import { median, quartiles } from './median.js';
import { descendants, faultMicroseconds, minorFaults, totalMinorFaults } from './page-faults.js';
import { startToolRunner } from './tool-runner.js';

const sentence = 'the girl gives the boy a flower';
const languageModelFile = 'web/corpora/pride-and-prejudice-language-model.bin';
const prompt = 'It is a truth';
const tokens = 80;
const generateOptions = { tokens, decoding: 'sample', outputTemperature: 0.8, seed: 1, top: 10, cache: true };
// the same as the module reads them (web/lib's generate() resolves them so; threads: the single-thread build's one)
const moduleGenerateOptions = { tokens, temperature: 0.8, topK: 0, topP: 1, seed: 1, top: 10, cache: true, threads: 1 };
// BACKEND=wasm-relaxed-simd: the build a page with relaxed SIMD runs (node needs --experimental-wasm-relaxed-simd)
const backend = process.env.BACKEND ?? 'wasm-simd128';
const rounds = Number(process.env.ROUNDS ?? 9);
const argument = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : null);

/** The libraries measured: this tree's web/lib, and `--before`'s when given. */
const libraries = [{ name: 'now', dir: resolve('web/lib') }];
if (argument('--before')) libraries.unshift({ name: 'before', dir: resolve(argument('--before')) });

const tools = startToolRunner(); // started before anything is timed: see tool-runner.js

/** The number a native tool prints (`pattern`'s group) after its timed repeats. */
async function native(tool, args, pattern) {
  return Number(pattern.exec(await tools.run(tool, args))[1]);
}

/** Milliseconds per call of `run`, over `calls` calls. */
function timed(run, calls) {
  const start = performance.now();
  for (let i = 0; i < calls; i++) run();
  return (performance.now() - start) / calls;
}

/**
 * The two works measured: per translation (blocks of 200) and per generated token (blocks of 20 generations). Each:
 * its native round, its two Node rounds for a library (the library's call, the module's call alone) and its page round.
 */
const works = [
  {
    unit: 'ms per translation',
    what: `"${sentence}", greedy, every map`,
    calls: 200,
    native: (tools) => native(`${tools}/translate`, ['--sentence', sentence, '--repeat', '200'], /([\d.]+) ms each/),
    async inNode(lib, load) {
      const translator = await lib.loadTranslator({ backend });
      const module = await load.moduleFor(backend);
      const { id } = module.translatorLoad(await readFile(join(load.dir, 'models/en-es.bin')));
      const decoding = { choice: 'greedy', outputTemperature: 1, seed: 0, target: null, beam: null, cache: true };
      // the module's call alone, as translate() makes it (a module that chooses each step's ten likeliest words is
      // told how many: one argument more)
      const args = [id, sentence, 1, decoding, null, 10].slice(0, module.translatorTranslate.argCount);
      return { library: () => translator.translate(sentence), module: () => module.translatorTranslate(...args) };
    },
    page: (name, calls) => `(async () => {
      const translator = (globalThis.translators ??= {})[${JSON.stringify(name)}] ??=
        await (await import('/${name}/index.js')).loadTranslator({ backend: '${backend}' });
      const start = performance.now();
      for (let i = 0; i < ${calls}; i++) translator.translate(${JSON.stringify(sentence)});
      return (performance.now() - start) / ${calls};
    })()`,
  },
  {
    unit: 'ms per generated token',
    what: `${tokens} tokens after "${prompt}" as the Generate view asks (temperature 0.8, the cache, top 10, every map)`,
    calls: 20,
    perCall: tokens,
    native: (tools) =>
      native(
        `${tools}/train_language_model`,
        ['--model', languageModelFile, '--prompt', prompt, '--tokens', String(tokens), '--repeat', '20'],
        /([\d.]+) ms per token/,
      ),
    async inNode(lib, load) {
      const weights = new Uint8Array(await readFile(languageModelFile));
      const lm = await lib.loadLanguageModel({ weights, backend });
      const module = await load.languageModelModule(backend);
      const { id } = module.languageModelLoad(weights);
      return {
        library: () => lm.generate(prompt, generateOptions),
        module: () => module.languageModelGenerate(id, prompt, moduleGenerateOptions),
      };
    },
    page: (name, calls) => `(async () => {
      const lm = (globalThis.languageModels ??= {})[${JSON.stringify(name)}] ??=
        await (await import('/${name}/index.js')).loadLanguageModel({ weights: '/language-model.bin', backend: '${backend}' });
      const start = performance.now();
      for (let i = 0; i < ${calls}; i++) lm.generate(${JSON.stringify(prompt)}, ${JSON.stringify(generateOptions)});
      return (performance.now() - start) / ${calls} / ${tokens};
    })()`,
  },
];

/** A static server of each library at /<name>/, the language model at /language-model.bin, an empty page at /. */
async function serveLibraries() {
  const types = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm' };
  const server = createServer(async (request, response) => {
    const [, name, ...rest] = new URL(request.url, 'http://x').pathname.split('/');
    const library = libraries.find((l) => l.name === name);
    try {
      const body = library
        ? await readFile(join(library.dir, ...rest))
        : name === 'language-model.bin'
          ? await readFile(languageModelFile)
          : '<!doctype html><title>bench</title>';
      response.writeHead(200, { 'content-type': types[extname(request.url)] ?? 'text/html' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  return { server, url: `http://127.0.0.1:${/** @type {any} */ (server.address()).port}/` };
}

const { server, url } = await serveLibraries();
const browser = await launchChromium();
const page = await browser.newPage();
await page.goto(url);
const renderers = descendants('--type=renderer');
const loaded = [];
for (const library of libraries) {
  const load = await import(pathToFileURL(join(library.dir, 'load-module.js')).href);
  loaded.push({
    library,
    lib: await import(pathToFileURL(join(library.dir, 'index.js')).href),
    load: { ...load, dir: library.dir },
  });
}

const faultUs = faultMicroseconds();
console.log(`CPU: ${cpus()[0].model} (${cpus().length} cores); Node ${process.version}; ${backend}, one thread`);
console.log(`A minor page fault costs ${faultUs.toFixed(1)} µs here (a fresh 8 MB buffer written page by page)`);
for (const work of works) {
  const perCall = work.perCall ?? 1;
  const runs = [
    { name: 'native', round: () => work.native('build/native/tools'), faults: null },
    { name: 'native, 128-bit SIMD (SSE4.2)', round: () => work.native('build/native-sse/tools'), faults: null },
  ];
  for (const { library, lib, load } of loaded) {
    const calls = await work.inNode(lib, load);
    runs.push(
      {
        name: `Node, the library's call (${library.name})`,
        round: () => timed(calls.library, work.calls) / perCall,
        faults: () => minorFaults(),
      },
      {
        name: `Node, the module's call alone (${library.name})`,
        round: () => timed(calls.module, work.calls) / perCall,
        faults: () => minorFaults(),
      },
    );
  }
  for (const { library } of loaded) {
    runs.push({
      name: `Chromium (${library.name})`,
      round: () => page.evaluate(work.page(library.name, work.calls)),
      faults: () => totalMinorFaults(renderers),
    });
  }
  for (const run of runs) await run.round(); // warm-up: every tier compiled, every model loaded
  const times = runs.map(() => []);
  const faults = runs.map(() => []); // a call's (a token's) minor faults, each round
  for (let round = 0; round < rounds; round++) {
    // Each round starts one place later: in a fixed order each library's second place always ran on the caches its
    // first had warmed.
    for (let k = 0; k < runs.length; k++) {
      const i = (round + k) % runs.length;
      const run = runs[i];
      const before = run.faults?.();
      times[i].push(await run.round());
      if (run.faults) faults[i].push((run.faults() - before) / (work.calls * perCall));
    }
  }
  const nativeMs = median(times[0]);
  console.log(`\n${work.what}: ${rounds} alternating rounds of ${work.calls} calls each, medians (quartiles)\n`);
  console.log(
    `| where | ${work.unit} | quartiles | × native | page faults a call | their cost, ms |\n|---|---:|---:|---:|---:|---:|`,
  );
  for (const [i, run] of runs.entries()) {
    const ms = median(times[i]);
    const { q1, q3 } = quartiles(times[i]);
    const cells = [ms, q1, q3].map((value) => value.toFixed(4));
    const perCallFaults = faults[i].length ? median(faults[i]) : null;
    const faultCells =
      perCallFaults === null ? ['–', '–'] : [perCallFaults.toFixed(1), ((perCallFaults * faultUs) / 1000).toFixed(4)];
    console.log(
      `| ${run.name} | ${cells[0]} | ${cells[1]}–${cells[2]} | ${(ms / nativeMs).toFixed(2)}× | ${faultCells.join(' | ')} |`,
    );
  }
}
await browser.close();
server.close();
tools.stop();

// What a translation costs around the kernels (npm run bench:translator-boundary): translate() on one sentence, the
// same work in each place (greedy decoding with every attention map): natively (the translate tool's --repeat),
// in Node (web/lib's translate(), and the module's call alone, before web/lib builds its step records) and in
// headless Chromium (translate() in a page). Rounds alternate between them, each a block of calls; the medians of
// the rounds, and each figure's ratio to native. `--before DIR` (another tree's web/lib, with its wasm) measures it
// beside this tree's, pair by pair in the same rounds: a change to the boundary, before and after.
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { cpus } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { launchChromium } from '../../tests/e2e/support/browser.js';

const sentence = 'the girl gives the boy a flower';
const backend = 'wasm-simd128';
const callsPerRound = 200;
const rounds = Number(process.env.ROUNDS ?? 9);
const nativeTool = 'build/native/tools/translate';
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const argument = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : null);

/** The libraries measured: this tree's web/lib, and `--before`'s when given. */
const libraries = [{ name: 'now', dir: resolve('web/lib') }];
if (argument('--before')) libraries.unshift({ name: 'before', dir: resolve(argument('--before')) });

/** Milliseconds per native translation, over `callsPerRound` calls after one untimed. */
function nativeRound() {
  const out = execFileSync(nativeTool, ['--sentence', sentence, '--repeat', String(callsPerRound)], {
    encoding: 'utf8',
  });
  return Number(/([\d.]+) ms each/.exec(out)[1]);
}

/** Milliseconds per call of `run`, over `callsPerRound` calls. */
function timed(run) {
  const start = performance.now();
  for (let i = 0; i < callsPerRound; i++) run();
  return (performance.now() - start) / callsPerRound;
}

/** A static server of each library at /<name>/ and an empty page at /, for Chromium. */
async function serveLibraries() {
  const types = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm' };
  const server = createServer(async (request, response) => {
    const [, name, ...rest] = new URL(request.url, 'http://x').pathname.split('/');
    const library = libraries.find((l) => l.name === name);
    try {
      const body = library ? await readFile(join(library.dir, ...rest)) : '<!doctype html><title>bench</title>';
      response.writeHead(200, { 'content-type': types[extname(request.url)] ?? 'text/html' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  return { server, url: `http://127.0.0.1:${/** @type {any} */ (server.address()).port}/` };
}

/** The page's round for one library: ms per translate() over `callsPerRound` calls. */
const pageRound = (name) => `(async () => {
  const translator = (globalThis.translators ??= {})[${JSON.stringify(name)}] ??=
    await (await import('/${name}/index.js')).loadTranslator({ backend: '${backend}' });
  const start = performance.now();
  for (let i = 0; i < ${callsPerRound}; i++) translator.translate(${JSON.stringify(sentence)});
  return (performance.now() - start) / ${callsPerRound};
})()`;

const runs = [{ name: 'native', round: nativeRound }];
for (const library of libraries) {
  const lib = await import(pathToFileURL(join(library.dir, 'index.js')).href);
  const { moduleFor } = await import(pathToFileURL(join(library.dir, 'load-module.js')).href);
  const translator = await lib.loadTranslator({ backend });
  const module = await moduleFor(backend);
  const { id } = module.translatorLoad(await readFile(join(library.dir, 'models/en-es.bin')));
  const decoding = { choice: 'greedy', outputTemperature: 1, seed: 0, target: null, beam: null, cache: true };
  // the module's call alone, as translate() makes it (a module that chooses each step's ten likeliest words is told
  // how many: one argument more)
  const args = [id, sentence, 1, decoding, null, 10].slice(0, module.translatorTranslate.argCount);
  const moduleCall = () => module.translatorTranslate(...args);
  runs.push(
    { name: `Node translate() (${library.name})`, round: () => timed(() => translator.translate(sentence)) },
    { name: `Node module call (${library.name})`, round: () => timed(moduleCall) },
  );
}
const { server, url } = await serveLibraries();
const browser = await launchChromium();
const page = await browser.newPage();
await page.goto(url);
for (const library of libraries) {
  runs.push({ name: `Chromium translate() (${library.name})`, round: () => page.evaluate(pageRound(library.name)) });
}

for (const run of runs) await run.round(); // warm-up: every tier compiled, every model loaded
const times = runs.map(() => []);
for (let round = 0; round < rounds; round++) {
  for (const [i, run] of runs.entries()) times[i].push(await run.round());
}
await browser.close();
server.close();

const native = median(times[0]);
console.log(`CPU: ${cpus()[0].model} (${cpus().length} cores); Node ${process.version}; ${backend}, one thread`);
console.log(`"${sentence}": ${rounds} alternating rounds of ${callsPerRound} calls each, medians (quartiles)\n`);
console.log('| where | ms per translation | quartiles | × native |\n|---|---:|---:|---:|');
for (const [i, run] of runs.entries()) {
  const sorted = [...times[i]].sort((a, b) => a - b);
  const quartile = (q) => sorted[Math.floor(q * (sorted.length - 1))];
  const ms = median(times[i]);
  console.log(
    `| ${run.name} | ${ms.toFixed(3)} | ${quartile(0.25).toFixed(3)}–${quartile(0.75).toFixed(3)} | ${(ms / native).toFixed(2)}× |`,
  );
}

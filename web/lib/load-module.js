// The only JavaScript that knows about the Emscripten modules: where the builds live, how to tell whether
// this engine can run the SIMD and the threaded ones, and how to instantiate a build in a browser (Vite or
// any static host) or in Node (which the web-targeted Emscripten output cannot fetch from a file path by
// itself).
import { ModuleLoadError } from './errors.js';
import { watchWorkerStart, workerScriptUrl } from './start-worker.js';
import { pageMakesPthreadWorkers, pthreadWorkersFromPage, withWorkersGiven } from './pthreads-from-page.js';

/**
 * Five builds of the same C++ sources, and two JavaScript glue files that run them all: the builds import and export
 * the same names (the relaxed-SIMD builds differ from the SIMD128 ones only in their multiply-adds,
 * f32x4.relaxed_madd; the scalar one in having no SIMD kernels), so each glue file is the same but for the name of
 * the wasm it would look for, which is always given here (scripts/build.sh checks that they agree): `glue` names the
 * one a build runs with, and only those are shipped. `new URL(…, import.meta.url)` lets bundlers copy the files. The
 * threaded glue is loaded from its own URL, not bundled, because its Web Workers import the same file. The pthread
 * worker script (2.4 kB) must stay a file of the site: bundlers inline small files as data: URLs (Vite under 4 kB),
 * which a strict CSP refuses as a worker and from whose opaque origin the worker cannot import the glue. Vite keeps
 * a file asked for with `?no-inline` (and drops the query); webpack never inlines `new URL` assets.
 */
const importSingleThreadGlue = () => import('./wasm/attention-simd.mjs');
const threadsGlueUrl = new URL('./wasm/attention-simd-threads.mjs', import.meta.url);
const threadsWorkerUrl = new URL('./wasm/attention-simd-threads.worker.js?no-inline', import.meta.url);
// The workers each threaded build makes as it starts: -sPTHREAD_POOL_SIZE in CMakeLists.txt (a Node test compares).
export const pthreadPoolSize = 3;
const importThreadsGlue = () => import(/* @vite-ignore */ /* webpackIgnore: true */ threadsGlueUrl.href);

const builds = {
  'wasm-relaxed-simd-threads': {
    stem: 'attention-relaxed-simd-threads',
    wasmUrl: new URL('./wasm/attention-relaxed-simd-threads.wasm', import.meta.url),
    glue: 'attention-simd-threads',
    threads: true,
    relaxed: true,
  },
  'wasm-relaxed-simd': {
    stem: 'attention-relaxed-simd',
    wasmUrl: new URL('./wasm/attention-relaxed-simd.wasm', import.meta.url),
    glue: 'attention-simd',
    relaxed: true,
  },
  'wasm-simd128-threads': {
    stem: 'attention-simd-threads',
    wasmUrl: new URL('./wasm/attention-simd-threads.wasm', import.meta.url),
    glue: 'attention-simd-threads',
    threads: true,
  },
  'wasm-simd128': {
    stem: 'attention-simd',
    wasmUrl: new URL('./wasm/attention-simd.wasm', import.meta.url),
    glue: 'attention-simd',
  },
  'wasm-scalar': {
    stem: 'attention-scalar',
    // Found by name beside this file at run time, not a `new URL` literal: the npm package leaves this build out (it
    // would pass its budget), and a host's bundler fails on a literal URL of a missing file. A build of the repository
    // has it there, and the playground's site copies it there (web/vite.config.js).
    wasmUrl: null,
    glue: 'attention-simd',
  },
};

/** @type {readonly import('./index.js').Backend[]} */
export const backends = Object.freeze(/** @type {any[]} */ (Object.keys(builds)));

// Where the wasm/ and models/ folders are served from, when a host copies them away from this file (a bundler
// that does not follow `new URL(…, import.meta.url)`, a CDN). Null: next to this file, as found above.
let assetBase = null;

/**
 * Tells the library where the package's `wasm/` and `models/` folders are served from (a URL ending in "/",
 * absolute or relative to the page). Call it before the first load; the default finds them next to web/lib.
 */
export function setAssetBase(url) {
  if (url === null) {
    assetBase = null;
    return;
  }
  if (typeof url !== 'string' && !(url instanceof URL))
    throw new TypeError(`setAssetBase: url must be a string or a URL, got ${typeof url}`);
  const base = new URL(url, typeof location === 'object' ? location.href : import.meta.url);
  if (!base.pathname.endsWith('/'))
    throw new RangeError(`setAssetBase: url must name a folder (end with "/"), got '${url}'`);
  if (instances.size > 0)
    throw new RangeError('setAssetBase: a module is already loaded; call it before the first load');
  assetBase = base;
}

/** The URL of one of the package's files: under the asset base when one is set, else `packaged` (next to this file). */
export function assetUrl(relative, packaged) {
  return assetBase ? new URL(relative, assetBase) : packaged;
}

// The smallest module using a SIMD instruction: (func (result v128) (i32x4.splat (i32.const 0))).
// A browser without SIMD cannot even compile the SIMD build, so this is checked first.
// prettier-ignore
const simdProbe = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // magic, version
  0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b, //       type section: () -> v128
  0x03, 0x02, 0x01, 0x00, //                         function section: one function of type 0
  0x0a, 0x08, 0x01, 0x06, 0x00, 0x41, 0x00, 0xfd, 0x11, 0x0b, // code: i32.const 0; i32x4.splat; end
]);

export function supportsSimd() {
  return typeof WebAssembly === 'object' && WebAssembly.validate(simdProbe);
}

// The smallest module using relaxed SIMD: (func (result v128) (f32x4.relaxed_madd (v128.const 0) ×3)).
const zeroVector = [0xfd, 0x0c, ...new Array(16).fill(0)]; // v128.const 0
// prettier-ignore
const relaxedProbe = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // magic, version
  0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b, //       type section: () -> v128
  0x03, 0x02, 0x01, 0x00, //                         function section: one function of type 0
  0x0a, 0x3d, 0x01, 0x3b, 0x00, //                   code section: one body of 59 bytes, no locals
  ...zeroVector, ...zeroVector, ...zeroVector,
  0xfd, 0x85, 0x02, 0x0b, //                         f32x4.relaxed_madd (0xfd 0x105); end
]);

/**
 * Whether this engine runs relaxed SIMD (Chromium does since version 114; Node 20 behind
 * --experimental-wasm-relaxed-simd).
 */
export function supportsRelaxedSimd() {
  return supportsSimd() && WebAssembly.validate(relaxedProbe);
}

const isNode = typeof process === 'object' && typeof process.versions?.node === 'string';

/**
 * Whether the threaded build can run: SIMD plus shared memory, which browsers grant only to pages that are
 * cross-origin isolated (served with COOP: same-origin and COEP: require-corp).
 */
export function supportsThreads() {
  return (
    supportsSimd() && typeof SharedArrayBuffer === 'function' && (isNode || globalThis.crossOriginIsolated === true)
  );
}

// Node runs a threaded build from the CommonJS twin of the threaded glue (3.1.6's ES-module output cannot start
// threads in Node), with the browser build's wasm (byte for byte the twin's: scripts/build.sh checks). The path is
// assembled at run time so bundlers do not copy these Node-only files into web builds.
async function instantiateThreadsInNode(build) {
  const nodeModule = 'node:module';
  const { createRequire } = await import(/* @vite-ignore */ /* webpackIgnore: true */ nodeModule);
  // A name, not a literal: a host's bundler resolves `new URL('literal', import.meta.url)` at build time, and for
  // this folder Vite printed a warning in every stranger's build ("doesn't exist at build time").
  const nodeFolder = './wasm/node/';
  const directory = new URL(nodeFolder, import.meta.url);
  const createModule = createRequire(directory)(`./${build.glue}-node.cjs`);
  return createModule({
    wasmBinary: await readFileInNode(new URL(`../${build.stem}.wasm`, directory)),
    locateFile: (path, prefix) => prefix + path,
  });
}

async function readFileInNode(url) {
  const fsModule = 'node:fs/promises'; // a variable, so bundlers leave this Node-only import alone
  const { readFile } = await import(/* @vite-ignore */ /* webpackIgnore: true */ fsModule);
  return readFile(url);
}

/** A file of this library's folder, named at run time (so bundlers leave it alone). */
export function besideThisFile(path) {
  const relative = `./${path}`; // a name, not a literal: see `nodeFolder` below
  return new URL(relative, import.meta.url);
}

/** The threaded build's wasm, compiled here so that its workers' clock starts when they are sent it. */
async function compileWasm(url, imports) {
  try {
    return await WebAssembly.instantiateStreaming(fetch(url), imports);
  } catch {
    // A host serving .wasm without application/wasm: compiled from its bytes (as Emscripten's glue does).
    return WebAssembly.instantiate(await readBytes(url), imports);
  }
}

/** Starts a threaded build in a browser: its glue, its wasm and its pool of pthread workers, watched as they start. */
async function instantiateThreads(backend, build, wasmUrl) {
  // Under an asset base, the glue comes from there too (a host copies the wasm/ folder whole); a glue found by name
  // (the language model's) from beside this file otherwise.
  const packaged = build.glueFoundByName ? besideThisFile(`wasm/${build.glue}.mjs`) : threadsGlueUrl;
  const moduleUrl = assetUrl(`wasm/${build.glue}.mjs`, packaged);
  const { default: createModule } = await (assetBase || build.glueFoundByName
    ? import(/* @vite-ignore */ /* webpackIgnore: true */ moduleUrl.href)
    : importThreadsGlue());
  let pthreadScript = assetUrl(`wasm/${build.glue}.worker.js`, threadsWorkerUrl);
  // A bundler that inlined it after all (an older Vite, a library build): looked for beside the glue instead,
  // where a host that copies the wasm/ folder has it; a data: URL would be refused, or fail, in every case.
  if (pthreadScript.protocol === 'data:') pthreadScript = new URL(`${build.glue}.worker.js`, moduleUrl);
  const workerUrl = workerScriptUrl(pthreadScript);
  const files = { [`${build.glue}.wasm`]: wasmUrl.href, [`${build.glue}.worker.js`]: workerUrl };
  /** @type {Promise<void> | undefined} the glue asks for the wasm as it makes its pool (synchronously, in createModule) */
  let wasmSent;
  const module = {
    // Emscripten starts each pthread's Worker from what this returns for its script (see start-worker.js); the
    // workers are sent the compiled wasm, so they need no name for it.
    locateFile: (name) => files[name] ?? new URL(name, moduleUrl).href,
    mainScriptUrlOrBlob: moduleUrl.href, // what each worker imports
    instantiateWasm(imports, receiveInstance) {
      wasmSent = compileWasm(wasmUrl, imports).then(
        ({ instance, module: compiled }) => receiveInstance(instance, compiled), // sends it to every worker
      );
      return {};
    },
  };
  // Where the page makes them (Firefox: pthreads-from-page.js), the pool's workers are asked of it first.
  const given = pageMakesPthreadWorkers() ? await pthreadWorkersFromPage(pthreadPoolSize, pthreadScript.href) : [];
  const ready = withWorkersGiven(given, () => createModule(module));
  for (const unused of given) unused.terminate();
  const start = watchWorkerStart(module.PThread?.unusedWorkers ?? [], { backend, script: pthreadScript.href });
  void wasmSent?.then(start.arm, start.fail); // each outcome reaches the race below
  void ready.then(start.stop, start.stop);
  return Promise.race([ready, start.failed]);
}

/**
 * Instantiates one build. Resolves to the raw Embind module: callers outside web/lib never see it. Rejects with a
 * ModuleLoadError when a file it needs cannot be fetched or imported, or its workers do not start.
 * @param {import('./index.js').Backend} backend  one of `backends`
 */
export function instantiate(backend) {
  // The npm package leaves the scalar build out (it would pass its budget): say where to find it.
  const scalarHint =
    backend === 'wasm-scalar'
      ? ' (the npm package ships the SIMD builds only: serve web/lib/wasm/attention-scalar.wasm from a build of the repository beside them)'
      : '';
  return loading(`the ${backend} build`, backend, () => instantiateBuild(backend), scalarHint);
}

/** `load()`'s module, or a ModuleLoadError saying `what` could not load, why, and `hint`. */
async function loading(what, backend, load, hint = '') {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ModuleLoadError) throw error;
    throw new ModuleLoadError(`${what} could not load: ${error?.message ?? error}${hint}`, backend, { cause: error });
  }
}

async function instantiateBuild(backend) {
  const build = builds[backend];
  const wasmUrl = assetUrl(`wasm/${build.stem}.wasm`, build.wasmUrl ?? besideThisFile(`wasm/${build.stem}.wasm`));
  return instantiateFrom(backend, build, wasmUrl);
}

/** A build of either module from its wasm's URL: threaded (in a browser or in Node) or on one thread. */
function instantiateFrom(backend, build, wasmUrl) {
  if (build.threads) return isNode ? instantiateThreadsInNode(build) : instantiateThreads(backend, build, wasmUrl);
  return instantiateSingleThread(build, wasmUrl);
}

async function instantiateSingleThread(build, wasmUrl) {
  const glueUrl = assetUrl(`wasm/${build.glue}.mjs`);
  const { default: createModule } = await (glueUrl
    ? import(/* @vite-ignore */ /* webpackIgnore: true */ glueUrl.href)
    : importSingleThreadGlue());
  if (isNode && wasmUrl.protocol === 'file:') {
    return createModule({ wasmBinary: await readFileInNode(wasmUrl) });
  }
  return createModule({ locateFile: () => wasmUrl.href });
}

const instances = new Map(); // backend (or the language model's stem) → Promise<module>: each build made once per page/process

/**
 * The default build: the fastest this engine and page run. Relaxed SIMD where the engine has it, else SIMD128,
 * else scalar; threaded in the workers of cross-origin-isolated pages. Never by default on a page's own thread,
 * which may not block: a threaded call there waits for its pthreads by spinning, and the pool's workers each
 * compile the module while the page starts. Never by default in Node, where the caller's thread is usually one
 * of many.
 */
function defaultBackend() {
  const onPageThread = typeof globalThis.document !== 'undefined';
  const threads = !isNode && !onPageThread && supportsThreads() && !threadsFailedToStart;
  if (supportsRelaxedSimd()) return threads ? 'wasm-relaxed-simd-threads' : 'wasm-relaxed-simd';
  if (threads) return 'wasm-simd128-threads';
  return supportsSimd() ? 'wasm-simd128' : 'wasm-scalar';
}

let threadsFailedToStart = false; // once a threaded default has not started, the default here is single-thread

/**
 * For a load that named no build: the single-thread twin of `backend` when it is a threaded build that could not
 * load (`error`, a ModuleLoadError), said on the console and the default from then on; else null.
 * @returns {import('./index.js').Backend | null}
 */
export function singleThreadFallback(backend, error) {
  if (!builds[backend]?.threads || !(error instanceof ModuleLoadError)) return null;
  const twin = /** @type {import('./index.js').Backend} */ (backend.replace(/-threads$/, ''));
  if (!threadsFailedToStart) console.warn(`${error.message}; running the ${twin} build instead`);
  threadsFailedToStart = true;
  return twin;
}

/** The build to use: the one asked for (checked), else the default for this engine and page. */
export function resolveBackend(requested) {
  const backend = requested ?? defaultBackend();
  if (!backends.includes(backend)) {
    throw new RangeError(`options.backend must be one of ${backends.join(', ')}, got '${backend}'`);
  }
  if (backend === 'wasm-simd128' && !supportsSimd()) {
    throw new RangeError('options.backend is wasm-simd128, but this engine has no WebAssembly SIMD');
  }
  if (builds[backend].relaxed && !supportsRelaxedSimd()) {
    throw new RangeError(
      `options.backend is ${backend}, but this engine has no relaxed SIMD (Node 20 needs --experimental-wasm-relaxed-simd)`,
    );
  }
  if (builds[backend].threads && !supportsThreads()) {
    throw new RangeError(
      `options.backend is ${backend}, but this page cannot share memory between threads (it must be cross-origin isolated: COOP same-origin, COEP require-corp)`,
    );
  }
  return backend;
}

/** The shared instance of one build, instantiated on first use. A failed load (e.g. offline) may be retried. */
export function moduleFor(backend) {
  return sharedInstance(backend, () => instantiate(backend));
}

/** The one instance `load()` makes under `key`, made on first use; a failed load (e.g. offline) may be retried. */
function sharedInstance(key, load) {
  if (!instances.has(key)) {
    const module = load();
    module.catch(() => instances.delete(key));
    instances.set(key, module);
  }
  return instances.get(key);
}

/**
 * The language model's own module (cpp/bindings/language_model_bindings.cpp), so a page that only translates never
 * downloads it: relaxed SIMD (its GEMMs' multiply-adds fused: training a fifth faster) and SIMD128, each on one thread
 * (run by the SIMD128 glue) and threaded (a training step's shards on up to 4 threads). A threaded glue holds an
 * address in its module's memory (where the runtime's queued-calls flag lives), which moves whenever the module's
 * static data does, so each threaded build has a glue of its own, found by name as its wasm is (in Node, its
 * CommonJS twin): sharing one made every change of static data a hunt for one that kept the two addresses equal. Their
 * pthread workers' script is the attention module's. scripts/build.sh checks that each glue or script run for another
 * build is that build's but for the name. Each is instantiated once, on first use; a failed load may be retried.
 */
const languageModelBuilds = {
  // Found by name beside this file, as the scalar build is: the npm package leaves them out (with them, and the toy
  // grammar's three languages in every attention build, the package would pass its budget); a build of the repository
  // has them there, and the playground's site copies them there (web/vite.config.js).
  'wasm-relaxed-simd-threads': {
    stem: 'attention-language-model-relaxed-threads',
    wasmUrl: null,
    glue: 'attention-language-model-relaxed-threads',
    glueFoundByName: true,
    threads: true,
  },
  'wasm-relaxed-simd': { stem: 'attention-language-model-relaxed', wasmUrl: null, glue: 'attention-simd' },
  'wasm-simd128-threads': {
    stem: 'attention-language-model-threads',
    wasmUrl: null,
    glue: 'attention-language-model-threads',
    glueFoundByName: true,
    threads: true,
  },
  'wasm-simd128': { stem: 'attention-language-model', wasmUrl: null, glue: 'attention-simd' },
};
export const languageModelBackends = Object.freeze(Object.keys(languageModelBuilds));

/** The language model's build: the one asked for (checked), else relaxed SIMD where the engine has it. */
export function resolveLanguageModelBackend(requested) {
  if (requested === undefined) return supportsRelaxedSimd() ? 'wasm-relaxed-simd' : 'wasm-simd128';
  if (!languageModelBackends.includes(requested)) {
    throw new RangeError(
      `options.backend: language models run on the ${languageModelBackends.slice(0, -1).join(', ')} or ${languageModelBackends.at(-1)} build, got '${requested}'`,
    );
  }
  return resolveBackend(requested); // the same checks as the attention builds' (SIMD, relaxed SIMD)
}

/** @param {import('./index.js').Backend} backend  from resolveLanguageModelBackend */
export function languageModelModule(backend) {
  if (!supportsSimd()) throw new RangeError('language models run on WebAssembly SIMD, which this engine lacks');
  const build = languageModelBuilds[backend];
  const { stem, wasmUrl } = build;
  return sharedInstance(stem, () =>
    loading(
      "the language model's build",
      backend,
      () =>
        instantiateFrom(backend, build, assetUrl(`wasm/${stem}.wasm`, wasmUrl ?? besideThisFile(`wasm/${stem}.wasm`))),
      ` (the npm package leaves the language model's builds out: serve web/lib/wasm/${stem}.wasm from a build of the repository beside the others)`,
    ),
  );
}

/** Bytes of a file next to this library (or anywhere): fetched in browsers, read from disk in Node. */
export async function readBytes(url) {
  if (isNode && url.protocol === 'file:') return new Uint8Array(await readFileInNode(url));
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not load ${url.href}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

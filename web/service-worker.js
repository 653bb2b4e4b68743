// The playground's offline copy. The build (vite.config.js, `offlineCopy`) writes this file to dist/sw.js with
// the site's files and a version in place of the two names below. On install it caches every page, script,
// style, icon and shipped model, so every view and lesson opens offline after one visit to any page; the wasm
// binaries are many and large, so only those of the build family the page uses are cached (the page names it).
//
// Versions (a deploy): file names carry content hashes, so one version's pages only ever ask for that version's
// files, and a page never runs old JS with a new wasm or model. Pages (navigations) come from the network when it
// answers and from this version's cache when it does not; every other file from this version's cache, then an
// older one's (a tab still running it), then the network. A new version is installed beside the old one, with the
// wasm families the old one had cached; the old one is deleted only when a newer still arrives, so a tab left open
// on it keeps finding its files. The page asks for this version's file list to tell whether it is outdated.
const version = self.__BUILD_VERSION__;
const files = self.__BUILD_FILES__; // paths relative to this file
// Cross-origin isolation for hosts that send no headers of their own (GitHub Pages): the playground's page opened in
// a tab, and the workers it starts, are answered with the two headers (web/isolation-headers.js, written in by the
// build), so the threaded builds run there after one reload (the page's side: src/app/offline-copy.js). Never a frame
// (an LMS, an embedding site: a frame is isolated only when the page around it is, by that page's own headers), and
// never a response whose host said either header itself (`unsafe-none` keeps a page unisolated on purpose). This is
// coi-serviceworker's approach; that library cannot be used as it is: a folder has one service worker, this one, and
// its would answer every request from the network (no offline copy) and register itself in this one's place.
const isolationHeaders = self.__ISOLATION_HEADERS__;
// Caches belong to the origin, not to this copy's folder: a server may hold a copy per course in folders of one origin,
// and each copy's versions are its own (a copy counting another's caches as its older versions dropped them). So the
// name carries the folder ('#' ends it: no path has one). The names before it did (no folder) are counted as
// older versions of every copy, so the first version named so keeps the newest of them for a tab that may run it.
const prefix = `attention-playground-${new URL('./', self.location.href).pathname}#`;
const unfoldered = /^attention-playground-[0-9a-f]{12}$/;
const cacheName = `${prefix}${version}`;
// The page says which wasm build it runs ('wasm-relaxed-simd-threads', …): that build's files and its threaded or
// single-thread twin are cached (the twin: the same page served with or without cross-origin isolation).
const stems = {
  'wasm-relaxed-simd-threads': 'attention-relaxed-simd',
  'wasm-relaxed-simd': 'attention-relaxed-simd',
  'wasm-simd128-threads': 'attention-simd',
  'wasm-simd128': 'attention-simd',
  'wasm-scalar': 'attention-scalar',
};
// A wasm binary and its family (the build's stem); content hashes may contain '-', so the stems are spelt out. The
// scalar build's file has no hash (web/lib finds it by name), and the language model's module is no page's build
// yet: it is not cached on install.
const families = [...new Set(Object.values(stems)), 'attention-language-model'];
const wasmBinary = new RegExp(`(^|/)(${families.join('|')})(-threads)?(-[\\w-]+)?\\.wasm$`);
const isWasmBinary = (path) => wasmBinary.test(path); // the attention builds' glue JS is small: always cached
// Large files only the Generate view fetches, when asked (the language model's module, its builds' wasm and their
// threaded glue, 17 kB gzipped each; the corpus it trains on; the model trained on it): not cached on install, so no
// visitor downloads them before using them; cached when first fetched, for offline use.
const fetchedWhenUsed = (path) =>
  path.endsWith('.txt') ||
  /language-model-[\w-]+\.bin$/.test(path) ||
  /(^|\/)attention-language-model[\w-]*\.(wasm|mjs)$/.test(path);
const ownPath = (url) => url.split(/[?#]/)[0].slice(new URL('./', self.location.href).href.length);

/** Whether `request`'s response gets the isolation headers: the page in a tab (not a frame), and its workers. */
const isolating = (request) =>
  request.destination === 'worker' ||
  (request.destination === 'document' && ['', 'index.html'].includes(ownPath(request.url)));

/**
 * `response` with the isolation headers added, when `request` is isolated and the host sent neither header; as it is
 * otherwise, and when opaque (a redirect a navigation follows itself: status 0, its headers unreadable).
 */
function withIsolation(request, response) {
  const headers = Object.keys(isolationHeaders);
  if (!isolating(request) || response.status === 0 || headers.some((name) => response.headers.has(name)))
    return response;
  const isolated = new Headers(response.headers);
  for (const name of headers) isolated.set(name, isolationHeaders[name]);
  const { status, statusText } = response;
  return new Response(response.body, { status, statusText, headers: isolated });
}
const olderCaches = async () =>
  (await caches.keys()).filter((name) => (name.startsWith(prefix) || unfoldered.test(name)) && name !== cacheName);

/** This version's wasm binaries of the family named by `stem` ('attention-simd', …): threaded and not. */
const familyFiles = (stem) => files.filter((path) => path.match(wasmBinary)?.[2] === stem);

/** Adds `paths` to this version's cache, skipping those already there (each is a megabyte or more). */
async function cacheMissing(paths) {
  const cache = await caches.open(cacheName);
  const missing = [];
  for (const path of paths) if (!(await cache.match(path))) missing.push(path);
  await cache.addAll(missing);
}

/** The wasm families an older version cached: the pages on this device run them, offline too after an update. */
async function familiesInUse() {
  const inUse = new Set();
  for (const name of await olderCaches()) {
    for (const request of await (await caches.open(name)).keys()) {
      const stem = new URL(request.url).pathname.match(wasmBinary)?.[2];
      if (stem) inUse.add(stem);
    }
  }
  return [...inUse];
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const wasm = (await familiesInUse()).flatMap(familyFiles);
      const eager = files.filter((path) => !isWasmBinary(path) && !fetchedWhenUsed(path));
      await (await caches.open(cacheName)).addAll(['./', ...eager, ...wasm]);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Caches are listed in the order they were made: keep the newest older version (a tab may still be running
      // it), drop the rest.
      const older = await olderCaches();
      await Promise.all(older.slice(0, -1).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data?.question === 'files') {
    event.ports[0]?.postMessage({ version, files });
    return;
  }
  const stem = stems[event.data?.backend];
  if (stem) event.waitUntil(cacheMissing(familyFiles(stem)));
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  const own = caches.open(cacheName);
  if (request.mode === 'navigate') {
    const offline = async () =>
      (await (await own).match(request, { ignoreSearch: true })) ?? (await (await own).match('./')) ?? Response.error();
    event.respondWith(
      fetch(request)
        .catch(offline)
        .then((response) => withIsolation(request, response)),
    );
    return;
  }
  // Ignoring Vary: module scripts send an Origin header the cached copies were fetched without.
  const options = { ignoreSearch: true, ignoreVary: true };
  event.respondWith(
    (async () => {
      const cached = (await (await own).match(request, options)) ?? (await caches.match(request, options));
      if (cached) return withIsolation(request, cached);
      const response = await fetch(request);
      const path = ownPath(request.url);
      if (response.ok && files.includes(path) && fetchedWhenUsed(path))
        await (await own).put(request, response.clone());
      return withIsolation(request, response);
    })(),
  );
});

// The playground's offline copy. The build (vite.config.js, `offlineCopy`) writes this file to dist/sw.js with
// the site's files and a version in place of the two names below. On install it caches every page, script,
// style, icon and shipped model, so every view and lesson opens offline after one visit to any page; the wasm
// binaries are many and large, so only those of the build family the page uses are cached (the page names it).
//
// Versions: file names carry content hashes, so one version's pages only ever ask for that version's files.
// Pages (navigations) come from the network when it answers and from the cache when it does not; every other
// file from the cache first. A new version is installed beside the old one; the old one is deleted only when a
// newer still arrives, so a tab left open on the old version keeps finding its files.
const version = self.__BUILD_VERSION__;
const files = self.__BUILD_FILES__; // paths relative to this file
const prefix = 'attention-playground-';
const cacheName = `${prefix}${version}`;
const isWasmBinary = (path) => /(^|\/)attention-[a-z0-9-]+-[\w-]+\.wasm$/.test(path); // the builds' glue JS is small: always cached

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(cacheName).then((cache) => cache.addAll(['./', ...files.filter((path) => !isWasmBinary(path))])).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const names = (await caches.keys()).filter((name) => name.startsWith(prefix) && name !== cacheName);
    // Keep the newest older version (a tab may still be running it); drop the rest.
    const installedAt = async (name) => Date.parse((await (await caches.open(name)).match('./'))?.headers.get('date') ?? '') || 0;
    const ages = await Promise.all(names.map(async (name) => ({ name, date: await installedAt(name) })));
    ages.sort((a, b) => b.date - a.date);
    await Promise.all(ages.slice(1).map(({ name }) => caches.delete(name)));
    await self.clients.claim();
  })());
});

// The page says which wasm build it runs ('wasm-relaxed-simd-threads', …): that build's files and its threaded or
// single-thread twin are cached (the twin: the same page served with or without cross-origin isolation).
const stems = {
  'wasm-relaxed-simd-threads': 'attention-relaxed-simd', 'wasm-relaxed-simd': 'attention-relaxed-simd',
  'wasm-simd128-threads': 'attention-simd', 'wasm-simd128': 'attention-simd', 'wasm-scalar': 'attention-scalar',
};
self.addEventListener('message', (event) => {
  const stem = stems[event.data?.backend];
  if (!stem) return;
  const family = new RegExp(`(^|/)${stem}(-threads)?-[\\w-]+\\.wasm$`);
  event.waitUntil(caches.open(cacheName).then((cache) => cache.addAll(files.filter((path) => family.test(path)))));
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(async () => (await caches.match(request, { ignoreSearch: true })) ?? (await caches.match('./')) ?? Response.error()));
    return;
  }
  // Ignoring Vary: module scripts send an Origin header the cached copies were fetched without.
  event.respondWith(caches.match(request, { ignoreSearch: true, ignoreVary: true }).then((cached) => cached ?? fetch(request)));
});

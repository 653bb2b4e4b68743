// Keeps the playground working offline after its first load. Network first (so a new deployment is picked
// up whenever the network is there), falling back to the copy cached on an earlier visit
// (ignoring Vary: module scripts send an Origin header the cached copies were fetched without).
const cacheName = 'attention-playground-v1';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// The page sends the URLs it loaded before this worker controlled it, so the first visit is cached too.
self.addEventListener('message', (event) => {
  if (Array.isArray(event.data?.cache)) event.waitUntil(caches.open(cacheName).then((cache) => cache.addAll(event.data.cache)));
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(cacheName).then((cache) => cache.put(request, copy));
        }
        return response;
      })
      .catch(() => caches.match(request, { ignoreSearch: true, ignoreVary: true }).then((cached) => cached ?? Response.error())),
  );
});

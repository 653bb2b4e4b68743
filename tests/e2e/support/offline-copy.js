// What the playground's offline copy holds (web/service-worker.js keeps it in caches named attention-playground-…),
// read by the page: for tests that wait until a visit has been kept before they go offline.

/** Every URL in the offline copy's caches, as the page at `page` sees them. */
export const cachedUrls = (page) =>
  page.evaluate(async () => {
    const names = (await caches.keys()).filter((name) => name.startsWith('attention-playground-'));
    const lists = await Promise.all(
      names.map(async (name) => (await (await caches.open(name)).keys()).map((r) => r.url)),
    );
    return lists.flat();
  });

/**
 * Waits for the service worker's route to cross-origin isolation on a host that sends no isolation headers: the page
 * at `page` reloaded once the worker took control, isolated, its view drawn (Playwright's wait goes on in the new
 * document).
 */
export const isolatedByItsWorker = (page) => page.waitForFunction(isolatedAndDrawn, null, { timeout: 60_000 });

/**
 * Whether the page is cross-origin isolated and its view drawn. Polled through the worker's reload, so it may run in
 * the new document before it has a body: a predicate that threw there ended Firefox's wait (puppeteer's, over BiDi),
 * which then never saw the isolated page (1 run in 12).
 */
export const isolatedAndDrawn = () => crossOriginIsolated && document.body?.dataset.ready === 'true';

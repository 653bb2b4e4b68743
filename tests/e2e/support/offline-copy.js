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

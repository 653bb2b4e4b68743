// What state a page is in when a test that drives it has stopped (a time-out says nothing else): whether its main
// thread still answers, whether it still draws frames (a page that draws none never runs its animation-frame or
// ResizeObserver callbacks, and a wait on one never ends), whether it is shown, and where it is. Said in a failing
// test's output, so a failure met once on a loaded CI runner can be told apart from the next.

/** `promise`, or `fallback` if it has not settled within `milliseconds`. */
const within = (promise, milliseconds, fallback) =>
  Promise.race([promise, new Promise((resolve) => setTimeout(() => resolve(fallback), milliseconds).unref())]);

/** One line describing `page`'s state; never throws, never waits more than about 10 s. */
export async function pageDiagnosis(page) {
  if (page.isClosed()) return 'the page is closed';
  const state = await within(
    page
      .evaluate(() => ({
        visibility: document.visibilityState,
        ready: document.readyState,
        size: `${innerWidth} × ${innerHeight}`,
        address: location.href,
        busy: [...document.querySelectorAll('[data-state="busy"]')].map((node) => node.id || node.tagName),
      }))
      .catch((error) => ({ error: error.message })),
    5_000,
    null,
  );
  if (!state) return 'the page’s main thread did not answer in 5 s (a task that does not end)';
  if (state.error) return `the page could not be asked: ${state.error}`;
  const framed = await within(
    page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(true)))).catch(() => false),
    3_000,
    false,
  );
  return [
    `the page answers; ${framed ? 'it draws frames' : 'it drew no frame in 3 s'}`,
    `visibility ${state.visibility}, ${state.ready}, ${state.size}, ${state.address}`,
    `busy: ${state.busy.join(', ') || 'nothing'}`,
  ].join('; ');
}

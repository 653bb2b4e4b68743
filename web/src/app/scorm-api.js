// Finding the course platform's SCORM 1.2 API (the `API` object its launch page defines), by the search the
// SCORM 1.2 Run-Time Environment gives (ADL's `findAPI`): up this window's parents, then up its opener's. A
// hand-written finder rather than an npm wrapper: the registry's SCORM 1.2 content wrappers are a module around
// pipwerks' 2013 script that installs from a git URL, and single-release ports of it; the search itself is these
// lines, and the few calls this page makes are in scorm-session.js.

/** The ADL's sample stops after 7 parents: no platform nests its content deeper, and a loop must end. */
const mostParents = 7;

/** The calls this page makes: an object without them is not a SCORM 1.2 API, whatever its name. */
const calls = ['LMSInitialize', 'LMSFinish', 'LMSGetValue', 'LMSSetValue', 'LMSCommit', 'LMSGetLastError'];

/** `win.API` when it is a SCORM 1.2 API; null when it is not, or when `win` is another origin's (unreadable). */
function apiOf(win) {
  try {
    const api = win.API;
    return api && calls.every((name) => typeof api[name] === 'function') ? api : null;
  } catch {
    return null; // a frame of another origin: its properties are not ours to read
  }
}

/** The API in `win` or in one of its first `mostParents` parents, or null. */
function searchUp(win) {
  for (let level = 0; win && level <= mostParents; level++) {
    const api = apiOf(win);
    if (api) return api;
    if (win.parent === win) return null; // the top window
    win = win.parent;
  }
  return null;
}

/**
 * The SCORM 1.2 API of the platform that launched `win` (in a frame, or in a window it opened), or null: a page
 * opened any other way.
 * @param {Window} win
 * @returns {ScormApi | null}
 */
export function findScormApi(win) {
  const api = searchUp(win);
  if (api) return api;
  let opener = null;
  try {
    opener = win.opener;
  } catch {
    opener = null;
  }
  return opener ? searchUp(opener) : null;
}

/**
 * @typedef {{ LMSInitialize(x: string): string, LMSFinish(x: string): string, LMSGetValue(element: string): string,
 *   LMSSetValue(element: string, value: string): string, LMSCommit(x: string): string, LMSGetLastError(): string,
 *   LMSGetErrorString?(code: string): string }} ScormApi
 */

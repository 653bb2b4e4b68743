// The page's address holds every visited view's settings, each under its view's name (`?view=train&train.h=4
// &steps.h=1`), so that one view's settings never leak into another (the Steps view's one head into Train's first
// run) and a view shown again, or after a reload, opens on its own last state. Keys that belong to the page rather
// than a view stay bare (globalKeys). A bare key that is not global is a setting of the view the address names in
// `view=`: that is how links written before the settings had prefixes (slides, course pages) still open what they
// opened; the page's next update rewrites them under the view's name. Each view's codec (its *-state.js) reads and
// writes its own bare names; this module only files them under the view.

/** The views, in the tabs' order. */
export const viewNames = Object.freeze(['lessons', 'translation', 'steps', 'train', 'generate']);

/** What a link holds beside the views' settings: the view shown, the page's language, build, embedding, present mode. */
export const globalKeys = Object.freeze(['view', 'lang', 'backend', 'embed', 'present']);

const isViewName = (name) => viewNames.includes(name);

/** `train.h` → ['train', 'h']; a bare key → [null, key]. */
function splitKey(key) {
  const dot = key.indexOf('.');
  const view = dot > 0 ? key.slice(0, dot) : null;
  return isViewName(view) ? [view, key.slice(dot + 1)] : [null, key];
}

/**
 * The view an address names: `view=`, else the Steps view for an old step-view link (it carries `s=`, with no
 * view), else Translation.
 * @param {string | URLSearchParams} search
 */
export function viewInAddress(search) {
  const params = new URLSearchParams(search);
  const view = params.get('view');
  if (isViewName(view)) return view;
  return params.has('s') ? 'steps' : 'translation';
}

/**
 * One view's settings in an address, under their bare names as its codec reads them: the keys filed under the
 * view, and, when the address names this view, its bare keys besides (a link's own words win over what the page
 * wrote before).
 * @param {string | URLSearchParams} search
 * @param {string} view
 * @returns {URLSearchParams}
 */
export function viewSettings(search, view) {
  const params = new URLSearchParams(search);
  const named = viewInAddress(params) === view;
  const filed = new URLSearchParams();
  const bare = new URLSearchParams();
  for (const [key, value] of params) {
    const [owner, name] = splitKey(key);
    if (owner === view) filed.append(name, value);
    else if (owner === null && named && !globalKeys.includes(name)) bare.append(name, value);
  }
  for (const name of new Set(bare.keys())) filed.delete(name);
  for (const [name, value] of bare) filed.append(name, value);
  return filed;
}

/**
 * The address after view `view` is shown with `settings` (its codec's bare names): `view=` names it, its settings
 * are filed under its name, every other view's are kept as they were (the bare ones the old address gave its view
 * filed under that view's name), and the global keys are left to the caller.
 * @param {string | URLSearchParams} search  the address before
 * @param {string} view
 * @param {string | URLSearchParams | Record<string, string>} settings
 * @returns {URLSearchParams}
 */
export function addressWith(search, view, settings) {
  const next = new URLSearchParams({ view });
  for (const [name, value] of new URLSearchParams(settings)) next.append(`${view}.${name}`, value);
  for (const other of viewNames) {
    if (other === view) continue;
    for (const [name, value] of viewSettings(search, other)) next.append(`${other}.${name}`, value);
  }
  return next;
}

/**
 * A link the page writes into another view (`?view=steps&steps.mask=causal`, a lesson's), as followed from the
 * address `search`: the view and settings the link names, and every other view's settings as the address holds
 * them, so that a view opened after following it still finds its own last state.
 * @param {string | URLSearchParams} search
 * @param {string} link  a query, `?view=…`
 */
export function followingLink(search, link) {
  const view = viewInAddress(new URLSearchParams(link));
  return `?${addressWith(search, view, viewSettings(link, view))}`;
}

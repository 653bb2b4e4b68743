// `embed=1` in the URL: the playground inside another site's iframe (a course platform that allows iframes but
// not scripts). Only the content shows (no site header, no view tabs, no lesson list or lesson steps), with a
// link to the full playground; links open there in a new tab rather than inside the frame; and the page's
// height is posted to the host, for a host that can run script to size the frame to it.
import { element } from '../common/controls.js';

export const embedded = new URLSearchParams(location.search).get('embed') === '1';

/** The current URL without `embed=1`: the same view and settings in the full playground. */
function fullPlaygroundUrl() {
  const url = new URL(location.href);
  url.searchParams.delete('embed');
  return url.href;
}

export function enterEmbedMode() {
  if (!embedded) return;
  document.documentElement.classList.add('embedded');
  const link = element('a', {
    className: 'full-playground',
    id: 'full-playground',
    href: fullPlaygroundUrl(),
    target: '_blank',
    rel: 'noopener',
    textContent: 'Open in the attention playground ↗',
  });
  document.getElementById('app').prepend(link);
  document.addEventListener(
    'click',
    (event) => {
      const anchor = /** @type {HTMLAnchorElement | null} */ (
        /** @type {Element} */ (event.target).closest?.('a[href]')
      );
      if (!anchor) return;
      if (anchor === link) link.href = fullPlaygroundUrl(); // the settings as they are now
      anchor.target = '_blank';
      anchor.rel = 'noopener';
    },
    true,
  );
  if (window.parent === window) return;
  const postHeight = () =>
    window.parent.postMessage({ source: 'attention-playground', height: document.documentElement.scrollHeight }, '*');
  new ResizeObserver(postHeight).observe(document.body);
}

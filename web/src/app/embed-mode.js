// `embed=1` in the URL: the playground inside another site's iframe (a course platform that allows iframes but
// not scripts). Only the content shows (no site header, no view tabs, no lesson list or lesson steps), with a
// link to the full playground in the page's language; links open there in a new tab rather than inside the frame;
// and the page's height is posted to the host, for a host that can run script to size the frame to it, and a
// lesson's progress (its challenges solved: once on load, then on every solve), for a host that records it.
import { element } from '../common/controls.js';
import { viewInAddress, viewSettings } from './view-address.js';

export const embedded = new URLSearchParams(location.search).get('embed') === '1';

/** The `type` of the progress messages an embedded lesson posts to its host page. */
export const progressMessage = 'attention-playground:progress';

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
    // English until the page's messages arrive, then in its language (translateStatic), as index.html's header
    dataset: { i18n: 'app.embed.openFull' },
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
  if (viewInAddress(location.search) === 'lessons') void postLessonProgress(); // reports its own errors
}

/**
 * The lesson's progress, `{ type: progressMessage, lesson, solved: [ids], total }`, posted to the host once on load
 * (what this browser had solved already) and again on each solve. To any origin ('*'): it is public content; the
 * host checks the message's origin. Its modules are fetched only in a lesson's frame.
 */
async function postLessonProgress() {
  try {
    const [{ progressReport }, { ChallengeProgress }, { decodeLessonsState }] = await Promise.all([
      import('../lessons/challenges/challenge-list.js'),
      import('../lessons/challenges/progress.js'),
      import('../lessons/lessons-state.js'),
    ]);
    const post = (report) => window.parent.postMessage({ type: progressMessage, ...report }, '*');
    document.addEventListener('challenge-solved', (event) => post(/** @type {CustomEvent} */ (event).detail));
    post(progressReport(new ChallengeProgress(), decodeLessonsState(viewSettings(location.search, 'lessons')).lesson));
  } catch (error) {
    console.warn(`The lesson's progress cannot be posted to the host page: ${error.message}`);
  }
}

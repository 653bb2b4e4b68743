// The page's side of the offline copy (web/service-worker.js, built to dist/sw.js), in the built site only: the
// dev server must always serve fresh files. It registers the service worker, names the wasm build this page runs
// (so that build is cached too), says when a new deploy has taken over while this page runs the old one, and reloads
// once when the worker can make the page cross-origin isolated where its host sends no headers (docs/hosting.md).
import { button, element } from '../common/controls.js';
import { whenIdle } from '../common/next-task.js';
import { t } from '../i18n/messages.js';
import { isolationHeaders } from '../../isolation-headers.js';

/** This page's own script, as the service worker lists it ('assets/main-<hash>.js'). */
const ownScript = () => new URL(import.meta.url).pathname.split('/').slice(-2).join('/');

/** Asks the service worker in control a question (see its 'message' handler) and waits for the answer. */
function ask(worker, question) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data);
    worker.postMessage({ question }, [channel.port2]);
  });
}

/**
 * A new version took over (a deploy, found by the browser's update check): this page's files stay available
 * (the old version's cache is kept while a page may use it), but the next view or lesson it opens is still the
 * old one's. Said once, with a reload, in the page's language (the `app` section, loaded at start); a page that
 * already runs the new version says nothing.
 */
async function noticeIfOutdated(backend) {
  const worker = navigator.serviceWorker.controller;
  if (!worker) return;
  worker.postMessage({ backend }); // the new version caches this page's wasm build too
  const { files } = await ask(worker, 'files');
  if (files.includes(ownScript()) || document.getElementById('update-notice')) return;
  const notice = element(
    'p',
    { id: 'update-notice', className: 'notice', role: 'status' },
    `${t('app.offline.newVersion')} `,
    button(t('app.offline.reload'), () => location.reload()),
  );
  document.querySelector('.site-header').append(notice);
}

/**
 * Resolves once the page has loaded and its thread is idle (at most two seconds later). The install downloads
 * every page, script and model (a few megabytes), which must not compete with what the view shown still fetches
 * and draws on a phone. And WebKit (WebKitGTK 2.50) can leave a registration installing for the rest of the
 * session, its install event never dispatched, when the page that registered it navigates away while the
 * registration is still being set up: registering once the page has settled keeps that window away from the
 * first moments, when a person is most likely to follow a link.
 */
function pageSettled() {
  return new Promise((resolve) => {
    const idle = () => whenIdle(resolve);
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
}

/** Where a tab notes that it reloaded to be isolated: once a session (a browser may keep it unisolated). */
const isolationReload = 'attention-playground:isolation-reload';

/**
 * The route to cross-origin isolation on a host that sends no isolation headers: the service worker that has just
 * taken control answers this page's next load with them (web/service-worker.js), so the page reloads, once, if it is
 * a tab's page (a frame's is never isolated by the worker) and no run would be lost (a Train or Generate view not
 * idle); otherwise the next visit is isolated. A browser that refuses (no service worker: a private window in some
 * browsers) keeps the page on one thread, and its thread controls say so.
 */
async function reloadIsolated() {
  if (globalThis.crossOriginIsolated !== false || window.top !== window) return;
  // A host that sends either header itself (`unsafe-none`: unisolated on purpose) is obeyed by the worker: asked
  // first, so that such a page does not reload for nothing. (HEAD: the worker leaves it to the network.)
  const answer = await fetch(location.href, { method: 'HEAD', cache: 'no-store' }).catch(() => null);
  if (!answer || Object.keys(isolationHeaders).some((name) => answer.headers.has(name))) return;
  if (document.querySelector('[data-status]:not([data-status="idle"])')) return;
  try {
    if (sessionStorage.getItem(isolationReload)) return;
    sessionStorage.setItem(isolationReload, String(Date.now()));
  } catch {
    return; // no session storage: a reload could not tell that it had been tried
  }
  location.reload();
}

export async function keepForOffline(backend) {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    void reloadIsolated();
    void noticeIfOutdated(backend);
  });
  await pageSettled();
  await navigator.serviceWorker.register('./sw.js');
  const { active } = await navigator.serviceWorker.ready;
  active.postMessage({ backend });
}

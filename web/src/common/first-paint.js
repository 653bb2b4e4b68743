// Waiting for the page's first contentful paint to be on the screen: the embed page asks for the elements' code
// only then (web/embed.js). A module of its own, so the playground's pages, which wait a paint otherwise
// (afterNextPaint), do not download it.
import { afterNextPaint } from './next-task.js';

/**
 * Resolves once the page's first contentful paint is on the screen (at once if it is already), where the browser
 * reports paints, else after the next paint. A frame's task ends before its picture is shown: work asked for right
 * after it can still come, by the paint's own timestamp, before the paint (Lighthouse then counts its downloads in
 * the page's largest paint).
 */
export function afterFirstContentfulPaint() {
  if (!globalThis.PerformanceObserver?.supportedEntryTypes?.includes('paint')) return afterNextPaint();
  return new Promise((resolve) => {
    const paints = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      paints.disconnect();
      resolve();
    });
    paints.observe({ type: 'paint', buffered: true });
  });
}

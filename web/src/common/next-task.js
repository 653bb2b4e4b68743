// Yielding the page's thread between pieces of work, so that a view is built and drawn in several short tasks
// rather than one long one, and a tap or a keystroke in between is answered at once; and waiting for the frame.

import { nextTask } from '../../lib/next-task.js';

export { nextTask };

/**
 * The element's width, read at the start of the next frame, where the browser lays the page out anyway: a view
 * sizes its first drawing without forcing a layout of its own (and the layout lands in the frame's task, not
 * in the script's).
 */
export async function widthInNextFrame(element) {
  await nextFrame();
  return Math.round(element.getBoundingClientRect().width);
}

/** Resolves at the start of the next frame: what was added before it is laid out and painted in that frame. */
export function nextFrame() {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}

/** Resolves once what was added before it has been painted (the frame's rendering done, in the task after it). */
export async function afterNextPaint() {
  await nextFrame();
  await nextTask();
}

/**
 * Calls `callback` when the page's thread is idle (at most `timeout` ms later), or after `fallback` ms where the
 * browser has no idle callbacks (Safari): for work nobody waits on, kept out of the tasks that build and draw.
 */
export function whenIdle(callback, { timeout = 2000, fallback = 500 } = {}) {
  if (globalThis.requestIdleCallback) requestIdleCallback(() => callback(), { timeout });
  else setTimeout(callback, fallback);
}

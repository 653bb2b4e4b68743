// Drawing in slices: a part of a view below the fold is drawn when it comes near the screen, not with
// everything else. A view asks for a draw each time its data changes; the part runs the latest one when it is
// (or becomes) visible, and skips the ones it never showed. A draw with the same key as the last one drawn is
// skipped too: nothing is redrawn that did not change.
const margin = '300px'; // start drawing a little before the part scrolls in

export class DrawWhenVisible {
  #pending = null;
  #pendingKey = undefined;
  #drawnKey = undefined;
  #visible = false;
  #scheduled = false;

  /** @param {Element} element  the part on the page */
  constructor(element) {
    this.observer = new IntersectionObserver(
      (entries) => {
        this.#visible = entries.at(-1).isIntersecting;
        if (this.#visible) this.#flush();
      },
      { rootMargin: margin },
    );
    this.observer.observe(element);
  }

  /** Runs `draw` now if the part is visible, else when it becomes so; `key` (optional) names what it shows. */
  request(draw, key = undefined) {
    if (key !== undefined && key === this.#drawnKey) {
      this.#pending = null;
      return;
    }
    this.#pending = draw;
    this.#pendingKey = key;
    if (this.#visible) this.#flush();
  }

  /** Whether a draw is waiting for the part to be seen. */
  get waiting() {
    return this.#pending !== null;
  }

  // Each part draws in a task of its own, after the one that asked (which drew what the person is looking at):
  // no single task draws a whole view.
  #flush() {
    if (!this.#pending || this.#scheduled) return;
    this.#scheduled = true;
    setTimeout(() => {
      this.#scheduled = false;
      const draw = this.#pending;
      if (!draw || !this.#visible) return;
      this.#pending = null;
      this.#drawnKey = this.#pendingKey;
      draw();
    });
  }
}

/**
 * Watches a part of a view that is costly to build (a lesson's widget, the step view's stages: each needs the
 * module): `onScreen` resolves, after the next layout (never forcing one), with whether the part is on the screen;
 * `near` resolves when it comes onto the screen or the person first scrolls (whichever is first). A phone shows
 * the text and the controls first, and builds what is below them only for a person who goes there.
 * @param {Element} part
 * @returns {{ onScreen: Promise<boolean>, near: Promise<void> }}
 */
export function watchNearScreen(part) {
  let answer, arrive;
  const onScreen = new Promise((resolve) => (answer = resolve));
  const near = new Promise((resolve) => (arrive = resolve));
  const arrived = () => {
    observer.disconnect();
    removeEventListener('scroll', arrived);
    arrive();
  };
  const observer = new IntersectionObserver((entries) => {
    const visible = entries.at(-1).isIntersecting;
    answer(visible);
    if (visible) arrived();
  });
  observer.observe(part);
  addEventListener('scroll', arrived, { once: true, passive: true });
  return { onScreen, near };
}

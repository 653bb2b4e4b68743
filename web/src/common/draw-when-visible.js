// Drawing in slices: a part of a view below the fold is drawn when it comes near the screen, not with
// everything else. A view asks for a draw each time its data changes; the part runs the latest one when it is
// (or becomes) visible, and skips the ones it never showed. A draw with the same key as the last one drawn is
// skipped too: nothing is redrawn that did not change.
// Printing counts as seeing every part: a page printed without being scrolled prints every part drawn.
const margin = '300px'; // start drawing a little before the part scrolls in

// A person's print (Ctrl+P) fires `beforeprint`; Chromium's print to PDF fires it too, and emulated print media
// (a test's, or devtools') only makes `print` match. Either starts every drawing left for later, inside the event:
// what finishes synchronously is in the printout; what waits for the module, a model or a widget's code draws a
// moment later, so a page printed at once prints those parts' text and a line saying they are loading.
const printStarts = new Set(); // callbacks, each run whenever printing starts
let printing = false;
let printMedia = null;

function listenForPrinting() {
  if (printMedia) return;
  printMedia = matchMedia('print');
  const start = () => {
    if (printing) return;
    printing = true;
    for (const callback of [...printStarts]) callback();
  };
  addEventListener('beforeprint', start);
  addEventListener('afterprint', () => (printing = printMedia.matches));
  printMedia.addEventListener('change', () => (printMedia.matches ? start() : (printing = false)));
}

/** Whether the page is being printed (between `beforeprint` and `afterprint`, or print media matching). */
export function isPrinting() {
  listenForPrinting();
  return printing || printMedia.matches;
}

/** Runs `callback` whenever printing starts (see above); returns a function that stops it. */
export function onPrint(callback) {
  listenForPrinting();
  printStarts.add(callback);
  return () => printStarts.delete(callback);
}

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
    onPrint(() => this.#flush()); // for the view's life, as the observer
  }

  /** Runs `draw` now if the part is visible, else when it becomes so; `key` (optional) names what it shows. */
  request(draw, key = undefined) {
    if (key !== undefined && key === this.#drawnKey) {
      this.#pending = null;
      return;
    }
    this.#pending = draw;
    this.#pendingKey = key;
    if (this.#visible || isPrinting()) this.#flush();
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
      if (!draw || !(this.#visible || isPrinting())) return;
      this.#pending = null;
      this.#drawnKey = this.#pendingKey;
      draw();
    });
  }
}

/**
 * Watches a part of a view that is costly to build (a lesson's widget, the step view's stages: each needs the
 * module): `onScreen` resolves, after the next layout (never forcing one), with whether the part is on the screen;
 * `near` resolves when it comes onto the screen or the person first scrolls (whichever is first; a scroll before
 * the first layout's answer answers `onScreen` with true). A phone shows the text and the controls first, and
 * builds what is below them only for a person who goes there. Printing counts as both: a page printed unscrolled
 * prints the part drawn.
 * @param {Element} part
 * @returns {{ onScreen: Promise<boolean>, near: Promise<void> }}
 */
export function watchNearScreen(part) {
  let answer, arrive;
  const onScreen = new Promise((resolve) => (answer = resolve));
  const near = new Promise((resolve) => (arrive = resolve));
  const arrived = () => {
    // Near before the first layout's answer (a scroll came first: the page rebuilt under a scrolled reader, its
    // scroll anchored again): the part counts as on the screen, or `onScreen` would wait for an observer now gone.
    answer(true);
    observer.disconnect();
    removeEventListener('scroll', arrived);
    stopPrintWatch();
    arrive();
  };
  const stopPrintWatch = onPrint(arrived);
  const observer = new IntersectionObserver((entries) => {
    const visible = entries.at(-1).isIntersecting || isPrinting();
    answer(visible);
    if (visible) arrived();
  });
  observer.observe(part);
  addEventListener('scroll', arrived, { once: true, passive: true });
  return { onScreen, near };
}

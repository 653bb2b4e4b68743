// When a view or a custom element has settled: none of the work it started (a drawing, a worker's answer, a
// model's loading, a training run) is still under way, so what it shows answers the last thing asked of it. A host
// page, a test or a screenshot waits for that, never for the clock (docs/embed.md, "Waiting until it has settled"):
//   data-state="busy" | "settled"  on the view's section or the element (none yet: it has started nothing, e.g. an
//                                  element below the fold that waits for the reader)
//   data-settled="N"               how many times it has settled: a check that an action changed nothing reads it
//                                  before the action and looks once it has grown (the view took the action in)
//   a `settled` event              each time, bubbling (from an element's host: the views inside its shadow root
//                                  report to the element's own, `within`, and say nothing outside it)

/** What matches a view or element whose work is under way: nothing on a page that has settled matches it. */
export const busySelector = '[data-state="busy"]';

export class Settling {
  #holds = new Set(); // the work under way: a token per piece, or a name held until released
  #element = null;
  #count = 0;
  #outer = null; // the element's Settling this view's is part of

  /** @param {HTMLElement | null} [element]  where the state is said (or later, by `reportOn`) */
  constructor(element = null) {
    if (element) this.reportOn(element);
  }

  /** Says the state on `element` from now on (a view whose section is made after its parts). */
  reportOn(element) {
    this.#element = element;
    if (this.#holds.size > 0) element.dataset.state = 'busy';
    else if (this.#count > 0) this.#say();
  }

  /** Makes this view's work part of `outer`'s (a custom element's, around the view it shows). */
  within(outer) {
    this.#outer = outer;
    if (this.#holds.size > 0) outer.hold(this, true);
  }

  /** Busy until the returned function is called (once; later calls do nothing). */
  begin() {
    const token = Symbol('work');
    this.hold(token, true);
    return () => this.hold(token, false);
  }

  /** Busy while `work` (a promise, or a function returning one or a value) is under way; returns its result. */
  async during(work) {
    const end = this.begin();
    try {
      return await (typeof work === 'function' ? work() : work);
    } finally {
      end();
    }
  }

  /** Runs the synchronous `work` (a drawing) as one piece: settled again, once more, when it has returned. */
  after(work) {
    const end = this.begin();
    try {
      return work();
    } finally {
      end();
    }
  }

  /** Busy while the named piece of work `key` is held (`busy` true), e.g. a training run while its status says so. */
  hold(key, busy) {
    if (busy === this.#holds.has(key)) return;
    if (busy) {
      this.#holds.add(key);
      if (this.#element) this.#element.dataset.state = 'busy';
      this.#outer?.hold(this, true);
      return;
    }
    this.#holds.delete(key);
    if (this.#holds.size > 0) return;
    this.#count += 1;
    this.#say();
    this.#outer?.hold(this, false);
  }

  #say() {
    const element = this.#element;
    if (!element) return;
    element.dataset.state = 'settled';
    element.dataset.settled = String(this.#count);
    element.dispatchEvent(new CustomEvent('settled', { bubbles: true }));
  }
}

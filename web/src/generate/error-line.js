// The Generate view's one error line, put beside the control whose action failed (Start's, the writing's, or an
// experiment's) and brought into view: a learner reads a refusal where they clicked, not a screen away. Its own file
// because where an error is said is one job; what failed is the view's.
import { element } from '../common/controls.js';
import { languageModelRefusalText } from './refusal-text.js';

/** @typedef {'training' | 'writing' | 'induction' | 'sinks' | 'gpt2' | 'inside' | 'papers'} ErrorPlace */

export class ErrorLine {
  constructor() {
    this.line = element('p', { className: 'error', role: 'alert', hidden: true });
    /** The places the line can be put, each laid out beside its control (generate-layout.js). */
    this.places = Object.fromEntries(
      ['training', 'writing', 'induction', 'sinks', 'gpt2', 'inside', 'papers'].map((at) => [at, element('div')]),
    );
  }

  /**
   * Says `error` (in the page's language, as `say` words it) at `place`, brought into view.
   * @param {ErrorPlace} place  @param {(error: Error) => string} [say]
   */
  show(error, place, say = languageModelRefusalText) {
    this.line.textContent = say(error);
    this.line.hidden = false;
    if (this.line.parentElement !== this.places[place]) this.places[place].append(this.line);
    this.line.scrollIntoView?.({ block: 'nearest' });
  }

  hide() {
    this.line.hidden = true;
  }
}

// What the form's text, tokenizer and model would come to before any training: the worker builds a trainer for
// them and lets it go (generate-worker.js's preview), so that the tokenizer's summary (its tokens, characters per
// token, byte-pair merges) and the parameter count follow the form at once, not only once a run starts. Asked a
// moment after the last change (typing a text, choosing a tokenizer), and only the latest answer is kept.
import { trainerOptions } from './generate-state.js';
import { fetchAusten } from './shipped-files.js';

const waitMilliseconds = 400;

export class TokenizerPreview {
  /**
   * @param {{ ask: (options: object) => Promise<object>, onChange: () => void }} worker  ask: the worker's preview
   *   of trainer options; onChange: a new preview arrived (the view draws it)
   */
  constructor({ ask, onChange }) {
    this.ask = ask;
    this.onChange = onChange;
    this.info = null; // the latest preview's info (as a run's: generate-worker.js's trainerInfo)
    this.timer = null;
    this.asked = 0; // previews asked for: an answer to an older one is dropped
  }

  /** Previews the state's text, tokenizer and model, once the learner pauses. */
  request(state) {
    clearTimeout(this.timer);
    const asked = ++this.asked;
    this.timer = setTimeout(() => void this.#preview(state, asked), waitMilliseconds);
  }

  async #preview(state, asked) {
    try {
      // the novel is fetched once (a Start fetches the same copy); a learner's own text never leaves the tab
      const corpus = state.corpus === 'own' ? state.ownText : await fetchAusten();
      const info = await this.ask(trainerOptions(state, corpus));
      if (asked !== this.asked) return;
      this.info = info;
    } catch {
      // a text too short, a worker not started: the summary waits for a run, which says why
      if (asked !== this.asked) return;
      this.info = null;
    }
    this.onChange();
  }
}

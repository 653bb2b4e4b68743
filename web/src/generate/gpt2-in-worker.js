// The Generate worker's calls for GPT-2 and for looking inside any model: GPT-2 opened from the learner's four files
// (web/lib's loadLanguageModel({ gpt2 }), the weights read from the File piece by piece), its progress asked for by
// the page and its opening cancelled; lm.inspect() on the model written with; and the papers' measurements (induction
// heads on repeated random tokens, the first token's share of attention) on it. Its own file because the worker's
// own file holds the learner's run; these only read the model it writes with.
import { loadLanguageModel, sinkHeads } from '../../lib/index.js';
import { prefixMatchingScores, randomPieces } from './gpt2-measures.js';

// Full attention maps (every query's row) are asked for only up to this many tokens: 144 heads × 128² float32s is
// 9.4 MB handed to the page; longer texts have the chosen token's rows.
const fullMapsUpTo = 128;

/**
 * The end of `text` that `lm`'s context holds: whole characters dropped from its start until its tokens fit, as many
 * a round as there are tokens too many (or one).
 */
function lastContext(lm, text) {
  let characters = Array.from(text);
  for (;;) {
    const excess = lm.tokenize(characters.join('')).ids.length - lm.config.context;
    if (excess <= 0) return characters.join('');
    characters = characters.slice(Math.max(1, excess));
  }
}

/**
 * The calls, over the worker's model: `release()` lets the model written with (and any run) go; `use(lm)` makes
 * `lm` the model written with; `current()` is that model.
 * @param {{ release: () => void, use: (lm: object) => void, current: () => any }} worker
 */
export function gpt2Calls({ release, use, current }) {
  let opening = null; // { progress, controller, done, answer, error }: GPT-2's opening under way, or the last one

  async function open(files, { progress, controller }) {
    // a folder's URL (the address's generate.gpt2): web/lib fetches its four files; else the learner's File objects
    const texts = files.folder ? [] : [files.config.text(), files.vocab.text(), files.merges.text()];
    const [config, vocab, merges] = await Promise.all(texts);
    release(); // the model there was goes first: GPT-2 small's 500 MB and another model need not both fit
    const lm = await loadLanguageModel({
      gpt2: files.folder ?? { weights: files.weights, config, vocab, merges },
      onProgress: (report) => Object.assign(progress, report),
      signal: controller.signal,
    });
    use(lm);
    return { config: lm.config, tokenizer: lm.tokenizer, backend: lm.backend };
  }

  return {
    /**
     * Starts opening GPT-2 from `files` ({ weights, config, vocab, merges }: File objects, read here; or { folder }:
     * the absolute URL of a folder holding the four), answering at once: the page asks gpt2Progress() until it is
     * open, refused or cancelled.
     */
    startGpt2(files) {
      opening?.controller.abort();
      const progress = { phase: 'header', loaded: 0, total: files.weights?.size ?? 0 };
      const started = { progress, controller: new AbortController(), answer: null, error: null };
      started.done = open(files, started).then(
        (answer) => (started.answer = answer),
        (error) => (started.error = error),
      );
      opening = started;
      return { ...progress };
    },

    /**
     * Where the opening is, after it ends or `milliseconds` pass: { phase, loaded, total, opened } (opened: the
     * model's shape once open); its refusal or cancellation as the answer's error.
     */
    async gpt2Progress(milliseconds) {
      const watched = opening;
      await Promise.race([watched.done, new Promise((resolve) => setTimeout(resolve, milliseconds))]);
      if (watched.error) throw watched.error;
      return { ...watched.progress, opened: watched.answer };
    },

    /** Cancels the opening under way: web/lib frees what it had read, and the answer is an AbortError. */
    cancelGpt2() {
      opening?.controller.abort();
    },

    /**
     * lm.inspect() of the model written with on the end of `text` its context holds (a writing may be longer: the
     * model read it through a window), at `position` in that end (null: its last token): with the end's text.
     */
    inspect(text, position) {
      const lm = current();
      const read = lastContext(lm, text);
      const tokens = lm.tokenize(read).ids.length;
      const options = { top: 5, ...(position === null ? {} : { position }) };
      return { ...lm.inspect(read, tokens <= fullMapsUpTo ? { ...options, attention: 'full' } : options), read };
    },

    /**
     * The papers' measurements on the model written with: each head's prefix-matching score on `count` random pieces
     * of `text` said twice (Olsson et al. 2022) and its mean share of attention on the first token of `text` (Xiao
     * et al. 2023): { prefixMatching, shares, sinkRate, tokens }.
     */
    measurePapers(text, { count = 24, seed = 1 } = {}) {
      const lm = current();
      // twice the pieces inside the context, even when a piece is read as two tokens
      const pieces = randomPieces(lm, text, Math.min(count, Math.floor(lm.config.context / 4)), seed);
      const inspected = lm.inspect(pieces + pieces, { attention: 'full', top: 1 });
      const prefixMatching = prefixMatchingScores(inspected);
      return { prefixMatching, ...sinkHeads(lm, text), tokens: inspected.tokens.length };
    },
  };
}

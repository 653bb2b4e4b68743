// A worker for the toolkit's tests (worker-connection.test.js): methods that answer, refuse, trap, take their time,
// never answer, or end the worker's script, each answering as every view's worker does (exposeAnswers).
import { exposeAnswers, transferred } from '../../../../web/src/common/worker-answers.js';

let calls = 0;

exposeAnswers({
  warm: () => 'warm',
  echo: (value) => {
    calls += 1;
    return value;
  },
  calls: () => calls,
  // web/lib's refusals: a RangeError naming its kind and numbers, a TypeError, an error of its own name
  refuse: () => {
    throw Object.assign(new RangeError('translate: 13 words, at most 12'), { kind: 'too-long', words: 13, limit: 12 });
  },
  mistype: () => {
    throw new TypeError('translate: sentence must be a string');
  },
  unknownWord: () => {
    const error = Object.assign(new RangeError('translate: unknown word "zorp"'), {
      kind: 'unknown-words',
      readings: { zorp: { kind: 'misspelling', base: '', suggestions: ['zoo'] } },
    });
    error.name = 'UnknownWordError';
    throw error;
  },
  // a WebAssembly trap, as the module throws it
  trap: () => {
    throw new WebAssembly.RuntimeError('Out of bounds memory access');
  },
  bytes: (length) => {
    const bytes = new Uint8Array(length).fill(7);
    return transferred(bytes, [bytes.buffer]);
  },
  wait: (milliseconds) => new Promise((resolve) => setTimeout(() => resolve(milliseconds), milliseconds)),
  never: () => new Promise(() => {}),
  // the script failing after its start, as an uncaught error in a worker does
  crash: () => {
    setTimeout(() => {
      throw new Error('out of memory');
    });
    return new Promise(() => {});
  },
});

// How failures reported by the module become JS errors. The module answers { error: { type, message, … } }
// rather than throwing (see cpp/bindings/js_values.h); these turn that into a real, catchable error.

/**
 * A sentence used words the model does not know. `readings[word]` says what kind of word each is, as far as the
 * grammar's lexicon can tell ({ kind, base, suggestions }: "verb-form", "eat", the verb's known forms), and
 * `suggestions[word]` lists its known words to use instead.
 */
export class UnknownWordError extends RangeError {
  constructor(message, unknownWords, readings) {
    super(message);
    this.name = 'UnknownWordError';
    this.kind = /** @type {const} */ ('unknown-words');
    this.unknownWords = unknownWords;
    this.readings = Object.fromEntries(unknownWords.map((word, i) => [word, readings[i]]));
    this.suggestions = Object.fromEntries(unknownWords.map((word, i) => [word, readings[i].suggestions]));
  }
}

/**
 * A build could not be loaded: a file it needs (its glue, its wasm) could not be fetched or imported, or its
 * threads' workers did not start (a script refused by the page's CSP or missing, or silent for 10 s). `backend`
 * names the build; `cause` is what the engine reported, when it reported anything.
 */
export class ModuleLoadError extends Error {
  constructor(message, backend, options = undefined) {
    super(message, options);
    this.name = 'ModuleLoadError';
    this.kind = /** @type {const} */ ('module-load');
    /** @type {import('./index.js').Backend} */
    this.backend = backend;
  }
}

/**
 * A weight file could not be read: a shipped model's file the package leaves out (modelInPackage false in the registry) or a host did not serve, or
 * a URL that answered nothing. `file` is the URL tried; the message says how to pass the file instead.
 */
export class ModelFileError extends Error {
  constructor(message, file, options = undefined) {
    super(message, options);
    this.name = 'ModelFileError';
    this.kind = /** @type {const} */ ('model-file');
    this.file = file;
  }
}

/** Returns `result`, or throws the TypeError/RangeError (or UnknownWordError) it describes. */
export function unwrap(result, operation) {
  const { error } = result;
  if (!error) return result;
  const message = `${operation}: ${error.message}`;
  if (error.kind === 'unknown-words') throw new UnknownWordError(message, error.unknownWords, error.readings);
  /**
   * @type {Error & { kind?: string, side?: string, words?: number, count?: number, limit?: number,
   *   lines?: { line: number, message: string, kind: string }[] }}
   */
  const failure = error.type === 'TypeError' ? new TypeError(message) : new RangeError(message);
  // Why, for a page to say it in its own language: the kind, and the side and numbers it names.
  for (const name of ['kind', 'side', 'words', 'count', 'limit'])
    if (error[name] !== undefined) failure[name] = error[name];
  if (error.lines) failure.lines = error.lines; // pasted pairs: every bad line as { line, message, kind, … }
  throw failure;
}

/**
 * Runs `body`, prefixing a TypeError or RangeError from the argument checks with the operation ("translate:
 * options.seed must be a number, …"), as the module's own errors are prefixed by unwrap().
 */
export function withOperation(operation, body) {
  try {
    return body();
  } catch (error) {
    const Kind = error instanceof TypeError ? TypeError : error instanceof RangeError ? RangeError : null;
    if (Kind && !error.message.startsWith(`${operation}: `)) throw new Kind(`${operation}: ${error.message}`);
    throw error;
  }
}

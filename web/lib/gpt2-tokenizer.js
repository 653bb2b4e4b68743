// GPT-2's tokenizer from the files a learner downloads (vocab.json, merges.txt), run by the module's C++
// (cpp/src/text/gpt2_files.cpp): byte-level BPE with GPT-2's byte-to-unicode table, its pre-tokenizing pattern and
// merges by rank, the literal <|endoftext|> its one token. The same ids as GPT-2's own encoder and as tiktoken's
// r50k with every special token allowed.
import { checkKnownKeys } from './known-keys.js';
import { languageModelModule, resolveLanguageModelBackend } from './load-module.js';
import { unwrap, withOperation } from './errors.js';
import { ModuleHandle } from './module-handle.js';
import { describe } from './validate.js';

/**
 * A JS string as TextEncoder would write it: a lone surrogate becomes U+FFFD (the module reads UTF-8, and
 * Embind's own conversion would make something else of it).
 */
const wellFormed = (text) =>
  typeof text.toWellFormed === 'function'
    ? text.toWellFormed()
    : text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

class Gpt2Tokenizer {
  #handle;

  constructor(module, created) {
    this.#handle = new ModuleHandle(module, created.id, 'GPT-2 tokenizer', 'gpt2TokenizerFree');
    /** The vocabulary's size (50,257 for GPT-2). */
    this.size = created.size;
    /** <|endoftext|>'s id (50,256 for GPT-2), or -1 when the vocabulary has none. */
    this.endOfText = created.endOfText;
    Object.freeze(this);
  }

  /** The ids of `text`, as GPT-2 tokenizes it. */
  encode(text) {
    if (typeof text !== 'string') throw new TypeError(`encode: text must be a string, got ${describe(text)}`);
    return this.#handle.call('encode', 'gpt2TokenizerEncode', wellFormed(text)).ids;
  }

  /** The text of `ids` (an array or Int32Array), a UTF-8 sequence cut inside a character written as U+FFFD. */
  decode(ids) {
    if (!Array.isArray(ids) && !(ids instanceof Int32Array))
      throw new TypeError(`decode: ids must be an array or an Int32Array, got ${describe(ids)}`);
    return this.#handle.call('decode', 'gpt2TokenizerDecode', ids).text;
  }

  /** Frees the tokenizer in the module; any call after throws a RangeError. */
  dispose() {
    this.#handle.dispose();
  }
}

/**
 * GPT-2's tokenizer from `vocab` (vocab.json as text, or the object it holds) and `merges` (merges.txt as text).
 * Files that are not GPT-2's are refused with a RangeError whose kind is 'vocab' or 'merges' and whose message
 * says what is wrong. backend as for loadLanguageModel.
 */
export async function gpt2Tokenizer(options) {
  checkKnownKeys(options, { vocab: null, merges: null, backend: null }, { operation: 'gpt2Tokenizer' });
  const { vocab, merges } = options;
  const vocabText =
    typeof vocab === 'string' ? vocab : vocab && typeof vocab === 'object' ? JSON.stringify(vocab) : null;
  if (vocabText === null)
    throw new TypeError(`gpt2Tokenizer: options.vocab must be vocab.json's text or its object, got ${describe(vocab)}`);
  if (typeof merges !== 'string')
    throw new TypeError(`gpt2Tokenizer: options.merges must be merges.txt's text, got ${describe(merges)}`);
  const backend = withOperation('gpt2Tokenizer', () => resolveLanguageModelBackend(options.backend));
  const module = await languageModelModule(backend);
  return new Gpt2Tokenizer(module, unwrap(module.gpt2TokenizerCreate(vocabText, merges), 'gpt2Tokenizer'));
}

// What loadLanguageModel knows of GPT-2 before GPT-2's reading (gpt2.js) is fetched: its options' shape, checked
// when it is called, and the names of GPT-2's four files. gpt2.js is imported only when a page opens GPT-2, so a page
// (or the elements) that never does downloads none of it.
import { checkKnownKeys } from './known-keys.js';

/** GPT-2's four files under the names Hugging Face gives them, by what each is to the loader. */
export const gpt2FileNames = Object.freeze({
  weights: 'model.safetensors',
  config: 'config.json',
  vocab: 'vocab.json',
  merges: 'merges.txt',
});

const operation = 'loadLanguageModel';
const loadOptionShape = { backend: null, weights: null, weightBits: null, gpt2: null, onProgress: null, signal: null };

/** loadLanguageModel's options: a weight file of ours (weights) or GPT-2's (gpt2, with onProgress and signal). */
export function checkLoadOptions(options) {
  checkKnownKeys(options, loadOptionShape, { operation });
  if (options.gpt2 !== undefined) return;
  for (const key of ['onProgress', 'signal'])
    if (options[key] !== undefined) throw new TypeError(`${operation}: options.${key} goes with options.gpt2`);
}

// The Generate view's two large files, fetched only when a learner asks for them: Pride and Prejudice (685 kB, when
// training on it starts) and the language model trained on it (when they choose to write with it). Vite emits both as
// assets of the build (web/corpora is not the public folder), and the service worker caches them only once fetched,
// so a visitor who never asks never downloads them.
import { errorTexts } from './generate-text.js';

const austenUrl = new URL('../../corpora/pride-and-prejudice.txt', import.meta.url);
const trainedModelUrl = new URL('../../corpora/pride-and-prejudice-language-model.bin', import.meta.url);

/**
 * What scripts/train-model.sh trained the shipped model with, and what it scores on the novel's held-out tenth: said
 * on the page, and held to the file by tests/web/generate/trained-model.test.js.
 */
export const trainedModel = Object.freeze({ steps: 3000, batch: 16, heldOutBitsPerCharacter: 2.04 });

/**
 * `read(response)` of `url`, fetched once; a failed fetch is tried again at the next call.
 * @param {URL} url @param {(status: number) => string} refused  the error's words for a refused fetch
 * @param {(response: Response) => Promise<any>} read
 */
function fetchedOnce(url, refused, read) {
  let pending = null;
  return () => {
    pending ??= fetch(url).then((response) => {
      if (!response.ok) throw new Error(refused(response.status));
      return read(response);
    });
    pending.catch(() => (pending = null));
    return pending;
  };
}

/** The novel's text. */
export const fetchAusten = fetchedOnce(austenUrl, errorTexts.austenFetch, (response) => response.text());

/** The trained model's weight file, for loadLanguageModel({ weights }). */
export const fetchTrainedModel = fetchedOnce(
  trainedModelUrl,
  errorTexts.modelFetch,
  async (response) => new Uint8Array(await response.arrayBuffer()),
);

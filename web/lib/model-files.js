// Weight files as loadTranslator and loadLanguageModel take them (`weights`): a shipped model's name, a URL, or the
// bytes. A file that cannot be read is a ModelFileError naming it and how to pass it, not the engine's bare
// "ENOENT" or "HTTP 404".
import { assetUrl, besideThisFile, readBytes } from './load-module.js';
import { ModelFileError } from './errors.js';
import * as validate from './validate.js';

/**
 * The translation models trained by `npm run train` (cpp/tools/train), by name, each fetched only when asked for.
 * The package holds en-es and en-ja; en-mr is found beside this library at run time (a build of the repository and
 * the playground's site have it there), so a bundler does not copy a file the package does not have.
 */
const translatorModels = {
  'en-es': { url: new URL('./models/en-es.bin', import.meta.url), packaged: true },
  'en-ja': { url: new URL('./models/en-ja.bin', import.meta.url), packaged: true },
  'en-mr': { url: null, packaged: false },
};
/** The names `loadTranslator({ weights })` opens. */
export const shippedModelNames = Object.freeze(Object.keys(translatorModels));

/** Where a relative URL is read from: the page in a browser, this library's folder in Node. */
const relativeTo = () => (typeof location === 'object' ? location.href : import.meta.url);

/** The bytes at `url`, or a ModelFileError saying which file could not be read, why, and `hint`. */
async function readWeightFile(url, operation, what, hint) {
  try {
    return await readBytes(url);
  } catch (error) {
    const why = error?.code === 'ENOENT' ? 'no such file' : (error?.message ?? String(error));
    throw new ModelFileError(`${operation}: ${what} could not be read (${why})${hint}`, url.href, { cause: error });
  }
}

/**
 * A translator's weight file: the default model (en-es), a shipped model by name, a URL or string (relative to the
 * page), or its bytes. Throws a TypeError at once for anything else.
 * @returns {Uint8Array | Promise<Uint8Array>}
 */
export function translatorWeightBytes(weights) {
  const name = weights ?? 'en-es';
  if (typeof name === 'string' && Object.hasOwn(translatorModels, name)) {
    const { url, packaged } = translatorModels[name];
    const file = `models/${name}.bin`;
    const hint = packaged
      ? `; serve the package's web/lib/${file} in the models/ folder next to the library (or under setAssetBase()), or pass its bytes or URL as { weights }`
      : `: the npm package leaves the ${name} model out (the package stays under 1 MB); pass web/lib/${file} of a build of the repository as loadTranslator({ weights: bytes or URL }), or serve it in the models/ folder next to the library (or under setAssetBase())`;
    return readWeightFile(
      assetUrl(file, url ?? besideThisFile(file)),
      'loadTranslator',
      `the ${name} model’s file ${file}`,
      hint,
    );
  }
  return weightBytes(
    weights,
    'loadTranslator',
    'a translation model weight file',
    ` (the models that open by name are ${shippedModelNames.join(', ')})`,
  );
}

/**
 * The bytes of a weight file given as bytes, an ArrayBuffer, or a URL (a string relative to the page); a value of
 * the wrong type throws a TypeError at once, so the error names the operation.
 * @returns {Uint8Array | Promise<Uint8Array>}
 */
export function weightBytes(weights, operation, what, hint = '') {
  if (weights instanceof Uint8Array) return weights;
  if (weights instanceof ArrayBuffer) return new Uint8Array(weights);
  if (typeof weights === 'string' || weights instanceof URL) {
    const url = new URL(weights, relativeTo());
    return readWeightFile(url, operation, `the weight file ${url.href}`, hint);
  }
  throw new TypeError(
    `${operation}: options.weights must be ${what}: a Uint8Array, an ArrayBuffer, or its URL, got ${validate.describe(weights)}`,
  );
}

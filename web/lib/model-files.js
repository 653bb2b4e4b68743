// Weight files as loadTranslator and loadLanguageModel take them (`weights`): a shipped model's name, a URL, or the
// bytes. A file that cannot be read is a ModelFileError naming it and how to pass it, not the engine's bare
// "ENOENT" or "HTTP 404".
import { assetUrl, besideThisFile, readBytes } from './load-module.js';
import { ModelFileError } from './errors.js';
import { modelFiles, packagedModelUrls } from './language-pairs.js';
import * as validate from './validate.js';

/**
 * The translation models trained by `npm run train` (cpp/tools/train), by name: the registry's language pairs with a
 * model (language-pairs.js: modelFiles), each fetched only when asked for. The package holds those in packagedModelUrls; the
 * others are found beside this library at run time (a build of the repository and the playground's site have them
 * there), so a bundler does not copy a file the package does not have.
 */
const translatorModels = Object.fromEntries(
  Object.entries(modelFiles).map(([name, file]) => [
    name,
    { file: `models/${file}`, url: packagedModelUrls[name] ?? null },
  ]),
);
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
 * A translator's weight file: the default model (the first shipped one), a shipped model by name, a URL or string (relative to the
 * page), or its bytes. Throws a TypeError at once for anything else.
 * @returns {Uint8Array | Promise<Uint8Array>}
 */
export function translatorWeightBytes(weights) {
  const name = weights ?? shippedModelNames[0];
  if (typeof name === 'string' && Object.hasOwn(translatorModels, name)) {
    const { file, url } = translatorModels[name];
    const hint = url
      ? `; serve the package's web/lib/${file} in the models/ folder next to the library (or under setAssetBase()), or pass its bytes or URL as { weights }`
      : `: the npm package leaves the ${name} model out (it holds the default model alone, for its budget: docs/embed.md); pass web/lib/${file} of a build of the repository as loadTranslator({ weights: bytes or URL }), or serve it in the models/ folder next to the library (or under setAssetBase())`;
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

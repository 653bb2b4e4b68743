// A translation model the scripts measure, by name: the package's own (en-es, en-ja) by name, as loadTranslator
// finds it; the site's only (en-mr, left out of the package) as the bytes of its file beside them.
import { readFileSync } from 'node:fs';
import { shippedModelNames } from '../../web/lib/translator.js';

/** What loadTranslator({ weights }) takes for the shipped model `name`. */
export const siteModel = (name) =>
  shippedModelNames.includes(name) ? name : readFileSync(new URL(`../../web/lib/models/${name}.bin`, import.meta.url));

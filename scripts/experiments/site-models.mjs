// A translation model the scripts measure, by name: the package's own by name, as loadTranslator finds it; the
// site's only (left out of the package) as the bytes of its file beside them. shippedModels: every one, in the
// registry's order (web/lib/language-pairs.js).
import { readFileSync } from 'node:fs';
import { languagePairs } from '../../web/lib/language-pairs.js';
import { shippedModelNames } from '../../web/lib/translator.js';

/** The names of every shipped translation model, the package's and the site's. */
export const shippedModels = languagePairs.filter((pair) => pair.model !== null).map((pair) => pair.id);

/** What loadTranslator({ weights }) takes for the shipped model `name`. */
export const siteModel = (name) =>
  shippedModelNames.includes(name)
    ? name
    : readFileSync(
        new URL(`../../web/lib/models/${languagePairs.find((pair) => pair.id === name).model}`, import.meta.url),
      );

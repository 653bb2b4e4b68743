// The elements' other languages, in their one-file bundle: each locale's messages of the elements' sections are one
// file beside the bundle, `locales/<locale>.json`, written by the build (scripts/locale-messages.mjs), fetched the
// first time an element speaks that locale. A file holds, for each section, the messages' syntax trees in the order
// of the bundled English's keys (keys would be a quarter of its bytes) and a fingerprint of those keys: the package
// ships every locale for every element inside its 1 MB. Only the bundle uses this module; from the sources, sections are imported one by one.
import { englishMessages } from '../src/i18n/english-messages.js';
import { keysFingerprint } from '../src/i18n/keys-fingerprint.js';

const files = new Map(); // the file's URL → Promise of { section: syntax trees }

function fetchLocaleFile(href) {
  if (!files.has(href)) {
    const file = fetch(href).then((response) => {
      if (!response.ok) throw new Error(`could not load the elements' messages from ${href} (HTTP ${response.status})`);
      return response.json();
    });
    file.catch(() => files.delete(href)); // a failed fetch (offline) may be retried by the next element
    files.set(href, file);
  }
  return files.get(href);
}

/**
 * `section`'s messages, by key, from the locale file at `url`. Rejects, naming the file, when it cannot be fetched
 * or was written for another version of the bundle (a CDN mixing versions): its keys' fingerprint differs.
 * @param {URL} url
 * @param {string} section
 */
export async function bundledLocaleSection(url, section) {
  const file = await fetchLocaleFile(url.href);
  const keys = Object.keys(englishMessages).filter((key) => key.startsWith(`${section}.`));
  const { keys: fingerprint, messages } = file?.[section] ?? {};
  if (fingerprint !== keysFingerprint(keys) || !Array.isArray(messages) || messages.length !== keys.length)
    throw new Error(
      `${url.href} is not this bundle's: its "${section}" messages are another version's (serve the files of one version together)`,
    );
  return Object.fromEntries(keys.map((key, index) => [key, messages[index]]));
}

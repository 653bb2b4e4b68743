// A short fingerprint of a list of message keys (FNV-1a, 32 bits, as 8 hex digits): the elements' locale files
// carry one per section, written by the build from English's keys, and the bundle checks it against the keys it
// has, so a file of another version (a key renamed, added or moved) is refused, not shown as other messages.
// Pure: the build (Node) and the bundle (the browser) run the same function.

/** @param {readonly string[]} keys */
export function keysFingerprint(keys) {
  let hash = 0x811c9dc5;
  for (const char of keys.join('\n')) {
    hash ^= char.codePointAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

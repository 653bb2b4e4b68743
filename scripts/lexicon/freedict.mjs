// FreeDict's dictd files (Debian: dict-freedict-eng-spa, dict-freedict-eng-jpn): the .index lists each
// headword with its entry's offset and length in base64 digits, into the .dict.dz, a gzip file (dictzip's
// random-access header is gzip's extra field, so plain gunzip reads it whole).
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

const digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const number = (b64) => [...b64].reduce((n, c) => n * 64 + digits.indexOf(c), 0);

// The entries of a FreeDict dictionary by lowercase headword (a headword may have several), or null when the
// Debian package is not installed.
export function readFreeDict(name, dir = '/usr/share/dictd') {
  const index = `${dir}/freedict-${name}.index`;
  if (!existsSync(index)) return null;
  const text = gunzipSync(readFileSync(`${dir}/freedict-${name}.dict.dz`));
  const entries = new Map();
  for (const line of readFileSync(index, 'utf8').split('\n')) {
    const [head, offset, length] = line.split('\t');
    if (!length || head.startsWith('00database')) continue;
    const start = number(offset);
    // the entry's first line repeats the headword and its pronunciation: only the senses after it count
    const body = text
      .subarray(start, start + number(length))
      .toString('utf8')
      .split('\n')
      .slice(1)
      .join('\n');
    const key = head.toLowerCase();
    entries.set(key, [...(entries.get(key) ?? []), body]);
  }
  return entries;
}

// Whether a dictionary's entries for `english` give `translation`: as a whole word or phrase of a sense (a
// Spanish entry), or anywhere in it (Japanese, written without spaces).
export function lists(dictionary, english, translation, { wholeWord }) {
  const bodies = dictionary.get(english.toLowerCase()) ?? [];
  if (!wholeWord) return bodies.some((b) => b.includes(translation));
  const escaped = translation.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(`(^|[^\\p{L}])${escaped}($|[^\\p{L}])`, 'iu');
  return bodies.some((b) => re.test(b));
}

// Tokens grouped back into the characters they spell (token-pieces.js's characterGroups): whatever way a text's
// bytes are cut into byte tokens, the groups spell the text again, each group ends where a character does, and
// bytes that make no character are shown as <0xNN>, never as U+FFFD. Seeded (property-seed.js).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import '../property-seed.js';
import { propertyRuns } from '../property-seed.js';
import { characterGroups, readablePieces } from '../../../web/src/generate/token-pieces.js';

const byteToken = (bytes) => bytes.map((b) => `<0x${b.toString(16).toUpperCase().padStart(2, '0')}>`).join('');

/** `text`'s bytes cut into byte tokens at the offsets `cuts` (sorted, inside the text). */
function cutIntoByteTokens(text, cuts) {
  const bytes = [...new TextEncoder().encode(text)];
  const at = [0, ...[...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b), bytes.length];
  return at.slice(1).flatMap((end, k) => (end > at[k] ? [byteToken(bytes.slice(at[k], end))] : []));
}

describe('characters grouped from tokens', () => {
  it('puts a character split over byte tokens back together, and keeps whole pieces as they are', () => {
    const groups = characterGroups(['c', 'a', 'f', '<0xC3>', '<0xA9>', '<0xE2><0x82>', '<0xAC>', ' ']);
    expect(groups).toEqual([
      { first: 0, count: 1, text: 'c', bytes: false },
      { first: 1, count: 1, text: 'a', bytes: false },
      { first: 2, count: 1, text: 'f', bytes: false },
      { first: 3, count: 2, text: 'é', bytes: true },
      { first: 5, count: 2, text: '€', bytes: true },
      { first: 7, count: 1, text: ' ', bytes: false },
    ]);
  });

  it('shows bytes that make no character as <0xNN>, never as U+FFFD', () => {
    expect(readablePieces(['x', '<0xFF>', '<0xC3>', 'y', '<0xE2><0x82>'])).toBe('x<0xFF><0xC3>y<0xE2><0x82>');
    expect(readablePieces(['<0xED><0xA0><0x80>'])).toBe('<0xED><0xA0><0x80>'); // a surrogate's bytes
    expect(readablePieces(['<0xEF><0xBF><0xBD>'])).toBe('\uFFFD'); // the replacement character itself, written
  });

  it('spells any text again however its bytes are cut, each group ending on a character', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 30 }),
        fc.array(fc.nat(200), { maxLength: 40 }),
        (text, cuts) => {
          const pieces = cutIntoByteTokens(text, cuts);
          const groups = characterGroups(pieces);
          expect(groups.map((g) => g.text).join('')).toBe(text);
          expect(groups.reduce((sum, g) => sum + g.count, 0)).toBe(pieces.length);
          groups.forEach((g, k) => expect(g.first).toBe(k === 0 ? 0 : groups[k - 1].first + groups[k - 1].count));
          // the fewest tokens that do: no token inside a group ends on a character's end (its prefix ends in a stray byte)
          for (const g of groups)
            for (let end = g.first + 1; end < g.first + g.count; end++)
              expect(readablePieces(pieces.slice(g.first, end))).toMatch(/<0x[0-9A-F]{2}>$/);
        },
      ),
      { numRuns: propertyRuns(100) },
    );
  });
});

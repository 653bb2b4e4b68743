// The Unicode table GPT-2's pre-tokenizing pattern reads (cpp/src/text/unicode_classes.inc) is what
// scripts/unicode-classes.mjs writes from this engine's own regular expressions: a table edited by hand, or left
// behind by a newer Unicode, fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderUnicodeClasses, unicodeClassRanges } from '../../../scripts/unicode-classes.mjs';

describe('unicode_classes.inc', () => {
  it('is what the generator writes now', () => {
    const committed = readFileSync(new URL('../../../cpp/src/text/unicode_classes.inc', import.meta.url), 'utf8');
    expect(committed).toBe(renderUnicodeClasses());
  });

  it("holds Python regex's \\s (White_Space), not JavaScript's: U+0085 in, U+FEFF out", () => {
    const ranges = unicodeClassRanges();
    const classOf = (codePoint) => ranges.find(([first, last]) => codePoint >= first && codePoint <= last)?.[2] ?? 0;
    expect(classOf(0x85)).toBe(3);
    expect(classOf(0xfeff)).toBe(0);
    expect(classOf(0x20)).toBe(3);
    expect(classOf(0x41)).toBe(1);
    expect(classOf(0x0967)).toBe(2);
    const spaces = ranges.filter(([, , c]) => c === 3).reduce((n, [first, last]) => n + last - first + 1, 0);
    expect(spaces).toBe(25); // regex 2026.5.9: the 25 code points of \p{White_Space}
  });
});

#!/usr/bin/python3
"""Makes the one web font the site ships (web/src/app/fonts/noto-sans-devanagari-marathi.woff2).

Noto Sans Devanagari Regular (Debian's fonts-noto-core; SIL Open Font License 1.1, web/src/app/fonts/README.md), cut
down to what the English → Marathi model writes: the words of its target vocabulary (read from
web/lib/models/en-mr.bin), shaped by HarfBuzz with the whole font, give the glyphs to keep; every width variant of
the i-matra (the font picks one by the consonants it spans); and, for any word the cut font would shape otherwise,
the glyphs its shaping rules pass through. The result shapes every word to the same glyphs at the same positions
as the whole font (checked here, and the script fails otherwise): about 11 kB instead of 229 kB (21 kB cut by
code points alone). Not part of the build: re-run it when the Marathi vocabulary changes (it needs
fonts-noto-core, python3-fonttools, python3-brotli and libharfbuzz-bin's hb-shape);
tests/e2e/translation/marathi.test.js checks, in Chromium, that it alone draws every word of the vocabulary.
Usage: scripts/subset-devanagari-font.py
"""
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
SOURCE = Path('/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf')
MODEL = ROOT / 'web/lib/models/en-mr.bin'
OUT = ROOT / 'web/src/app/fonts/noto-sans-devanagari-marathi.woff2'
JOINERS_AND_DANDAS = {0x200C, 0x200D, 0x0964, 0x0965}


def target_words(model_path):
    """The target vocabulary of a weight file (cpp/src/model/weights_file.cpp's layout)."""
    data = model_path.read_bytes()
    version = struct.unpack_from('<I', data, 4)[0]
    at = 8 + 6 * 4 + (4 if version >= 2 else 0) + (4 if version >= 3 else 0) + (4 if version >= 4 else 0)
    vocabularies = []
    for _ in range(2):
        count = struct.unpack_from('<I', data, at)[0]
        at += 4
        words = []
        for _ in range(count):
            length = data[at]
            words.append(data[at + 1 : at + 1 + length].decode('utf-8'))
            at += 1 + length
        vocabularies.append(words)
    return [w for w in vocabularies[1] if any(0x900 <= ord(c) <= 0x97F for c in w)]


def shaped(font_path, words):
    """Each word's glyph names and positions, as HarfBuzz shapes it with the font."""
    with tempfile.NamedTemporaryFile('w', encoding='utf-8', suffix='.txt') as text:
        text.write('\n'.join(words))
        text.flush()
        out = subprocess.run(
            ['hb-shape', '--no-clusters', str(font_path), f'--text-file={text.name}'],
            check=True, capture_output=True, text=True,
        ).stdout
    return out.splitlines()


def glyph_names(shaping):
    return {part.split('+')[0].split('@')[0] for line in shaping for part in line.strip('[]').split('|')}


def rule_glyphs(word):
    """Every glyph the font's shaping rules can reach from the word's letters (fontTools' closure)."""
    options = subset.Options()
    options.layout_features = ['*']
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=word)
    font = TTFont(SOURCE)
    subsetter._prune_pre_subset(font)
    subsetter._closure_glyphs(font)
    return set(subsetter.glyphs_retained)


def cut(glyphs, unicodes, out, flavor=None):
    options = subset.Options()
    options.layout_features = ['*']
    options.layout_closure = False  # only the glyphs asked for: the closure would keep 358 of them
    options.hinting = False
    options.name_IDs = [0, 1, 2]  # the copyright notice (the licence asks it be kept), the family and its style
    options.glyph_names = flavor is None  # names for the shaping check; none in the shipped file
    font = TTFont(SOURCE)
    subsetter = subset.Subsetter(options)
    subsetter.populate(glyphs=sorted(glyphs), unicodes=sorted(unicodes))
    subsetter.subset(font)
    font.flavor = flavor
    font.save(out)


def main():
    words = target_words(MODEL)
    unicodes = {ord(c) for w in words for c in w} | JOINERS_AND_DANDAS
    reference = shaped(SOURCE, words)
    glyphs = glyph_names(reference) | {g for g in TTFont(SOURCE).getGlyphOrder() if g.startswith('ivowelsign')}
    with tempfile.TemporaryDirectory() as folder:
        check = Path(folder) / 'check.ttf'
        for _ in range(5):
            cut(glyphs, unicodes, check)
            mismatched = [w for w, a, b in zip(words, reference, shaped(check, words)) if a != b]
            if not mismatched:
                break
            for word in mismatched:
                glyphs |= rule_glyphs(word)
        else:
            sys.exit(f'subset-devanagari-font: {len(mismatched)} words still shape otherwise, e.g. {mismatched[:3]}')
    cut(glyphs, unicodes, OUT, flavor='woff2')
    print(f'{OUT.relative_to(ROOT)}: {OUT.stat().st_size} bytes, {len(glyphs)} glyphs, {len(words)} words shaped alike')


main()

#!/usr/bin/env bash
# Makes the one web font the site ships (web/lib/fonts/noto-sans-devanagari-marathi.woff2): Noto Sans
# Devanagari Regular (Debian's fonts-noto-core; SIL Open Font License 1.1, web/lib/fonts/README.md), cut down
# to the Devanagari letters and signs the English → Marathi model can write (every one in cpp/src/data's Marathi
# files) with the shaping rules that join them, without hinting: 21 kB instead of 229. A system without a
# Devanagari font (this project's test machines, many phones) draws the translations' Marathi with it.
# Not part of the build: re-run it (it needs fonts-noto-core, python3-fonttools and python3-brotli) when the
# Marathi words gain a letter; tests/web/app/devanagari-font.test.js checks the font covers them all.
set -euo pipefail
cd "$(dirname "$0")/.."
source_font=/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf
# The Devanagari code points of the Marathi grammar, the danda and double danda, and the joiners.
unicodes=$(cat cpp/src/data/marathi*.cpp cpp/src/data/marathi*.h |
  /usr/bin/python3 -c 'import sys; print(",".join(sorted({"U+%04X" % ord(c) for c in sys.stdin.read() if 0x900 <= ord(c) <= 0x97f} | {"U+0964", "U+0965", "U+200C", "U+200D"})))')
/usr/bin/python3 -m fontTools.subset "$source_font" --unicodes="$unicodes" --layout-features='*' --no-hinting \
  --flavor=woff2 --output-file=web/lib/fonts/noto-sans-devanagari-marathi.woff2
ls -l web/lib/fonts/noto-sans-devanagari-marathi.woff2

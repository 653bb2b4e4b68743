// Marathi on any system: the site's one web font (fonts/README.md: Noto Sans Devanagari cut to the English →
// Marathi model's words) added to the document's fonts when a model of a pair written in Devanagari is opened, from
// script rather than a stylesheet so the page declares it only then. Declared for Devanagari code points only, and
// first in the page's and the maps' font families (devanagariFamily), so it draws Marathi even where a system font
// could.
// Not the package's: the English → Marathi model and this font are the site's (docs/embed.md says why).
import { languagePairs } from '../../lib/language-pairs.js';
import { devanagariFamily } from '../common/devanagari-family.js';

const fontUrl = new URL('./fonts/noto-sans-devanagari-marathi.woff2', import.meta.url);
let registered = false;

/** Adds the font face to the document, once. */
export function registerDevanagariFont() {
  if (registered || typeof document === 'undefined' || typeof FontFace === 'undefined') return;
  registered = true;
  document.fonts.add(
    new FontFace(devanagariFamily, `url(${JSON.stringify(fontUrl.href)})`, {
      unicodeRange: 'U+0900-097F, U+200C-200D',
      display: 'swap',
    }),
  );
}

/** Adds the font a language pair's target script needs (the registry's `script`: 'Deva'), if any, once. */
export function registerFontFor(task) {
  if (languagePairs.find(({ id }) => id === task)?.script === 'Deva') registerDevanagariFont();
}

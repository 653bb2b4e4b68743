// Marathi on any system: the library's Devanagari font (web/lib/devanagari-font.js) added to the document's fonts
// once, from script rather than a stylesheet, because the elements' shadow roots cannot declare a font face but
// their text does find the document's. Declared for Devanagari code points only, it costs nothing until a Marathi
// word is on the screen; the families below put it first, so it draws Marathi even where a system font could.
import { devanagariFont } from '../../lib/devanagari-font.js';

let registered = false;

/** Adds the font face to the document, once (nothing outside a document, e.g. in Node). */
export function registerDevanagariFont() {
  if (registered || typeof document === 'undefined' || typeof FontFace === 'undefined') return;
  registered = true;
  const { family, url, unicodeRange } = devanagariFont;
  document.fonts.add(new FontFace(family, `url(${JSON.stringify(url.href)})`, { unicodeRange, display: 'swap' }));
}

/** `stack` (a CSS font-family list) with the Devanagari font first. */
export const withDevanagari = (stack) => `"${devanagariFont.family}", ${stack}`;

// The web font the library ships for the English → Marathi model's words: Noto Sans Devanagari cut down to the
// letters the model writes (fonts/README.md). A page registers it (the elements and the playground do, through
// web/src/drawing/devanagari-font.js) so that Marathi renders where the system has no Devanagari font.
export const devanagariFont = Object.freeze({
  family: 'Marathi Devanagari',
  url: new URL('./fonts/noto-sans-devanagari-marathi.woff2', import.meta.url),
  unicodeRange: 'U+0900-097F, U+200C-200D', // Devanagari only: a browser fetches the file when such text is drawn
});

// The family name the site's Devanagari font is added under (web/src/app/devanagari-font.js) and that the page's
// stylesheet and the maps' labels put first: its own module, so the maps can name it without bringing the font.
export const devanagariFamily = 'Marathi Devanagari';

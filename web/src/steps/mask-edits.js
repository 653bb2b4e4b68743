// The step view's mask edits, as state changes: a click on a cell of the scores or an edge of the graph hides
// or shows that key from that query, and "Pad the last token" hides the last key from every query.

/** The mask in force as a 0/1 list (query-major): the custom one, or causal's or none's written out. */
function maskInForce({ s, maskMode, customMask }) {
  if (maskMode === 'custom') return customMask.slice();
  return Array.from({ length: s * s }, (_, i) => (maskMode === 'causal' ? Number(i % s <= Math.floor(i / s)) : 1));
}

/** A custom mask with (row, col) toggled, starting from whatever mask is in force; that query row selected. */
export function toggledMask(state, row, col) {
  const customMask = maskInForce(state);
  customMask[row * state.s + col] ^= 1;
  return { maskMode: 'custom', customMask, row };
}

/** A custom mask hiding the last token as a key (a padded token): every query still reads the others. */
export function paddedLastMask({ s }) {
  const customMask = Array.from({ length: s * s }, (_, i) => Number(i % s !== s - 1 || s === 1));
  return { maskMode: 'custom', customMask };
}

// The median every benchmark reports: of an odd count the middle value, of an even count the upper of the two middle
// ones (one rule, so no two tables disagree on it). The values are copied, not sorted in place.
/** @param {number[]} values */
export const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];

/**
 * The first and third quartiles, each the value at that fraction of the sorted values (rounded down to a value held):
 * how far the rounds of a noisy machine spread around the median.
 * @param {number[]} values
 */
export function quartiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (/** @type {number} */ q) => sorted[Math.floor(q * (sorted.length - 1))];
  return { q1: at(0.25), q3: at(0.75) };
}

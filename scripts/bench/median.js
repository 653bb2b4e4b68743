// The median every benchmark reports: of an odd count the middle value, of an even count the upper of the two middle
// ones (one rule, so no two tables disagree on it). The values are copied, not sorted in place.
/** @param {number[]} values */
export const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];

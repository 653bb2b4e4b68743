// Lesson 5's reading of the encoder's map (the module's weights; nothing here but which rows are which): the
// English words that put most of their weight on <eos>, the end marker every sentence shares.

/**
 * The query words (rows of an S × S self-attention map over `source`, ending in '<eos>') that give the last
 * key, <eos>, at least `share` of their weight, and the least and most such weight: { words, least, most }.
 */
export function parkedOnEnd(map, source, share = 0.5) {
  const end = map.cols - 1;
  const parked = source
    .map((word, row) => ({ word, weight: map.data[row * map.cols + end] }))
    .filter(({ word, weight }) => word !== '<eos>' && weight >= share);
  const weights = parked.map((p) => p.weight);
  return {
    words: parked.map((p) => p.word),
    least: weights.length ? Math.min(...weights) : null,
    most: weights.length ? Math.max(...weights) : null,
  };
}

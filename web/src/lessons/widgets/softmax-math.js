// Lesson 2's arithmetic, through the module: one query's scores over five inputs turned into weights by a
// softmax at a temperature (attention with q = [1], the scores as one-wide keys, scale 1), or by hard
// attention (hard: true, a one-hot argmax), or by a draw from the soft weights. Soft attention's output
// averages the inputs' values with the weights; hard attention's output is one input's value.
import { uniformSource } from '../random.js';

export const inputs = Object.freeze(['rain', 'sun', 'wind', 'snow', 'fog']);
/** What each input contributes (its value): a temperature in °C. */
export const values = Object.freeze([12, 25, 15, -2, 8]);
export const defaultScores = Object.freeze([1, 2.5, 0.5, -1, 1.5]);
export const temperatureRange = Object.freeze([0.05, 20]);

const column = (numbers) => ({ data: Float32Array.from(numbers), rows: numbers.length, cols: 1 });

function attend(api, scores, options, inputValues = values) {
  const { weights, output } = api.attention({
    q: column([1]),
    k: column(scores),
    v: column(inputValues),
    scale: 1,
    ...options,
  });
  return { weights: Float32Array.from(weights.data), output: output.data[0] };
}

/** Soft attention at `temperature`: weights summing to 1, and the weighted average of the values. */
export const softAttention = (api, scores, temperature) => attend(api, scores, { temperature });

/** Hard attention: all weight on the largest score (ties to the first), and that input's value. */
export const hardAttention = (api, scores) => attend(api, scores, { hard: true });

/** Sampled hard attention: the index drawn from the soft weights by the `seed`-th draw. */
export function sampledIndex(weights, seed) {
  const u = uniformSource(seed + 1)();
  let total = 0;
  for (let i = 0; i < weights.length; i++) {
    total += weights[i];
    if (u < total) return i;
  }
  return weights.length - 1;
}

/** The `seed`-th seeded order of the inputs (seed 0: as listed), to show that the weights move with their inputs. */
export function inputOrder(seed) {
  const order = inputs.map((_, i) => i);
  if (seed === 0) return order;
  const uniform = uniformSource(seed + 101);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(uniform() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

/**
 * Soft attention over the inputs listed in `order`: the weights (in that order), the output, and the largest
 * difference between each input's weight here and in the listed order (0 up to rounding: softmax is
 * permutation-equivariant, so reordering the inputs reorders the weights and leaves the output alone).
 */
export function reordered(api, scores, temperature, order) {
  const listed = softAttention(api, scores, temperature);
  const moved = attend(
    api,
    order.map((i) => scores[i]),
    { temperature },
    order.map((i) => values[i]),
  );
  const largest = Math.max(...order.map((input, at) => Math.abs(moved.weights[at] - listed.weights[input])));
  return { ...moved, largest };
}

/**
 * How far the weights (in the inputs' own order) are from the two ends of the temperature's range, each as the
 * largest difference of any one weight (the max-norm, L∞): from the one-hot argmax (1 on input `argmax`, 0
 * elsewhere) and from uniform (1/n each).
 */
export function maxNormDistances(weights, argmax) {
  const largest = (target) => Math.max(...Array.from(weights, (w, i) => Math.abs(w - target(i))));
  return {
    fromOneHot: largest((i) => (i === argmax ? 1 : 0)),
    fromUniform: largest(() => 1 / weights.length),
  };
}

// Lesson 4's arithmetic, through the module: 64 random queries against 8 random keys (entries drawn from a
// standard normal), at a width d. Raw dot products spread like √d; dividing by √d keeps their spread near 1,
// so the softmax stays soft at any width, while unscaled weights collapse onto one key as d grows.
import { gaussians } from '../random.js';

export const widths = Object.freeze([2, 4, 8, 16, 32, 64, 128, 256, 512]);
export const queryCount = 64;
export const keyCount = 8;

const standardDeviation = (values) => {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length);
};

/** The smallest width at which, for the `seed`-th draw, the unscaled weights are nearly one-hot (a query's
 * largest weight above 0.9 on average), or null. */
export function firstNearlyOneHot(api, seed) {
  return widths.find((d) => scalingExperiment(api, d, seed).unscaled.meanLargest > 0.9) ?? null;
}

/** The experiment at width `d` with the `seed`-th draw: both ways' weights, spreads and largest weights. */
export function scalingExperiment(api, d, seed) {
  const q = { data: gaussians(queryCount * d, 2 * seed + 1), rows: queryCount, cols: d };
  const k = { data: gaussians(keyCount * d, 2 * seed + 2), rows: keyCount, cols: d };
  const v = { data: new Float32Array(keyCount).fill(1), rows: keyCount, cols: 1 };
  const way = (scale) => {
    const weights = api.attention({ q, k, v, scale }).weights;
    const scores = api.logits({ q, k, scale }).data;
    const largest = Array.from({ length: queryCount }, (_, r) =>
      Math.max(...weights.data.slice(r * keyCount, (r + 1) * keyCount)),
    );
    const meanLargest = largest.reduce((a, b) => a + b, 0) / queryCount;
    return { firstRow: weights.data.slice(0, keyCount), spread: standardDeviation(Array.from(scores)), meanLargest };
  };
  return { unscaled: way(1), scaled: way(1 / Math.sqrt(d)) };
}

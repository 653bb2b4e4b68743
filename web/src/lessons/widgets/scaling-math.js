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

/**
 * The softmax's slope for each weight: ∂wᵢ/∂sᵢ = wᵢ(1 − wᵢ), how much weight i moves when its own score moves (at
 * most ¼, at w = ½; near 0 when w is near 0 or 1, so a one-hot row passes almost no gradient back to its scores).
 */
export const softmaxSlopes = (weights) => Float32Array.from(weights, (w) => w * (1 - w));

/**
 * The experiment at width `d` with the `seed`-th draw, both ways (unscaled, scaled by 1/√d): the first query's
 * weights, the spread of the scores, a query's largest weight on average, and its largest slope w(1 − w) on average.
 */
export function scalingExperiment(api, d, seed) {
  const q = { data: gaussians(queryCount * d, 2 * seed + 1), rows: queryCount, cols: d };
  const k = { data: gaussians(keyCount * d, 2 * seed + 2), rows: keyCount, cols: d };
  const v = { data: new Float32Array(keyCount).fill(1), rows: keyCount, cols: 1 };
  const way = (scale) => {
    const weights = api.attention({ q, k, v, scale }).weights;
    const scores = api.logits({ q, k, scale }).data;
    const rows = Array.from({ length: queryCount }, (_, r) => weights.data.slice(r * keyCount, (r + 1) * keyCount));
    const mean = (values) => values.reduce((a, b) => a + b, 0) / queryCount;
    return {
      firstRow: rows[0],
      spread: standardDeviation(Array.from(scores)),
      meanLargest: mean(rows.map((row) => Math.max(...row))),
      meanLargestSlope: mean(rows.map((row) => Math.max(...softmaxSlopes(row)))),
    };
  };
  const rootWidth = Math.sqrt(d);
  return { rootWidth, unscaled: way(1), scaled: way(1 / rootWidth) };
}

// Seeded pseudo-random numbers for the lessons' example data (never for the attention arithmetic itself):
// the same seed gives the same numbers on every machine, so a URL reproduces what a learner saw.
import { uniformSource } from '../../lib/seeded-random.js';

export { uniformSource };

/** `count` standard normal numbers (Box-Muller over `uniformSource(seed)`). */
export function gaussians(count, seed) {
  const uniform = uniformSource(seed);
  const out = new Float32Array(count);
  for (let i = 0; i < count; i += 2) {
    const radius = Math.sqrt(-2 * Math.log(1 - uniform()));
    const angle = 2 * Math.PI * uniform();
    out[i] = radius * Math.cos(angle);
    if (i + 1 < count) out[i + 1] = radius * Math.sin(angle);
  }
  return out;
}

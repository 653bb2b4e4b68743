// Seeded pseudo-random numbers for the lessons' example data (never for the attention arithmetic itself):
// the same seed gives the same numbers on every machine, so a URL reproduces what a learner saw.

/** A generator of uniform numbers in [0, 1) (mulberry32). */
export function uniformSource(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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

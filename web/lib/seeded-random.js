// Seeded pseudo-random numbers for example data (never for the attention arithmetic itself): the same seed gives the
// same numbers on every machine, so a link or an experiment reproduces what was seen.

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

// Every property-based test (fast-check) in `npm test` runs on one fixed seed, printed, so a red run is never a
// matter of the draw and always replays. `npm run fuzz` runs the same properties with a fresh seed and more runs:
//   FUZZ_SEED=<n>|fresh   the seed (default: the fixed one); `fresh` draws one and prints it
//   FUZZ_RUNS=<factor>    runs per property times this factor (default 1)
// A failure prints its seed and path; FUZZ_SEED=<that seed> replays it, and it becomes a fixed bug plus a case
// in the test that found it.
import fc from 'fast-check';

const fixedSeed = 20261125;
const asked = process.env.FUZZ_SEED;
export const propertySeed =
  asked === 'fresh' ? (Date.now() ^ (process.pid << 16)) >>> 0 : asked ? Number(asked) : fixedSeed;
if (!Number.isSafeInteger(propertySeed))
  throw new RangeError(`FUZZ_SEED must be a whole number or 'fresh', got ${asked}`);
const factor = Number(process.env.FUZZ_RUNS ?? 1);
if (!(factor > 0)) throw new RangeError(`FUZZ_RUNS must be a positive number, got ${process.env.FUZZ_RUNS}`);

/** How many runs a property gets: its `npm test` count, times FUZZ_RUNS. */
export const propertyRuns = (runs) => Math.max(1, Math.round(runs * factor));

fc.configureGlobal({ seed: propertySeed, numRuns: propertyRuns(100), endOnFailure: true });
if (!globalThis.propertySeedPrinted) {
  globalThis.propertySeedPrinted = true;
  console.log(`fast-check: seed ${propertySeed}${asked ? '' : ' (fixed)'}, runs × ${factor}`);
}

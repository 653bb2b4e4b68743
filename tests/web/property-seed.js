// Every property-based test (fast-check) in `npm test` runs on one fixed seed, so a red run is never a matter of
// the draw and always replays. `npm run fuzz` runs the same properties with a fresh seed and more runs:
//   FUZZ_SEED=<n>|fresh   the seed (default: the fixed one); `fresh` draws one
//   FUZZ_RUNS=<factor>    runs per property times this factor (default 1)
// The run's global set-up (default export, once per run) settles the seed and prints it; each test file's set-up
// (this module, imported) configures fast-check with it. A failure prints its seed and path: FUZZ_SEED=<that seed>
// replays it, and it becomes a fixed bug plus a case in the test that found it.
import fc from 'fast-check';

const fixedSeed = 20261125;

function settledSeed(asked = process.env.FUZZ_SEED) {
  const seed = asked === 'fresh' ? (Date.now() ^ (process.pid << 16)) >>> 0 : asked ? Number(asked) : fixedSeed;
  if (!Number.isSafeInteger(seed)) throw new RangeError(`FUZZ_SEED must be a whole number or 'fresh', got ${asked}`);
  return seed;
}

const factor = Number(process.env.FUZZ_RUNS ?? 1);
if (!(factor > 0)) throw new RangeError(`FUZZ_RUNS must be a positive number, got ${process.env.FUZZ_RUNS}`);

/** How many runs a property gets: its `npm test` count, times FUZZ_RUNS. */
export const propertyRuns = (runs) => Math.max(1, Math.round(runs * factor));

/** Vitest's global set-up: one seed for the whole run (a fresh one drawn once), printed once, given to every file. */
export default function settleSeedForTheRun() {
  const asked = process.env.FUZZ_SEED;
  process.env.FUZZ_SEED = String(settledSeed());
  console.log(`fast-check: seed ${process.env.FUZZ_SEED}${asked ? '' : ' (fixed)'}, runs × ${factor}`);
}

fc.configureGlobal({ seed: settledSeed(), numRuns: propertyRuns(100), endOnFailure: true });

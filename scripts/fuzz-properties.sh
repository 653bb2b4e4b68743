#!/usr/bin/env bash
# The property-based tests (every tests/web file that uses fast-check) on a fresh seed with more runs: what
# `npm test` runs on its fixed seed (tests/web/property-seed.js), searched further. The seed is printed; a failure
# replays with FUZZ_SEED=<seed> and becomes a fixed bug plus a case in the test that found it.
#   FUZZ_SEED   default: fresh          FUZZ_RUNS   runs per property × this, default 5
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(grep -rl "from 'fast-check'" tests/web --include='*.test.js')
FUZZ_SEED=${FUZZ_SEED:-fresh} FUZZ_RUNS=${FUZZ_RUNS:-5} \
  npx vitest run --config tests/web/vitest.config.js --testTimeout=0 "${files[@]}"

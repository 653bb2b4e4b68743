#!/usr/bin/env bash
# Runs every suite after a build: the format, lint and type checks (scripts/lint.sh), GoogleTest (native, via
# ctest), the same under ASan + UBSan with a short run of each fuzz target (scripts/sanitize.sh), Vitest (the
# module and page logic in Node), and the end-to-end tests (Chromium, and a subset in Firefox and WebKit). Runs
# them all, then fails if any failed.
#
# On two cores the browsers leave half the CPU idle (the end-to-end run took 231 CPU-s in 388 s of wall time, two
# files at a time), waiting on pages, workers and timeouts. So the C++ checks, which assert nothing about time,
# start first at the lowest priority (nice 19) and take only what the Node and browser suites leave; GoogleTest's
# one timed test (loss falls within a minute) runs at normal priority before them.
set -uo pipefail
cd "$(dirname "$0")/.."

source scripts/suites.sh

run "GoogleTest (native)" ctest --test-dir build/native --output-on-failure -j"$(nproc)"
beside "Format, lint and types" nice -n 19 bash scripts/lint.sh
beside "Sanitizers and fuzz smoke (native)" nice -n 19 bash scripts/sanitize.sh
run "Vitest (Node)" npx vitest run --config tests/web/vitest.config.js
run "Chromium, Firefox and WebKit (end-to-end)" npx vitest run --config tests/e2e/vitest.config.js
join_beside

finish

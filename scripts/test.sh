#!/usr/bin/env bash
# Runs every suite after a build: the format, lint and type checks (scripts/lint.sh), GoogleTest (native, via
# ctest), the same under ASan + UBSan with a short run of each fuzz target (scripts/sanitize.sh), Vitest (the
# module and page logic in Node), and the end-to-end tests (Chromium, and a subset in Firefox and WebKit). Runs
# them all, then fails if any failed. The format and lint checks run beside GoogleTest and the sanitizers: on
# two cores their single-threaded parts (Prettier, ESLint, the type checker) fill the gaps of the compiles.
set -uo pipefail
cd "$(dirname "$0")/.."

source scripts/suites.sh

beside "Format, lint and types" bash scripts/lint.sh
run "GoogleTest (native)" ctest --test-dir build/native --output-on-failure -j"$(nproc)"
run "Sanitizers and fuzz smoke (native)" bash scripts/sanitize.sh
join_beside
run "Vitest (Node)" npx vitest run --config tests/web/vitest.config.js
run "Chromium, Firefox and WebKit (end-to-end)" npx vitest run --config tests/e2e/vitest.config.js

finish

#!/usr/bin/env bash
# Runs every suite after a build: GoogleTest (native, via ctest), the format, lint and type checks
# (scripts/lint.sh), GoogleTest again under ASan + UBSan with a short run of each fuzz target (scripts/sanitize.sh),
# Vitest (the module and page logic in Node), and the end-to-end tests (Chromium, and a subset in Firefox and
# WebKit). Runs them all, then fails if any failed.
#
# One after another: each keeps both cores busy. The end-to-end run looks like waiting (pages, workers) but is not:
# sampled from /proc/stat, four of its files kept both cores 97% busy (237 CPU-s in 123 s; `time` saw a third of it,
# missing Chromium's renderers). Run beside it, even at nice 19, the C++ checks stretched it from 388 s to 601 s
# and ended later themselves; and alone it keeps its timed checks (main-thread tasks, training speed) honest.
set -uo pipefail
cd "$(dirname "$0")/.."

source scripts/suites.sh

run "GoogleTest (native)" ctest --test-dir build/native --output-on-failure -j"$(nproc)"
run "Format, lint and types" bash scripts/lint.sh
run "Sanitizers and fuzz smoke (native)" bash scripts/sanitize.sh
run "Vitest (Node)" npx vitest run --config tests/web/vitest.config.js
run "Chromium, Firefox and WebKit (end-to-end)" npx vitest run --config tests/e2e/vitest.config.js

finish

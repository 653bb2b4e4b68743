#!/usr/bin/env bash
# Runs every suite after a build: GoogleTest (native, via ctest), the same under ASan + UBSan with a short run of
# each fuzz target (scripts/sanitize.sh), Vitest (the module and page logic in Node), and the
# end-to-end tests (Chromium, and a subset in Firefox and WebKit). Runs them all, then fails if any failed.
set -uo pipefail
cd "$(dirname "$0")/.."

failed=()
run() {
  local name=$1 start=$SECONDS
  shift
  echo "=== $name"
  if "$@"; then
    echo "=== $name: passed in $((SECONDS - start)) s"
  else
    echo "=== $name: FAILED after $((SECONDS - start)) s"
    failed+=("$name")
  fi
}

run "GoogleTest (native)" ctest --test-dir build/native --output-on-failure -j"$(nproc)"
run "Sanitizers and fuzz smoke (native)" bash scripts/sanitize.sh
run "Vitest (Node)" npx vitest run --config tests/web/vitest.config.js
run "Chromium, Firefox and WebKit (end-to-end)" npx vitest run --config tests/e2e/vitest.config.js

if [ ${#failed[@]} -gt 0 ]; then
  echo "failed suites: ${failed[*]}"
  exit 1
fi
echo "all suites passed"

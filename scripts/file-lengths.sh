#!/usr/bin/env bash
# No source file over 500 lines (tests aside): a file that long holds more than one job and should be split
# along its seams. Lists every file over the limit, longest first, and fails if there is one.
set -euo pipefail
cd "$(dirname "$0")/.."
limit=500
# Emscripten's glue of the stored builds npm run bench compares with (scripts/bench/baseline/) is generated, not ours.
over=$(git ls-files 'web/*.js' 'web/*.mjs' 'scripts/*.js' 'scripts/*.mjs' 'cpp/*.cpp' 'cpp/*.h' 'cpp/*.hpp' |
  grep -v '^scripts/bench/baseline/' |
  xargs wc -l | awk -v limit=$limit '$2 != "total" && $1 > limit' | sort -rn)
if [ -n "$over" ]; then
  echo "source files over $limit lines (split each along its seams):"
  echo "$over"
  exit 1
fi

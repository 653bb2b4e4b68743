#!/usr/bin/env bash
# Rewrites every file the format check covers (scripts/lint.sh): Prettier for JS, CSS, HTML and JSON (what it
# skips: .prettierignore), clang-format for the C++ (.clang-format).
set -euo pipefail
cd "$(dirname "$0")/.."
npx prettier --write --log-level warn .
git ls-files 'cpp/*.cpp' 'cpp/*.h' 'cpp/*.hpp' 'tests/*.cpp' 'tests/*.h' | xargs clang-format-19 -i

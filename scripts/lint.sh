#!/usr/bin/env bash
# The checks of npm test's first suite (and `npm run lint`): formatting (Prettier for JS, CSS, HTML and JSON;
# clang-format for C++), no source file over 500 lines, ESLint, TypeScript's checker over the JavaScript, clang-tidy over cpp/ (natively compiled
# sources, from build/native's compile_commands.json). Runs them all, then fails if any failed.
set -uo pipefail
cd "$(dirname "$0")/.."

source scripts/suites.sh

# A tool's output only when it fails (clang-tidy counts the warnings it suppressed in system headers, per file).
quiet() {
  local output
  output=$("$@" 2>&1) && return 0
  grep -v -e 'warnings generated' -e '^\[[0-9]*/[0-9]*\] Processing file' -e '^Suppressed' -e '^Use -header-filter' <<<"$output"
  return 1
}
cpp_files() { git ls-files 'cpp/*.cpp' 'cpp/*.h' 'cpp/*.hpp' 'tests/*.cpp' 'tests/*.h'; }
# clang-tidy: the sources build/native compiles (cpp/bindings, all Embind, and the wasm-only bench compile under
# Emscripten).
tidy_files() { git ls-files 'cpp/*.cpp' | grep -v -e '^cpp/bindings/' -e '^cpp/tools/bench/wasm_ceiling\.cpp$'; }

run "No source file over 500 lines" bash scripts/file-lengths.sh
run "Prettier" npx prettier --check --log-level warn .
run "clang-format" bash -c "$(declare -f cpp_files); cpp_files | xargs clang-format-19 --dry-run --Werror"
run "ESLint" npx eslint --max-warnings 0 .
run "TypeScript (checkJs)" npx tsc -p tsconfig.json
run "clang-tidy" quiet bash -c "$(declare -f tidy_files); tidy_files | xargs -P$(nproc) -n4 clang-tidy-19 -p build/native --quiet"

finish

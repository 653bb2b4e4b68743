# Sourced by scripts/sanitize.sh and scripts/fuzz.sh: configures and builds the hardening tree (build/sanitize):
# clang-19, AddressSanitizer + UndefinedBehaviorSanitizer with every report fatal, libFuzzer coverage, -O1 with
# line tables (readable stack traces, faster to compile than full debug information).
# Usage: build_sanitize_tree <target>...
build_sanitize_tree() {
  local llvm=/usr/lib/llvm-19/bin
  [ -f build/sanitize/CMakeCache.txt ] ||
    CC=$llvm/clang CXX=$llvm/clang++ cmake -S . -B build/sanitize -DATTN_SANITIZE=ON \
      -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only" >/dev/null
  cmake --build build/sanitize -j"$(nproc)" --target "$@"
}

# Any report ends the process with an error; leaks count (LeakSanitizer runs at exit).
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
# Reports name functions and lines through the symbolizer of the same LLVM (any llvm-symbolizer on PATH otherwise).
if [ -x /usr/lib/llvm-19/bin/llvm-symbolizer ]; then export ASAN_SYMBOLIZER_PATH=/usr/lib/llvm-19/bin/llvm-symbolizer; fi

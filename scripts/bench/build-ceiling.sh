#!/usr/bin/env bash
# Builds the native benchmark (build/native/tools/bench) and the benchmark's in-module measurement program (cpp/tools/bench/wasm_ceiling.cpp) in both wasm trees:
# build/wasm/wasm-ceiling-bench.cjs (SIMD128) and build/wasm-relaxed/wasm-ceiling-bench.cjs (relaxed SIMD).
# Run after scripts/build.sh, which configures the trees.
set -euo pipefail
cd "$(dirname "$0")/../.."
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}
PATH=$(printf '%s' "$PATH" | tr ':' '\n' | grep -vx '.*/node_modules/\.bin' | paste -sd: -)  # as scripts/build.sh
cmake build/native >/dev/null  # the native benchmark, not built by default either
cmake --build build/native -j"$(nproc)" --target bench
cmake build/wasm >/dev/null  # re-reads CMakeLists.txt: the target is not built by default, so make may not know it yet
cmake --build build/wasm -j"$(nproc)" --target wasm-ceiling-bench
(
  source scripts/relaxed-toolchain/env.sh
  cmake build/wasm-relaxed >/dev/null
  cmake --build build/wasm-relaxed -j"$(nproc)" --target wasm-ceiling-bench
)

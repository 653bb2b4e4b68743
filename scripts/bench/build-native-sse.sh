#!/usr/bin/env bash
# Builds the native translate and train_language_model tools with 128-bit SIMD only (SSE4.2, no AVX, no FMA), the
# SIMD128 module's vector width, into build/native-sse: bench:translator-boundary sets them beside this machine's
# best native build, so the module's distance from native splits into the vector width's share and the engine's.
set -euo pipefail
cd "$(dirname "$0")/../.."
cmake -S . -B build/native-sse -DCMAKE_BUILD_TYPE=Release -DATTN_NATIVE_ARCH=OFF \
  -DCMAKE_CXX_FLAGS="-msse4.2 -mno-avx -mno-fma" >/dev/null
cmake --build build/native-sse -j"$(nproc)" --target translate train_language_model

#!/usr/bin/env bash
# Builds everything from the one CMakeLists.txt: native library + GoogleTest suite (build/native), the SIMD
# and scalar wasm modules (build/wasm → web/lib/wasm) and the relaxed-SIMD ones (build/wasm-relaxed → the
# same folder). Incremental: re-running only rebuilds what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}  # Debian's emscripten finds acorn there
# npm puts node_modules/.bin first on PATH, and the binaryen package (for the relaxed build) links its wasm-opt
# there; Emscripten runs whichever wasm-opt PATH finds, and the SIMD128/scalar builds need Debian's (the
# binaryen Emscripten 3.1.6 was made for). The relaxed build names its own tools (scripts/relaxed-toolchain).
PATH=$(printf '%s' "$PATH" | tr ':' '\n' | grep -vx '.*/node_modules/\.bin' | paste -sd: -)
jobs=$(nproc)

cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native -j"$jobs"

[ -f build/wasm/CMakeCache.txt ] || emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/wasm -j"$jobs"

# The relaxed-SIMD modules: the same sources through LLVM 19 (a subshell keeps its environment to itself).
(
  source scripts/relaxed-toolchain/env.sh
  [ -f build/wasm-relaxed/CMakeCache.txt ] ||
    emcmake cmake -S . -B build/wasm-relaxed -DCMAKE_BUILD_TYPE=Release -DATTN_WASM_RELAXED=ON >/dev/null
  cmake --build build/wasm-relaxed -j"$jobs"
)

# Node's threaded twins differ from the browser's threaded builds in their glue only, and share one pthread worker
# script: web/lib (load-module.js) loads the browser build's wasm and the SIMD twin's worker for both, and the
# package ships each once. Say so loudly if a change ever makes them differ.
for twin in web/lib/wasm/node/*-node.wasm; do
  browser=web/lib/wasm/$(basename "$twin" -node.wasm).wasm
  cmp -s "$twin" "$browser" || { echo "build: $twin differs from $browser; web/lib/load-module.js reads the latter" >&2; exit 1; }
done
cmp -s web/lib/wasm/node/attention-simd-threads-node.worker.js web/lib/wasm/node/attention-relaxed-simd-threads-node.worker.js ||
  { echo "build: the Node twins' pthread workers differ; web/lib/load-module.js runs the SIMD one for both" >&2; exit 1; }

# The elements' styles as a module their shadow roots adopt (scripts/element-styles.mjs).
node scripts/element-styles.mjs

# The one-file build of the elements and the library, for a page's single script tag or a CDN (web/bundle/).
npx vite build --config web/vite.bundle.config.js --logLevel warn

# The static playground (dist/): works from any static host, relative paths throughout.
npx vite build --config web/vite.config.js --logLevel warn

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

bash scripts/build-native.sh
# The registry's JavaScript side (web/lib/language-pairs.js and its kin) from the native tool's table.
node scripts/language-pairs.mjs

[ -f build/wasm/CMakeCache.txt ] || emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/wasm -j"$jobs"

# The relaxed-SIMD modules: the same sources through LLVM 19 (a subshell keeps its environment to itself).
(
  source scripts/relaxed-toolchain/env.sh
  [ -f build/wasm-relaxed/CMakeCache.txt ] ||
    emcmake cmake -S . -B build/wasm-relaxed -DCMAKE_BUILD_TYPE=Release -DATTN_WASM_RELAXED=ON >/dev/null
  cmake --build build/wasm-relaxed -j"$jobs"
)

# Node's threaded twins differ from the browser's threaded builds in their glue only: web/lib (load-module.js) loads
# the browser build's wasm for both, and the package ships it once. Say so loudly if a change ever makes them differ.
for twin in web/lib/wasm/node/*-node.wasm; do
  browser=web/lib/wasm/$(basename "$twin" -node.wasm).wasm
  cmp -s "$twin" "$browser" || { echo "build: $twin differs from $browser; web/lib/load-module.js reads the latter" >&2; exit 1; }
done
# Two glue files run all five builds (web/lib/load-module.js): the SIMD128 builds' glue runs the relaxed-SIMD and
# scalar wasm too, always told which wasm to load. That holds while each other build's glue is the SIMD128 one's
# but for the wasm's name; the others are not shipped. Checked here, for every glue file and pthread worker script.
same_but_name() { # a glue file; the name in it; the SIMD128 build's name (in the twin's file name and in the twin)
  local twin=${1//$2/$3}
  sed "s/$2/$3/g" "$1" | cmp -s - "$twin" && return
  echo "build: $1 differs from $twin beyond the build's name; web/lib/load-module.js runs the latter for both:" >&2
  # The minified glue is a few long lines: its statements one a line, so the difference is what is shown.
  diff <(sed "s/$2/$3/g" "$1" | tr ';' '\n') <(tr ';' '\n' <"$twin") | head -8 >&2
  echo "(a threaded glue's __emscripten_allow_main_runtime_queued_calls is an address in its module's static data)" >&2
  exit 1
}
same_but_name web/lib/wasm/attention-scalar.mjs attention-scalar attention-simd
same_but_name web/lib/wasm/attention-language-model.mjs attention-language-model attention-simd
same_but_name web/lib/wasm/attention-language-model-relaxed.mjs attention-language-model-relaxed attention-simd
for file in attention-relaxed-simd.mjs attention-relaxed-simd-threads.mjs attention-relaxed-simd-threads.worker.js \
            node/attention-relaxed-simd-threads-node.cjs node/attention-relaxed-simd-threads-node.worker.js; do
  same_but_name "web/lib/wasm/$file" attention-relaxed-simd attention-simd
done
# The language model's threaded builds: each its own glue (it holds an address in its module's memory, which moves
# with the module's static data), and the attention module's pthread worker scripts.
for stem in attention-language-model-threads attention-language-model-relaxed-threads; do
  for file in $stem.worker.js node/$stem-node.worker.js; do
    same_but_name "web/lib/wasm/$file" "$stem" attention-simd-threads
  done
done

# The elements' styles as a module their shadow roots adopt (scripts/element-styles.mjs).
node scripts/element-styles.mjs

# The one-file build of the elements and the library, for a page's single script tag or a CDN (web/bundle/).
npx vite build --config web/vite.bundle.config.js --logLevel warn

# The static playground (dist/): works from any static host, relative paths throughout.
npx vite build --config web/vite.config.js --logLevel warn

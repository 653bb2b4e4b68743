# Sourced by the relaxed-SIMD build: Emscripten 3.1.6 driving LLVM 19 (Debian's clang-19, lld-19) and npm's
# binaryen (its tools first on PATH; wasm-opt through ./wasm-opt). Debian's Emscripten config appends "-14" to tool names unless both
# *_ADD_VERSION variables are empty.
relaxed_toolchain_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
export EM_LLVM_ROOT=/usr/lib/llvm-19/bin EM_LLVM_ADD_VERSION= EM_CLANG_ADD_VERSION=
export PATH="$relaxed_toolchain_dir:$relaxed_toolchain_dir/../../node_modules/binaryen/bin:$PATH"

#!/usr/bin/env bash
# The native tree (build/native): the library, the GoogleTest suite and the tools, with the system's g++.
# Needs neither Node nor node_modules, so scripts/setup.sh runs it beside `npm ci` on a fresh clone.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native -j"$(nproc)"

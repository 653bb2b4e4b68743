#!/usr/bin/env bash
# Re-creates the shipped translation model (web/lib/models/en-es.bin) bit for bit: builds the native tools and
# runs the recorded training command, every option spelled out so later changes to defaults cannot alter it.
# Usage: scripts/train-model.sh [output file]   (about 1 minute on 2 cores)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-web/lib/models/en-es.bin}
cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native -j"$(nproc)" --target train >/dev/null
build/native/tools/train --out "$out" --seed 7 --data-seed 1 --steps 4000 --batch 48 --lr 0.003 --threads 2 \
  --d-model 32 --heads 4 --ffn 64 --encoder-layers 2 --decoder-layers 2 --kernels reference \
  --held-out 1000 --held-out-seed 2
sha256sum "$out"

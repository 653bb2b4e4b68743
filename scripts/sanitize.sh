#!/usr/bin/env bash
# npm test's hardening step: the GoogleTest suite under ASan + UBSan (any report fails it), then a short run of
# every fuzz target over its committed seed corpus (scripts/fuzz.sh --smoke).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/sanitize-tree.sh

build_sanitize_tree attn_tests fuzzers
# LossFallsWithinAMinute is a speed test (loss falls within a time limit) and ReverseTrainsToExactAnswers a
# quality test (1,000 steps to exact answers, 35 s under them): sanitizers make the code ~5x slower; the trainer
# itself runs under them in the other training tests.
ctest --test-dir build/sanitize --output-on-failure -j"$(nproc)" -E 'LossFallsWithinAMinute|ReverseTrainsToExactAnswers'
bash scripts/fuzz.sh --smoke

#!/usr/bin/env bash
# npm test's hardening step: the GoogleTest suite under ASan + UBSan (any report fails it), then a short run of
# every fuzz target over its committed seed corpus (scripts/fuzz.sh --smoke).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/sanitize-tree.sh

build_sanitize_tree attn_tests fuzzers
# Left to the native run: LossFallsWithinAMinute, a speed test (loss falls within a time limit), and five quality
# tests, each a long training run to a level (under the sanitizers: TiedOutput's two 400-step models 332 s,
# UnknownWords' copying model 49 s, ReverseTrainsToExactAnswers 35 s, AblatedModelsTrainAndRoundTripExactly 18 s,
# LearnsBeyondTheBigramBaseline 15 s: more than this step's ctest without them). The sanitizers make the code 5-15x
# slower; the same training code runs under them in the other training tests (shards, determinism, checkpoints,
# tied and untied gradients, the weight files' round trips).
native_only='LossFallsWithinAMinute|ReverseTrainsToExactAnswers|AblatedModelsTrainAndRoundTripExactly'
native_only+='|LearnsBeyondTheBigramBaseline|ATrainedModelCopiesWordsItHasNeverSeen|TrainsAsWellAsTheUntiedModel'
ctest --test-dir build/sanitize --output-on-failure -j"$(nproc)" -E "$native_only"
bash scripts/fuzz.sh --smoke

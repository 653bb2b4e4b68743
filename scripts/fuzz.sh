#!/usr/bin/env bash
# Runs the libFuzzer targets (tests/fuzz/*_fuzzer.cpp) under ASan + UBSan and prints, per target, executions,
# executions per second, coverage and findings. `npm run fuzz` runs each for 60 s; `npm run fuzz -- 600` for
# ten minutes; `npm run fuzz -- 30 weights` one target. Findings (crash-, leak-, timeout-, oom- inputs) land in
# build/fuzz/findings/<target>/; the corpus grows in build/fuzz/corpus/<target>/, seeded from
# tests/fuzz/corpus/<target>/.
#   --smoke   what npm test runs: 1 s per target after its seed corpus (libFuzzer runs every seed first, however
#             long that takes), new inputs kept in a temporary folder
# Without --smoke or named targets it then runs the JS property tests on a fresh seed (scripts/fuzz-properties.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/sanitize-tree.sh

smoke=0
if [ "${1:-}" = --smoke ]; then smoke=1; shift; fi
seconds=${1:-60}
[ $smoke = 1 ] && seconds=1
shift || true
targets=("$@")
explicit_targets=$(( ${#targets[@]} > 0 ))
if [ ${#targets[@]} = 0 ]; then
  for source in tests/fuzz/*_fuzzer.cpp; do targets+=("$(basename "$source" _fuzzer.cpp)"); done
fi

build_sanitize_tree fuzzers >/dev/null

printf '%-14s %8s %12s %9s %6s %9s %8s %s\n' target seconds executions 'exec/s' cov features corpus findings
failed=0
ran=0
for target in "${targets[@]}"; do
  seeds=tests/fuzz/corpus/$target
  findings=build/fuzz/findings/$target
  if [ $smoke = 1 ]; then corpus=$(mktemp -d); else corpus=build/fuzz/corpus/$target; fi
  mkdir -p "$corpus" "$findings"
  # A language model's checkpoint holds 256 byte tokens' embeddings and output weights with two moments at float32:
  # its smallest (width 2) is 16 kB, so that target reads longer inputs.
  max_len=4096
  [ "$target" = language_model ] && max_len=20000
  options=(-max_total_time="$seconds" -print_final_stats=1 -timeout=10 -rss_limit_mb=2048 -max_len="$max_len"
           -artifact_prefix="$findings/" -close_fd_mask=1)
  [ -f "tests/fuzz/$target.dict" ] && options+=(-dict="tests/fuzz/$target.dict")
  log=build/fuzz/$target.log
  before=$(find "$findings" -type f | wc -l)
  status=0
  "build/sanitize/fuzz/${target}_fuzzer" "${options[@]}" "$corpus" "$seeds" >"$log" 2>&1 || status=$?
  after=$(find "$findings" -type f | wc -l)
  # A target that a sanitizer stops prints libFuzzer's final stats twice (its death callback, then the abort's signal
  # handler): the last print counts.
  runs=$(awk '/stat::number_of_executed_units/ {n = $2} END {print n}' "$log")
  last=$(grep -E '^#[0-9]+' "$log" | tail -1)
  cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
  features=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
  units=$(sed -n 's/.* corp: \([0-9]*\)\/.*/\1/p' <<<"$last")
  rate='?'
  [[ $runs =~ ^[0-9]+$ ]] && rate=$((runs / seconds))
  new=$((after - before))
  printf '%-14s %8s %12s %9s %6s %9s %8s %s\n' "$target" "$seconds" "${runs:-?}" "$rate" "${cov:-?}" "${features:-?}" \
    "${units:-?}" "$([ $status = 0 ] && [ $new = 0 ] && echo none || echo "$new new in $findings (log: $log)")"
  if [ $status != 0 ] || [ $new != 0 ]; then
    failed=1
    grep -E 'ERROR|runtime error|invariant broken|SUMMARY' "$log" | head -5 | sed 's/^/    /'
  fi
  [ $smoke = 1 ] && rm -rf "$corpus"
  ran=$((ran + 1))
done
# An error bash takes for a syntax error (an expansion inside the loop) abandons the whole loop silently, without
# failing under `set -e`: the count makes that a failure.
if [ "$ran" != ${#targets[@]} ]; then
  echo "fuzz.sh: only $ran of ${#targets[@]} targets ran"
  failed=1
fi
# Without --smoke and without named targets: the JS property tests too, on a fresh seed.
if [ $smoke = 0 ] && [ "$explicit_targets" = 0 ]; then
  bash scripts/fuzz-properties.sh || failed=1
fi
exit $failed

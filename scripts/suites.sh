# Sourced by scripts/test.sh and scripts/lint.sh: run every suite (or check), timing each, then fail if any failed.
#   run NAME COMMAND...   runs one, says how it went
#   beside NAME COMMAND...  starts one in the background, its output held back until `join_beside` prints it
#   join_beside           waits for those started beside, says how each went
#   finish                exits 1 naming the failed ones, if any
failed=()
beside_pids=() beside_names=() beside_logs=() beside_starts=()
run() {
  local name=$1 start=$SECONDS
  shift
  echo "=== $name"
  if "$@"; then
    echo "=== $name: passed in $((SECONDS - start)) s"
  else
    echo "=== $name: FAILED after $((SECONDS - start)) s"
    failed+=("$name")
  fi
}
beside() {
  local name=$1 log
  shift
  log=$(mktemp)
  echo "=== $name: started beside the next suites"
  "$@" >"$log" 2>&1 &
  beside_pids+=("$!") beside_names+=("$name") beside_logs+=("$log") beside_starts+=("$SECONDS")
}
join_beside() {
  local i status
  for i in "${!beside_pids[@]}"; do
    wait "${beside_pids[i]}" && status=0 || status=$?
    echo "=== ${beside_names[i]}"
    cat "${beside_logs[i]}"
    rm -f "${beside_logs[i]}"
    if [ "$status" -eq 0 ]; then
      echo "=== ${beside_names[i]}: passed (finished by $((SECONDS - beside_starts[i])) s)"
    else
      echo "=== ${beside_names[i]}: FAILED (finished by $((SECONDS - beside_starts[i])) s)"
      failed+=("${beside_names[i]}")
    fi
  done
  beside_pids=() beside_names=() beside_logs=() beside_starts=()
}
finish() {
  if [ ${#failed[@]} -gt 0 ]; then
    echo "failed: ${failed[*]}"
    exit 1
  fi
  echo "all passed"
}

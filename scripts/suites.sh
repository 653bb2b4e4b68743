# Sourced by scripts/test.sh and scripts/lint.sh: run every suite (or check), timing each, then fail if any failed.
#   run NAME COMMAND...   runs one, says how it went
#   finish                exits 1 naming the failed ones, if any
failed=()
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
finish() {
  if [ ${#failed[@]} -gt 0 ]; then
    echo "failed: ${failed[*]}"
    exit 1
  fi
  echo "all passed"
}

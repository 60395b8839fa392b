#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds pickray and runs every test, in three stages, after installing missing Debian packages:
#   1. the normal build (warnings as errors) and its ctest suite;
#   2. the same suite built with AddressSanitizer + UndefinedBehaviorSanitizer (build-asan);
#   3. a bounded libFuzzer run of every fuzz target, deterministic, once per SIMD level for the
#      target that reaches code chosen by the CPU (scripts/fuzz.sh, build-fuzz).
# Tests of code chosen by the CPU run once per PICKRAY_SIMD level (tests/CMakeLists.txt); the
# summary lists the level each of them really ran. Then the precision the tests measured, each
# stage's result and wall time, and ctest's summary line last.
# Environment: PICKRAY_TEST_STAGES (default "main sanitize fuzz"), PICKRAY_FUZZ_SECONDS (120, a cap).
# Usage: scripts/test.sh [build-dir]
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
stages=${PICKRAY_TEST_STAGES:-main sanitize fuzz}
jobs=$(nproc)

declare -A result seconds_taken
status=0

started=$(date +%s)
"$root/scripts/install-deps.sh" || exit 1
seconds_taken[packages]=$(( $(date +%s) - started ))
echo "== packages: ${seconds_taken[packages]}s"

run_suite() {  # run_suite NAME BUILD-DIR CMAKE-ARGS...
  local name=$1 dir=$2
  shift 2
  echo "== $name: configure, build and test in $dir"
  if ! cmake -S "$root" -B "$dir" "$@" >/dev/null || ! cmake --build "$dir" -j"$jobs"; then
    result[$name]="build FAILED"
    status=1
    return
  fi
  (cd "$dir" && ctest --output-on-failure -j"$jobs" --timeout 900 | tee ctest.log)
  local code=${PIPESTATUS[0]}
  result[$name]=$(grep -E "tests passed|tests failed" "$dir/ctest.log" | tail -n 1)
  [ "$code" -eq 0 ] || status=1
}

for stage in $stages; do
  started=$(date +%s)
  case $stage in
    main) run_suite main "$build" -DCMAKE_BUILD_TYPE=Release -DPICKRAY_WARNINGS_AS_ERRORS=ON ;;
    sanitize)
      # -O1 keeps the instrumented build quick; GL tests disable leak checks for Mesa themselves.
      run_suite sanitize "$root/build-asan" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE=-O1 \
        -DCMAKE_C_FLAGS_RELEASE=-O1 -DPICKRAY_SANITIZE=ON ;;
    fuzz)
      echo "== fuzz: a fixed-seed, fixed-length run per target (cap ${PICKRAY_FUZZ_SECONDS:-120} s each)"
      fuzz_log=$(mktemp)
      if bash "$root/scripts/fuzz.sh" "${PICKRAY_FUZZ_SECONDS:-120}" | tee "$fuzz_log"; then
        result[fuzz]=$(grep -c " ok," "$fuzz_log")" runs ok"
      else
        result[fuzz]="FAILED"
        status=1
      fi ;;
    *) echo "unknown stage: $stage"; exit 2 ;;
  esac
  seconds_taken[$stage]=$(( $(date +%s) - started ))
  echo "== $stage: ${seconds_taken[$stage]}s"
done

# Measured precision, printed by the tests themselves (lines tagged "precision:").
if [ -f "$build/Testing/Temporary/LastTest.log" ]; then
  echo
  echo "Measured precision (worst cases over all random and edge-case inputs):"
  grep -h "^precision:" "$build/Testing/Temporary/LastTest.log" | sed "s/^precision: /  /" | awk '!seen[$0]++'
fi

# The level each per-level test really ran (a level the CPU lacks runs the one below it).
if [ -f "$build/Testing/Temporary/LastTest.log" ]; then
  echo
  echo "Instruction sets run by the per-level tests on this CPU ($(grep -o -m1 'avx512f' /proc/cpuinfo || echo 'no avx512f'), $(grep -o -m1 'avx2' /proc/cpuinfo || echo 'no avx2')):"
  awk '/^[0-9]+\/[0-9]+ Testing: /{test=$3} /^simd level: /{print "  " test ": " $0}' \
    "$build/Testing/Temporary/LastTest.log" | sort -u
fi

echo
echo "packages: ${seconds_taken[packages]}s"
for stage in $stages; do echo "$stage: ${result[$stage]:-not run} (${seconds_taken[$stage]:-0}s)"; done
# End with ctest's own summary line of the main suite.
[ -f "$build/ctest.log" ] && grep -E "tests passed|tests failed" "$build/ctest.log" | tail -n 1
exit $status

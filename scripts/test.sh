#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds pickray and runs every test, in five stages, after installing missing Debian packages:
#   1. main: the normal build (warnings as errors) and its ctest suite, the Debian package among it;
#   2. sanitize: the same suite built with AddressSanitizer + UndefinedBehaviorSanitizer (build-asan);
#   3. portable: the library alone (GLM only, no tests) built, installed and used by an outside
#      project, without the vector objects (build-portable) and with them (build-portable-simd);
#   4. aarch64: the library and its tests that need no GL cross-built for 64-bit ARM and run under
#      qemu-aarch64 (build-aarch64);
#   5. fuzz: a bounded libFuzzer run of every fuzz target, deterministic, once per SIMD level for
#      the target that reaches code chosen by the CPU (scripts/fuzz.sh, build-fuzz).
# Tests of code chosen by the CPU run once per PICKRAY_SIMD level (tests/CMakeLists.txt); the
# summary lists the level each of them really ran. Then the precision the tests measured, each
# stage's result and wall time, and ctest's summary line last.
# Environment: PICKRAY_TEST_STAGES (default "main sanitize portable aarch64 fuzz"),
# PICKRAY_FUZZ_SECONDS (120, a cap).
# Usage: scripts/test.sh [build-dir]
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
stages=${PICKRAY_TEST_STAGES:-main sanitize portable aarch64 fuzz}
jobs=$(nproc)

declare -A result seconds_taken
status=0

started=$(date +%s)
"$root/scripts/install-deps.sh" || exit 1
seconds_taken[packages]=$(( $(date +%s) - started ))
echo "== packages: ${seconds_taken[packages]}s"

run_suite() {  # run_suite NAME BUILD-DIR CMAKE-ARGS... [-- CTEST-ARGS...]
  local name=$1 dir=$2
  shift 2
  local cmake_args=() ctest_args=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do cmake_args+=("$1"); shift; done
  [ $# -gt 0 ] && shift && ctest_args=("$@")
  echo "== $name: configure, build and test in $dir"
  if ! cmake -S "$root" -B "$dir" "${cmake_args[@]}" >/dev/null || ! cmake --build "$dir" -j"$jobs"; then
    result[$name]="build FAILED"
    status=1
    return
  fi
  (cd "$dir" && ctest --output-on-failure -j"$jobs" --timeout 900 "${ctest_args[@]}" | tee ctest.log)
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
    portable)
      # Only GLM and a C++20 compiler: no tests, no demo, no benchmarks; without the vector objects
      # and, on x86-64, with them. The cache must show that nothing but GLM was looked for.
      result[portable]="library alone built, installed and used (vector objects off, then on)"
      for kernels in OFF ON; do
        dir="$root/build-portable"
        [ "$kernels" = ON ] && dir="$root/build-portable-simd"
        vector_objects=no
        [ "$kernels" = ON ] && [ "$(uname -m)" = x86_64 ] && vector_objects=yes
        echo "== portable: the library alone in $dir (PICKRAY_SIMD_KERNELS=$kernels), installed and used by an outside project"
        if cmake -S "$root" -B "$dir" -DCMAKE_BUILD_TYPE=Release -DPICKRAY_BUILD_APP=OFF -DPICKRAY_BUILD_BENCH=OFF \
             -DBUILD_TESTING=OFF -DPICKRAY_SIMD_KERNELS=$kernels -DPICKRAY_WARNINGS_AS_ERRORS=ON >/dev/null &&
           cmake --build "$dir" -j"$jobs" &&
           [ "$(ls "$dir"/engine/CMakeFiles | grep -q pickray_batch && echo yes || echo no)" = $vector_objects ] &&
           [ "$(grep -E '^[A-Za-z0-9_]+_DIR:PATH=' "$dir/CMakeCache.txt" | grep -v '^glm_DIR' | wc -l)" -eq 0 ] &&
           [ ! -d "$dir/tests" ] &&
           cmake -DBUILD_DIR="$dir" -DSOURCE_DIR="$root" -DWORK_DIR="$dir/consumer" \
             -P "$root/tests/install/consume_installed.cmake"; then
          :
        else
          result[portable]="FAILED (PICKRAY_SIMD_KERNELS=$kernels)"
          status=1
        fi
      done ;;
    aarch64)
      # Emulated: about 10x slower for double, 40x for long double (the differential reference).
      # The per-level copies of the batch and BVH suites are left out: aarch64 has one level.
      run_suite aarch64 "$root/build-aarch64" -DCMAKE_TOOLCHAIN_FILE="$root/cmake/toolchains/aarch64-linux-gnu.cmake" \
        -DCMAKE_BUILD_TYPE=Release -DPICKRAY_WARNINGS_AS_ERRORS=ON -DPICKRAY_BUILD_APP=OFF -DPICKRAY_BUILD_BENCH=OFF \
        -DPICKRAY_GTEST_SOURCE_DIR=/usr/src/googletest -- -E '^(batch|query|fuzz\.fuzz_collision_replay)\.(avx2|avx512)$' ;;
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

# The same measurements from the aarch64 stage: the tolerances hold there too.
aarch64_log="$root/build-aarch64/Testing/Temporary/LastTest.log"
if [[ " $stages " == *" aarch64 "* ]] && [ -f "$aarch64_log" ]; then
  echo
  echo "Measured precision on aarch64 (under qemu-aarch64):"
  grep -h "^precision:" "$aarch64_log" | sed "s/^precision: /  /" | awk '!seen[$0]++'
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

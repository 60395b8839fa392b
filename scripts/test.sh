#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds pickray and runs every test, stage by stage, after installing missing Debian packages.
# Each stage is a preset of CMakePresets.json, so that anyone builds one by name
# (cmake --preset NAME; cmake --build --preset NAME; ctest --preset NAME):
#   main:      the normal build (warnings as errors) and its ctest suite, the Debian package among it;
#   sanitize:  the same suite built with AddressSanitizer + UndefinedBehaviorSanitizer;
#   portable:  the library alone (GLM only, no tests) built, installed and used by an outside
#              project, without the vector objects (preset portable) and with them (portable-simd);
#   aarch64:   the library and its tests that need no GL, cross-built for 64-bit ARM and run under
#              qemu-aarch64;
#   threads:   the library's tests of threads (several threads asking one Bvh and the batch
#              routines at once) under ThreadSanitizer;
#   fuzz:      a bounded libFuzzer run of every fuzz target, deterministic, once per SIMD level for
#              the target that reaches code chosen by the CPU (scripts/fuzz.sh, preset fuzz).
# What a ctest stage runs is derived, not counted by hand (tests/build/stages.py): the tests it
# leaves out are listed with the reason in tests/stage_skips.txt, and the stage fails when a TEST
# defined under tests/ is neither among its tests nor on that list, when a test is skipped other
# than for a SIMD level this CPU lacks, or when a line of the list names no test. The test
# suites are configured with PICKRAY_REQUIRE_ALL_TESTS=ON (a missing test tool stops the stage)
# and ctest fails when it finds no tests.
# Tests of code chosen by the CPU run once per PICKRAY_SIMD level (tests/CMakeLists.txt); a level
# the CPU lacks is reported Skipped, and the summary lists the level each of them really ran and
# each skip's reason. Then the precision the tests measured, each stage's result and wall time,
# and ctest's summary line last.
# Environment: PICKRAY_TEST_STAGES (default "main sanitize portable aarch64 threads fuzz"; a stage left
# out shows as "not run (PICKRAY_TEST_STAGES)"), PICKRAY_FUZZ_SECONDS (240, a cap: about four times
# the slowest run on an idle 2-core machine, so a loaded one still finishes; a run it cuts short fails).
# Usage: scripts/test.sh
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 1
all_stages="main sanitize portable aarch64 threads fuzz"
stages=${PICKRAY_TEST_STAGES:-$all_stages}
jobs=$(nproc)
for stage in $stages; do
  [[ " $all_stages " == *" $stage "* ]] || { echo "unknown stage: $stage (the stages: $all_stages)"; exit 2; }
done
# Each ctest stage's build directory (its preset's binaryDir).
declare -A build_dir=([main]=$root/build [sanitize]=$root/build-asan [aarch64]=$root/build-aarch64)
build=${build_dir[main]}

declare -A result seconds_taken
status=0

started=$(date +%s)
"$root/scripts/install-deps.sh" || exit 1
seconds_taken[packages]=$(( $(date +%s) - started ))
echo "== packages: ${seconds_taken[packages]}s"

run_suite() {  # run_suite STAGE: configure, build and test one ctest stage by its preset
  local name=$1 dir=${build_dir[$1]} exclude summary
  echo "== $name: configure, build and test in $dir (preset $name)"
  rm -f "$dir/ctest.log" "$dir/ctest.xml"
  if ! cmake --preset "$name" >/dev/null || ! cmake --build --preset "$name" -j"$jobs"; then
    result[$name]="build FAILED"
    status=1
    return
  fi
  if ! exclude=$(python3 "$root/tests/build/stages.py" exclude "$name" "$dir" "$root"); then
    result[$name]="FAILED: tests/stage_skips.txt does not match the tests (above)"
    status=1
    return
  fi
  # From the source tree, where ctest finds the presets; the junit file says what each test did.
  ctest --preset "$name" -j"$jobs" ${exclude:+-E "$exclude"} --output-junit "$dir/ctest.xml" | tee "$dir/ctest.log"
  local code=${PIPESTATUS[0]}
  summary=$(python3 "$root/tests/build/stages.py" verify "$name" "$dir" "$root" "$dir/ctest.xml") || code=1
  echo "$summary"
  result[$name]="$(grep -E "tests passed|tests failed" "$dir/ctest.log" | tail -n 1); $(head -n 1 <<<"$summary")"
  grep -q "^FAILED" <<<"$summary" && result[$name]+="; FAILED: $(grep -c "^FAILED" <<<"$summary") problems (above)"
  [ "$code" -eq 0 ] || status=1
}

for stage in $stages; do
  started=$(date +%s)
  case $stage in
    main | sanitize | aarch64)
      # aarch64 is emulated, and its long double is slow software: its test preset sets how many of
      # their random cases the tests that compare with the long-double reference judge
      # (PICKRAY_DIFFERENTIAL_SCALE, tests/support/case_scale.hpp); the native stages judge all.
      run_suite "$stage" ;;
    fuzz)
      echo "== fuzz: a fixed-seed, fixed-length run per target (cap ${PICKRAY_FUZZ_SECONDS:-240} s each)"
      fuzz_log=$(mktemp)
      if bash "$root/scripts/fuzz.sh" "${PICKRAY_FUZZ_SECONDS:-240}" | tee "$fuzz_log"; then
        result[fuzz]="$(grep -c "^fuzz: .* ok," "$fuzz_log") runs ok, $(grep -c "^fuzz: .* skipped:" "$fuzz_log") skipped for a level this CPU lacks"
      else
        result[fuzz]="FAILED ($(grep -c "^fuzz: .* ok," "$fuzz_log") runs ok, $(grep -cE "^fuzz: .* (FAILED|CUT SHORT)" "$fuzz_log") failed or cut short)"
        status=1
      fi ;;
    threads)
      # The tests that run the library on several threads at once, under ThreadSanitizer: a data
      # race among them fails the run.
      echo "== threads: the library's tests of threads under ThreadSanitizer (preset threads)"
      if cmake --preset threads >/dev/null && cmake --build --preset threads -j"$jobs" &&
         (cd "$root/build-tsan/tests" && TSAN_OPTIONS=halt_on_error=1 ./query_tests --gtest_brief=1 \
            --gtest_filter='Threads.*:Bvh.Batch*' | tee "$root/build-tsan/threads.log"); then
        result[threads]="$(grep -oE '[0-9]+ tests? from [0-9]+ test suites? ran' "$root/build-tsan/threads.log" | tail -n 1), no data race"
      else
        result[threads]="FAILED (a data race, a failed test or the build: above)"
        status=1
      fi ;;
    portable)
      # Only GLM and a C++20 compiler: no tests, no demo, no benchmarks; without the vector objects
      # and, on x86-64, with them. The cache must show that nothing but GLM was looked for.
      result[portable]="library alone built, installed and used (vector objects off, then on)"
      for preset in portable portable-simd; do
        dir="$root/build-$preset"
        vector_objects=no
        [ "$preset" = portable-simd ] && [ "$(uname -m)" = x86_64 ] && vector_objects=yes
        echo "== portable: the library alone in $dir (preset $preset), installed and used by an outside project"
        if cmake --preset "$preset" >/dev/null && cmake --build --preset "$preset" -j"$jobs" &&
           [ "$(ls "$dir"/engine/CMakeFiles | grep -q pickray_batch && echo yes || echo no)" = $vector_objects ] &&
           [ "$(grep -E '^[A-Za-z0-9_]+_DIR:PATH=' "$dir/CMakeCache.txt" | grep -v '^glm_DIR' | wc -l)" -eq 0 ] &&
           [ ! -d "$dir/tests" ] &&
           cmake -DBUILD_DIR="$dir" -DSOURCE_DIR="$root" -DWORK_DIR="$dir/consumer" \
             -P "$root/tests/install/consume_installed.cmake"; then
          :
        else
          result[portable]="FAILED (preset $preset)"
          status=1
        fi
      done ;;
  esac
  seconds_taken[$stage]=$(( $(date +%s) - started ))
  echo "== $stage: ${seconds_taken[$stage]}s"
done

# Measured precision, printed by the tests themselves (lines tagged "precision:"); from this run's
# main stage only, not from an earlier run's log.
ran_main=no
[[ " $stages " == *" main "* ]] && [ -f "$build/ctest.log" ] && ran_main=yes
if [ $ran_main = yes ]; then
  echo
  echo "Measured precision (worst cases over all random and edge-case inputs):"
  grep -h "^precision:" "$build/Testing/Temporary/LastTest.log" | sed "s/^precision: /  /" | awk '!seen[$0]++'
fi

# The same measurements from the aarch64 stage: the tolerances hold there too.
aarch64_log="$root/build-aarch64/Testing/Temporary/LastTest.log"
if [[ " $stages " == *" aarch64 "* ]] && [ -f "$root/build-aarch64/ctest.log" ]; then
  echo
  echo "Measured precision on aarch64 (under qemu-aarch64):"
  grep -h "^precision:" "$aarch64_log" | sed "s/^precision: /  /" | awk '!seen[$0]++'
fi

# The level each per-level test really ran, and why a level was skipped (the CPU or the build
# lacks it); the CPU's features as the dispatch asks for them (AVX-512: f, dq and vl).
if [ $ran_main = yes ]; then
  features=""
  for feature in avx avx2 avx512f avx512dq avx512vl; do
    if grep -qw -m1 "$feature" /proc/cpuinfo; then features+=" $feature"; else features+=" (no $feature)"; fi
  done
  echo
  echo "Instruction sets run by the per-level tests on this CPU:$features"
  awk '/^[0-9]+\/[0-9]+ Testing: /{test=$3} /^(simd level|skipped): /{print "  " test ": " $0}' \
    "$build/Testing/Temporary/LastTest.log" | sort -u
fi

# Each ctest stage's skips for a SIMD level this CPU lacks, with cpu_gate's reason; the tests the
# stage leaves out by tests/stage_skips.txt are counted in its line below.
for stage in main sanitize aarch64; do
  [[ " $stages " == *" $stage "* ]] && [ -f "${build_dir[$stage]}/ctest.log" ] || continue
  reasons=$(awk '/^[0-9]+\/[0-9]+ Testing: /{test = $3} /^skipped: /{print "  " test ": " substr($0, 10)}' \
    "${build_dir[$stage]}/Testing/Temporary/LastTest.log" | sort -u)
  [ -n "$reasons" ] || continue
  echo
  echo "Skipped in the $stage stage:"
  echo "$reasons"
done

echo
echo "packages: ${seconds_taken[packages]}s"
for stage in $all_stages; do
  if [[ " $stages " == *" $stage "* ]]; then
    echo "$stage: ${result[$stage]:-not run} (${seconds_taken[$stage]:-0}s)"
  else
    echo "$stage: not run (PICKRAY_TEST_STAGES)"
  fi
done
# End with ctest's own summary line of the main suite.
[ $ran_main = yes ] && grep -E "tests passed|tests failed" "$build/ctest.log" | tail -n 1
exit $status

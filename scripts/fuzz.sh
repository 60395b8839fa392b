#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds the libFuzzer targets with clang (ASan + UBSan) and runs each on its checked-in seed
# corpus (tests/fuzz/corpus/<target>, read only: new inputs go to a scratch copy).
# Each run is deterministic: a fixed seed (PICKRAY_FUZZ_SEED, default 1) and a fixed number of
# executions per target (under a minute each here), with `seconds` only as a safety cap, so a green
# run stays green on the next machine. For open-ended exploration pass another seed and more
# seconds with PICKRAY_FUZZ_RUNS=0 (no run limit).
# What makes it so (each checked: two runs, and runs at two levels, leave the same corpus):
#   * -reload=0: libFuzzer otherwise rereads the corpus directory every second, so what it has
#     found by then depends on the machine's speed;
#   * no comparison tracing in the fuzz build (cmake/PickraySanitizers.cmake): it fed addresses,
#     which differ from run to run, to the mutations;
#   * fuzz_collision reaches code chosen by the CPU (the batch routines, the BVH's box test), so it
#     runs once per PICKRAY_SIMD level, forced (PICKRAY_FUZZ_LEVELS, default "scalar avx2 avx512"),
#     and so does fuzz_mesh (the box test alone, which has no AVX-512 form: scalar and avx2);
#     a level the CPU (or the build) lacks would run the one below, so it is not run: its line
#     says "skipped" and why (tests/support/cpu_gate.cpp, as for ctest's per-level tests). The
#     CPU-chosen code has no coverage instrumentation (engine/CMakeLists.txt), so each level walks
#     the same inputs on every machine (avx2 and avx512 the very same ones, checked against
#     different code). The other targets reach no such code and run once.
# A crash fails the run and leaves the input in <build>/crashes/: copy it to
# tests/fuzz/regressions/<target>/ (replayed by ctest) once fixed. A target without its seed
# corpus fails too, and so does a fixed-length run that the time cap cut short: it walked fewer
# inputs than the same run elsewhere, so it is not that run's verdict (raise the cap on a slow
# machine).
# Usage: scripts/fuzz.sh [seconds cap per target and level, default 240] [build-dir]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-240}
seed=${PICKRAY_FUZZ_SEED:-1}
build=${2:-$root/build-fuzz}
levels=${PICKRAY_FUZZ_LEVELS:-scalar avx2 avx512}
# Absolute: each target runs from inside $build/crashes (where libFuzzer drops crash inputs), so a
# relative build directory would no longer name its log or binary there.
mkdir -p "$build"
build=$(cd "$build" && pwd)

# The fuzz preset (CMakePresets.json): clang, PICKRAY_FUZZ, no benchmarks.
(cd "$root" && cmake --preset fuzz -B "$build" >/dev/null)
targets=$(cd "$root/tests/fuzz" && ls fuzz_*.cpp | sed 's/\.cpp$//')
for target in $targets; do
  corpus="$root/tests/fuzz/corpus/$target"
  if [ ! -d "$corpus" ] || [ -z "$(ls -A "$corpus")" ]; then
    echo "fuzz: $target FAILED: no seed corpus in $corpus"
    exit 1
  fi
done
cmake --build "$build" -j"$(nproc)" --target $targets cpu_gate >/dev/null

mkdir -p "$build/crashes"
status=0
# Executions per target and level: under a minute each on this project's 2-core machines.
runs_for() {
  case $1 in
    fuzz_collision) echo 450000 ;;  # every input also runs the batch forms
    fuzz_mesh) echo 60000 ;;        # a brute force over up to 24 triangles, 12 rays, both face modes
    fuzz_scene) echo 750000 ;;
    fuzz_cli) echo 30000 ;;         # CLI11 builds its whole option table for every input
    fuzz_session) echo 80000 ;;     # reads, writes, rereads and cuts each session
    *) echo 2000000 ;;
  esac
}
levels_for() {
  case $1 in
    fuzz_collision) echo "$levels" ;;
    fuzz_mesh) tr ' ' '\n' <<<"$levels" | grep -v avx512 | tr '\n' ' ' ;;  # the box test has no AVX-512 form
    *) echo "native" ;;
  esac
}
# What a level of the batch routines needs, for cpu_gate (as tests/CMakeLists.txt says it).
needs_for() {
  case $1 in
    avx2) echo "avx2 kernels" ;;
    avx512) echo "avx512f avx512dq avx512vl kernels" ;;
    *) echo "" ;;
  esac
}

for target in $targets; do
  runs=${PICKRAY_FUZZ_RUNS:-$(runs_for "$target")}
  [ "$runs" = 0 ] && runs=-1
  for level in $(levels_for "$target"); do
    name=$target
    [ "$level" = native ] || name="$target.$level"
    needs=$(needs_for "$level")
    if [ -n "$needs" ]; then
      gate=0
      why=$(PICKRAY_SIMD=$level "$build/tests/cpu_gate" $needs -- true) || gate=$?
      if [ "$gate" = 77 ]; then
        echo "fuzz: $name skipped: ${why#skipped: }"
        continue
      elif [ "$gate" != 0 ]; then
        echo "fuzz: $name FAILED: cpu_gate $needs exited with $gate"
        status=1
        continue
      fi
    fi
    scratch=$(mktemp -d)
    cp -r "$root/tests/fuzz/corpus/$target/." "$scratch/"
    log="$build/$name.log"
    started=$(date +%s)
    if (cd "$build/crashes" && if [ "$level" != native ]; then export PICKRAY_SIMD=$level; fi &&
          ASAN_OPTIONS=detect_leaks=0 "$build/tests/fuzz/$target" \
          -seed="$seed" -runs="$runs" -reload=0 -max_total_time="$seconds" -max_len=4096 -timeout=10 \
          -rss_limit_mb=4096 -print_final_stats=1 "$scratch" >"$log" 2>&1); then
      done_runs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' || echo "?")
      ran=$(grep -m1 -oE '^simd level: .*' "$log" || true)
      if [ "$runs" != -1 ] && [ "$done_runs" != "$runs" ]; then
        echo "fuzz: $name CUT SHORT by the ${seconds} s cap: $done_runs of its $runs executions (seed $seed), fewer inputs than the same run walks elsewhere, so no verdict (raise the cap)${ran:+; $ran}"
        status=1
      else
        echo "fuzz: $name ok, $done_runs executions (seed $seed) in $(( $(date +%s) - started ))s${ran:+; $ran}"
      fi
    else
      echo "fuzz: $name FAILED; input saved in $build/crashes/, log $log:"
      grep -E "^simd level|contract violated|ERROR|runtime error|SUMMARY" "$log" | head -6
      status=1
    fi
    rm -rf "$scratch"
  done
done
exit $status

#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan + UBSan) and runs each for a bounded time on its
# checked-in seed corpus (tests/fuzz/corpus/<target>, read only: new inputs go to a scratch copy).
# A crash fails the run and leaves the input in <build>/crashes/ (turn it into a regression test).
# Usage: scripts/fuzz.sh [seconds per target, default 60] [build-dir]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-60}
build=${2:-$root/build-fuzz}

cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang \
      -DCMAKE_CXX_COMPILER=clang++ -DPICKRAY_FUZZ=ON -DPICKRAY_BUILD_BENCH=OFF >/dev/null
targets=$(cd "$root/tests/fuzz" && ls fuzz_*.cpp | sed 's/\.cpp$//')
cmake --build "$build" -j"$(nproc)" --target $targets >/dev/null

mkdir -p "$build/crashes"
status=0
for target in $targets; do
  scratch=$(mktemp -d)
  cp -r "$root/tests/fuzz/corpus/$target/." "$scratch/" 2>/dev/null || true
  log="$build/$target.log"
  if (cd "$build/crashes" && ASAN_OPTIONS=detect_leaks=0 "$build/tests/fuzz/$target" \
        -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
        "$scratch" >"$log" 2>&1); then
    runs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' || echo "?")
    echo "fuzz: $target ok, $runs executions in ${seconds}s"
  else
    echo "fuzz: $target FAILED; input saved in $build/crashes/, log $log:"
    grep -E "contract violated|ERROR|runtime error|SUMMARY" "$log" | head -5
    status=1
  fi
  rm -rf "$scratch"
done
exit $status

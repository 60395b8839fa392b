#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs both benchmark programs on an otherwise idle machine and prints the Markdown tables of
# docs/PERFORMANCE.md. Takes tens of minutes (Bullet builds its 1e6-object worlds twice; the Embree
# comparison runs again at each lower level).
# Usage: [PICKRAY_EMBREE4_ROOT=DIR] scripts/bench.sh [build-dir]   (DIR: an Embree 4 install, docs/PERFORMANCE.md)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
"$root/scripts/install-deps.sh"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release ${PICKRAY_EMBREE4_ROOT:+-DPICKRAY_EMBREE4_ROOT="$PICKRAY_EMBREE4_ROOT"} >/dev/null
cmake --build "$build" -j"$(nproc)" --target bench_kernels bench_scene >/dev/null
out=$(mktemp -d)
# Each kernel row is the fastest of three runs (report.py takes the minimum of repetitions): the
# rows compare routines within a few percent on a shared machine. The runs are interleaved in a
# random order, so that a burst of load from elsewhere cannot slow all three runs of one row.
"$build/bench/bench_kernels" --benchmark_min_time=0.3 --benchmark_repetitions=3 --benchmark_enable_random_interleaving=true \
  --benchmark_out="$out/kernels.json" --benchmark_out_format=json >&2
"$build/bench/bench_scene" --benchmark_min_time=0.3 --benchmark_enable_random_interleaving=true \
  --benchmark_out="$out/scene.json" --benchmark_out_format=json >&2
# The Embree comparison again at each lower level, pickray's and Embree's forced alike (report.py
# labels every row with the CPU and the levels): AVX2 where the CPU has AVX-512, and the portable
# path (pickray's scalar batch and SSE box test against Embree's SSE4.2).
levels=("scalar sse4.2")
if grep -q avx512f /proc/cpuinfo; then levels=("avx2 avx2" "${levels[@]}"); fi
scenes=("$out/scene.json")
for level in "${levels[@]}"; do
  read -r ours theirs <<<"$level"
  PICKRAY_SIMD=$ours PICKRAY_BENCH_EMBREE_ISA=$theirs "$build/bench/bench_scene" \
    --benchmark_filter='^(Nearest|Build)_(pickray|embree|embree4)(_native|_user)?/(10000|1000000)/' \
    --benchmark_min_time=0.3 --benchmark_enable_random_interleaving=true \
    --benchmark_out="$out/scene-$ours.json" --benchmark_out_format=json >&2
  scenes+=("$out/scene-$ours.json")
done
python3 "$root/bench/report.py" "$out/kernels.json" "${scenes[@]}"

#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs both benchmark programs on an otherwise idle machine and prints the Markdown tables of
# docs/PERFORMANCE.md. Takes 5–15 minutes (Bullet builds its 1e6-object worlds twice).
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
python3 "$root/bench/report.py" "$out/kernels.json" "$out/scene.json"

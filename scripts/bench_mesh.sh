#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs bench_mesh (triangle meshes against Embree) once for each pickray level this CPU has
# (PICKRAY_SIMD: avx512, avx2, scalar; Embree at its best each time) and prints the Markdown tables
# of docs/PERFORMANCE.md's "Triangle meshes against Embree". Takes tens of minutes.
# Usage: [PICKRAY_EMBREE4_ROOT=DIR] scripts/bench_mesh.sh [build-dir [out-dir]]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
out=${2:-$(mktemp -d)}
mkdir -p "$out"
"$root/scripts/install-deps.sh"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release ${PICKRAY_EMBREE4_ROOT:+-DPICKRAY_EMBREE4_ROOT="$PICKRAY_EMBREE4_ROOT"} >/dev/null
cmake --build "$build" -j"$(nproc)" --target bench_mesh >/dev/null
levels=(scalar)
if grep -q avx2 /proc/cpuinfo; then levels=(avx2 "${levels[@]}"); fi
if grep -q avx512f /proc/cpuinfo; then levels=(avx512 "${levels[@]}"); fi
runs=()
for level in "${levels[@]}"; do
  # Each row five times, the rows in a random order (bench_mesh's defaults), the median reported.
  PICKRAY_SIMD=$level "$build/bench/bench_mesh" --benchmark_filter='/(bunny|torus)' --benchmark_min_time=0.3 \
    --benchmark_out="$out/mesh-$level.json" --benchmark_out_format=json >&2
  runs+=("$out/mesh-$level.json")
done
python3 "$root/bench/report.py" --mesh "${runs[@]}"

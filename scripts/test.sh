#!/usr/bin/env bash
# Builds pickray with warnings as errors and runs every test (ctest), then prints the measured
# precision figures. Installs missing Debian packages first. Usage: scripts/test.sh [build-dir]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}

"$root/scripts/install-deps.sh"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DPICKRAY_WARNINGS_AS_ERRORS=ON >/dev/null
cmake --build "$build" -j"$(nproc)"

cd "$build"
status=0
ctest --output-on-failure -j"$(nproc)" --timeout 600 | tee ctest.log || status=$?

# Measured precision, printed by the tests themselves (lines tagged "precision:").
echo
echo "Measured precision (worst cases over all random and edge-case inputs):"
grep -h "^precision:" Testing/Temporary/LastTest.log | sed "s/^precision: /  /" | awk "!seen[\$0]++" || true

# End with ctest's own summary line.
echo
grep -E "tests passed|tests failed" ctest.log | tail -n 1
exit $status

#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds and runs the pickray demo. Installs missing Debian packages first.
# On a desktop it opens the window; without a display it runs the scripted headless mode and
# says where it wrote the screenshot and report. Extra arguments go to the program.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build

"$root/scripts/install-deps.sh"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j"$(nproc)" --target pickray
exec "$build/app/pickray" --scene "$root/assets/scenes/default.json" "$@"

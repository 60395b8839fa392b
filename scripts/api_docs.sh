#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Makes the API reference of the installed headers (engine/include/pickray, without the detail/
# folders and detail namespaces) as HTML, with doxygen and docs/Doxyfile, from the repository root.
#   scripts/api_docs.sh [OUT-DIR]    writes OUT-DIR/html (build/api/html by default; /build*/ is
#                                    ignored by git) and doxygen's warnings to OUT-DIR/doxygen.log
# Installs Debian's doxygen first when there is none, as scripts/install-deps.sh installs packages
# (with sudo when not root). The CI does not run this, and install-deps.sh does not list doxygen.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/build/api}
mkdir -p "$out"
out=$(cd "$out" && pwd)

if ! command -v doxygen >/dev/null; then
  command -v apt-get >/dev/null || { echo "no doxygen, and no apt-get to install it with"; exit 1; }
  echo "Installing missing Debian package: doxygen"
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends doxygen >/dev/null
fi

version=$(sed -n 's/^project(pickray VERSION \([0-9.]*\).*/\1/p' "$root/CMakeLists.txt")
# A page of a header removed since the last run would stay: the old pages go first (only from a
# folder doxygen made, which holds its doxygen.css).
[ -f "$out/html/doxygen.css" ] && rm -rf "$out/html"
cd "$root"
status=0
{ cat docs/Doxyfile; echo "PROJECT_NUMBER = $version"; echo "OUTPUT_DIRECTORY = $out"; } |
  doxygen - 2>"$out/doxygen.log" || status=$?
cat "$out/doxygen.log" >&2
[ "$status" -eq 0 ] || { echo "doxygen failed ($status)"; exit "$status"; }
warnings=$(grep -c "warning:" "$out/doxygen.log" || true)
echo "API reference: $out/html/index.html (doxygen warnings: $warnings, in $out/doxygen.log)"

#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Remakes every picture in README.md and docs/ from the command written beside it
# (scripts/doc_pictures.py finds them), with the built pickray, from the repository root.
#   scripts/docs.sh [build-dir]                  writes the pictures in place (look at each, commit)
#   scripts/docs.sh --check OUT-DIR [build-dir]  writes them to OUT-DIR instead and fails when any
#       pixel of a committed picture differs from the new one by more than 2/255 in a channel
#       (png_diff, built with the tests); the ctest test docs.pictures_are_current runs this. An
#       animation (--record-gif) is compared before quantisation: its frames made now, unquantised
#       (--gif-frames), against the committed GIF's within what its palette allows (gif_diff).
# PICKRAY_DOCS_ONLY="a.png b.png": only the pictures of these file names (the 128-bit check's).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
check=""
if [ "${1:-}" = "--check" ]; then
  check=$(mkdir -p "$2" && cd "$2" && pwd)
  shift 2
fi
build=$(cd "${1:-$root/build}" && pwd)
pickray="$build/app/pickray"
[ -x "$pickray" ] || { echo "no $pickray: build first (cmake --build $build --target pickray)"; exit 1; }
cd "$root"
recipes=$(python3 "$root/scripts/doc_pictures.py" "$root")
status=0
while IFS= read -r recipe; do
  picture=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["picture"])' "$recipe")
  if [ -n "${PICKRAY_DOCS_ONLY:-}" ] && [[ " $PICKRAY_DOCS_ONLY " != *" $(basename "$picture") "* ]]; then
    continue
  fi
  where=$(python3 -c 'import json,sys; r=json.loads(sys.argv[1]); print(r["doc"] + ":" + str(r["line"]))' "$recipe")
  out="$picture"
  [ -n "$check" ] && out="$check/$(basename "$picture")"
  option=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["option"])' "$recipe")
  frames=""
  if [ -n "$check" ] && [ "$option" = --record-gif ]; then
    frames="$check/$(basename "$picture" .gif)-frames"
    rm -rf "$frames"
  fi
  mapfile -d '' args < <(python3 -c '
import json, sys
r = json.loads(sys.argv[1])
args = list(r["args"])
args[args.index(r["option"]) + 1] = sys.argv[2]
if sys.argv[3]:
    args += ["--gif-frames", sys.argv[3]]
sys.stdout.write("\0".join(args) + "\0")' "$recipe" "$out" "$frames")
  if ! SDL_VIDEODRIVER=offscreen "$pickray" "${args[@]}" >"${check:-/tmp}/docs-run.log" 2>&1; then
    echo "FAILED: $picture ($where):"; cat "${check:-/tmp}/docs-run.log"; status=1; continue
  fi
  if [ -z "$check" ]; then
    echo "made $picture ($where)"
  elif [ "$option" = --record-gif ] && ! "$build/tests/docs/gif_diff" "$picture" "$out" "$frames"; then
    echo "  stale: $picture is not what the command beside it ($where) makes now; scripts/docs.sh remakes it"
    status=1
  elif [ "$option" = --screenshot ] && ! "$build/tests/docs/png_diff" "$picture" "$out"; then
    echo "  stale: $picture is not what the command beside it ($where) makes now; scripts/docs.sh remakes it"
    status=1
  fi
done <<<"$recipes"
exit $status

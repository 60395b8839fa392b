#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The Debian package, tried as a user would: made by cpack from this build, unpacked (dpkg -x)
# into a scratch root, that root copied elsewhere, and the copy's pickray run from a directory of
# its own with the source and build trees out of reach (hidden by an empty tmpfs in a private
# mount namespace where that is allowed). Then an outside project is built against the copy's
# headers and CMake package, and run.
# Usage: tests/package/test_deb.sh BUILD-DIR SOURCE-DIR
set -euo pipefail
build=$(cd "$1" && pwd)
source=$(cd "$2" && pwd)
scratch=$(mktemp -d /tmp/pickray-deb.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

echo "== cpack"
(cd "$build" && cpack -G DEB -B "$scratch/out" >"$scratch/cpack.log" 2>&1) || { cat "$scratch/cpack.log"; fail "cpack"; }
deb=$(ls "$scratch"/out/*.deb)
version=$(sed -n 's/^set(CPACK_PACKAGE_VERSION "\(.*\)")$/\1/p' "$build/CPackConfig.cmake")
arch=$(dpkg --print-architecture)
[ "$(basename "$deb")" = "pickray_${version}_${arch}.deb" ] || fail "package named $(basename "$deb"), not pickray_${version}_${arch}.deb"
echo "package: $(basename "$deb"), $(stat -c %s "$deb") bytes"
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
for needed in libegl1 libgl1 libgl1-mesa-dri libsdl2-2.0-0 libglm-dev; do
  grep -Eq "(^|, )$needed( |,|$)" <<<"$depends" || fail "Depends lacks $needed"
done

echo "== unpack and move"
dpkg -x "$deb" "$scratch/unpacked"
mkdir -p "$scratch/elsewhere"
cp -a "$scratch/unpacked" "$scratch/elsewhere/root"
rm -rf "$scratch/unpacked"
root="$scratch/elsewhere/root"
for path in usr/bin/pickray usr/share/pickray/shaders/mesh.vert usr/share/pickray/scenes/default.json \
            usr/include/pickray/collision.hpp usr/share/doc/pickray/copyright; do
  [ -e "$root/$path" ] || fail "not in the package: /$path"
done
cmake_config=$(find "$root" -name pickrayConfig.cmake)
[ -n "$cmake_config" ] || fail "no pickrayConfig.cmake in the package"
echo "CMake package: ${cmake_config#"$root"}"
for tree in "$source" "$build"; do
  if grep -q -a -F "$tree" "$root/usr/bin/pickray"; then fail "the packaged binary names $tree"; fi
done
echo "the packaged binary names neither $source nor $build"

echo "== run the packaged pickray"
mkdir -p "$scratch/work"
cat >"$scratch/run.sh" <<EOF
set -e
cd "$scratch/work"
unset PICKRAY_SHADER_DIR
export SDL_VIDEODRIVER=offscreen
"$root/usr/bin/pickray" --headless --size 640x360 --click 320,180 --report r.json --screenshot s.png
"$root/usr/bin/pickray" --headless --size 640x360 --hide-ui --click 236,158 --report picked.json
EOF
hidden=no
if [ "$(id -u)" -eq 0 ] && unshare -m --propagation private true 2>/dev/null; then
  # An empty tmpfs over each tree: what the binary still reads there would be gone.
  cat >"$scratch/hide.sh" <<EOF
set -e
mount -t tmpfs none "$source"
case "$build" in "$source"/*) ;; *) mount -t tmpfs none "$build" ;; esac
[ -z "\$(ls -A "$source")" ] || exit 3
exec bash "$scratch/run.sh"
EOF
  unshare -m --propagation private bash "$scratch/hide.sh" >"$scratch/run.log" 2>&1 || { cat "$scratch/run.log"; fail "the packaged pickray failed"; }
  hidden=yes
else
  bash "$scratch/run.sh" >"$scratch/run.log" 2>&1 || { cat "$scratch/run.log"; fail "the packaged pickray failed"; }
fi
cat "$scratch/run.log"
echo "source and build trees hidden while it ran: $hidden"
[ -s "$scratch/work/s.png" ] || fail "no screenshot"
python3 - "$scratch/work/r.json" "$scratch/work/picked.json" <<'EOF' || fail "reports"
import json, sys
first, picked = (json.load(open(p)) for p in sys.argv[1:])
assert first["frame"]["objects"] == 7, first["frame"]
assert first["errors"] == [], first["errors"]
assert picked["clicks"][0]["picked"] == "ball", picked["clicks"][0]
print("reports: 7 objects drawn; the click at 236,158 picked", picked["clicks"][0]["picked"])
EOF

echo "== an outside project against the package"
cmake -S "$source/examples/pick_cli" -B "$scratch/consumer" -DCMAKE_PREFIX_PATH="$root/usr" \
  -DCMAKE_BUILD_TYPE=Release >"$scratch/consumer.log" 2>&1 || { cat "$scratch/consumer.log"; fail "configure"; }
grep -q "pickray_DIR:PATH=$root/" "$scratch/consumer/CMakeCache.txt" || fail "find_package found another pickray"
cmake --build "$scratch/consumer" >>"$scratch/consumer.log" 2>&1 || { cat "$scratch/consumer.log"; fail "build"; }
out=$("$scratch/consumer/pick_cli" --cursor 358.9,360.0 --clip-depth d3d)
echo "$out" | tail -n 3
grep -q "picked: sphere" <<<"$out" || fail "pick_cli did not pick the sphere"
echo "package: OK"

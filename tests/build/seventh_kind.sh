#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A seventh shape kind does not compile until every place that handles each kind handles it.
#
# Adds `struct Cone` to pickray::Shape in a copy of query/shape.hpp put first on the include path,
# then compiles (syntax only) each translation unit that dispatches over the kinds, with the exact
# command of the build (compile_commands.json). Each must fail, and fail over Cone (a broken
# command fails over something else: then the unchanged header is tried, to tell which).
# Usage: tests/build/seventh_kind.sh BUILD-DIR SOURCE-DIR
set -euo pipefail
build=$1
source=$(cd "$2" && pwd)
commands="$build/compile_commands.json"
[ -f "$commands" ] || { echo "no $commands (configure with CMAKE_EXPORT_COMPILE_COMMANDS=ON)"; exit 1; }

# Every file with code of its own for each kind: names, bounds and dispatch (shape.cpp), the BVH's
# leaf tests (bvh.cpp), the scene's defaults, moves and checks, its file format, the inspector, the
# gizmo's turning and scaling, and the renderer's sorting into draws (collect.cpp). (The BVH's build
# and update are generic over the kinds: they take a new one as is.)
units=(
  engine/src/query/shape.cpp
  engine/src/query/bvh.cpp
)
if grep -q '"file": ".*app/scene/scene.cpp"' "$commands"; then
  units+=(app/scene/scene.cpp app/scene/scene_io.cpp app/panels/inspector.cpp app/viewport/gizmo.cpp app/render/collect.cpp)
fi

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/same/pickray/query" "$scratch/seventh/pickray/query"
header="$source/engine/include/pickray/query/shape.hpp"
cp "$header" "$scratch/same/pickray/query/shape.hpp"
python3 - "$header" "$scratch/seventh/pickray/query/shape.hpp" <<'EOF'
import sys
text = open(sys.argv[1]).read()
old = "using Shape = std::variant<Sphere, Capsule, Cylinder, InfiniteCylinder, Aabb, OrientedBox>;"
if old not in text:
    sys.exit("shape.hpp no longer declares Shape as " + old)
new = "struct Cone {\n    glm::vec3 apex{0.0f};\n};\n" + old.replace("OrientedBox>", "OrientedBox, Cone>")
open(sys.argv[2], "w").write(text.replace(old, new))
EOF

# compile UNIT INCLUDE-DIR: the build's command for UNIT, syntax only, INCLUDE-DIR searched first.
compile() {
  python3 - "$commands" "$source/$1" "$2" <<'EOF'
import json, shlex, subprocess, sys
commands, unit, first = sys.argv[1:]
entry = next((e for e in json.load(open(commands)) if e["file"] == unit), None)
if entry is None:
    sys.exit(f"{unit} is not in the build's compile commands")
args = entry["arguments"] if "arguments" in entry else shlex.split(entry["command"])
out = args.index("-o")
args = args[:out] + args[out + 2:]          # no object file
args = [args[0], "-I" + first, "-fsyntax-only"] + args[1:]
run = subprocess.run(args, cwd=entry["directory"], capture_output=True, text=True)
sys.stderr.write(run.stderr)
sys.exit(run.returncode)
EOF
}

failures=0
for unit in "${units[@]}"; do
  # A failure must be over Cone: a broken command fails over something else, and only then is the
  # unchanged header tried, to say which (compiling it every time would double the test's time).
  if compile "$unit" "$scratch/seventh" 2>"$scratch/log"; then
    echo "FAIL $unit: compiles with a seventh kind it does not handle"
    failures=$((failures + 1))
  elif ! grep -q "Cone" "$scratch/log"; then
    if ! compile "$unit" "$scratch/same" 2>"$scratch/same.log"; then
      echo "FAIL $unit: does not compile even with the header unchanged:"; head -20 "$scratch/same.log"
    else
      echo "FAIL $unit: fails with a seventh kind, but not over it:"; head -20 "$scratch/log"
    fi
    failures=$((failures + 1))
  else
    echo "ok   $unit: refuses the seventh kind ($(grep -m1 -o 'error: .*' "$scratch/log" | cut -c1-110))"
  fi
done
echo "${#units[@]} translation units, $failures failures"
[ "$failures" -eq 0 ]

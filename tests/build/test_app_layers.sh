#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The architecture checker (app_layers.py) passes a clean tree and fails each way the rules can be
# broken, with the message that says where and why.
#
# Builds a small fake app/ (six parts, each with its CMake target with the shapes the checker must not mistake: namespace
# qualified free functions, static members and enums used in bodies, a defaulted constructor, an
# operator, #include lines inside comments and a raw string, a folder with no C++ files) and one
# copy of it per case, each broken in one way. Every case asserts the exit code, the number of
# violations on the summary line and a fragment of the expected message; the run fails unless
# exactly the expected number of cases ran.
# Usage: tests/build/test_app_layers.sh PYTHON CHECKER
set -euo pipefail
python=$1
checker=$2

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The clean tree.
clean=$scratch/clean
mkdir -p "$clean"/app/{scene,render,input,editor,viewport,shaders}
cat >"$clean/app/LAYERS" <<'EOF'
# bottom to top
scene:
render: scene ; forbid SDL*.h imgui*
input: ; forbid glad/* GL/* imgui*
editor: scene ; forbid SDL*.h glad/* GL/* imgui*
viewport: editor input render scene
.: viewport editor input render scene
EOF
echo 'void main() {}' >"$clean/app/shaders/flat.frag"
# Each part's target, linking what LAYERS lets it use (viewport reaches scene through render).
echo 'pickray_add_part(scene SOURCES scene.cpp)' >"$clean/app/scene/CMakeLists.txt"
printf '# the renderer\npickray_add_part(render\n  SOURCES renderer.cpp\n  USES pickray_scene)\n' >"$clean/app/render/CMakeLists.txt"
echo 'pickray_add_part(input SOURCES keys.cpp)' >"$clean/app/input/CMakeLists.txt"
echo 'pickray_add_part(editor SOURCES editor.cpp history.cpp USES pickray_scene PRIVATE nlohmann_json)' >"$clean/app/editor/CMakeLists.txt"
echo 'pickray_add_part(viewport SOURCES view.cpp USES pickray_editor pickray_input pickray_render)' >"$clean/app/viewport/CMakeLists.txt"
cat >"$clean/app/scene/scene.hpp" <<'EOF'
#pragma once
#include <string>
namespace pickray::app::scene {
struct Scene {
    enum class Kind { Box };
    int count() const;
    static int limit();
};
int helper();
}  // namespace pickray::app::scene
EOF
cat >"$clean/app/scene/scene.cpp" <<'EOF'
#include "scene.hpp"

#include <cstdio>

#include "pickray/query.hpp"
// #include "editor/editor.hpp" in a comment is no include
/*
#include "viewport/view.hpp"
*/
namespace pickray::app::scene {
const char* help = R"(
#include "viewport/view.hpp"
Editor::Outcome Editor::apply(int a) {
)";
int Scene::count() const { return 1'000'000; }
int Scene::limit() { return 'x' == '"' ? 1 : 2; }
int helper() { return 0; }
}  // namespace pickray::app::scene
EOF
cat >"$clean/app/render/renderer.hpp" <<'EOF'
#pragma once
#include "scene/scene.hpp"
namespace pickray::app::render {
class Renderer {
public:
    Renderer();
    void draw(const scene::Scene& scene);
};
}  // namespace pickray::app::render
EOF
cat >"$clean/app/render/renderer.cpp" <<'EOF'
#include "renderer.hpp"

#include <glad/glad.h>

namespace pickray::app::render {
Renderer::Renderer() = default;
void Renderer::draw(const scene::Scene& scene) {
    if (scene.count() > scene::Scene::limit()) glFlush();
}
}  // namespace pickray::app::render
EOF
cat >"$clean/app/render/meshes.cpp" <<'EOF'
#include "renderer.hpp"
#include "scene/scene.hpp"

namespace pickray::app::render {
int meshCount() {
    Renderer renderer;
    renderer.draw(scene::Scene{});
    return scene::helper();
}
}  // namespace pickray::app::render
EOF
cat >"$clean/app/input/keys.hpp" <<'EOF'
#pragma once
#include <SDL_keycode.h>
namespace pickray::app::input {
struct Keys {
    int code(SDL_Keycode key) const;
};
}  // namespace pickray::app::input
EOF
cat >"$clean/app/input/imgui_keys.hpp" <<'EOF'
#pragma once
namespace pickray::app::input {
constexpr int imguiKeyCount = 512;
}  // namespace pickray::app::input
EOF
cat >"$clean/app/input/keys.cpp" <<'EOF'
#include "imgui_keys.hpp"
#include "keys.hpp"
namespace pickray::app::input {
int Keys::code(SDL_Keycode key) const { return static_cast<int>(key); }
}  // namespace pickray::app::input
EOF
cat >"$clean/app/editor/editor.hpp" <<'EOF'
#pragma once
#include <optional>
#include "history.hpp"
#include "scene/scene.hpp"
namespace pickray::app {
class Editor {
public:
    enum class Outcome { Done, Refused };
    Editor();
    ~Editor();
    Outcome apply(int command);
    std::optional<int> last() const;
    static int limit();
    static const std::string title;
};
}  // namespace pickray::app
EOF
cat >"$clean/app/editor/history.hpp" <<'EOF'
#pragma once
namespace pickray::app {
struct History {
    History();
    int size = 0;
};
}  // namespace pickray::app
EOF
cat >"$clean/app/editor/editor.cpp" <<'EOF'
#include "editor.hpp"

namespace pickray::app {
Editor::Editor() = default;
Editor::~Editor() {}
Editor::Outcome Editor::apply(int command) {
    if (command > Editor::limit()) return Editor::Outcome::Refused;
    return Outcome::Done;
}
std::optional<int> pickray::app::Editor::last() const { return std::nullopt; }
int Editor::limit() { return scene::Scene::limit(); }
}  // namespace pickray::app
EOF
cat >"$clean/app/editor/history.cpp" <<'EOF'
#include "history.hpp"

#include "editor.hpp"

namespace pickray::app {
const int historyLimit = Editor::limit() + int{1};
const std::string Editor::title("editor");
History::History() : size(Editor::limit()) {}
}  // namespace pickray::app
EOF
cat >"$clean/app/viewport/view.hpp" <<'EOF'
#pragma once
#include "editor/editor.hpp"
#include "input/keys.hpp"
#include "render/renderer.hpp"
namespace pickray::app::viewport {
class View {
public:
    template <class T>
    T as() const;
    bool operator==(const View&) const;
    int frame(Editor& editor);
};
template <class T>
T View::as() const {
    return T{};
}
}  // namespace pickray::app::viewport
EOF
cat >"$clean/app/viewport/view.cpp" <<'EOF'
#include "view.hpp"

#include <imgui.h>

#include "../scene/scene.hpp"
#include <scene/scene.hpp>

namespace pickray::app::viewport {
bool View::operator==(const View&) const { return true; }
int View::frame(Editor& editor) {
    return editor.apply(1) == Editor::Outcome::Done ? scene::Scene::limit() : 0;
}
}  // namespace pickray::app::viewport
EOF
cat >"$clean/app/main.cpp" <<'EOF'
#include "run.hpp"
#include "viewport/view.hpp"

int main() { return pickray::app::Run{}.go(); }
EOF
cat >"$clean/app/run.hpp" <<'EOF'
#pragma once
namespace pickray::app {
struct Run {
    int go();
};
}  // namespace pickray::app
EOF
cat >"$clean/app/run.cpp" <<'EOF'
#include "run.hpp"

#include <SDL.h>

#include "editor/editor.hpp"
#include "viewport/view.hpp"

namespace pickray::app {
int Run::go() {
    Editor editor;
    return viewport::View{}.frame(editor);
}
}  // namespace pickray::app
EOF

cases=0
failures=0
# fresh NAME: a copy of the clean tree to break; prints its app/ folder.
fresh() {
  cp -r "$clean" "$scratch/$1"
  echo "$scratch/$1/app"
}
# check NAME EXIT VIOLATIONS FRAGMENT...: the checker on tree NAME exits with EXIT, its summary
# counts VIOLATIONS, and its output holds every FRAGMENT.
check() {
  local name=$1 want=$2 count=$3 out rc=0 ok=1 fragment
  shift 3
  out=$("$python" "$checker" "$scratch/$name" 2>&1) || rc=$?
  cases=$((cases + 1))
  [ "$rc" -eq "$want" ] || ok=0
  grep -qE "^app layers: .*, $count violations?\$" <<<"$out" || ok=0
  for fragment in "$@"; do
    grep -qF -- "$fragment" <<<"$out" || ok=0
  done
  if [ "$ok" = 1 ]; then
    echo "ok: $name"
  else
    failures=$((failures + 1))
    echo "FAIL: $name: expected exit $want, $count violation(s) and each of:"
    printf '    %s\n' "$@"
    echo "  got exit $rc and:"
    sed 's/^/    /' <<<"$out"
  fi
}

# Passing trees. The counts, by hand: 2 + 3 + 3 + 4 + 2 + 3 files (scene, render, input, editor,
# viewport, '.'; not shaders/flat.frag), and 1+3 + 1+2+2 + 1+0+2 + 3+0+1+2 + 3+4 + 2+0+4 = 31
# #include lines outside comments and literals. (input/imgui_keys.hpp is input's own header: the
# part forbids imgui* among the system's headers, not its own.)
check clean 0 0 "app layers: 6 parts, 17 files, 31 includes checked, 0 violations"

app=$(fresh program_unlisted)
sed -i '/^\.:/d' "$app/LAYERS"
check program_unlisted 0 0 "app layers: 5 parts, 17 files, 31 includes checked, 0 violations"

# Rule 1: includes.
app=$(fresh upward_include)
sed -i '2a #include "editor/editor.hpp"' "$app/scene/scene.cpp"
check upward_include 1 1 \
  "app/scene/scene.cpp:3: includes \"editor/editor.hpp\": part 'scene' may not use 'editor' (LAYERS allows: nothing)"

app=$(fresh upward_include_relative)
sed -i '1a #include "../viewport/view.hpp"' "$app/render/renderer.cpp"
check upward_include_relative 1 1 \
  "app/render/renderer.cpp:2: includes \"../viewport/view.hpp\": part 'render' may not use 'viewport' (LAYERS allows: scene)"

app=$(fresh upward_include_angled)
sed -i '1a #include <viewport/view.hpp>' "$app/editor/history.cpp"
check upward_include_angled 1 1 \
  "app/editor/history.cpp:2: includes <viewport/view.hpp>: part 'editor' may not use 'viewport' (LAYERS allows: scene)"

app=$(fresh unlisted_part_include)
sed -i '2a #include "input/keys.hpp"' "$app/render/meshes.cpp"
check unlisted_part_include 1 1 \
  "app/render/meshes.cpp:3: includes \"input/keys.hpp\": part 'render' may not use 'input' (LAYERS allows: scene)"

app=$(fresh include_of_no_part)
sed -i '1a #include "tools/grid.hpp"' "$app/viewport/view.cpp"
check include_of_no_part 1 1 \
  "app/viewport/view.cpp:2: includes \"tools/grid.hpp\": no such file in app/viewport/ and no part of that name in LAYERS"

app=$(fresh bare_include_of_other_part)
sed -i '1a #include "history.hpp"' "$app/viewport/view.cpp"
check bare_include_of_other_part 1 1 \
  "app/viewport/view.cpp:2: includes \"history.hpp\": no such file in app/viewport/"

app=$(fresh include_out_of_app)
sed -i '1a #include "../../engine/src/query/bvh_node.hpp"' "$app/render/renderer.cpp"
check include_out_of_app 1 1 \
  "app/render/renderer.cpp:2: includes \"../../engine/src/query/bvh_node.hpp\": reaches out of app/ (only \"pickray/...\" may)"

app=$(fresh include_of_macro)
sed -i '1a #include PICKRAY_CONFIG_HEADER' "$app/scene/scene.cpp"
check include_of_macro 1 1 \
  "app/scene/scene.cpp:2: #include PICKRAY_CONFIG_HEADER: neither \"...\" nor <...>, so it cannot be checked"

app=$(fresh forbidden_header)
sed -i '1a #include <SDL.h>' "$app/editor/editor.cpp"
check forbidden_header 1 1 \
  "app/editor/editor.cpp:2: includes <SDL.h>: part 'editor' may not include it (LAYERS forbids 'SDL*.h')"

app=$(fresh forbidden_header_in_folder)
sed -i '2a #include <backends/imgui_impl_sdl.h>' "$app/editor/editor.hpp"
check forbidden_header_in_folder 1 1 \
  "app/editor/editor.hpp:3: includes <backends/imgui_impl_sdl.h>: part 'editor' may not include it (LAYERS forbids 'imgui*')"

app=$(fresh forbidden_header_quoted)
sed -i '2a #include "imgui.h"' "$app/input/keys.cpp"
check forbidden_header_quoted 1 1 \
  "app/input/keys.cpp:3: includes \"imgui.h\": part 'input' may not include it (LAYERS forbids 'imgui*')"

app=$(fresh forbidden_gl_loader)
sed -i '2a #include <glad/glad.h>' "$app/input/keys.hpp"
check forbidden_gl_loader 1 1 \
  "app/input/keys.hpp:3: includes <glad/glad.h>: part 'input' may not include it (LAYERS forbids 'glad/*')"

# Rule 2: no cycle.
app=$(fresh cycle)
sed -i 's/^scene:$/scene: input/; s/^input: ;/input: editor ;/' "$app/LAYERS"
# (the build links neither new use, which rule 5 says too)
check cycle 1 3 "app/LAYERS:2: cycle in the allowed dependencies: scene -> input -> editor -> scene" \
  "app/scene/CMakeLists.txt:1: app/LAYERS lets 'scene' use 'input', which its USES do not reach"

# Rule 3: a class's members in one .cpp file.
app=$(fresh members_in_two_parts)
cat >>"$app/viewport/view.cpp" <<'EOF'
namespace pickray::app {
std::optional<int> pickray::app::Editor::last() const { return 1; }
}  // namespace pickray::app
EOF
check members_in_two_parts 1 1 \
  "app/viewport/view.cpp:15: class 'Editor' has member functions defined in 2 files: app/editor/editor.cpp:4 (Editor::Editor), app/viewport/view.cpp:15 (Editor::last)"

app=$(fresh members_in_two_files)
cat >>"$app/editor/history.cpp" <<'EOF'
namespace pickray::app {
Editor::Outcome
Editor::apply(int command) {
    return Outcome::Done;
}
}  // namespace pickray::app
EOF
check members_in_two_files 1 1 \
  "app/editor/history.cpp:12: class 'Editor' has member functions defined in 2 files: app/editor/editor.cpp:4 (Editor::Editor), app/editor/history.cpp:12 (Editor::apply)"

# Rule 4: folders and parts are the same.
app=$(fresh unlisted_folder)
mkdir "$app/tools"
printf '#include "editor/editor.hpp"\nint grid() { return 0; }\n' >"$app/tools/grid.cpp"
check unlisted_folder 1 1 "app/tools/grid.cpp:1: folder app/tools/ holds C++ files but is not a part in app/LAYERS"

app=$(fresh part_without_folder)
echo 'ghost: scene' >>"$app/LAYERS"
check part_without_folder 1 1 "app/LAYERS:8: part 'ghost' has no C++ files in app/ghost/"

app=$(fresh use_of_undeclared_part)
sed -i 's/^render: scene /render: scene sceen /' "$app/LAYERS"
check use_of_undeclared_part 1 1 "app/LAYERS:3: part 'render' uses 'sceen', which has no line in LAYERS"

# Rule 5: the build links what LAYERS says.
app=$(fresh links_what_layers_forbids)
echo 'pickray_add_part(editor SOURCES editor.cpp USES pickray_scene PRIVATE pickray_render)' >"$app/editor/CMakeLists.txt"
check links_what_layers_forbids 1 1 "app/editor/CMakeLists.txt:1: links pickray_render, which app/LAYERS does not let 'editor' use"

app=$(fresh use_the_build_does_not_reach)
sed -i 's/ pickray_input / /' "$app/viewport/CMakeLists.txt"
check use_the_build_does_not_reach 1 1 "app/viewport/CMakeLists.txt:1: app/LAYERS lets 'viewport' use 'input', which its USES do not reach"

app=$(fresh part_without_target)
rm "$app/input/CMakeLists.txt"
check part_without_target 1 1 "app/input/CMakeLists.txt:0: missing"

app=$(fresh no_layers)
rm "$app/LAYERS"
check no_layers 1 1 "app/LAYERS:0: missing"

expected=24
echo "$cases cases run, $failures failed"
if [ "$cases" -ne "$expected" ]; then
  echo "FAIL: $cases cases ran, $expected expected"
  exit 1
fi
[ "$failures" -eq 0 ]

// SPDX-License-Identifier: MIT
#pragma once
// The Pick panel's "Copy as JSON": the ray, the pick and every hit of the line through the ray,
// as JSON text for people writing docs. A plain function of the pick: no ImGui.

#include <string>

#include "editor/pick.hpp"
#include "scene/scene.hpp"

namespace pickray::app {

/// {"cursor": [x, y], "ray": {"origin": [x, y, z], "direction": [...]},
///  "pick": {"object": name, "t": t, "point": [...], "normal": [...]} (null: nothing picked),
///  "hits": [{"object": name, "enter": t, "exit": t}, ...]} (the line's spans, by enter).
/// Every float is scene::floatText's: the shortest text that reads back as the same float (an
/// infinite enter or exit, of a line that never leaves an infinite cylinder, is null).
[[nodiscard]] std::string pickJson(const Pick& pick, const scene::Scene& scene);

}  // namespace pickray::app

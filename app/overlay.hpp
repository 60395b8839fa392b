// SPDX-License-Identifier: MIT
#pragma once
// What is drawn over the scene: the pick ray, its hit point and normal, the enter and exit point
// of every object along its line, and the closest points of the last two selected capsules. Plain
// values for the renderer (render::DebugDraw); no GL here.

#include <cstddef>
#include <optional>
#include <vector>

#include "pick.hpp"
#include "render/renderer.hpp"
#include "scene/scene.hpp"

namespace pickray::app {

[[nodiscard]] render::DebugDraw overlay(const scene::Scene& scene, const std::vector<std::size_t>& selection,
                                        const std::optional<Pick>& pick, const FrameMatrices& frame);

}  // namespace pickray::app

// SPDX-License-Identifier: MIT
#pragma once
// What is drawn over the scene: the pick ray, its hit point and normal, the enter and exit point
// of every object along its line, the closest points of the last two selected capsules, and the
// transform gizmo. Plain
// values for the renderer (render::DebugDraw); no GL here.

#include <cstddef>
#include <optional>
#include <vector>

#include "editor/pick.hpp"
#include "render/renderer.hpp"
#include "scene/scene.hpp"
#include "viewport/gizmo.hpp"

namespace pickray::app {

[[nodiscard]] render::DebugDraw overlay(const scene::Scene& scene, const std::vector<std::size_t>& selection,
                                        const std::optional<Pick>& pick, const FrameMatrices& frame);

/// The transform gizmo as lines drawn on top (three pixels wide), its axes in red, green and blue,
/// the handle under the cursor or being dragged in the highlight colour.
void addGizmo(render::DebugDraw& draw, const Gizmo& gizmo, const std::optional<GizmoHandle>& lit,
              const scene::Camera& camera, const FrameMatrices& frame);

}  // namespace pickray::app

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

/// The transform gizmo drawn on top as triangles, from its handles' shapes (handleShapes): shafts
/// and rings as bands kGizmoLinePixels wide at any output size, cones and cubes shaded by how they
/// face the eye, plane handles as translucent squares; a thin circle marks the pivot, inside the
/// clear centre. Its axes are red, green and blue, the handle under the cursor or being dragged in
/// the highlight colour. Sorted back to front, as nothing else orders them. The pick's hit marker,
/// if any, is drawn again over it all, so that no handle hides where the ray hit.
inline constexpr float kGizmoLinePixels = 3.0f;
inline constexpr glm::vec3 kGizmoAxisColors[3] = {{0.95f, 0.3f, 0.3f}, {0.4f, 0.9f, 0.35f}, {0.35f, 0.55f, 1.0f}};
void addGizmo(render::DebugDraw& draw, const Gizmo& gizmo, const std::optional<GizmoHandle>& lit,
              const scene::Camera& camera, const FrameMatrices& frame, const std::optional<Pick>& pick);

}  // namespace pickray::app

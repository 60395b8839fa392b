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
#include "pickray/collision/overlap.hpp"
#include "render/renderer.hpp"
#include "scene/scene.hpp"
#include "viewport/gizmo.hpp"

namespace pickray::app {

/// How the last two selected capsules lie (the Capsule pair panel and their closest segment): the
/// gap between their surfaces (CapsuleProximity::gap) within kTouchingFraction of their radii's
/// sum either way is touching, more is separate, less overlapping. (The library's overlaps()
/// counts touching as overlapping: touching is overlapping by at most that.)
enum class PairState { Separate, Touching, Overlapping };
inline constexpr float kTouchingFraction = 1e-3f;
[[nodiscard]] PairState pairState(const Capsule& first, const Capsule& second, const CapsuleProximity& proximity);
[[nodiscard]] const char* pairStateName(PairState state);
/// The closest segment's colour in each state (docs/DEMO.md), in PairState's order: white (no hue
/// of the gizmo's axes, the enter/exit markers or the default scene's objects: the green it had
/// was lost over the gizmo's y axis and the green capsule), amber, red.
inline constexpr glm::vec3 kPairStateColors[3] = {{0.95f, 0.95f, 0.95f}, {1.0f, 0.65f, 0.0f}, {1.0f, 0.15f, 0.15f}};
[[nodiscard]] inline glm::vec3 pairStateColor(PairState state) { return kPairStateColors[static_cast<int>(state)]; }

/// The overlay's sizes in pixels of a 1280x720 picture (render::outputPixelScale): the pick ray
/// render::kDebugLinePixels wide; the hit marker a ball kHitMarkerPixels in radius, the enter and
/// exit markers kSpanMarkerPixels; the normal an arrow kNormalArrowPixels long, its shaft
/// kNormalShaftPixels wide, its head a screen-facing triangle kArrowHeadPixels long and
/// kArrowHeadWidthPixels wide at its base; the capsule pair's closest segment kPairSegmentPixels
/// wide, drawn over everything in its state's colour.
inline constexpr float kHitMarkerPixels = 5.0f;
inline constexpr float kSpanMarkerPixels = 4.0f;
inline constexpr float kNormalArrowPixels = 60.0f;
inline constexpr float kNormalShaftPixels = 3.0f;
inline constexpr float kArrowHeadPixels = 18.0f;
inline constexpr float kArrowHeadWidthPixels = 13.0f;
inline constexpr float kPairSegmentPixels = 5.0f;

[[nodiscard]] render::DebugDraw overlay(const scene::Scene& scene, const std::vector<std::size_t>& selection,
                                        const std::optional<Pick>& pick, const FrameMatrices& frame);

/// The naive float ray of the precision view (analysis/precision.hpp's naiveRay: the cursor
/// unprojected through one inverted float viewport · projection · view) under the pick's cursor in
/// the pick's frame, drawn beside the pick ray in magenta, as wide (UiState::naiveRay,
/// --naive-ray). It runs from its origin on the near plane to the far plane's depth (beyond, the
/// GPU clips it anyway, and far off at 1e6 · near it would leave the float range it is drawn in);
/// nothing is drawn for a naive ray that is not finite or does not go away from the eye.
inline constexpr glm::vec3 kNaiveRayColor{1.0f, 0.25f, 1.0f};
void addNaiveRay(render::DebugDraw& draw, const Pick& pick);

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

// SPDX-License-Identifier: MIT
#pragma once
// Where to click to pick an object by name: a pixel of its visible area where the pick is robust
// (audit.hpp: the rays through the four probe points around the pixel's centre pick it too, so no
// rounding of the ray can change the answer), for scripts and docs that name what they click.

#include <cstddef>
#include <functional>
#include <optional>

#include <glm/vec2.hpp>

#include "editor/pick.hpp"
#include "scene/scene_index.hpp"

namespace pickray::app {

/// A robust pixel of `object`'s visible area in `frame`'s viewport (drawable pixels, top-left
/// origin), or nothing when no pixel is. Without `at`, the one deepest inside the area (farthest
/// from any pixel that is not robustly the object's: a click there survives small changes of the
/// view); with `at` = (u, v) in [0, 1]², the robust pixel nearest to that fraction of the area's
/// bounding box (0, 0 its top-left), ties to the deeper one. Pixels `covered` says are hidden (by
/// a panel) are not the object's visible area.
[[nodiscard]] std::optional<glm::ivec2> robustPixelOf(const scene::SceneIndex& index, const FrameMatrices& frame,
                                                      std::size_t object, std::optional<glm::vec2> at = std::nullopt,
                                                      const std::function<bool(glm::ivec2)>& covered = {});

}  // namespace pickray::app

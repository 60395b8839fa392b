// SPDX-License-Identifier: MIT
#pragma once
// Axis-aligned box arithmetic shared by the shapes' bounds and the BVH (library-internal).

#include <glm/common.hpp>

#include "pickray/collision/ray.hpp"
#include "pickray/collision/shapes.hpp"
#include "pickray/config.hpp"

namespace pickray::detail {

/// The empty box: min +inf and max −inf, so that its union with any box is that box, its area is
/// 0 and no ray meets it (an empty slot of a BVH node, an invalid shape's bounds).
inline const Aabb kEmptyBox{glm::vec3(kInfinity), glm::vec3(-kInfinity)};

[[nodiscard]] PICKRAY_FORCE_INLINE Aabb unionBox(const Aabb& a, const Aabb& b) {
    return {glm::min(a.min, b.min), glm::max(a.max, b.max)};
}
PICKRAY_FORCE_INLINE void grow(Aabb& box, const Aabb& other) { box = unionBox(box, other); }
PICKRAY_FORCE_INLINE void grow(Aabb& box, glm::vec3 point) {
    box.min = glm::min(box.min, point);
    box.max = glm::max(box.max, point);
}

/// Half the surface area (the surface-area heuristic's measure); 0 for the empty box.
[[nodiscard]] inline float halfArea(const Aabb& box) {
    const glm::vec3 e = box.max - box.min;
    return (e.x < 0.0f) ? 0.0f : e.x * e.y + e.y * e.z + e.z * e.x;
}

}  // namespace pickray::detail

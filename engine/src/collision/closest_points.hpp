// SPDX-License-Identifier: MIT
#pragma once
// The double-precision cores of distance.hpp, shared with overlap.cpp.

#include <glm/vec3.hpp>

#include "pickray/collision/detail/segments.hpp"

namespace pickray::detail {

struct PointParameter {
    glm::dvec3 point;
    double t;
};

/// Closest point to p on the line origin + t·direction (direction may be zero: t = 0).
PointParameter closestOnLine(glm::dvec3 p, glm::dvec3 origin, glm::dvec3 direction) noexcept;
/// Closest point to p on the segment a + t·(b − a), t in [0, 1] (a == b: t = 0).
PointParameter closestOnSegment(glm::dvec3 p, glm::dvec3 a, glm::dvec3 b) noexcept;

}  // namespace pickray::detail

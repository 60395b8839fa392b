// SPDX-License-Identifier: MIT
#pragma once
// Closest points between points, lines and segments (Ericson, Real-Time Collision Detection,
// §5.1.2, §5.1.8 and §5.1.9).
//
// Contract:
//   * A line with a zero direction is the single point `point` (t = 0); a segment with a == b is
//     the point a (t = 0). Both are answered, not refused.
//   * Parallel lines (within kParallelSine, see tolerances.hpp) have no unique closest pair: the
//     answer takes t1 = 0 and the matching point of the second line. Parallel segments give some
//     pair that realises the distance (the source article's segment routine does the same up to which
//     pair).
//   * Segment parameters are in [0, 1]; line parameters are any real.
//   * NaN or infinite input gives NaN in the result (these are total functions, no optional);
//     check inputs with std::isfinite if they come from outside.

#include <glm/geometric.hpp>

#include "pickray/collision/detail/segments.hpp"
#include "pickray/collision/shapes.hpp"
#include "pickray/config.hpp"

namespace pickray {

[[nodiscard]] ClosestPoint closestPoint(glm::vec3 point, const Line& line) noexcept;
[[nodiscard]] ClosestPoint closestPoint(glm::vec3 point, const Segment& segment) noexcept;

[[nodiscard]] ClosestPoints closestPoints(const Line& first, const Line& second) noexcept;
/// Inline: capsule tests and distance queries run it in inner loops.
[[nodiscard]] PICKRAY_FORCE_INLINE ClosestPoints closestPoints(const Segment& first, const Segment& second) noexcept {
    const detail::PairParameters found = detail::closestBetweenSegments(glm::dvec3(first.a), glm::dvec3(first.b),
                                                                        glm::dvec3(second.a), glm::dvec3(second.b));
    return {glm::vec3(found.p1), glm::vec3(found.p2), static_cast<float>(found.t1), static_cast<float>(found.t2),
            static_cast<float>(glm::distance(found.p1, found.p2))};
}

}  // namespace pickray

#pragma once
// The double-precision cores of distance.hpp, shared with overlap.cpp.

#include <glm/vec3.hpp>

namespace pickray::detail {

struct PointParameter {
    glm::dvec3 point;
    double t;
};
struct PairParameters {
    glm::dvec3 p1, p2;
    double t1, t2;
};

/// Closest point to p on the line origin + t·direction (direction may be zero: t = 0).
PointParameter closestOnLine(glm::dvec3 p, glm::dvec3 origin, glm::dvec3 direction) noexcept;
/// Closest point to p on the segment a + t·(b − a), t in [0, 1] (a == b: t = 0).
PointParameter closestOnSegment(glm::dvec3 p, glm::dvec3 a, glm::dvec3 b) noexcept;
/// Closest pair between segments p1 + s·(q1 − p1) and p2 + t·(q2 − p2); swapping the two
/// segments swaps the answer exactly (same distance to the bit).
PairParameters closestBetweenSegments(glm::dvec3 p1, glm::dvec3 q1, glm::dvec3 p2, glm::dvec3 q2) noexcept;
/// The same in the order given (no canonical ordering).
PairParameters closestBetweenSegmentsInOrder(glm::dvec3 p1, glm::dvec3 q1, glm::dvec3 p2, glm::dvec3 q2) noexcept;

}  // namespace pickray::detail

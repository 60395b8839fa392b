// SPDX-License-Identifier: MIT
#pragma once
// Closest points between points, lines and segments (Ericson, Real-Time Collision Detection,
// §5.1.2, §5.1.8 and §5.1.9).
//
// Contract:
//   * A line with a zero direction is the single point `point` (t = 0); a segment with a == b is
//   the point a (t = 0). Both are answered, not refused.
//   * Parallel means exactly parallel: d1 × d2 == 0 in exact arithmetic on the float inputs. No
//     tolerance: nearly parallel lines are answered as the skew lines they are.
//   * Segment parameters are in [0, 1]; line parameters are any real.
//   * NaN or infinite input gives NaN in the result (these are total functions, no optional);
//     check inputs with std::isfinite if they come from outside.
//
// Precision, for finite input (tests/exact/ checks each bound against exact rational arithmetic):
//   * closestPoints(Line, Line).distance is the exact minimum distance within one float step: the
//     sums of products it needs (n·r with n = d1 × d2, r = p1 − p2) are formed exactly (expansion
//     arithmetic) and rounded once, however nearly parallel the lines. It is not |p1 − p2|, which
//     carries the rounding of points that may lie far away.
//   * Its t1, t2 are within one float step of the exact parameters, and each coordinate of p1 within
//     one float step of the exact closest point's, plus 2^-50·|t1|·max|d1| (likewise p2): the point is
//     formed as base + t·d in double. Exactly parallel lines have no unique pair: t1 = 0 and p2 the
//     foot of the perpendicular from p1 (with a zero first direction too; a zero second direction
//     gives t2 = 0 and the foot on the first line).
//   * closestPoints(point, Line).distance: the exact distance within one float step (from the exact
//     cross product, not from the rounded foot point).
//   * closestPoints(Segment, Segment) and closestPoints(point, Segment): computed in double from the
//     float inputs; the distance is within one float step plus 2^-50 of the extent (the largest
//     coordinate of the end points plus both lengths). Nearly parallel segments are solved with
//     Ericson's numerator written as n·(d2 × r), which does not cancel as they turn parallel;
//     segments whose d1 × d2 rounds to zero take s = 0 and some pair realising the distance (the
//     source article's routine does the same up to which pair).

#include <glm/geometric.hpp>

#include "pickray/collision/detail/segments.hpp"
#include "pickray/collision/detail/signed_zero.hpp"
#include "pickray/collision/shapes.hpp"
#include "pickray/config.hpp"

namespace pickray {

/// The point of a line or segment closest to `point`, in the shape of every closest-points answer:
/// p1 = point, t1 = 0; p2 the closest point of the line or segment, t2 its parameter there
/// (line.point + t2·line.direction, or a + t2·(b − a)); the distance between them.
[[nodiscard]] ClosestPoints closestPoints(glm::vec3 point, const Line& line) noexcept;
[[nodiscard]] ClosestPoints closestPoints(glm::vec3 point, const Segment& segment) noexcept;

[[nodiscard]] ClosestPoints closestPoints(const Line& first, const Line& second) noexcept;
/// Inline: capsule tests and distance queries run it in inner loops.
[[nodiscard]] PICKRAY_FORCE_INLINE ClosestPoints closestPoints(const Segment& first, const Segment& second) noexcept {
    const detail::PairParameters found = detail::closestBetweenSegments(glm::dvec3(first.a), glm::dvec3(first.b),
                                                                        glm::dvec3(second.a), glm::dvec3(second.b));
    return detail::positiveZero(ClosestPoints{glm::vec3(found.p1), glm::vec3(found.p2), static_cast<float>(found.t1),
                                              static_cast<float>(found.t2),
                                              static_cast<float>(glm::distance(found.p1, found.p2))});
}

/// Deprecated for closestPoints(point, line), the same answer as ClosestPoints.
[[deprecated("use closestPoints(point, line): point = p2, t = t2")]] [[nodiscard]] inline ClosestPoint closestPoint(
    glm::vec3 point, const Line& line) noexcept {
    const ClosestPoints found = closestPoints(point, line);
    return {found.p2, found.t2, found.distance};
}
/// Deprecated for closestPoints(point, segment), the same answer as ClosestPoints.
[[deprecated("use closestPoints(point, segment): point = p2, t = t2")]] [[nodiscard]] inline ClosestPoint closestPoint(
    glm::vec3 point, const Segment& segment) noexcept {
    const ClosestPoints found = closestPoints(point, segment);
    return {found.p2, found.t2, found.distance};
}

}  // namespace pickray

// SPDX-License-Identifier: MIT
#include "pickray/collision/distance.hpp"

#include <algorithm>
#include <array>

#include <glm/geometric.hpp>

#include "closest_points.hpp"
#include "pickray/collision/tolerances.hpp"

namespace pickray {
namespace detail {

PointParameter closestOnLine(glm::dvec3 p, glm::dvec3 origin, glm::dvec3 direction) noexcept {
    const double lengthSquared = glm::dot(direction, direction);
    const double t = lengthSquared > 0.0 ? glm::dot(p - origin, direction) / lengthSquared : 0.0;
    return {origin + t * direction, t};
}

PointParameter closestOnSegment(glm::dvec3 p, glm::dvec3 a, glm::dvec3 b) noexcept {
    const glm::dvec3 direction = b - a;
    const double lengthSquared = glm::dot(direction, direction);
    const double t = lengthSquared > 0.0 ? std::clamp(glm::dot(p - a, direction) / lengthSquared, 0.0, 1.0) : 0.0;
    return {a + t * direction, t};
}

}  // namespace detail

namespace {

glm::dvec3 widen(glm::vec3 v) noexcept { return glm::dvec3(v); }

ClosestPoint toClosestPoint(glm::vec3 query, const detail::PointParameter& found) noexcept {
    return {glm::vec3(found.point), static_cast<float>(found.t),
            static_cast<float>(glm::distance(widen(query), found.point))};
}

ClosestPoints toClosestPoints(const detail::PairParameters& found) noexcept {
    return {glm::vec3(found.p1), glm::vec3(found.p2), static_cast<float>(found.t1), static_cast<float>(found.t2),
            static_cast<float>(glm::distance(found.p1, found.p2))};
}

}  // namespace

ClosestPoint closestPoint(glm::vec3 point, const Line& line) noexcept {
    return toClosestPoint(point, detail::closestOnLine(widen(point), widen(line.point), widen(line.direction)));
}

ClosestPoint closestPoint(glm::vec3 point, const Segment& segment) noexcept {
    return toClosestPoint(point, detail::closestOnSegment(widen(point), widen(segment.a), widen(segment.b)));
}

ClosestPoints closestPoints(const Line& first, const Line& second) noexcept {
    const glm::dvec3 p1 = widen(first.point);
    const glm::dvec3 p2 = widen(second.point);
    const glm::dvec3 d1 = widen(first.direction);
    const glm::dvec3 d2 = widen(second.direction);
    const double a = glm::dot(d1, d1);
    const double e = glm::dot(d2, d2);
    detail::PairParameters found{p1, p2, 0.0, 0.0};
    if (a == 0.0 || e == 0.0 || detail::areParallel(d1, d2, a, e)) {
        // A point (zero direction) or parallel lines: keep the first point where it is defined and
        // drop a perpendicular onto the other line.
        if (e > 0.0) {
            const auto onSecond = detail::closestOnLine(p1, p2, d2);
            found = {p1, onSecond.point, 0.0, onSecond.t};
        } else if (a > 0.0) {
            const auto onFirst = detail::closestOnLine(p2, p1, d1);
            found = {onFirst.point, p2, onFirst.t, 0.0};
        }
    } else {
        // Solve for the common perpendicular (Ericson §5.1.8), denominator as
        // |d1 × d2|² which is exact for exactly perpendicular lines and never negative.
        const glm::dvec3 r = p1 - p2;
        const double b = glm::dot(d1, d2);
        const double c = glm::dot(d1, r);
        const double f = glm::dot(d2, r);
        const glm::dvec3 normal = glm::cross(d1, d2);
        const double denominator = glm::dot(normal, normal);
        const double t1 = (b * f - c * e) / denominator;
        // t2 from t1 by projection rather than from its own quotient: just above the parallel
        // tolerance that quotient is ill-conditioned, while the point of line 2 closest to p1 is
        // always well defined. (Differential test case: two lines with sine 1.05e-6 near x = 957.)
        const glm::dvec3 onFirst = p1 + t1 * d1;
        const auto onSecond = detail::closestOnLine(onFirst, p2, d2);
        found = {onFirst, onSecond.point, t1, onSecond.t};
    }
    return toClosestPoints(found);
}

}  // namespace pickray

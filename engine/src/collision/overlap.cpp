// SPDX-License-Identifier: MIT
#include "pickray/collision/overlap.hpp"

#include <cmath>
#include <limits>

#include <glm/geometric.hpp>

#include "closest_points.hpp"
#include "pickray/collision/distance.hpp"
#include "pickray/collision/validity.hpp"

namespace pickray {
namespace {

glm::dvec3 widen(glm::vec3 v) noexcept { return glm::dvec3(v); }

bool isFinite(glm::vec3 v) noexcept { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }
bool isValid(const Sphere& s) noexcept { return isFinite(s.center) && s.radius >= 0.0f && std::isfinite(s.radius); }
bool isValid(const Capsule& c) noexcept {
    return isFinite(c.a) && isFinite(c.b) && c.radius >= 0.0f && std::isfinite(c.radius);
}

// Squared distances compared with the squared radius sum, all in double: no square root, and
// touching (equality) counts as overlap.
bool within(glm::dvec3 p, glm::dvec3 q, double reach) noexcept {
    const glm::dvec3 gap = p - q;
    return glm::dot(gap, gap) <= reach * reach;
}

}  // namespace

bool overlaps(const Sphere& first, const Sphere& second) noexcept {
    if (!isValid(first) || !isValid(second)) return false;
    return within(widen(first.center), widen(second.center),
                  static_cast<double>(first.radius) + static_cast<double>(second.radius));
}

bool overlaps(const Sphere& sphere, const Capsule& capsule) noexcept {
    if (!isValid(sphere) || !isValid(capsule)) return false;
    const glm::dvec3 center = widen(sphere.center);
    const auto onAxis = detail::closestOnSegment(center, widen(capsule.a), widen(capsule.b));
    return within(center, onAxis.point, static_cast<double>(sphere.radius) + static_cast<double>(capsule.radius));
}

bool overlaps(const Capsule& capsule, const Sphere& sphere) noexcept { return overlaps(sphere, capsule); }

bool overlaps(const Capsule& first, const Capsule& second) noexcept {
    if (!isValid(first) || !isValid(second)) return false;
    const auto pair = detail::closestBetweenSegments(widen(first.a), widen(first.b), widen(second.a), widen(second.b));
    return within(pair.p1, pair.p2, static_cast<double>(first.radius) + static_cast<double>(second.radius));
}

CapsuleProximity proximity(const Capsule& first, const Capsule& second) noexcept {
    const ClosestPoints axes = closestPoints(Segment{first.a, first.b}, Segment{second.a, second.b});
    // A capsule the queries refuse has no surface to measure a gap from (validity.hpp).
    if (!validity(first).valid() || !validity(second).valid()) return {axes, std::numeric_limits<float>::quiet_NaN()};
    return {axes, detail::positiveZero(axes.distance - first.radius - second.radius)};
}

}  // namespace pickray

// SPDX-License-Identifier: MIT
#include "pickray/collision/distance.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>

#include <glm/geometric.hpp>

#include "closest_points.hpp"
#include "pickray/collision/detail/exact_sum.hpp"
#include "pickray/collision/detail/signed_zero.hpp"

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

using detail::exact::Expansion;
namespace exact = detail::exact;

glm::dvec3 widen(glm::vec3 v) noexcept { return glm::dvec3(v); }

template <std::size_t k>
using ExactVec3 = exact::Vec3<k>;

/// u − v, exactly: two doubles a component.
ExactVec3<2> difference(glm::vec3 u, glm::vec3 v) noexcept {
    ExactVec3<2> out;
    for (glm::length_t i = 0; i < 3; ++i) {
        Expansion<2>& component = out[static_cast<std::size_t>(i)];
        component = Expansion<2>(static_cast<double>(u[i]));
        exact::add(component, -static_cast<double>(v[i]));
    }
    return out;
}

using exact::cross;

/// u × r for a float vector u and an exact r, exactly.
ExactVec3<8> cross(glm::vec3 u, const ExactVec3<2>& r) noexcept {
    const auto term = [](float a, const Expansion<2>& b, float c, const Expansion<2>& d) {
        return exact::plus<8>(exact::times<4>(b, static_cast<double>(a)),
                              exact::negated(exact::times<4>(d, static_cast<double>(c))));
    };
    return {term(u.y, r[2], u.z, r[1]), term(u.z, r[0], u.x, r[2]), term(u.x, r[1], u.y, r[0])};
}

/// u · v exactly.
template <std::size_t kU, std::size_t kV>
Expansion<2 * kU * kV * 3> dot(const ExactVec3<kU>& u, const ExactVec3<kV>& v) noexcept {
    constexpr std::size_t kTerm = 2 * kU * kV;
    return exact::plus<3 * kTerm>(
        exact::plus<2 * kTerm>(exact::times<kTerm>(u[0], v[0]), exact::times<kTerm>(u[1], v[1])),
        exact::times<kTerm>(u[2], v[2]));
}

/// |u|², each component rounded once first: the terms are squares and cannot cancel, so the
/// result is within a relative 2^-50 of the exact value.
template <std::size_t k>
double lengthSquared(const ExactVec3<k>& u) noexcept {
    const glm::dvec3 rounded(u[0].estimate(), u[1].estimate(), u[2].estimate());
    return glm::dot(rounded, rounded);
}

template <std::size_t k>
bool isZero(const ExactVec3<k>& u) noexcept {
    return u[0].isZero() && u[1].isZero() && u[2].isZero();
}

/// The distance from a point to a line through `base` along `direction` (not zero), as
/// |r × direction| / |direction| with r = point − base and the cross product exact.
double distanceToLine(glm::vec3 point, glm::vec3 base, glm::vec3 direction) noexcept {
    const ExactVec3<8> c = cross(direction, difference(point, base));
    return std::sqrt(lengthSquared(c) / glm::dot(widen(direction), widen(direction)));
}

/// The answer for a query point: the point itself (t1 = 0) and the closest point found.
ClosestPoints fromPoint(glm::vec3 query, const detail::PointParameter& found, double distance) noexcept {
    return detail::positiveZero(
        ClosestPoints{query, glm::vec3(found.point), 0.0f, static_cast<float>(found.t), static_cast<float>(distance)});
}

}  // namespace

ClosestPoints closestPoints(glm::vec3 point, const Line& line) noexcept {
    const auto found = detail::closestOnLine(widen(point), widen(line.point), widen(line.direction));
    const bool isPoint = line.direction == glm::vec3(0.0f);
    // The distance from the exact cross product, not from the rounded closest point: far along the
    // line, that point's rounding would dwarf a small distance.
    const double distance =
        isPoint ? glm::distance(widen(point), widen(line.point)) : distanceToLine(point, line.point, line.direction);
    return fromPoint(point, found, distance);
}

ClosestPoints closestPoints(glm::vec3 point, const Segment& segment) noexcept {
    const auto found = detail::closestOnSegment(widen(point), widen(segment.a), widen(segment.b));
    return fromPoint(point, found, glm::distance(widen(point), found.point));
}

ClosestPoints closestPoints(const Line& first, const Line& second) noexcept {
    const glm::dvec3 p1 = widen(first.point);
    const glm::dvec3 p2 = widen(second.point);
    const glm::dvec3 d1 = widen(first.direction);
    const glm::dvec3 d2 = widen(second.direction);
    const auto pair = [&](double t1, double t2, double distance) {
        return detail::positiveZero(ClosestPoints{glm::vec3(p1 + t1 * d1), glm::vec3(p2 + t2 * d2),
                                                  static_cast<float>(t1), static_cast<float>(t2),
                                                  static_cast<float>(distance)});
    };
    const ExactVec3<2> normal = cross(first.direction, second.direction);
    if (!isZero(normal)) {
        // The common perpendicular, from exact sums of products of the inputs (Ericson §5.1.8's
        // b·f − c·e and a·f − b·c written as the equal n·(d2 × r) and n·(d1 × r), n = d1 × d2,
        // r = p1 − p2). Each is rounded once, so the distance and parameters stay right however
        // nearly parallel the lines are: no far-away point is formed to measure them.
        const ExactVec3<2> r = difference(first.point, second.point);
        const double normalSquared = lengthSquared(normal);
        const double t1 = dot(normal, cross(second.direction, r)).estimate() / normalSquared;
        const double t2 = dot(normal, cross(first.direction, r)).estimate() / normalSquared;
        const double distance = std::fabs(dot(normal, r).estimate()) / std::sqrt(normalSquared);
        return pair(t1, t2, distance);
    }
    // Exactly parallel, or a zero direction (a point): keep the first point where it is defined and
    // drop a perpendicular onto the other line.
    if (second.direction != glm::vec3(0.0f)) {
        return pair(0.0, detail::closestOnLine(p1, p2, d2).t,
                    distanceToLine(first.point, second.point, second.direction));
    }
    if (first.direction != glm::vec3(0.0f)) {
        return pair(detail::closestOnLine(p2, p1, d1).t, 0.0,
                    distanceToLine(second.point, first.point, first.direction));
    }
    return pair(0.0, 0.0, std::sqrt(lengthSquared(difference(first.point, second.point))));
}

}  // namespace pickray

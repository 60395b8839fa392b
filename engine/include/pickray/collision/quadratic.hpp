// SPDX-License-Identifier: MIT
#pragma once
// The one quadratic solver every curved shape shares.
//
// Every round solid here is "points within r of something": a sphere of its centre, an infinite
// cylinder of its axis. Along a line p + t·v (p, v already projected off the axis for a cylinder),
// the squared distance is the quadratic |v|²t² + 2(p·v)t + |p|², and the solid's span is where it
// is <= r². Solving it as written subtracts nearly equal numbers when the line starts far from
// the shape. Instead the solver first moves to the line's closest approach tc = −(p·v)/|v|², where
// the distance is the small vector m = p + tc·v, and solves around it:
//     t = tc ± sqrt((r² − |m|²) / |v|²)
// This is the geometric form of the discriminant (Hearn–Baker; Haines et al., "Precision
// Improvements for Ray/Sphere Intersection", Ray Tracing Gems, 2019): the error no longer grows
// with the distance from the shape, only with the size of the numbers that are actually added.

#include <cmath>
#include <limits>
#include <optional>

#include <glm/geometric.hpp>
#include <glm/vec3.hpp>

#include "pickray/config.hpp"

namespace pickray {

/// A closed interval of the line parameter; bounds may be ±infinity.
struct Interval {
    double enter = 0.0;
    double exit = 0.0;
};

/// The interval of t where |p + t·v| <= radius, computed in double (float inputs widen exactly,
/// so the only rounding is the solver's own).
///   * v == 0, the quadratic's leading term vanishing (with it the linear one, as p·v = 0): the
///     distance is the constant |p|, so the answer is all t (−inf, +inf) when |p| <= radius,
///     otherwise none. Callers that want "nearly parallel" treated as parallel zero v themselves.
///   * radius < 0 or NaN: none. radius == 0: the single t where the line passes exactly through
///     the origin, if it does.
///   * Inputs are expected within the float range (as every caller's are): the miss test squares
///     a·r, which overflows double only for |v|²·r beyond about 1e154.
[[nodiscard]] PICKRAY_FORCE_INLINE std::optional<Interval> solveWithinRadius(glm::dvec3 p, glm::dvec3 v,
                                                                             double radius) noexcept {
    if (!(radius >= 0.0)) return std::nullopt;
    const double a = glm::dot(v, v);
    if (a == 0.0) {
        constexpr double inf = std::numeric_limits<double>::infinity();
        if (glm::dot(p, p) <= radius * radius) return Interval{-inf, inf};
        return std::nullopt;
    }
    // Move to the closest approach; there the quadratic has no linear term and its constant,
    // |m|² − r², is formed from small numbers. The miss test uses a·m = a·p − (p·v)·v, so a miss
    // (the common case in a scene) costs no division and no square root; a hit costs one of each.
    const double b = glm::dot(p, v);
    const glm::dvec3 scaledClosest = a * p - b * v;  // a·m
    const double scaledRadius = radius * a;
    const double scaledHalfChordSquared =
        scaledRadius * scaledRadius - glm::dot(scaledClosest, scaledClosest);  // a³·h²
    if (!(scaledHalfChordSquared >= 0.0)) return std::nullopt;                 // also NaN from non-finite input
    const double inverseA = 1.0 / a;
    const double tClosest = -b * inverseA;
    const double halfChord = std::sqrt(scaledHalfChordSquared * inverseA) * inverseA;
    return Interval{tClosest - halfChord, tClosest + halfChord};
}

}  // namespace pickray

// SPDX-License-Identifier: MIT
#pragma once
// The double-precision core of segment–segment distance (distance.hpp), inline because capsule
// tests and distance queries run it in inner loops. Not part of the public API.

#include <algorithm>
#include <array>

#include <glm/geometric.hpp>
#include <glm/vec3.hpp>

#include "pickray/collision/quadratic.hpp"  // PICKRAY_FORCE_INLINE
#include "pickray/config.hpp"

namespace pickray::detail {

struct PairParameters {
    glm::dvec3 p1, p2;
    double t1, t2;
};

/// Closest pair between segments p1 + s·(q1 − p1) and p2 + t·(q2 − p2), in the order given.
// Ericson, Real-Time Collision Detection 5.1.9: minimise over the unit square by solving the
// unconstrained problem, clamping s, deriving t from s, and re-deriving s where t had to clamp.
// Degenerate segments are points and are handled first. The unconstrained s is Ericson's
// (b·f − c·e) / |d1 × d2|² with the numerator written as the equal n·(d2 × r), n = d1 × d2: that
// form keeps its accuracy as the segments turn parallel (b·f and c·e cancel, n and d2 × r do not),
// so no parallel tolerance is needed. Where n rounds to exactly zero any s works, and s = 0 is
// taken before the same clamping finds a pair realising the distance.
PICKRAY_FORCE_INLINE PairParameters closestBetweenSegmentsInOrder(glm::dvec3 p1, glm::dvec3 q1, glm::dvec3 p2,
                                                                  glm::dvec3 q2) noexcept {
    const glm::dvec3 d1 = q1 - p1;
    const glm::dvec3 d2 = q2 - p2;
    const glm::dvec3 r = p1 - p2;
    const double a = glm::dot(d1, d1);
    const double e = glm::dot(d2, d2);
    const double f = glm::dot(d2, r);
    double s = 0.0;
    double t = 0.0;
    if (a == 0.0 && e == 0.0) {
        // both points
    } else if (a == 0.0) {
        t = std::clamp(f / e, 0.0, 1.0);
    } else {
        const double c = glm::dot(d1, r);
        if (e == 0.0) {
            s = std::clamp(-c / a, 0.0, 1.0);
        } else {
            const double b = glm::dot(d1, d2);
            const glm::dvec3 normal = glm::cross(d1, d2);
            const double normalSquared = glm::dot(normal, normal);
            if (normalSquared != 0.0) {
                s = std::clamp(glm::dot(normal, glm::cross(d2, r)) / normalSquared, 0.0, 1.0);
            }
            t = (b * s + f) / e;
            if (t < 0.0) {
                t = 0.0;
                s = std::clamp(-c / a, 0.0, 1.0);
            } else if (t > 1.0) {
                t = 1.0;
                s = std::clamp((b - c) / a, 0.0, 1.0);
            }
        }
    }
    return {p1 + s * d1, p2 + t * d2, s, t};
}

/// The same, solved in one canonical order of the pair. The algorithm above treats its two
/// segments differently (it solves for s first), so its rounding is not symmetric; the canonical
/// order makes swapped arguments give bit-identical distances, and overlap tests exactly symmetric
/// (two capsules touching within an ulp would otherwise overlap one way round only).
PICKRAY_FORCE_INLINE PairParameters closestBetweenSegments(glm::dvec3 p1, glm::dvec3 q1, glm::dvec3 p2,
                                                           glm::dvec3 q2) noexcept {
    const auto key = [](glm::dvec3 a, glm::dvec3 b) { return std::array<double, 6>{a.x, a.y, a.z, b.x, b.y, b.z}; };
    if (key(p2, q2) < key(p1, q1)) {
        const PairParameters swapped = closestBetweenSegmentsInOrder(p2, q2, p1, q1);
        return {swapped.p2, swapped.p1, swapped.t2, swapped.t1};
    }
    return closestBetweenSegmentsInOrder(p1, q1, p2, q2);
}

}  // namespace pickray::detail

// SPDX-License-Identifier: MIT
#pragma once
// Ray vs capsule, under the contract in ray.hpp.
//
// The capsule is the union of the cylinder piece around ab (between the cap planes) and the two
// spheres at a and b. Each piece is convex and so is the union, so its span on a line is the
// smallest enter and the largest exit of the pieces' spans. There is no seam to fall through
// where a hemisphere meets the side: both pieces contain the seam circle.
//
// Capsule specifics:
//   * a == b is a sphere of the same radius (the cylinder piece is empty).
//   * radius == 0 is the segment itself: only lines through it touch it.
//   * The normal is the direction from the closest point of segment ab to the hit point.
//
// Inline, as the other ray routines (see ray_sphere.hpp).

#include <algorithm>
#include <optional>

#include "pickray/collision/detail/common.hpp"
#include "pickray/collision/ray.hpp"
#include "pickray/config.hpp"

namespace pickray {

namespace detail {

/// The capsule's span: the union of its pieces' spans. Every piece lies inside the infinite
/// cylinder around ab, so a line that misses that cylinder (and does not run parallel to the
/// axis) misses the capsule. Otherwise the span is the smallest enter and the largest exit of the
/// cylinder piece (the line's span in the infinite cylinder, clipped to the slab between the cap
/// planes) and of both cap spheres. Every piece is taken, even where one could tell that a cap
/// sphere cannot widen the span: a branch on that is a coin flip across a scene's shapes, and
/// the batch routine computes every piece in every lane anyway, so taking this union costs it
/// less than reproducing the choice; the scalar routine takes the same union so that both give
/// the same bits (docs/PERFORMANCE.md has the trade).
inline std::optional<Interval> capsuleSpanOfValidRay(const Ray& ray, const Capsule& capsule) noexcept {
    if (!isFinite(capsule.a) || !isFinite(capsule.b) || !isValidRadius(capsule.radius)) {
        return std::nullopt;
    }
    const double radius = static_cast<double>(capsule.radius);
    const glm::dvec3 origin = widen(ray.origin);
    const glm::dvec3 direction = widen(ray.direction);
    const auto capSpan = [&](glm::vec3 centre) { return solveWithinRadius(origin - widen(centre), direction, radius); };
    const AxisFrame frame = axisFrame(ray, capsule.a, capsule.b);
    if (frame.lengthSquared == 0.0) return capSpan(capsule.a);  // a == b: a sphere
    const bool parallel = frame.directionPerp == glm::dvec3(0.0);
    const auto side = solveWithinRadius(frame.originPerp, frame.directionPerp, radius);
    if (!side && !parallel) return std::nullopt;
    std::optional<Interval> total;
    const auto include = [&total](const std::optional<Interval>& more) {
        if (!more) return;
        if (!total) {
            total = more;
        } else {
            total->enter = std::min(total->enter, more->enter);
            total->exit = std::max(total->exit, more->exit);
        }
    };
    if (side) {  // (for a parallel line, inside the radius: all of t, which the slab cuts to the segment)
        TaggedSpan piece{side->enter, side->exit, kNoSurface, kNoSurface};
        if (clipToSlab(piece, frame.originAlong, frame.directionAlong, 0.0, frame.lengthSquared, kNoSurface,
                       kNoSurface)) {
            include(Interval{piece.enter, piece.exit});
        }
    }
    include(capSpan(capsule.a));
    include(capSpan(capsule.b));
    return total;
}

/// capsuleSpanOfValidRay after the ray check the caller chooses (RayCheck, detail/common.hpp).
PICKRAY_FORCE_INLINE std::optional<Interval> capsuleSpan(const Ray& ray, const Capsule& capsule,
                                                         RayCheck check = RayCheck::kCheck) noexcept {
    if (failsRayCheck(ray, check)) return std::nullopt;
    return capsuleSpanOfValidRay(ray, capsule);
}

}  // namespace detail

[[nodiscard]] inline std::optional<LineSpan> intersectLine(const Ray& ray, const Capsule& capsule) noexcept {
    PICKRAY_EXPECT_VALID(ray);
    PICKRAY_EXPECT_VALID(capsule);
    const auto span = detail::capsuleSpan(ray, capsule);
    if (!span) return std::nullopt;
    return detail::toLineSpan(span->enter, span->exit);
}

[[nodiscard]] inline std::optional<RayHit> raycast(const Ray& ray, const Capsule& capsule,
                                                   float tMax = kInfinity) noexcept {
    PICKRAY_EXPECT_VALID(ray);
    PICKRAY_EXPECT_VALID(capsule);
    PICKRAY_EXPECT_VALID_TMAX(tMax);
    const auto span = detail::capsuleSpan(ray, capsule);
    const auto crossing = detail::firstCrossing(span, tMax);
    if (!crossing) return std::nullopt;
    // Normal: from the closest point of the core segment to the hit point (relative to a, in double).
    const glm::dvec3 a = detail::widen(capsule.a);
    const glm::dvec3 axisVector = detail::widen(capsule.b) - a;
    const glm::dvec3 fromA = detail::widen(ray.origin) - a + crossing->t * detail::widen(ray.direction);
    const double lengthSquared = glm::dot(axisVector, axisVector);
    const double s = lengthSquared > 0.0 ? std::clamp(glm::dot(fromA, axisVector) / lengthSquared, 0.0, 1.0) : 0.0;
    const glm::dvec3 radial = fromA - s * axisVector;
    return detail::makeHit(ray, crossing->t, detail::radialNormal(radial, detail::widen(ray.direction)));
}

namespace detail {
/// raycastT with the ray check the caller chooses (RayCheck, detail/common.hpp).
PICKRAY_FORCE_INLINE std::optional<float> raycastT(const Ray& ray, const Capsule& capsule, float tMax,
                                                   RayCheck check) noexcept {
    return spanHitT(ray, capsuleSpan(ray, capsule, check), tMax);
}
}  // namespace detail

/// raycast(ray, capsule, tMax)->t without the point and normal (see ray.hpp).
[[nodiscard]] inline std::optional<float> raycastT(const Ray& ray, const Capsule& capsule,
                                                   float tMax = kInfinity) noexcept {
    PICKRAY_EXPECT_VALID(ray);
    PICKRAY_EXPECT_VALID(capsule);
    PICKRAY_EXPECT_VALID_TMAX(tMax);
    return detail::raycastT(ray, capsule, tMax, detail::RayCheck::kCheck);
}

}  // namespace pickray

#if defined(PICKRAY_ASSERT_VALID_INPUTS) && PICKRAY_ASSERT_VALID_INPUTS
#include "pickray/collision/validity.hpp"
#endif

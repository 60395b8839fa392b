// SPDX-License-Identifier: MIT
#pragma once
// Ray vs sphere (Ericson, Real-Time Collision Detection, §5.3.2), under the contract in ray.hpp.
//
// Sphere specifics:
//   * radius == 0 is a point: only a line through it exactly touches it (enter == exit).
//   * The quadratic is solved around the line's closest approach to the centre, so a ray that
//     starts far away (|origin − center| >> radius) keeps its precision.
//
// The routines are inline: they run in the inner loops of scene queries, where a call per shape
// would cost as much as the test.

#include <optional>

#include "pickray/collision/detail/common.hpp"
#include "pickray/collision/ray.hpp"
#include "pickray/config.hpp"

namespace pickray {

namespace detail {
// Forced inline: the BVH's leaf loop calls it for every sphere, and the compiler's own choice
// left it out of line there.
PICKRAY_FORCE_INLINE std::optional<Interval> sphereSpanOfValidRay(const Ray& ray, const Sphere& sphere) noexcept {
    if (!isFinite(sphere.center) || !isValidRadius(sphere.radius)) return std::nullopt;
    return solveWithinRadius(widen(ray.origin) - widen(sphere.center), widen(ray.direction),
                             static_cast<double>(sphere.radius));
}

/// sphereSpanOfValidRay after the ray check the caller chooses (RayCheck, detail/common.hpp).
PICKRAY_FORCE_INLINE std::optional<Interval> sphereSpan(const Ray& ray, const Sphere& sphere,
                                                        RayCheck check = RayCheck::kCheck) noexcept {
    if (failsRayCheck(ray, check)) return std::nullopt;
    return sphereSpanOfValidRay(ray, sphere);
}
}  // namespace detail

[[nodiscard]] inline std::optional<LineSpan> intersectLine(const Ray& ray, const Sphere& sphere) noexcept {
    PICKRAY_EXPECT_VALID(ray);
    PICKRAY_EXPECT_VALID(sphere);
    const auto span = detail::sphereSpan(ray, sphere);
    if (!span) return std::nullopt;
    return detail::toLineSpan(span->enter, span->exit);
}

[[nodiscard]] inline std::optional<RayHit> raycast(const Ray& ray, const Sphere& sphere,
                                                   float tMax = kInfinity) noexcept {
    PICKRAY_EXPECT_VALID(ray);
    PICKRAY_EXPECT_VALID(sphere);
    PICKRAY_EXPECT_VALID_TMAX(tMax);
    const auto span = detail::sphereSpan(ray, sphere);
    const auto crossing = detail::firstCrossing(span, tMax);
    if (!crossing) return std::nullopt;
    // The normal comes from the centre-relative point in double, not from the rounded world point.
    const glm::dvec3 fromCenter =
        detail::widen(ray.origin) - detail::widen(sphere.center) + crossing->t * detail::widen(ray.direction);
    return detail::makeHit(ray, crossing->t, detail::radialNormal(fromCenter, detail::widen(ray.direction)));
}

namespace detail {
/// raycastT with the ray check the caller chooses (RayCheck, detail/common.hpp).
PICKRAY_FORCE_INLINE std::optional<float> raycastT(const Ray& ray, const Sphere& sphere, float tMax,
                                                   RayCheck check) noexcept {
    return spanHitT(ray, sphereSpan(ray, sphere, check), tMax);
}
}  // namespace detail

/// raycast(ray, sphere, tMax)->t without the point and normal (see ray.hpp).
[[nodiscard]] inline std::optional<float> raycastT(const Ray& ray, const Sphere& sphere,
                                                   float tMax = kInfinity) noexcept {
    PICKRAY_EXPECT_VALID(ray);
    PICKRAY_EXPECT_VALID(sphere);
    PICKRAY_EXPECT_VALID_TMAX(tMax);
    return detail::raycastT(ray, sphere, tMax, detail::RayCheck::kCheck);
}

}  // namespace pickray

#if defined(PICKRAY_ASSERT_VALID_INPUTS) && PICKRAY_ASSERT_VALID_INPUTS
#include "pickray/collision/validity.hpp"
#endif

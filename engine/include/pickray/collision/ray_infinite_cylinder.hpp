// SPDX-License-Identifier: MIT
#pragma once
// Ray vs infinite cylinder (Ericson, Real-Time Collision Detection, §5.3.7, without the caps),
// under the contract in ray.hpp.
//
// Infinite-cylinder specifics:
//   * a == b leaves the axis undefined: no hit, no span.
//   * A line parallel to the axis (within kAxisParallelSine, see tolerances.hpp) never crosses the
//     side. intersectLine gives (−inf, +inf) if it runs inside (distance to the axis <= radius),
//     otherwise nothing; raycast gives no hit either way, as the ray crosses no surface. (The
//     source article returns "no collision" here even for a line inside the cylinder.)
//   * The normal is radial: perpendicular to the axis, pointing away from it.
//
// Inline, as the other ray routines (see ray_sphere.hpp).

#include <optional>

#include "pickray/collision/detail/common.hpp"
#include "pickray/collision/ray.hpp"
#include "pickray/config.hpp"

namespace pickray {

namespace detail {

struct InfiniteCylinderSpan {
    AxisFrame frame;
    Interval span;
};

inline std::optional<InfiniteCylinderSpan> infiniteCylinderSpanOfValidRay(const Ray& ray,
                                                                          const InfiniteCylinder& cylinder) noexcept {
    if (!isFinite(cylinder.a) || !isFinite(cylinder.b) || !isValidRadius(cylinder.radius)) {
        return std::nullopt;
    }
    const AxisFrame frame = axisFrame(ray, cylinder.a, cylinder.b);
    if (frame.lengthSquared == 0.0) return std::nullopt;
    const auto span = solveWithinRadius(frame.originPerp, frame.directionPerp, static_cast<double>(cylinder.radius));
    if (!span) return std::nullopt;
    return InfiniteCylinderSpan{frame, *span};
}

/// infiniteCylinderSpanOfValidRay after the ray check the caller chooses (RayCheck, detail/common.hpp).
PICKRAY_FORCE_INLINE std::optional<InfiniteCylinderSpan> infiniteCylinderSpan(
    const Ray& ray, const InfiniteCylinder& cylinder, RayCheck check = RayCheck::kCheck) noexcept {
    if (failsRayCheck(ray, check)) return std::nullopt;
    return infiniteCylinderSpanOfValidRay(ray, cylinder);
}

}  // namespace detail

[[nodiscard]] inline std::optional<LineSpan> intersectLine(const Ray& ray, const InfiniteCylinder& cylinder) noexcept {
    PICKRAY_EXPECT_VALID(ray);
    PICKRAY_EXPECT_VALID(cylinder);
    const auto found = detail::infiniteCylinderSpan(ray, cylinder);
    if (!found) return std::nullopt;
    return detail::toLineSpan(found->span.enter, found->span.exit);
}

[[nodiscard]] inline std::optional<RayHit> raycast(const Ray& ray, const InfiniteCylinder& cylinder,
                                                   float tMax = kInfinity) noexcept {
    PICKRAY_EXPECT_VALID(ray);
    PICKRAY_EXPECT_VALID(cylinder);
    PICKRAY_EXPECT_VALID_TMAX(tMax);
    if (!detail::isValidTMax(tMax)) return std::nullopt;
    const auto found = detail::infiniteCylinderSpan(ray, cylinder);
    if (!found) return std::nullopt;
    // A parallel line inside has the span (−inf, +inf): no crossing, so no hit.
    const auto crossing = detail::firstCrossing(found->span.enter, found->span.exit, tMax);
    if (!crossing) return std::nullopt;
    const glm::dvec3 radial = found->frame.originPerp + crossing->t * found->frame.directionPerp;
    return detail::makeHit(ray, crossing->t, detail::radialNormal(radial, found->frame.directionPerp));
}

namespace detail {
/// raycastT with the ray check the caller chooses (RayCheck, detail/common.hpp).
PICKRAY_FORCE_INLINE std::optional<float> raycastT(const Ray& ray, const InfiniteCylinder& cylinder, float tMax,
                                                   RayCheck check) noexcept {
    const auto found = infiniteCylinderSpan(ray, cylinder, check);
    return spanHitT(ray, found ? std::optional<Interval>(found->span) : std::nullopt, tMax);
}
}  // namespace detail

/// raycast(ray, cylinder, tMax)->t without the point and normal (see ray.hpp).
[[nodiscard]] inline std::optional<float> raycastT(const Ray& ray, const InfiniteCylinder& cylinder,
                                                   float tMax = kInfinity) noexcept {
    PICKRAY_EXPECT_VALID(ray);
    PICKRAY_EXPECT_VALID(cylinder);
    PICKRAY_EXPECT_VALID_TMAX(tMax);
    return detail::raycastT(ray, cylinder, tMax, detail::RayCheck::kCheck);
}

}  // namespace pickray

#if defined(PICKRAY_ASSERT_VALID_INPUTS) && PICKRAY_ASSERT_VALID_INPUTS
#include "pickray/collision/validity.hpp"
#endif

// SPDX-License-Identifier: MIT
#pragma once
// Ray vs capped cylinder (Ericson, Real-Time Collision Detection, §5.3.7), under the contract in
// ray.hpp.
//
// The solid is the infinite cylinder around the line ab, cut by the two cap planes through a and b
// perpendicular to ab. Its span on a line is the side's span intersected with the slab between
// the caps; whichever bound is the tighter one says which surface is hit.
//
// Capped-cylinder specifics:
//   * A ray parallel to the axis and inside the radius hits a cap (normal ±axis); outside the
//     radius it misses. The side is never "missed" because the quadratic's leading term is zero.
//   * On the rim, where side and cap meet, the hit is found (no gap at the seam); the normal is the
//     cap's if the cap plane is crossed last, otherwise the side's.
//   * a == b (no height, so no orientation) and radius == 0 are empty solids: no hit, no span.
//
// Inline, as the other ray routines (see ray_sphere.hpp).

#include <optional>

#include "pickray/collision/detail/common.hpp"
#include "pickray/collision/ray.hpp"
#include "pickray/config.hpp"

namespace pickray {

namespace detail {

enum CylinderSurface : SurfaceId { kCylinderSide, kCylinderCapA, kCylinderCapB };

/// Side span (infinite cylinder) intersected with the slab between the cap planes, with the
/// surface each bound lies on.
inline std::optional<TaggedSpan> cylinderSpanOfValidRay(const Ray& ray, const Cylinder& cylinder) noexcept {
    if (!isFinite(cylinder.a) || !isFinite(cylinder.b) || !isValidRadius(cylinder.radius) || cylinder.radius == 0.0f) {
        return std::nullopt;
    }
    const AxisFrame frame = axisFrame(ray, cylinder.a, cylinder.b);
    if (frame.lengthSquared == 0.0) return std::nullopt;  // a == b: no height, no orientation
    const auto side = solveWithinRadius(frame.originPerp, frame.directionPerp, static_cast<double>(cylinder.radius));
    if (!side) return std::nullopt;
    TaggedSpan span{side->enter, side->exit, kCylinderSide, kCylinderSide};
    if (!clipToSlab(span, frame.originAlong, frame.directionAlong, 0.0, frame.lengthSquared, kCylinderCapA,
                    kCylinderCapB)) {
        return std::nullopt;
    }
    return span;
}

/// cylinderSpanOfValidRay after the ray check the caller chooses (RayCheck, detail/common.hpp).
PICKRAY_FORCE_INLINE std::optional<TaggedSpan> cylinderSpan(const Ray& ray, const Cylinder& cylinder,
                                                            RayCheck check = RayCheck::kCheck) noexcept {
    if (failsRayCheck(ray, check)) return std::nullopt;
    return cylinderSpanOfValidRay(ray, cylinder);
}

}  // namespace detail

[[nodiscard]] inline std::optional<LineSpan> intersectLine(const Ray& ray, const Cylinder& cylinder) noexcept {
    PICKRAY_EXPECT_VALID(ray);
    PICKRAY_EXPECT_VALID(cylinder);
    const auto span = detail::cylinderSpan(ray, cylinder);
    if (!span) return std::nullopt;
    return detail::toLineSpan(span->enter, span->exit);
}

[[nodiscard]] inline std::optional<RayHit> raycast(const Ray& ray, const Cylinder& cylinder,
                                                   float tMax = kInfinity) noexcept {
    PICKRAY_EXPECT_VALID(ray);
    PICKRAY_EXPECT_VALID(cylinder);
    PICKRAY_EXPECT_VALID_TMAX(tMax);
    const auto span = detail::cylinderSpan(ray, cylinder);
    const auto crossing = detail::firstCrossing(span, tMax);
    if (!crossing) return std::nullopt;
    const detail::SurfaceId surface = crossing->atEnter ? span->enterSurface : span->exitSurface;
    const glm::dvec3 axisVector = detail::widen(cylinder.b) - detail::widen(cylinder.a);
    glm::vec3 normal;
    if (surface == detail::kCylinderSide) {
        const glm::dvec3 direction = detail::widen(ray.direction);
        const glm::dvec3 fromA = detail::widen(ray.origin) - detail::widen(cylinder.a) + crossing->t * direction;
        normal = detail::radialNormal(detail::offAxis(fromA, axisVector), detail::offAxis(direction, axisVector));
    } else {
        const glm::dvec3 axis = detail::unitVector(axisVector);
        normal = glm::vec3(surface == detail::kCylinderCapA ? -axis : axis);
    }
    return detail::makeHit(ray, crossing->t, normal);
}

namespace detail {
/// raycastT with the ray check the caller chooses (RayCheck, detail/common.hpp).
PICKRAY_FORCE_INLINE std::optional<float> raycastT(const Ray& ray, const Cylinder& cylinder, float tMax,
                                                   RayCheck check) noexcept {
    return spanHitT(ray, cylinderSpan(ray, cylinder, check), tMax);
}
}  // namespace detail

/// raycast(ray, cylinder, tMax)->t without the point and normal (see ray.hpp).
[[nodiscard]] inline std::optional<float> raycastT(const Ray& ray, const Cylinder& cylinder,
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

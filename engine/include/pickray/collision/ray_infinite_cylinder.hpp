#pragma once
// Ray vs infinite cylinder (article 000, calcRayInfCilinder), under the contract in ray.hpp.
//
// Infinite-cylinder specifics:
//   * p1 == p2 leaves the axis undefined: no hit, no span.
//   * A line parallel to the axis (within kAxisParallelSine, see tolerances.hpp) never crosses the
//     side. intersectLine gives (−inf, +inf) if it runs inside (distance to the axis <= radius),
//     otherwise nothing; raycast gives no hit either way, as the ray crosses no surface. (The
//     article returns "no collision" here even for a line inside the cylinder.)
//   * The normal is radial: perpendicular to the axis, pointing away from it.

#include <optional>

#include "pickray/collision/ray.hpp"

namespace pickray {

[[nodiscard]] std::optional<RayHit> raycast(const Ray& ray, const InfiniteCylinder& cylinder,
                                            float tMax = kInfinity) noexcept;
[[nodiscard]] std::optional<LineSpan> intersectLine(const Ray& ray,
                                                    const InfiniteCylinder& cylinder) noexcept;

}  // namespace pickray

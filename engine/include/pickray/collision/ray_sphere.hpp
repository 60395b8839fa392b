#pragma once
// Ray vs sphere (article 004, CalcSphereRayCollision), under the contract in ray.hpp.
//
// Sphere specifics:
//   * radius == 0 is a point: only a line through it exactly touches it (enter == exit).
//   * The quadratic is solved around the line's closest approach to the centre, so a ray that
//     starts far away (|origin − center| >> radius) keeps its precision.

#include <optional>

#include "pickray/collision/ray.hpp"

namespace pickray {

[[nodiscard]] std::optional<RayHit> raycast(const Ray& ray, const Sphere& sphere,
                                            float tMax = kInfinity) noexcept;
[[nodiscard]] std::optional<LineSpan> intersectLine(const Ray& ray, const Sphere& sphere) noexcept;

}  // namespace pickray

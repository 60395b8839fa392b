#pragma once
// Ray vs capped cylinder (article 002, jHitCylinder), under the contract in ray.hpp.
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

#include <optional>

#include "pickray/collision/ray.hpp"

namespace pickray {

[[nodiscard]] std::optional<RayHit> raycast(const Ray& ray, const Cylinder& cylinder,
                                            float tMax = kInfinity) noexcept;
[[nodiscard]] std::optional<LineSpan> intersectLine(const Ray& ray, const Cylinder& cylinder) noexcept;

}  // namespace pickray

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

#include <optional>

#include "pickray/collision/ray.hpp"

namespace pickray {

[[nodiscard]] std::optional<RayHit> raycast(const Ray& ray, const Capsule& capsule,
                                            float tMax = kInfinity) noexcept;
[[nodiscard]] std::optional<LineSpan> intersectLine(const Ray& ray, const Capsule& capsule) noexcept;

}  // namespace pickray

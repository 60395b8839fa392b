#pragma once
// Ray vs axis-aligned and oriented boxes (article 003, ColRayBox: slab method), under the contract
// in ray.hpp.
//
// Box specifics:
//   * A direction component of exactly zero makes the ray parallel to that pair of faces: it
//     misses unless the origin lies between them (faces included). No epsilon is used: a tiny
//     non-zero component is handled exactly by the division, which may give ±inf.
//   * A zero extent (min == max on an axis) is a flat box: rays crossing its plane inside it hit
//     it with enter == exit, and the normal faces the ray.
//   * A box that lies entirely behind the origin is a miss for raycast (the article accepts it).
//   * Where two faces meet (edges, corners) the normal is the one of the face crossed last.
//   * OrientedBox: the ray is moved into the box's local space by the inverse of the affine
//     toWorld (not normalised, so t is the same in both spaces). Normals go back by the inverse
//     transpose. A singular transform (determinant 0 or not finite) or a bottom row other than
//     (0, 0, 0, 1) is invalid: no hit, no span. An identity toWorld gives exactly the Aabb result.

#include <optional>

#include "pickray/collision/ray.hpp"

namespace pickray {

[[nodiscard]] std::optional<RayHit> raycast(const Ray& ray, const Aabb& box,
                                            float tMax = kInfinity) noexcept;
[[nodiscard]] std::optional<LineSpan> intersectLine(const Ray& ray, const Aabb& box) noexcept;

[[nodiscard]] std::optional<RayHit> raycast(const Ray& ray, const OrientedBox& box,
                                            float tMax = kInfinity) noexcept;
[[nodiscard]] std::optional<LineSpan> intersectLine(const Ray& ray, const OrientedBox& box) noexcept;

}  // namespace pickray

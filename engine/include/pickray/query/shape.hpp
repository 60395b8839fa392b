// SPDX-License-Identifier: MIT
#pragma once
// Any one of the six solids, as a value, with the ray queries and bounds dispatched over it.
// This is what collections of mixed shapes (the BVH, a scene) store.

#include <optional>
#include <variant>

#include "pickray/collision.hpp"

namespace pickray {

using Shape = std::variant<Sphere, Capsule, Cylinder, InfiniteCylinder, Aabb, OrientedBox>;

[[nodiscard]] std::optional<RayHit> raycast(const Ray& ray, const Shape& shape, float tMax = kInfinity) noexcept;
[[nodiscard]] std::optional<LineSpan> intersectLine(const Ray& ray, const Shape& shape) noexcept;

/// A box that contains the whole solid, never smaller: padded by about 1e-12 of its largest
/// coordinate (covering the exact routines' own rounding) and rounded outward to float.
/// Invalid shapes (NaN, negative radius, singular transform) get an empty box (min > max), and
/// infinite cylinders an infinite one; neither is put inside a BVH's tree.
[[nodiscard]] Aabb bounds(const Shape& shape) noexcept;

/// True when the box has finite bounds with min <= max on every axis.
[[nodiscard]] bool isFiniteBox(const Aabb& box) noexcept;

}  // namespace pickray

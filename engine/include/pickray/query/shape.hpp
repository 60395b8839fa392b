// SPDX-License-Identifier: MIT
#pragma once
// Any one of the six solids, as a value, with the ray queries and bounds dispatched over it.
// This is what collections of mixed shapes (the BVH, a scene) store.

#include <cstddef>
#include <optional>
#include <string_view>
#include <variant>

#include "pickray/collision.hpp"

namespace pickray {

using Shape = std::variant<Sphere, Capsule, Cylinder, InfiniteCylinder, Aabb, OrientedBox>;

/// A kind of shape: the index of its alternative in Shape (Shape::index()).
using ShapeKind = std::size_t;
inline constexpr ShapeKind kShapeKindCount = std::variant_size_v<Shape>;

/// Each kind's name, as the demo's scene files and reports spell it: "sphere", "capsule",
/// "cylinder", "infinite_cylinder", "aabb", "box" (the oriented box). Empty for kind >= kShapeKindCount.
[[nodiscard]] std::string_view kindName(ShapeKind kind) noexcept;
[[nodiscard]] inline std::string_view kindName(const Shape& shape) noexcept { return kindName(shape.index()); }
/// The kind of that name; nullopt for any other string (names are case-sensitive).
[[nodiscard]] std::optional<ShapeKind> kindFromName(std::string_view name) noexcept;
/// A shape of that kind with its type's default members (the unit shapes of shapes.hpp);
/// nullopt for kind >= kShapeKindCount.
[[nodiscard]] std::optional<Shape> shapeOfKind(ShapeKind kind) noexcept;

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

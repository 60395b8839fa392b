// SPDX-License-Identifier: MIT
#pragma once
// Any one of the six solids, as a value, with the ray queries and bounds dispatched over it.
// This is what collections of mixed shapes (the BVH, a scene) store.

#include <cstddef>
#include <optional>
#include <span>
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
/// Why the queries refuse the shape, or nothing (collision/validity.hpp).
[[nodiscard]] Validity validity(const Shape& shape) noexcept;
/// The shape's own raycastT (collision/ray.hpp): raycast()'s t alone, bit for bit.
[[nodiscard]] std::optional<float> raycastT(const Ray& ray, const Shape& shape, float tMax = kInfinity) noexcept;

// Mixed shapes in one call, with collision/batch.hpp's contract: t[i] = raycastT(ray, shapes[i],
// tMax) (one ray, many shapes) or raycastT(rays[i], shapes[i], tMax) (pairs), a miss written as
// +infinity; sizes that differ throw std::invalid_argument naming both, and nothing is written.
// Each shape is answered by its own kind's routine, so a brute force over a scene of every kind
// is one loop.
void raycastT(const Ray& ray, std::span<const Shape> shapes, std::span<float> t, float tMax = kInfinity);
void raycastT(std::span<const Ray> rays, std::span<const Shape> shapes, std::span<float> t, float tMax = kInfinity);
/// nearestT (collision/batch.hpp) over mixed shapes: the smallest raycastT(ray, shapes[i], tMax),
/// ties going to the smaller index; nullopt when none is hit (or the ray or tMax is invalid).
[[nodiscard]] std::optional<NearestT> nearestT(const Ray& ray, std::span<const Shape> shapes, float tMax = kInfinity);

/// A box that contains the whole solid, never smaller: padded by about 1e-12 of its largest
/// coordinate (covering the exact routines' own rounding) and rounded outward to float.
/// Invalid shapes (NaN, negative radius, singular transform) get an empty box (min > max), and
/// infinite cylinders an infinite one; neither is put inside a BVH's tree.
[[nodiscard]] Aabb bounds(const Shape& shape) noexcept;

/// True when the box has finite bounds with min <= max on every axis.
[[nodiscard]] bool isFiniteBox(const Aabb& box) noexcept;

}  // namespace pickray

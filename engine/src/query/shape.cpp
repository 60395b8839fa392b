// SPDX-License-Identifier: MIT
#include "pickray/query/shape.hpp"

#include <array>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

#include <glm/geometric.hpp>

#include "box.hpp"

namespace pickray {
namespace {

using detail::isValidRadius;
using detail::kEmptyBox;

bool isFiniteDouble(glm::dvec3 v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

/// Grows a double box by 2^-40 of its largest coordinate, then rounds it outward to float plus one
/// float step each way. The exact routines work in double relative to the shape's own points, so
/// where the inputs span more than double can hold exactly they round at about 2^-53 of the
/// largest coordinate; the margin keeps every point they report inside the box, so the BVH never
/// culls a hit that brute force finds (a 3e-29-radius capsule at 1e-5, say).
Aabb outward(glm::dvec3 lo, glm::dvec3 hi) {
    if (!isFiniteDouble(lo) || !isFiniteDouble(hi)) return kEmptyBox;
    const glm::dvec3 magnitude = glm::max(glm::abs(lo), glm::abs(hi));
    const double margin = 0x1p-40 * std::max(magnitude.x, std::max(magnitude.y, magnitude.z));
    lo -= margin;
    hi += margin;
    Aabb box;
    for (int i = 0; i < 3; ++i) {
        box.min[i] = std::nextafter(static_cast<float>(lo[i]), -kInfinity);
        box.max[i] = std::nextafter(static_cast<float>(hi[i]), kInfinity);
        if (static_cast<double>(box.min[i]) > lo[i]) box.min[i] = std::nextafter(box.min[i], -kInfinity);
        if (static_cast<double>(box.max[i]) < hi[i]) box.max[i] = std::nextafter(box.max[i], kInfinity);
    }
    return box;
}

Aabb boundsOf(const Sphere& s) {
    if (!isValidRadius(s.radius)) return kEmptyBox;
    const glm::dvec3 c(s.center);
    return outward(c - static_cast<double>(s.radius), c + static_cast<double>(s.radius));
}

Aabb boundsOf(const Capsule& s) {
    if (!isValidRadius(s.radius)) return kEmptyBox;
    const glm::dvec3 a(s.a), b(s.b);
    return outward(glm::min(a, b) - static_cast<double>(s.radius), glm::max(a, b) + static_cast<double>(s.radius));
}

Aabb boundsOf(const Cylinder& s) {
    if (!isValidRadius(s.radius) || s.radius == 0.0f || s.a == s.b) return kEmptyBox;  // empty solids
    const glm::dvec3 a(s.a), b(s.b);
    const glm::dvec3 axis = glm::normalize(b - a);
    // A cap disc of radius r perpendicular to the unit axis u reaches r·sqrt(1 − u_i²) along axis
    // i, written as r·sqrt(u_j² + u_k²): for an axis within 1e-8 of a coordinate axis 1 − u_i²
    // rounds to 0 and the box would lose the disc's tilt (a 1e20-radius cylinder's box would miss
    // points of its surface).
    const glm::dvec3 squared = axis * axis;
    const glm::dvec3 reach = static_cast<double>(s.radius) *
                             glm::sqrt(glm::dvec3(squared.y + squared.z, squared.x + squared.z, squared.x + squared.y));
    return outward(glm::min(a, b) - reach, glm::max(a, b) + reach);
}

Aabb boundsOf(const InfiniteCylinder& s) {
    if (!isValidRadius(s.radius) || s.a == s.b || !detail::isFinite(s.a) || !detail::isFinite(s.b)) {
        return kEmptyBox;
    }
    return Aabb{glm::vec3(-kInfinity), glm::vec3(kInfinity)};
}

Aabb boundsOf(const Aabb& box) {
    if (!(box.min.x <= box.max.x && box.min.y <= box.max.y && box.min.z <= box.max.z)) return kEmptyBox;
    return outward(glm::dvec3(box.min), glm::dvec3(box.max));
}

Aabb boundsOf(const OrientedBox& box) {
    const Aabb local = boundsOf(box.local);
    if (!isFiniteBox(local)) return kEmptyBox;
    const glm::mat4& m = box.toWorld;
    const glm::dvec3 c0(m[0]), c1(m[1]), c2(m[2]), translation(m[3]);
    const double determinant = glm::dot(c0, glm::cross(c1, c2));
    if (determinant == 0.0 || !std::isfinite(determinant) || m[0][3] != 0.0f || m[1][3] != 0.0f || m[2][3] != 0.0f ||
        m[3][3] != 1.0f) {
        return kEmptyBox;
    }
    // Centre maps through the transform; the half extents through its absolute linear part.
    const glm::dvec3 centre = 0.5 * (glm::dvec3(box.local.min) + glm::dvec3(box.local.max));
    const glm::dvec3 half = 0.5 * (glm::dvec3(box.local.max) - glm::dvec3(box.local.min));
    const glm::dvec3 worldCentre = c0 * centre.x + c1 * centre.y + c2 * centre.z + translation;
    const glm::dvec3 worldHalf = glm::abs(c0) * half.x + glm::abs(c1) * half.y + glm::abs(c2) * half.z;
    return outward(worldCentre - worldHalf, worldCentre + worldHalf);
}

// One name per alternative; a kind added to Shape without a name here does not compile.
constexpr std::string_view nameOf(const Sphere*) { return "sphere"; }
constexpr std::string_view nameOf(const Capsule*) { return "capsule"; }
constexpr std::string_view nameOf(const Cylinder*) { return "cylinder"; }
constexpr std::string_view nameOf(const InfiniteCylinder*) { return "infinite_cylinder"; }
constexpr std::string_view nameOf(const Aabb*) { return "aabb"; }
constexpr std::string_view nameOf(const OrientedBox*) { return "box"; }

template <std::size_t... I>
constexpr std::array<std::string_view, sizeof...(I)> namesOf(std::index_sequence<I...>) {
    return {nameOf(static_cast<const std::variant_alternative_t<I, Shape>*>(nullptr))...};
}
constexpr auto kNames = namesOf(std::make_index_sequence<kShapeKindCount>{});

template <std::size_t... I>
Shape shapeOfKind(ShapeKind kind, std::index_sequence<I...>) {
    constexpr std::array<Shape (*)(), sizeof...(I)> make = {
        []() -> Shape { return std::variant_alternative_t<I, Shape>{}; }...};
    return make[kind]();
}

}  // namespace

std::string_view kindName(ShapeKind kind) noexcept { return kind < kNames.size() ? kNames[kind] : std::string_view(); }

std::optional<ShapeKind> kindFromName(std::string_view name) noexcept {
    for (ShapeKind kind = 0; kind < kNames.size(); ++kind)
        if (kNames[kind] == name) return kind;
    return std::nullopt;
}

std::optional<Shape> shapeOfKind(ShapeKind kind) noexcept {
    if (kind >= kShapeKindCount) return std::nullopt;
    return shapeOfKind(kind, std::make_index_sequence<kShapeKindCount>{});
}

std::optional<RayHit> raycast(const Ray& ray, const Shape& shape, float tMax) noexcept {
    return std::visit([&](const auto& s) { return raycast(ray, s, tMax); }, shape);
}

std::optional<LineSpan> intersectLine(const Ray& ray, const Shape& shape) noexcept {
    return std::visit([&](const auto& s) { return intersectLine(ray, s); }, shape);
}

Validity validity(const Shape& shape) noexcept {
    return std::visit([](const auto& s) { return validity(s); }, shape);
}

std::optional<float> raycastT(const Ray& ray, const Shape& shape, float tMax) noexcept {
    return std::visit([&](const auto& s) { return raycastT(ray, s, tMax); }, shape);
}

namespace {

void checkSizes(const char* what, std::size_t shapes, std::size_t answers) {
    if (shapes != answers)
        throw std::invalid_argument(std::string("pickray::raycastT: ") + std::to_string(shapes) + " " + what +
                                    " but room for " + std::to_string(answers) + " answers");
}

}  // namespace

void raycastT(const Ray& ray, std::span<const Shape> shapes, std::span<float> t, float tMax) {
    checkSizes("shapes", shapes.size(), t.size());
    for (std::size_t i = 0; i < shapes.size(); ++i) t[i] = raycastT(ray, shapes[i], tMax).value_or(kInfinity);
}

void raycastT(std::span<const Ray> rays, std::span<const Shape> shapes, std::span<float> t, float tMax) {
    checkSizes("shapes", shapes.size(), t.size());
    checkSizes("shapes, for rays", shapes.size(), rays.size());
    for (std::size_t i = 0; i < shapes.size(); ++i) t[i] = raycastT(rays[i], shapes[i], tMax).value_or(kInfinity);
}

std::optional<NearestT> nearestT(const Ray& ray, std::span<const Shape> shapes, float tMax) {
    std::optional<NearestT> nearest;
    for (std::size_t i = 0; i < shapes.size(); ++i) {
        const std::optional<float> t = raycastT(ray, shapes[i], nearest ? nearest->t : tMax);
        if (t && (!nearest || *t < nearest->t)) nearest = NearestT{i, *t};
    }
    return nearest;
}

Aabb bounds(const Shape& shape) noexcept {
    return std::visit([](const auto& s) { return boundsOf(s); }, shape);
}

bool isFiniteBox(const Aabb& box) noexcept {
    for (int i = 0; i < 3; ++i) {
        if (!std::isfinite(box.min[i]) || !std::isfinite(box.max[i]) || !(box.min[i] <= box.max[i])) return false;
    }
    return true;
}

}  // namespace pickray

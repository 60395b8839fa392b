// SPDX-License-Identifier: MIT
#pragma once
// Ray queries over every object of a scene, built on the collision library's per-shape overloads.

#include <cstddef>
#include <optional>
#include <vector>

#include "pickray/collision/shapes.hpp"
#include "scene/scene.hpp"

namespace pickray::scene {

struct ObjectHit {
    std::size_t object = 0;  ///< index into Scene::objects
    RayHit hit;
};

struct ObjectSpan {
    std::size_t object = 0;
    LineSpan span;
};

[[nodiscard]] std::optional<RayHit> raycast(const Ray& ray, const Shape& shape) noexcept;
[[nodiscard]] std::optional<LineSpan> intersectLine(const Ray& ray, const Shape& shape) noexcept;

/// The object the ray hits first (smallest t; ties go to the lower index), if any.
[[nodiscard]] std::optional<ObjectHit> nearestHit(const Scene& scene, const Ray& ray);
/// Each object's first hit along the ray, sorted by t (stable: ties keep object order).
[[nodiscard]] std::vector<ObjectHit> allHits(const Scene& scene, const Ray& ray);
/// Every object the ray's infinite line passes through, sorted by where it enters.
[[nodiscard]] std::vector<ObjectSpan> lineSpans(const Scene& scene, const Ray& ray);

}  // namespace pickray::scene

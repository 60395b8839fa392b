// SPDX-License-Identifier: MIT
#pragma once
// Scene queries by brute force: every object tested with the library's per-shape routines, then a
// stable sort. The independent answer the demo's BVH-backed SceneIndex is checked against.

#include <algorithm>
#include <optional>
#include <vector>

#include "scene/scene.hpp"
#include "scene/scene_index.hpp"

namespace pickray::scene::brute_force {

/// Each object's first hit along the ray, sorted by t (stable: ties keep object order).
inline std::vector<ObjectHit> allHits(const Scene& scene, const Ray& ray) {
    std::vector<ObjectHit> hits;
    for (std::size_t i = 0; i < scene.objects.size(); ++i)
        if (auto hit = raycast(ray, scene.objects[i].shape)) hits.push_back({i, *hit});
    std::stable_sort(hits.begin(), hits.end(),
                     [](const ObjectHit& l, const ObjectHit& r) { return l.hit.t < r.hit.t; });
    return hits;
}

/// The object the ray hits first (smallest t; ties go to the lower index), if any.
inline std::optional<ObjectHit> nearestHit(const Scene& scene, const Ray& ray) {
    auto hits = allHits(scene, ray);
    if (hits.empty()) return std::nullopt;
    return hits.front();
}

/// Every object the ray's infinite line passes through, sorted by where it enters (stable).
inline std::vector<ObjectSpan> lineSpans(const Scene& scene, const Ray& ray) {
    std::vector<ObjectSpan> spans;
    for (std::size_t i = 0; i < scene.objects.size(); ++i)
        if (auto span = intersectLine(ray, scene.objects[i].shape)) spans.push_back({i, *span});
    std::stable_sort(spans.begin(), spans.end(),
                     [](const ObjectSpan& l, const ObjectSpan& r) { return l.span.enter < r.span.enter; });
    return spans;
}

}  // namespace pickray::scene::brute_force

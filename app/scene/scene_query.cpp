// SPDX-License-Identifier: MIT
#include "scene/scene_query.hpp"

#include <algorithm>

#include "pickray/collision.hpp"

namespace pickray::scene {
namespace {

// Boxes are queried as oriented boxes; every other kind is a library shape already.
template <class F>
auto visitSolid(const Shape& shape, F&& f) {
    return std::visit(
        [&](const auto& s) {
            if constexpr (std::is_same_v<std::decay_t<decltype(s)>, Box>) return f(orientedBox(s));
            else return f(s);
        },
        shape);
}

}  // namespace

std::optional<RayHit> raycast(const Ray& ray, const Shape& shape) noexcept {
    return visitSolid(shape, [&](const auto& solid) { return pickray::raycast(ray, solid); });
}

std::optional<LineSpan> intersectLine(const Ray& ray, const Shape& shape) noexcept {
    return visitSolid(shape, [&](const auto& solid) { return pickray::intersectLine(ray, solid); });
}

std::vector<ObjectHit> allHits(const Scene& scene, const Ray& ray) {
    std::vector<ObjectHit> hits;
    for (std::size_t i = 0; i < scene.objects.size(); ++i)
        if (auto hit = raycast(ray, scene.objects[i].shape)) hits.push_back({i, *hit});
    std::stable_sort(hits.begin(), hits.end(),
                     [](const ObjectHit& l, const ObjectHit& r) { return l.hit.t < r.hit.t; });
    return hits;
}

std::optional<ObjectHit> nearestHit(const Scene& scene, const Ray& ray) {
    auto hits = allHits(scene, ray);
    if (hits.empty()) return std::nullopt;
    return hits.front();
}

std::vector<ObjectSpan> lineSpans(const Scene& scene, const Ray& ray) {
    std::vector<ObjectSpan> spans;
    for (std::size_t i = 0; i < scene.objects.size(); ++i)
        if (auto span = intersectLine(ray, scene.objects[i].shape)) spans.push_back({i, *span});
    std::stable_sort(spans.begin(), spans.end(),
                     [](const ObjectSpan& l, const ObjectSpan& r) { return l.span.enter < r.span.enter; });
    return spans;
}

}  // namespace pickray::scene

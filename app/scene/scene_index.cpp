// SPDX-License-Identifier: MIT
#include "scene/scene_index.hpp"

#include <cassert>
#include <stdexcept>

namespace pickray::scene {

void SceneIndex::rebuild(const Scene& scene) {
    std::vector<pickray::Shape> shapes;  // the BVH copies them
    shapes.reserve(scene.objects.size());
    for (const Object& o : scene.objects) shapes.push_back(o.shape);
    bvh_.rebuild(shapes);
    ++rebuilds_;
}

void SceneIndex::update(const Scene& scene, std::size_t object) {
    assert(scene.objects.size() == bvh_.size() && "objects were added or removed: rebuild()");
    if (object >= bvh_.size()) throw std::out_of_range("SceneIndex::update: no such object");
    bvh_.update(static_cast<std::uint32_t>(object), scene.objects.at(object).shape);
    ++refits_;
}

std::optional<ObjectHit> SceneIndex::nearestHit(const Ray& ray) const {
    const auto hit = bvh_.nearest(ray);
    if (!hit) return std::nullopt;
    return ObjectHit{hit->index, hit->hit};
}

std::vector<ObjectHit> SceneIndex::allHits(const Ray& ray) const {
    std::vector<ObjectHit> out;
    for (const ShapeHit& h : bvh_.allHits(ray)) out.push_back({h.index, h.hit});
    return out;
}

std::vector<ObjectSpan> SceneIndex::lineSpans(const Ray& ray) const {
    std::vector<ObjectSpan> out;
    for (const ShapeSpan& s : bvh_.lineSpans(ray)) out.push_back({s.index, s.span});
    return out;
}

void SceneIndex::nearestBatch(std::span<const Ray> rays, std::span<std::optional<ObjectHit>> out) const {
    std::vector<std::optional<ShapeHit>> hits(rays.size());
    bvh_.nearestBatch(rays, hits, threadsParallelFor());
    if (out.size() != rays.size()) throw std::invalid_argument("SceneIndex::nearestBatch: sizes differ");
    for (std::size_t i = 0; i < rays.size(); ++i)
        out[i] = hits[i] ? std::optional(ObjectHit{hits[i]->index, hits[i]->hit}) : std::nullopt;
}

std::optional<RayHit> SceneIndex::hitOn(const Ray& ray, std::size_t object) const {
    if (object >= bvh_.size()) return std::nullopt;
    return raycast(ray, bvh_.shape(static_cast<std::uint32_t>(object)));
}

}  // namespace pickray::scene

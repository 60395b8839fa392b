#include "pickray/scene/scene_index.hpp"

#include <cassert>

namespace pickray::scene {

pickray::Shape queryShape(const Shape& shape) noexcept {
    return std::visit(
        [](const auto& s) -> pickray::Shape {
            if constexpr (std::is_same_v<std::decay_t<decltype(s)>, Box>) return orientedBox(s);
            else return s;
        },
        shape);
}

void SceneIndex::rebuild(const Scene& scene) {
    shapes_.clear();
    shapes_.reserve(scene.objects.size());
    for (const Object& o : scene.objects) shapes_.push_back(queryShape(o.shape));
    bvh_.rebuild(shapes_);
    ++rebuilds_;
}

void SceneIndex::update(const Scene& scene, std::size_t object) {
    assert(scene.objects.size() == shapes_.size() && "objects were added or removed: rebuild()");
    shapes_.at(object) = queryShape(scene.objects.at(object).shape);
    bvh_.update(shapes_, static_cast<std::uint32_t>(object));
    ++refits_;
}

std::optional<ObjectHit> SceneIndex::nearestHit(const Ray& ray) const {
    const auto hit = bvh_.nearest(ray, shapes_);
    if (!hit) return std::nullopt;
    return ObjectHit{hit->index, hit->hit};
}

std::vector<ObjectHit> SceneIndex::allHits(const Ray& ray) const {
    std::vector<ObjectHit> out;
    for (const ShapeHit& h : bvh_.allHits(ray, shapes_)) out.push_back({h.index, h.hit});
    return out;
}

std::vector<ObjectSpan> SceneIndex::lineSpans(const Ray& ray) const {
    std::vector<ObjectSpan> out;
    for (const ShapeSpan& s : bvh_.lineSpans(ray, shapes_)) out.push_back({s.index, s.span});
    return out;
}

}  // namespace pickray::scene

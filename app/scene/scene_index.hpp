// SPDX-License-Identifier: MIT
#pragma once
// The scene's objects as library shapes under a BVH (pickray::Bvh, which keeps its own copy of
// them), so that click, hover, the hits list and the line's enter/exit list stay fast at 100,000
// objects. Answers equal the brute force of scene_query.hpp: same objects, same order, same t
// (the BVH's ties go to the lower index, as the stable sorts there do).
//
// The index mirrors the scene: after one object changed call update(scene, i) (a refit of its
// leaf and the boxes above it, no rebuild); after objects were added, removed or reordered call
// rebuild(scene).

#include <cstddef>
#include <optional>
#include <vector>

#include "pickray/query.hpp"
#include "scene/scene.hpp"
#include "scene/scene_query.hpp"

namespace pickray::scene {

/// The library shape a scene shape is queried as (a Box becomes an OrientedBox).
[[nodiscard]] pickray::Shape queryShape(const Shape& shape) noexcept;

class SceneIndex {
public:
    SceneIndex() = default;
    explicit SceneIndex(const Scene& scene) { rebuild(scene); }

    void rebuild(const Scene& scene);
    /// Object `object` changed (moved, edited): refit, O(tree depth).
    void update(const Scene& scene, std::size_t object);

    [[nodiscard]] std::size_t size() const noexcept { return bvh_.size(); }
    /// How many times the tree was built from scratch and refitted (tests check that edits only refit).
    [[nodiscard]] std::size_t rebuildCount() const noexcept { return rebuilds_; }
    [[nodiscard]] std::size_t refitCount() const noexcept { return refits_; }

    [[nodiscard]] std::optional<ObjectHit> nearestHit(const Ray& ray) const;
    [[nodiscard]] std::vector<ObjectHit> allHits(const Ray& ray) const;
    [[nodiscard]] std::vector<ObjectSpan> lineSpans(const Ray& ray) const;

private:
    Bvh bvh_;
    std::size_t rebuilds_ = 0;
    std::size_t refits_ = 0;
};

}  // namespace pickray::scene

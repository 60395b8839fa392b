// SPDX-License-Identifier: MIT
#pragma once
// The scene's objects as library shapes under a BVH (pickray::Bvh, which keeps its own copy of
// them), so that click, hover, the hits list and the line's enter/exit list stay fast at 100,000
// objects. Answers equal brute force over the objects (tests/support/scene_brute_force.hpp): same
// objects, same order, same t (ties go to the lower index).
//
// The index mirrors the scene: after one object changed call update(scene, i) (a refit of its
// leaf and the boxes above it, no rebuild); after objects were added, removed or reordered call
// rebuild(scene).

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include "pickray/query.hpp"
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

    /// The object the ray hits first (smallest t; ties go to the lower index), if any.
    [[nodiscard]] std::optional<ObjectHit> nearestHit(const Ray& ray) const;
    /// Each object's first hit along the ray, sorted by t (ties keep object order).
    [[nodiscard]] std::vector<ObjectHit> allHits(const Ray& ray) const;
    /// Every object the ray's infinite line passes through, sorted by where it enters.
    [[nodiscard]] std::vector<ObjectSpan> lineSpans(const Ray& ray) const;
    /// nearestHit() for many rays on all cores (Bvh::nearestBatch): out[i] for rays[i].
    void nearestBatch(std::span<const Ray> rays, std::span<std::optional<ObjectHit>> out) const;
    /// How many objects the ray hits at t <= tMax.
    [[nodiscard]] std::size_t hitCount(const Ray& ray, float tMax) const { return bvh_.allHits(ray, tMax).size(); }
    /// Object `object`'s own first hit along the ray (none: it misses, or there is no such object).
    [[nodiscard]] std::optional<RayHit> hitOn(const Ray& ray, std::size_t object) const;

private:
    Bvh bvh_;
    std::size_t rebuilds_ = 0;
    std::size_t refits_ = 0;
};

}  // namespace pickray::scene

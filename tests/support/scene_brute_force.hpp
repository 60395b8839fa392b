// SPDX-License-Identifier: MIT
#pragma once
// Scene queries by brute force: every object tested with the library's per-shape routines, then a
// stable sort. What the demo's BVH-backed SceneIndex is checked against (tests/app/scene/): the same
// per-shape answers, so the BVH must give the same objects with the same t bit for bit. It is no
// judge of those per-shape answers themselves (a bug in raycast would be on both sides): the
// differential test judges them against tests/reference/, and the end-to-end tests take their
// expected picks from that reference too (ReferenceScene in tests/e2e/e2e_support.hpp), not from here.

#include <algorithm>
#include <optional>
#include <vector>

#include "scene/scene.hpp"
#include "scene/scene_index.hpp"

namespace pickray::scene::brute_force {

/// Every object's answer to `query` that has one, in object order, then stable-sorted by `key`.
template <typename Answer, typename Query, typename Key>
std::vector<Answer> sortedAnswers(const Scene& scene, Query query, Key key) {
    std::vector<Answer> answers;
    for (std::size_t i = 0; i < scene.objects.size(); ++i)
        if (auto answer = query(scene.objects[i].shape)) answers.push_back({i, *answer});
    std::stable_sort(answers.begin(), answers.end(), [&](const Answer& l, const Answer& r) { return key(l) < key(r); });
    return answers;
}

/// Each object's first hit along the ray, sorted by t (stable: ties keep object order).
inline std::vector<ObjectHit> allHits(const Scene& scene, const Ray& ray) {
    return sortedAnswers<ObjectHit>(
        scene, [&](const Shape& shape) { return raycast(ray, shape); }, [](const ObjectHit& h) { return h.hit.t; });
}

/// The object the ray hits first (smallest t; ties go to the lower index), if any.
inline std::optional<ObjectHit> nearestHit(const Scene& scene, const Ray& ray) {
    auto hits = allHits(scene, ray);
    if (hits.empty()) return std::nullopt;
    return hits.front();
}

/// Every object the ray's infinite line passes through, sorted by where it enters (stable).
inline std::vector<ObjectSpan> lineSpans(const Scene& scene, const Ray& ray) {
    return sortedAnswers<ObjectSpan>(
        scene, [&](const Shape& shape) { return intersectLine(ray, shape); },
        [](const ObjectSpan& s) { return s.span.enter; });
}

}  // namespace pickray::scene::brute_force

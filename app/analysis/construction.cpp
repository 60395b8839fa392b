// SPDX-License-Identifier: MIT
#include "analysis/construction.hpp"

#include <algorithm>

#include "scene/overloaded.hpp"

namespace pickray::app {
namespace {

std::optional<ArticleConstruction> explainShape(const Ray& ray, const Shape& shape) {
    return std::visit(
        scene::Overloaded{
            [&](const InfiniteCylinder& c) -> std::optional<ArticleConstruction> { return explain(ray, c); },
            [&](const Cylinder& c) -> std::optional<ArticleConstruction> { return explain(ray, c); },
            [&](const Aabb& b) -> std::optional<ArticleConstruction> { return explain(ray, b); },
            [&](const OrientedBox& b) -> std::optional<ArticleConstruction> { return explain(ray, b); },
            [](const auto&) -> std::optional<ArticleConstruction> { return std::nullopt; },
        },
        shape);
}

}  // namespace

std::optional<ShownConstruction> constructionOf(const scene::Scene& scene, const std::vector<std::size_t>& selection,
                                                const std::optional<Pick>& pick) {
    if (!pick) return std::nullopt;
    std::vector<std::size_t> candidates;
    if (const auto n = pick->picked()) candidates.push_back(n->object);
    candidates.insert(candidates.end(), selection.rbegin(), selection.rend());
    for (const std::size_t index : candidates) {
        if (index >= scene.objects.size()) continue;
        const Shape& shape = scene.objects[index].shape;
        if (auto of = explainShape(pick->ray, shape))
            return ShownConstruction{index, shape, pick->ray, pick->tFar, *of};
    }
    return std::nullopt;
}

const char* articleOf(const ArticleConstruction& construction) {
    static constexpr const char* kNumbers[] = {"000", "002", "003"};
    return kNumbers[construction.index()];
}

const char* articleTitle(const ArticleConstruction& construction) {
    static constexpr const char* kTitles[] = {"ray vs infinite cylinder", "ray vs capped cylinder",
                                              "ray vs box, the slab method"};
    return kTitles[construction.index()];
}

const char* caseName(InfiniteCylinderCase kind) {
    switch (kind) {
        case InfiniteCylinderCase::kInvalid: return "invalid input";
        case InfiniteCylinderCase::kDegenerateAxis: return "degenerate: P1 == P2, no axis";
        case InfiniteCylinderCase::kParallelInside: return "parallel to the axis, within r: inside all along";
        case InfiniteCylinderCase::kParallelOutside: return "parallel to the axis, farther than r: never meets";
        case InfiniteCylinderCase::kMiss: return "miss: the line passes farther than r from the axis";
        case InfiniteCylinderCase::kCrosses: return "crosses: enters at Q1, leaves at Q2";
    }
    return "?";
}

const char* caseName(CylinderCase kind) {
    switch (kind) {
        case CylinderCase::kInvalid: return "invalid input";
        case CylinderCase::kDegenerate: return "degenerate: a == b or radius 0, an empty solid";
        case CylinderCase::kMiss: return "miss: the side's span and the caps' slab do not meet";
        case CylinderCase::kHit: return "hit: the side's span cut by the caps' slab";
    }
    return "?";
}

const char* caseName(BoxCase kind) {
    switch (kind) {
        case BoxCase::kInvalid: return "invalid input";
        case BoxCase::kMiss: return "miss: the largest t_near is past the smallest t_far";
        case BoxCase::kHit: return "hit: inside all three slabs from t to t_max";
    }
    return "?";
}

const char* partName(CylinderPart part) {
    switch (part) {
        case CylinderPart::kNone: return "none";
        case CylinderPart::kSide: return "side";
        case CylinderPart::kCapA: return "cap A";
        case CylinderPart::kCapB: return "cap B";
    }
    return "?";
}

const char* faceName(int face) {
    static constexpr const char* kFaces[] = {"-x", "+x", "-y", "+y", "-z", "+z"};
    return face >= 0 && face < 6 ? kFaces[face] : "none";
}

std::optional<std::pair<std::size_t, std::size_t>> capsulePair(const scene::Scene& scene,
                                                               const std::vector<std::size_t>& selection) {
    std::vector<std::size_t> capsules;
    for (const std::size_t i : selection)
        if (i < scene.objects.size() && std::holds_alternative<Capsule>(scene.objects[i].shape)) capsules.push_back(i);
    if (capsules.size() < 2) return std::nullopt;
    return std::pair{capsules[capsules.size() - 2], capsules.back()};
}

PairMap pairMap(const Capsule& first, const Capsule& second, int cells) {
    PairMap map;
    map.pair = explain(first, second);
    map.cells = std::max(cells, 1);
    const Segment a{first.a, first.b};
    const Segment b{second.a, second.b};
    map.values.reserve(static_cast<std::size_t>(map.cells) * static_cast<std::size_t>(map.cells));
    const auto n = static_cast<float>(map.cells);
    for (int j = 0; j < map.cells; ++j)
        for (int i = 0; i < map.cells; ++i)
            map.values.push_back(
                segmentDistanceSquared(a, b, (static_cast<float>(i) + 0.5f) / n, (static_cast<float>(j) + 0.5f) / n));
    const float reach = first.radius + second.radius;
    map.overlapLevel = reach * reach;
    return map;
}

}  // namespace pickray::app

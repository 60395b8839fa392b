// SPDX-License-Identifier: MIT
// The BVH's public operations: building and updating go to bvh/build.cpp and bvh/update.cpp, and
// the queries below walk the tree with bvh/traverse.hpp, answering each leaf with its kind's own
// exact routine.
#include "pickray/query/bvh.hpp"

#include <algorithm>
#include <cassert>
#include <stdexcept>
#include <string>

#include "batches.hpp"
#include "bvh/build.hpp"
#include "bvh/traverse.hpp"
#include "bvh/update.hpp"

namespace pickray {
namespace {

/// The nearest-hit order: smaller t, and of equal t the smaller index.
bool better(float t, std::uint32_t index, const std::optional<ShapeHit>& best) {
    return !best || t < best->hit.t || (t == best->hit.t && index < best->index);
}

}  // namespace

void Bvh::rebuild(std::span<const Shape> shapes, SphereLeaves sphereLeaves) {
    tree_.sphereLeaves = sphereLeaves;
    detail::buildTree(tree_, shapes);
}

void Bvh::update(std::uint32_t index, const Shape& shape) {
    if (index >= tree_.location.size()) throw std::out_of_range("pickray::Bvh::update: no such shape");
    detail::updateTree(tree_, index, shape);
}

Shape Bvh::shape(std::uint32_t index) const {
    if (index >= tree_.location.size()) throw std::out_of_range("pickray::Bvh::shape: no such shape");
    return detail::storedShape(tree_, index);
}

std::optional<ShapeHit> Bvh::nearest(const Ray& ray, float tMax) const {
    std::optional<ShapeHit> best;
    if (!isValidRay(ray) || !(tMax >= 0.0f)) return best;
    float limit = tMax;
    for (const detail::BvhTree::Outside& o : tree_.unbounded) {
        if (const auto hit = raycast(ray, o.shape, limit); hit && better(hit->t, o.index, best)) {
            best = ShapeHit{o.index, *hit};
            limit = hit->t;
        }
    }
    // Leaves are answered t only (raycastT); the winner's point and normal are formed once, at the
    // end, instead of for every shape that was the nearest so far.
    bool winnerInLeaf = false;
    unsigned winnerKind = 0;
    std::uint32_t winnerPosition = 0;
    detail::traverse(
        tree_, ray, 0.0f, limit, [&](unsigned kind, std::uint32_t first, std::uint32_t count, float leafLimit) {
            return detail::withKind(tree_.kinds, kind, [&](const auto& array) {
                for (std::uint32_t k = first; k < first + count; ++k) {
                    // The ray was checked once above (isValidRay), not again for every shape.
                    if (const auto t =
                            detail::raycastT(ray, array.shapes[k], leafLimit, detail::RayCheck::kCheckedByCaller);
                        t && better(*t, array.index[k], best)) {
                        best = ShapeHit{array.index[k], RayHit{*t, {}, {}}};
                        winnerInLeaf = true;
                        winnerKind = kind;
                        winnerPosition = k;
                        leafLimit = *t;
                    }
                }
                return leafLimit;
            });
        });
    if (winnerInLeaf) {
        // raycast with tMax = t finds that same t: raycastT is raycast's t, bit for bit.
        const auto hit = withKind(tree_.kinds, winnerKind, [&](const auto& array) {
            return raycast(ray, array.shapes[winnerPosition], best->hit.t);
        });
        assert(hit && hit->t == best->hit.t);
        best->hit = *hit;
    }
    return best;
}

std::vector<ShapeHit> Bvh::allHits(const Ray& ray, float tMax) const {
    std::vector<ShapeHit> hits;
    if (!isValidRay(ray) || !(tMax >= 0.0f)) return hits;
    for (const detail::BvhTree::Outside& o : tree_.unbounded) {
        if (const auto hit = raycast(ray, o.shape, tMax)) hits.push_back({o.index, *hit});
    }
    detail::traverse(tree_, ray, 0.0f, tMax, [&](unsigned kind, std::uint32_t first, std::uint32_t count, float limit) {
        detail::withKind(tree_.kinds, kind, [&](const auto& array) {
            for (std::uint32_t k = first; k < first + count; ++k) {
                if (const auto hit = raycast(ray, array.shapes[k], limit)) hits.push_back({array.index[k], *hit});
            }
        });
        return limit;
    });
    std::sort(hits.begin(), hits.end(), [](const ShapeHit& a, const ShapeHit& b) {
        return a.hit.t < b.hit.t || (a.hit.t == b.hit.t && a.index < b.index);
    });
    return hits;
}

std::vector<ShapeSpan> Bvh::lineSpans(const Ray& ray) const {
    std::vector<ShapeSpan> spans;
    if (!isValidRay(ray)) return spans;
    for (const detail::BvhTree::Outside& o : tree_.unbounded) {
        if (const auto span = intersectLine(ray, o.shape)) spans.push_back({o.index, *span});
    }
    const auto visit = [&](unsigned kind, std::uint32_t first, std::uint32_t count, float limit) {
        detail::withKind(tree_.kinds, kind, [&](const auto& array) {
            for (std::uint32_t k = first; k < first + count; ++k) {
                if (const auto span = intersectLine(ray, array.shapes[k])) spans.push_back({array.index[k], *span});
            }
        });
        return limit;
    };
    // The box test is conservative for t >= 0 only, so the line is walked as the ray and the ray
    // turned back (whose t is −t exactly: 1/(−d) = −(1/d)). Leaves across the origin are met by
    // both walks; their spans are the same and are dropped once sorted.
    detail::traverse(tree_, ray, 0.0f, kInfinity, visit);
    detail::traverse(tree_, Ray{ray.origin, -ray.direction}, 0.0f, kInfinity, visit);
    std::sort(spans.begin(), spans.end(), [](const ShapeSpan& a, const ShapeSpan& b) {
        return a.span.enter < b.span.enter || (a.span.enter == b.span.enter && a.index < b.index);
    });
    spans.erase(std::unique(spans.begin(), spans.end(),
                            [](const ShapeSpan& a, const ShapeSpan& b) { return a.index == b.index; }),
                spans.end());
    return spans;
}

void Bvh::nearestBatch(std::span<const Ray> rays, std::span<std::optional<ShapeHit>> out) const {
    detail::checkBatchSizes(rays.size(), out.size(), "Bvh::nearestBatch");
    for (std::size_t i = 0; i < rays.size(); ++i) out[i] = nearest(rays[i]);
}

void Bvh::nearestBatch(std::span<const Ray> rays, std::span<std::optional<ShapeHit>> out,
                       const ParallelFor& parallelFor) const {
    detail::checkBatchSizes(rays.size(), out.size(), "Bvh::nearestBatch");
    detail::inChunks(rays.size(), parallelFor, [&](std::size_t i) { out[i] = nearest(rays[i]); });
}

std::string_view Bvh::boxTest() noexcept {
#if PICKRAY_BVH_AVX
    if (detail::useAvx()) return "avx";
#endif
    return "portable";
}

Bvh::Stats Bvh::stats() const noexcept {
    Stats s;
    s.nodes = tree_.nodes.size();
    for (const detail::Node& n : tree_.nodes) {
        for (const std::uint8_t meta : n.meta) s.leaves += (meta != detail::kInner && meta != detail::kEmpty) ? 1u : 0u;
    }
    s.unbounded = tree_.unbounded.size();
    s.depth = tree_.depth;
    // Nodes by size: past it, a large array's reserve is address space never written (rebuild()).
    s.bytes = tree_.nodes.size() * sizeof(detail::Node) + tree_.location.capacity() * sizeof(std::uint32_t) +
              (tree_.unbounded.capacity() + tree_.invalid.capacity()) * sizeof(detail::BvhTree::Outside);
    std::apply(
        [&](const auto&... kind) {
            ((s.bytes += kind.shapes.capacity() * sizeof(typename std::decay_t<decltype(kind.shapes)>::value_type) +
                         kind.index.capacity() * sizeof(std::uint32_t)),
             ...);
        },
        tree_.kinds);
    return s;
}

}  // namespace pickray

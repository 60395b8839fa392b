// SPDX-License-Identifier: MIT
// A TriangleMesh's queries: the Bvh's traversal (bvh/traverse.hpp) over the mesh's tree, each leaf
// triangle answered by ray_triangle.hpp's crossTriangle, the one triangle test.
#include <algorithm>
#include <cmath>

#include "pickray/query/mesh.hpp"

// The traversal finds these for a MeshTree by argument-dependent lookup: before its header.
namespace pickray::detail {
struct MeshTree;
struct LeafArrays;
LeafArrays leafArrays(const MeshTree& tree);
inline const Sphere* runSpheres(const MeshTree&) { return nullptr; }  // a mesh has no sphere runs
}  // namespace pickray::detail

#include "../batches.hpp"
#include "../bvh/traverse.hpp"

namespace pickray {
namespace detail {

/// A leaf's entries are its run of the leaf vertices, three a triangle (all leaves are of kind 0).
LeafArrays leafArrays(const MeshTree& tree) {
    LeafArrays arrays{};
    arrays.base[0] = reinterpret_cast<const char*>(tree.leafVertices.data());
    arrays.stride[0] = 3 * sizeof(glm::vec3);
    arrays.index[0] = tree.order.data();
    return arrays;
}

}  // namespace detail

namespace {

/// The nearest-hit order: smaller t, and of equal t the smaller triangle index.
bool better(float t, std::uint32_t triangle, float bestT, std::uint32_t bestTriangle, bool found) {
    return !found || t < bestT || (t == bestT && triangle < bestTriangle);
}

constexpr detail::TriangleQuery rayQuery(float tMax, Faces faces, bool details) {
    return {tMax, faces, false, details};
}

}  // namespace

MeshHit TriangleMesh::meshHit(std::uint32_t triangle, const TriangleHit& hit) const {
    MeshHit out{hit.t, triangle, hit.u, hit.v, hit.front, hit.point, hit.normal, std::nullopt, std::nullopt};
    const std::uint32_t* v = &indices_[3 * std::size_t{triangle}];
    const double w0 = 1.0 - static_cast<double>(hit.u) - static_cast<double>(hit.v);
    const double w1 = hit.u, w2 = hit.v;
    if (!normals_.empty()) {
        const glm::dvec3 n = w0 * detail::widen(normals_[v[0]]) + w1 * detail::widen(normals_[v[1]]) +
                             w2 * detail::widen(normals_[v[2]]);
        const glm::vec3 unit(detail::unitVector(n));
        out.interpolatedNormal = detail::isFinite(unit) ? detail::positiveZero(unit) : hit.normal;
    }
    if (!uvs_.empty()) {
        const glm::vec2 uv(w0 * glm::dvec2(uvs_[v[0]]) + w1 * glm::dvec2(uvs_[v[1]]) + w2 * glm::dvec2(uvs_[v[2]]));
        out.uv = glm::vec2(uv.x + 0.0f, uv.y + 0.0f);  // +0 for a zero, as every result
    }
    return out;
}

std::optional<MeshHit> TriangleMesh::nearest(const Ray& ray, float tMax, Faces faces) const {
    if (!queryable() || !isValidRay(ray) || !detail::isValidTMax(tMax)) return std::nullopt;
    // Leaves are answered t only; the winner's weights and normal are formed once, at the end.
    bool found = false;
    float bestT = 0.0f;
    std::uint32_t bestTriangle = 0, bestPosition = 0;
    detail::traverse(tree_, ray, 0.0f, tMax, [&](unsigned, std::uint32_t first, std::uint32_t count, float limit) {
        for (std::uint32_t k = first; k < first + count; ++k) {
            const auto crossing = detail::crossTriangle(ray, leafTriangle(k), rayQuery(limit, faces, false),
                                                        detail::RayCheck::kCheckedByCaller);
            if (crossing.hit && better(crossing.hit->t, tree_.order[k], bestT, bestTriangle, found)) {
                found = true;
                bestT = limit = crossing.hit->t;
                bestTriangle = tree_.order[k];
                bestPosition = k;
            }
        }
        return limit;
    });
    if (!found) return std::nullopt;
    // The same decision with tMax = t finds that same t, now with the details (the winner's
    // vertices from its leaf, still in the cache).
    const auto hit = detail::crossTriangle(ray, leafTriangle(bestPosition), rayQuery(bestT, faces, true)).hit;
    return meshHit(bestTriangle, *hit);
}

std::vector<MeshHit> TriangleMesh::allHits(const Ray& ray, float tMax, Faces faces) const {
    std::vector<MeshHit> hits;
    if (!queryable() || !isValidRay(ray) || !detail::isValidTMax(tMax)) return hits;
    detail::traverse(tree_, ray, 0.0f, tMax, [&](unsigned, std::uint32_t first, std::uint32_t count, float limit) {
        for (std::uint32_t k = first; k < first + count; ++k) {
            if (const auto hit = detail::crossTriangle(ray, leafTriangle(k), rayQuery(limit, faces, true),
                                                       detail::RayCheck::kCheckedByCaller)
                                     .hit) {
                hits.push_back(meshHit(tree_.order[k], *hit));
            }
        }
        return limit;
    });
    std::sort(hits.begin(), hits.end(),
              [](const MeshHit& a, const MeshHit& b) { return a.t < b.t || (a.t == b.t && a.triangle < b.triangle); });
    return hits;
}

bool TriangleMesh::anyHit(const Ray& ray, float tMax, Faces faces) const {
    if (!queryable() || !isValidRay(ray) || !detail::isValidTMax(tMax)) return false;
    bool found = false;
    detail::traverse(tree_, ray, 0.0f, tMax, [&](unsigned, std::uint32_t first, std::uint32_t count, float limit) {
        for (std::uint32_t k = first; k < first + count; ++k) {
            if (detail::crossTriangle(ray, leafTriangle(k), rayQuery(limit, faces, false),
                                      detail::RayCheck::kCheckedByCaller)
                    .hit) {
                found = true;
                return -kInfinity;  // below every pending box's entry: the walk ends
            }
        }
        return limit;
    });
    return found;
}

std::vector<LineSpan> TriangleMesh::lineSpans(const Ray& ray) const {
    std::vector<LineSpan> spans;
    if (!queryable() || !closed_ || !isValidRay(ray)) return spans;
    // The box test is conservative for t >= 0 only: the line is walked as the ray and the ray
    // turned back (as Bvh::lineSpans), and the leaves met by both are taken once.
    std::vector<std::uint32_t> positions;
    const auto visit = [&](unsigned, std::uint32_t first, std::uint32_t count, float limit) {
        for (std::uint32_t k = first; k < first + count; ++k) positions.push_back(k);
        return limit;
    };
    detail::traverse(tree_, ray, 0.0f, kInfinity, visit);
    detail::traverse(tree_, Ray{ray.origin, -ray.direction}, 0.0f, kInfinity, visit);
    std::sort(positions.begin(), positions.end());
    positions.erase(std::unique(positions.begin(), positions.end()), positions.end());
    struct Crossing {
        float t;
        int step;  // +1 front (entering), −1 back (leaving)
    };
    std::vector<Crossing> crossings;
    for (const std::uint32_t k : positions) {
        const auto hit = detail::crossTriangle(ray, leafTriangle(k), {kInfinity, Faces::Both, true, false},
                                               detail::RayCheck::kCheckedByCaller)
                             .hit;
        if (hit) crossings.push_back({hit->t, hit->front ? 1 : -1});
    }
    std::sort(crossings.begin(), crossings.end(), [](const Crossing& a, const Crossing& b) { return a.t < b.t; });
    // The winding number is 0 far along the line either way; crossings at one t count together.
    int winding = 0;
    float enter = 0.0f;
    for (std::size_t i = 0; i < crossings.size();) {
        const float t = crossings[i].t;
        const int before = winding;
        for (; i < crossings.size() && crossings[i].t == t; ++i) winding += crossings[i].step;
        if (before == 0 && winding != 0) enter = t;
        if (before != 0 && winding == 0) spans.push_back({enter, t});
    }
    if (winding != 0) spans.push_back({enter, kInfinity});
    return spans;
}

void TriangleMesh::nearestBatch(std::span<const Ray> rays, std::span<std::optional<MeshHit>> out) const {
    detail::checkBatchSizes(rays.size(), out.size(), "TriangleMesh::nearestBatch");
    for (std::size_t i = 0; i < rays.size(); ++i) out[i] = nearest(rays[i]);
}

void TriangleMesh::nearestBatch(std::span<const Ray> rays, std::span<std::optional<MeshHit>> out,
                                const ParallelFor& parallelFor) const {
    detail::checkBatchSizes(rays.size(), out.size(), "TriangleMesh::nearestBatch");
    detail::inChunks(rays.size(), parallelFor, [&](std::size_t i) { out[i] = nearest(rays[i]); });
}

}  // namespace pickray

// SPDX-License-Identifier: MIT
// A TriangleMesh's data: validation, the tree (the Bvh's node builder, bvh/build.hpp), its refit
// when the vertices move, and whether the surface is closed. The queries are in mesh_queries.cpp.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include <glm/vector_relational.hpp>

#include "../bvh/build.hpp"
#include "../bvh/tree_layout.hpp"
#include "pickray/query/mesh.hpp"

namespace pickray {
namespace {

constexpr std::size_t kMaxTriangles = std::size_t{1} << 27;

bool allFinite(std::span<const glm::vec3> values) {
    return std::all_of(values.begin(), values.end(), [](glm::vec3 v) { return detail::isFinite(v); });
}
bool allFinite(std::span<const glm::vec2> values) {
    return std::all_of(values.begin(), values.end(),
                       [](glm::vec2 v) { return std::isfinite(v.x) && std::isfinite(v.y); });
}

/// Why the mesh's data is refused, or nothing.
Validity check(std::span<const glm::vec3> positions, std::span<const std::uint32_t> indices,
               std::span<const glm::vec3> normals, std::span<const glm::vec2> uvs) {
    if (indices.size() % 3 != 0) return {"indices", "its size must be a multiple of 3 (three indices a triangle)"};
    if (indices.size() / 3 > kMaxTriangles) return {"indices", "must make at most 2^27 triangles"};
    const std::size_t count = positions.size();
    if (std::any_of(indices.begin(), indices.end(), [count](std::uint32_t i) { return i >= count; }))
        return {"indices", "each must be less than the number of positions"};
    if (!allFinite(positions)) return {"positions", detail::kMustBeFinite};
    if (!normals.empty() && normals.size() != count) return {"normals", "must be none or one per position"};
    if (!allFinite(normals)) return {"normals", detail::kMustBeFinite};
    if (!uvs.empty() && uvs.size() != count) return {"uvs", "must be none or one per position"};
    if (!allFinite(uvs)) return {"uvs", detail::kMustBeFinite};
    return {};
}

/// n = (b − a) × (c − a) == 0 exactly: in double where its bound (ray_triangle.hpp's kCrossError)
/// shows a component is not zero, else from the exact a × b + b × c + c × a.
bool zeroArea(const Triangle& tri) {
    const glm::dvec3 e1 = detail::widen(tri.b) - detail::widen(tri.a);
    const glm::dvec3 e2 = detail::widen(tri.c) - detail::widen(tri.a);
    const glm::dvec3 n = glm::cross(e1, e2), a1 = glm::abs(e1), a2 = glm::abs(e2);
    const glm::dvec3 error =
        glm::dvec3(a1.y * a2.z + a1.z * a2.y, a1.z * a2.x + a1.x * a2.z, a1.x * a2.y + a1.y * a2.x) *
        detail::kCrossError;
    if (glm::any(glm::greaterThan(glm::abs(n), error))) return false;
    const auto ab = detail::exact::cross(tri.a, tri.b), bc = detail::exact::cross(tri.b, tri.c),
               ca = detail::exact::cross(tri.c, tri.a);
    for (std::size_t i = 0; i < 3; ++i) {
        if (detail::exact::sign(detail::exact::plus<6>(detail::exact::plus<4>(ab[i], bc[i]), ca[i])) != 0) return false;
    }
    return true;
}

Aabb triangleBox(const Triangle& t) { return {glm::min(t.a, glm::min(t.b, t.c)), glm::max(t.a, glm::max(t.b, t.c))}; }

void setPlaneMagnitude(detail::MeshTree& tree, const Aabb& all) {
    for (int axis = 0; axis < 3; ++axis)
        tree.planeMagnitude[axis] = std::max(std::abs(all.min[axis]), std::abs(all.max[axis]));
}

}  // namespace

TriangleMesh::TriangleMesh(std::span<const glm::vec3> positions, std::span<const std::uint32_t> indices,
                           std::span<const glm::vec3> normals, std::span<const glm::vec2> uvs)
    : validity_(check(positions, indices, normals, uvs)), closed_(validity_.valid()) {
    if (indices.size() / 3 > kMaxTriangles) return;  // too large to keep: nothing is copied
    positions_.assign(positions.begin(), positions.end());
    indices_.assign(indices.begin(), indices.end());
    normals_.assign(normals.begin(), normals.end());
    uvs_.assign(uvs.begin(), uvs.end());
    if (!validity_.valid()) return;
    build();
    judgeClosed();
}

Triangle TriangleMesh::triangle(std::uint32_t index) const {
    if (!validity_.valid() || index >= triangleCount())
        throw std::out_of_range("pickray::TriangleMesh::triangle: no such triangle in a valid mesh");
    const std::uint32_t* v = &indices_[3 * std::size_t{index}];
    return {positions_[v[0]], positions_[v[1]], positions_[v[2]]};
}

void TriangleMesh::copyLeafVertices() {
    tree_.leafVertices.resize(3 * tree_.order.size());
    for (std::size_t k = 0; k < tree_.order.size(); ++k) {
        const std::uint32_t* v = &indices_[3 * std::size_t{tree_.order[k]}];
        for (std::size_t corner = 0; corner < 3; ++corner) tree_.leafVertices[3 * k + corner] = positions_[v[corner]];
    }
}

void TriangleMesh::build() {
    const auto count = static_cast<std::uint32_t>(triangleCount());
    std::vector<detail::PrimRef> prims;
    prims.reserve(count);
    Aabb all = detail::kEmptyBox, centroids = detail::kEmptyBox;
    for (std::uint32_t i = 0; i < count; ++i) {
        const Aabb box = triangleBox(triangle(i));
        prims.push_back({{box.min.x, box.min.y, box.min.z}, i, {box.max.x, box.max.y, box.max.z}, 0});
        detail::grow(all, box);
        detail::grow(centroids, prims.back().centroid());
    }
    // Kind 0 without sphere runs: plain leaves of up to four triangles.
    detail::buildNodes(prims, all, centroids, {&tree_.nodes, &tree_.depth, nullptr, false});
    tree_.order.resize(count);
    for (std::uint32_t k = 0; k < count; ++k) tree_.order[k] = prims[k].index;
    copyLeafVertices();
    setPlaneMagnitude(tree_, all);
}

// Children are made after their parents (bvh/build.cpp appends each new node), so a pass from the
// last node to the first finds every child node's boxes already refitted.
void TriangleMesh::refit() {
    copyLeafVertices();
    for (std::size_t k = tree_.nodes.size(); k-- > 0;) {
        detail::Node& node = tree_.nodes[k];
        for (int slot = 0; slot < detail::kWidth; ++slot) {
            const std::uint8_t meta = node.meta[slot];
            if (meta == detail::kEmpty) continue;
            Aabb box = detail::kEmptyBox;
            if (meta == detail::kInner) {
                const detail::Node& child = tree_.nodes[node.child[slot]];
                for (int lane = 0; lane < detail::kWidth; ++lane) detail::grow(box, detail::slotBox(child, lane));
            } else {
                const std::uint32_t first = node.child[slot];
                for (std::uint32_t p = first; p < first + detail::leafCount(meta); ++p)
                    detail::grow(box, triangleBox(leafTriangle(p)));
            }
            detail::setSlotBox(node, slot, box);
        }
    }
    Aabb all = detail::kEmptyBox;
    if (!tree_.nodes.empty()) {
        for (int lane = 0; lane < detail::kWidth; ++lane) detail::grow(all, detail::slotBox(tree_.nodes[0], lane));
    }
    setPlaneMagnitude(tree_, all);
}

void TriangleMesh::setPositions(std::span<const glm::vec3> positions) {
    if (positions.size() != positions_.size()) {
        throw std::invalid_argument("pickray::TriangleMesh::setPositions: " + std::to_string(positions.size()) +
                                    " positions for a mesh of " + std::to_string(positions_.size()));
    }
    std::copy(positions.begin(), positions.end(), positions_.begin());
    const bool built = !tree_.order.empty() || triangleCount() == 0;
    validity_ = check(positions_, indices_, normals_, uvs_);
    closed_ = false;
    if (!validity_.valid()) return;
    if (built) {
        refit();
    } else {
        build();  // first made with positions that were not finite: there was no tree to refit
    }
    judgeClosed();
}

// Vertices are identified by position (sorted, equal floats one class, −0 == +0), and each
// triangle of nonzero area gives its three directed edges between classes. Closed: no directed
// edge twice, and each one's reverse present.
void TriangleMesh::judgeClosed() {
    const auto vertexCount = static_cast<std::uint32_t>(positions_.size());
    std::vector<std::uint32_t> byPosition(vertexCount);
    for (std::uint32_t i = 0; i < vertexCount; ++i) byPosition[i] = i;
    const auto key = [&](std::uint32_t i) {
        const glm::vec3 p = positions_[i] + 0.0f;  // −0 + 0 = +0
        return std::tuple(p.x, p.y, p.z);
    };
    std::sort(byPosition.begin(), byPosition.end(), [&](std::uint32_t a, std::uint32_t b) { return key(a) < key(b); });
    std::vector<std::uint32_t> classOf(vertexCount);
    std::uint32_t classes = 0;
    for (std::uint32_t k = 0; k < vertexCount; ++k) {
        if (k > 0 && key(byPosition[k]) != key(byPosition[k - 1])) ++classes;
        classOf[byPosition[k]] = classes;
    }
    if (classes < (std::uint32_t{1} << 31)) {
        judgeClosedByUndirectedEdges(classOf);
        return;
    }
    std::vector<std::uint64_t> edges;
    edges.reserve(indices_.size());
    for (std::uint32_t t = 0; t < triangleCount(); ++t) {
        if (zeroArea(triangle(t))) continue;
        const std::uint32_t* v = &indices_[3 * std::size_t{t}];
        for (int e = 0; e < 3; ++e) {
            const std::uint64_t from = classOf[v[e]], to = classOf[v[(e + 1) % 3]];
            edges.push_back(from << 32 | to);
        }
    }
    std::sort(edges.begin(), edges.end());
    closed_ = std::adjacent_find(edges.begin(), edges.end()) == edges.end() &&
              std::all_of(edges.begin(), edges.end(), [&](std::uint64_t edge) {
                  return std::binary_search(edges.begin(), edges.end(), (edge << 32) | (edge >> 32));
              });
}

// The same judgement in one sort: each edge as its two classes, lower first (31 bits each), and
// one bit for its direction. A triangle of nonzero area has three distinct positions, so an edge
// never joins a class to itself. No directed edge twice and each one's reverse present is: every
// undirected edge exactly twice, once each way.
void TriangleMesh::judgeClosedByUndirectedEdges(const std::vector<std::uint32_t>& classOf) {
    std::vector<std::uint64_t> edges;
    edges.reserve(indices_.size());
    for (std::uint32_t t = 0; t < triangleCount(); ++t) {
        if (zeroArea(triangle(t))) continue;
        const std::uint32_t* v = &indices_[3 * std::size_t{t}];
        for (int e = 0; e < 3; ++e) {
            const std::uint64_t from = classOf[v[e]], to = classOf[v[(e + 1) % 3]];
            const std::uint64_t low = std::min(from, to), high = std::max(from, to);
            edges.push_back((low << 31 | high) << 1 | (from > to ? 1u : 0u));
        }
    }
    std::sort(edges.begin(), edges.end());
    closed_ = edges.size() % 2 == 0;
    for (std::size_t k = 0; closed_ && k < edges.size(); k += 2) {
        // The pair: the same edge, first this way (bit 0), then the other (bit 1).
        closed_ = (edges[k] & 1u) == 0 && edges[k + 1] == (edges[k] | 1u) &&
                  (k + 2 == edges.size() || edges[k + 2] >> 1 != edges[k] >> 1);
    }
}

TriangleMesh::Stats TriangleMesh::stats() const noexcept {
    Stats s;
    s.triangles = triangleCount();
    s.nodes = tree_.nodes.size();
    for (const detail::Node& n : tree_.nodes) {
        for (const std::uint8_t meta : n.meta) s.leaves += (meta != detail::kInner && meta != detail::kEmpty) ? 1u : 0u;
    }
    s.depth = tree_.depth;
    s.bytes = positions_.capacity() * sizeof(glm::vec3) + indices_.capacity() * sizeof(std::uint32_t) +
              normals_.capacity() * sizeof(glm::vec3) + uvs_.capacity() * sizeof(glm::vec2) +
              tree_.order.capacity() * sizeof(std::uint32_t) + tree_.leafVertices.capacity() * sizeof(glm::vec3) +
              tree_.nodes.size() * sizeof(detail::Node);
    return s;
}

}  // namespace pickray

// SPDX-License-Identifier: MIT
#pragma once
// Triangle meshes: indexed triangles with a BVH inside, answered exactly. Every triangle decision
// is ray_triangle.hpp's (crossTriangle): the tree only skips triangles whose box the ray cannot
// meet, so every answer is, bit for bit, what a loop over all triangles with raycast(ray,
// Triangle) or intersectLine(ray, Triangle) gives.
//
// The mesh:
//   * positions (float), 32-bit indices, three a triangle; optional per-vertex normals and texture
//     coordinates. Triangle i is (positions[indices[3i]], positions[indices[3i + 1]],
//     positions[indices[3i + 2]]) = (a, b, c); counter-clockwise (seen from the side
//     n = (b − a) × (c − a) points to) is its front.
//   * The mesh keeps its own copy of everything (LargeArray: huge pages for large meshes).
//   * Valid when the index count is a multiple of 3, at most 2^27 triangles, every index below the
//     number of positions, every position finite, and the normals and texture coordinates each
//     either absent or one per position, finite. validity() says what breaks which rule
//     (collision/validity.hpp's Validity); an invalid mesh keeps what it was given (one of more than
//     2^27 triangles, nothing) and is never hit.
//     An empty mesh is valid and never hit. Zero-area triangles (collinear or repeated vertices)
//     are valid and never hit (ray_triangle.hpp).
//   * closed(): every edge, identified by its two end POSITIONS (equal floats, +0 == −0, are one
//     point whatever their indices), is used by exactly two triangles, once in each direction:
//     a watertight, consistently oriented surface. Zero-area triangles are left out of the count:
//     a line never crosses them, so they neither open nor close the surface. An empty mesh is
//     closed. An invalid mesh is not.
//   * setPositions() moves the vertices and refits the tree's boxes (O(n), no rebuild: the
//     tree's shape stays that of the first positions, so queries stay exact but slow down when the
//     triangles move far from where they were built), and judges closed() again (O(n log n): a
//     sort of the edges, most of its time).
//   * Memory: 12 bytes of indices, 4 of leaf order and 36 of its vertices in leaf order (the
//     queries read a leaf's triangles from one place) a triangle, 12 bytes a position (+12 with
//     normals, +8 with texture coordinates), and the tree's nodes (256 bytes each).
//     stats().bytes counts it all; docs/ARCHITECTURE.md has a table of it.
//
// Queries (ray.hpp's contract for the ray; tMax >= 0; faces = Faces::FrontOnly culls back faces):
//   * nearest(): the crossing with the least t (0 <= t <= tMax), ties to the lower triangle index.
//   * allHits(): every crossing with 0 <= t <= tMax, sorted by t, ties by triangle index. A ray
//     through an edge or a vertex shared by triangles of a consistently oriented mesh crosses
//     exactly one of them (ray_triangle.hpp's tie rule, on coordinates), so it is reported once;
//     where the ray only grazes the surface (a silhouette edge) it crosses none or two.
//   * anyHit(): whether any triangle is crossed with 0 <= t <= tMax (for shadows and occlusion):
//     it stops at the first crossing it finds; true exactly when nearest() has a hit.
//   * lineSpans(): the whole line's intervals inside a CLOSED mesh, by the nonzero winding rule:
//     along the line, a front crossing adds one and a back crossing takes one away (both sides
//     count, whatever `faces`), and the line is inside where the sum is not zero. Crossings at one
//     t count together, so touching spans merge and a line that only grazes an edge has none.
//     Sorted, disjoint; enter <= exit. An open (not closed()) or invalid mesh has none. A
//     crossing whose t overflows float is dropped (ray_triangle.hpp); a span left open by it runs
//     to +infinity.
//   * Invalid input (ray, tMax, mesh) gives no hit, no spans.
//   * MeshHit: the triangle's TriangleHit (t, u, v, front, point, normal: the unit front normal)
//     with the triangle's index, and, where the mesh has them, the vertex normals weighted by
//     (1 − u − v, u, v), summed in double and normalised (the geometric normal where that sum is
//     zero), and the texture coordinates so weighted.
//
// Threads: the const member functions may run on several threads at once on one mesh; they only
// read it. setPositions() and assignment need the mesh to themselves. nearestBatch runs on the
// calling thread unless given a ParallelFor (query/parallel.hpp).
//
// MeshInstance: a mesh placed in the world by an affine toWorld (rotation, scale, shear, mirror),
// queried without a copy. See its comment below.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "pickray/collision/ray_box.hpp"
#include "pickray/collision/ray_triangle.hpp"
#include "pickray/collision/validity.hpp"
#include "pickray/query/detail/mesh_tree.hpp"
#include "pickray/query/parallel.hpp"

namespace pickray {

/// Where a ray crosses a mesh.
struct MeshHit {
    float t = 0.0f;              ///< ray parameter, the exact t rounded to nearest (ray_triangle.hpp)
    std::uint32_t triangle = 0;  ///< the triangle's index: its vertices are indices[3·triangle + 0, 1, 2]
    float u = 0.0f;              ///< barycentric weight of the triangle's second vertex
    float v = 0.0f;              ///< barycentric weight of its third vertex
    bool front = false;          ///< the ray meets the front side: direction·normal < 0
    glm::vec3 point{0.0f};       ///< origin + t·direction, rounded once
    glm::vec3 normal{0.0f};      ///< unit front normal of the triangle, whichever side was met
    std::optional<glm::vec3> interpolatedNormal;  ///< unit; when the mesh has normals
    std::optional<glm::vec2> uv;                  ///< when the mesh has texture coordinates
};

class TriangleMesh {
public:
    TriangleMesh() = default;
    /// Copies the data and builds the tree (binned SAH, the Bvh's builder) when it is valid.
    TriangleMesh(std::span<const glm::vec3> positions, std::span<const std::uint32_t> indices,
                 std::span<const glm::vec3> normals = {}, std::span<const glm::vec2> uvs = {});

    /// Nothing when valid, else the field ("positions", "indices", "normals", "uvs") and its rule.
    [[nodiscard]] const Validity& validity() const noexcept { return validity_; }
    /// Watertight and consistently oriented, judged by positions (see above).
    [[nodiscard]] bool closed() const noexcept { return closed_; }

    /// New positions for the same vertices: refits the tree (no rebuild) and judges closed() again.
    /// Non-finite positions make the mesh invalid until finite ones are set. Throws
    /// std::invalid_argument when the count differs from positions().size().
    void setPositions(std::span<const glm::vec3> positions);

    [[nodiscard]] std::optional<MeshHit> nearest(const Ray& ray, float tMax = kInfinity,
                                                 Faces faces = Faces::Both) const;
    [[nodiscard]] std::vector<MeshHit> allHits(const Ray& ray, float tMax = kInfinity, Faces faces = Faces::Both) const;
    [[nodiscard]] bool anyHit(const Ray& ray, float tMax = kInfinity, Faces faces = Faces::Both) const;
    [[nodiscard]] std::vector<LineSpan> lineSpans(const Ray& ray) const;

    /// nearest() for many rays, on the calling thread: out[i] = nearest(rays[i]). Sizes that differ
    /// throw std::invalid_argument (nothing written), as Bvh::nearestBatch.
    void nearestBatch(std::span<const Ray> rays, std::span<std::optional<MeshHit>> out) const;
    /// The same, the rays handed to `parallelFor` in chunks of 256. The same answers.
    void nearestBatch(std::span<const Ray> rays, std::span<std::optional<MeshHit>> out,
                      const ParallelFor& parallelFor) const;

    [[nodiscard]] std::span<const glm::vec3> positions() const noexcept { return positions_; }
    [[nodiscard]] std::span<const std::uint32_t> indices() const noexcept { return indices_; }
    [[nodiscard]] std::span<const glm::vec3> normals() const noexcept { return normals_; }
    [[nodiscard]] std::span<const glm::vec2> uvs() const noexcept { return uvs_; }
    [[nodiscard]] std::size_t triangleCount() const noexcept { return indices_.size() / 3; }
    /// Triangle `index` of a valid mesh, as the queries see it. Throws std::out_of_range.
    [[nodiscard]] Triangle triangle(std::uint32_t index) const;

    struct Stats {
        std::size_t triangles = 0;
        std::size_t nodes = 0;
        std::size_t leaves = 0;
        std::size_t depth = 0;
        std::size_t bytes = 0;  ///< memory held: positions, indices, normals, uvs, leaf order, nodes
    };
    [[nodiscard]] Stats stats() const noexcept;

private:
    void build();
    void refit();
    void judgeClosed();
    void judgeClosedByUndirectedEdges(const std::vector<std::uint32_t>& classOf);
    [[nodiscard]] bool queryable() const noexcept { return validity_.valid() && !tree_.nodes.empty(); }
    void copyLeafVertices();
    /// The triangle at a leaf position, as the queries see it (from the tree's leaf vertices).
    [[nodiscard]] Triangle leafTriangle(std::uint32_t position) const noexcept {
        const glm::vec3* v = &tree_.leafVertices[3 * std::size_t{position}];
        return {v[0], v[1], v[2]};
    }
    [[nodiscard]] MeshHit meshHit(std::uint32_t triangle, const TriangleHit& hit) const;

    detail::LargeArray<glm::vec3> positions_;
    detail::LargeArray<std::uint32_t> indices_;
    detail::LargeArray<glm::vec3> normals_;
    detail::LargeArray<glm::vec2> uvs_;
    detail::MeshTree tree_;
    Validity validity_;
    bool closed_ = true;
};

// A mesh under an affine transform, queried in the mesh's own space without a copy:
//   * Each ray is moved into the mesh's space by the inverse of toWorld in double (as
//     PreparedOrientedBox does, ray_box.hpp: not normalised, so t is the same parameter along the
//     world ray and the moved one), rounded to float, and answered exactly for that float ray by
//     the mesh's queries: the answer is, bit for bit, the mesh's for meshRay(ray). A moved ray that
//     is not valid (a direction that underflows or overflows there) gets no hit.
//   * Sides are the mesh's: a ray meets the front in the world exactly when the moved ray meets it
//     in the mesh's space, and `faces` culls the same triangles. A mirroring toWorld (negative
//     determinant) turns the world triangle's own winding around: it swaps front and back of
//     (b − a) × (c − a) in the world, so that a closed mesh keeps its outside.
//   * Hits go back to the world: point = origin + t·direction of the world ray (double, rounded
//     once; a hit whose point overflows float is left out: it and every farther one); normal and
//     interpolatedNormal by the inverse transpose with the determinant's sign (the front side's
//     direction), normalised; t, u, v, triangle and uv unchanged. lineSpans() are the mesh's.
//   * How far from the world triangle: the moved ray is rounded to float, so the point lies within
//     2^-23 · (‖toWorld‖ · (|local origin| + t·|local direction|) + |point|) of toWorld applied to
//     the moved ray's point at t (‖·‖ the Frobenius norm); normals within about 2^-21 · κ in each
//     component, κ the condition number of toWorld's linear part (the local normal's error of
//     2^-22, ray_triangle.hpp, turned by the inverse transpose). test_mesh_instance.cpp checks both.
//   * toWorld must be affine (bottom row 0, 0, 0, 1), finite and invertible (determinant exactly
//     0, decided exactly, or overflowing is singular): otherwise validity() says so and nothing
//     is hit. An invalid mesh is reported by validity() too.
//   * The mesh must outlive the instance, and setPositions() must not run during its queries.
class MeshInstance {
public:
    MeshInstance(const TriangleMesh& mesh, const glm::mat4& toWorld) noexcept;

    /// The transform's reason first ("toWorld"), then the mesh's.
    [[nodiscard]] Validity validity() const noexcept;
    /// The world ray in the mesh's space, rounded to float: what the queries answer. Nothing for an
    /// invalid ray or instance, or a moved ray that is not valid.
    [[nodiscard]] std::optional<Ray> meshRay(const Ray& ray) const noexcept;

    [[nodiscard]] std::optional<MeshHit> nearest(const Ray& ray, float tMax = kInfinity,
                                                 Faces faces = Faces::Both) const;
    [[nodiscard]] std::vector<MeshHit> allHits(const Ray& ray, float tMax = kInfinity, Faces faces = Faces::Both) const;
    [[nodiscard]] bool anyHit(const Ray& ray, float tMax = kInfinity, Faces faces = Faces::Both) const;
    [[nodiscard]] std::vector<LineSpan> lineSpans(const Ray& ray) const;

    [[nodiscard]] const TriangleMesh& mesh() const noexcept { return *mesh_; }
    [[nodiscard]] const glm::mat4& toWorld() const noexcept { return toWorld_; }

private:
    [[nodiscard]] bool toWorldHit(const Ray& ray, MeshHit& hit) const;
    [[nodiscard]] glm::vec3 worldNormal(glm::vec3 normal) const noexcept;

    const TriangleMesh* mesh_;
    glm::mat4 toWorld_;
    detail::Cofactors inverse_{};
    double inverseDeterminant_ = 0.0;
    bool valid_ = false;
};

}  // namespace pickray

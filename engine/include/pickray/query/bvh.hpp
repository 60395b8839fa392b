// SPDX-License-Identifier: MIT
#pragma once
// A bounding volume hierarchy over a list of shapes, for nearest-hit, all-hits and line queries.
// The tree only skips shapes whose bounds the ray cannot touch; every candidate is answered by the
// shape's own exact routine. docs/ARCHITECTURE.md describes the layout and the walk.
//
// Contract:
//   * The BVH keeps its own copy of the shapes (given to the constructor, rebuild and update):
//     queries need nothing else. Results name shapes by their index in the span the tree was
//     built from; shape(i) gives shape i back as it was last given.
//   * nearest(): the hit with the smallest t over all shapes (0 <= t <= tMax), as raycast() defines
//     it for one shape. Ties in t go to the smaller index, so the answer never depends on the
//     tree's shape.
//   * allHits(): every shape's own first hit, sorted by t (ties by index).
//   * lineSpans(): every shape the whole infinite line passes through, with intersectLine()'s span,
//     sorted by enter (ties by index).
//   * Exactly brute force's answers (each shape's own raycast() or intersectLine(), bit for bit),
//     with one exception, which no culling by bounds can avoid: a hit whose t lies outside the
//     interval of t over which the ray's line is inside the shape's bounds (bounds(),
//     query/shape.hpp), that interval widened to the floats around its ends, may be left out; so
//     may a span that does not meet that interval. This happens only where the ray's numbers
//     dwarf the shape (a tiny capsule hit by a ray from very far): the routine's rounding, within
//     its stated error, can put the hit outside the box around the shape. The box tests round
//     outward (bvh/box_test.hpp), so every other hit is found, however far the ray starts.
//   * Infinite cylinders and shapes with unbounded boxes are kept beside the tree and tested for
//     every ray; invalid shapes are kept too (for shape(i)) but never hit, as raycast() says.
//   * update(i, shape) replaces shape i and refits the tree: O(depth), no rebuild. A shape that
//     changes kind, or moves into or out of the tree (unbounded, invalid), is inserted again, also
//     O(depth). Many large moves make the tree slower but never wrong; rebuild() restores it.
//   * Spheres (SphereLeaves): `slots` gives each sphere a slot of a node, with its box; `runs`
//     puts up to eight spheres in one slot and works out their boxes as the ray reaches them.
//     The contract holds for both. Runs hold less memory and test fewer spheres exactly, which
//     pays from a few hundred spheres on: `automatic` takes runs from kSphereRunsFrom spheres on.
//   * Build: binned surface-area heuristic, O(n log n). At most 2^27 shapes (std::length_error
//     beyond).
//   * Threads: the const member functions (the queries, shape(), size(), stats()) may run on
//     several threads at once on one Bvh: they only read it. rebuild(), update() and assignment
//     need the Bvh to themselves. The library starts no thread: nearestBatch runs on the calling
//     thread unless given a ParallelFor (query/parallel.hpp).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "pickray/query/detail/bvh_tree.hpp"
#include "pickray/query/parallel.hpp"
#include "pickray/query/shape.hpp"

namespace pickray {

struct ShapeHit {
    std::uint32_t index = 0;  ///< index of the shape in the span the tree was built from
    RayHit hit;
};

struct ShapeSpan {
    std::uint32_t index = 0;
    LineSpan span;
};

class Bvh {
public:
    Bvh() = default;
    explicit Bvh(std::span<const Shape> shapes, SphereLeaves sphereLeaves = SphereLeaves::automatic) {
        rebuild(shapes, sphereLeaves);
    }

    /// Builds the tree over a copy of `shapes` (index i in results means shapes[i]), its spheres
    /// stored as `sphereLeaves` says (the contract above holds either way; see Spheres above). A
    /// rebuild after many updates keeps the choice; calling rebuild() again makes a new one.
    void rebuild(std::span<const Shape> shapes, SphereLeaves sphereLeaves = SphereLeaves::automatic);
    /// Shape `index` is now `shape`: refit its leaf and the boxes above it. Throws
    /// std::out_of_range when index >= size().
    void update(std::uint32_t index, const Shape& shape);

    [[nodiscard]] std::optional<ShapeHit> nearest(const Ray& ray, float tMax = kInfinity) const;
    [[nodiscard]] std::vector<ShapeHit> allHits(const Ray& ray, float tMax = kInfinity) const;
    [[nodiscard]] std::vector<ShapeSpan> lineSpans(const Ray& ray) const;

    /// nearest() for many rays at once, on the calling thread: out[i] is nearest(rays[i]). The
    /// spans' sizes must match (std::invalid_argument otherwise, nothing written), as for the
    /// batch routines of collision/batch.hpp.
    void nearestBatch(std::span<const Ray> rays, std::span<std::optional<ShapeHit>> out) const;
    /// The same, the rays handed to `parallelFor` in chunks of 256 (query/parallel.hpp): a job
    /// system's, or threadsParallelFor(). The same answers as on one thread.
    void nearestBatch(std::span<const Ray> rays, std::span<std::optional<ShapeHit>> out,
                      const ParallelFor& parallelFor) const;
    /// The old spelling, which started threads on every call.
    [[deprecated("the threads are the caller's: nearestBatch(rays, out, threadsParallelFor(threads))")]] void
    nearestBatch(std::span<const Ray> rays, std::span<std::optional<ShapeHit>> out, unsigned threads) const {
        nearestBatch(rays, out, threadsParallelFor(threads));
    }

    /// Number of shapes (the size of the span last given to rebuild).
    [[nodiscard]] std::size_t size() const noexcept { return tree_.location.size(); }
    /// Shape `index` as stored (the last one given for it). Throws std::out_of_range.
    [[nodiscard]] Shape shape(std::uint32_t index) const;

    struct Stats {
        std::size_t nodes = 0;
        std::size_t leaves = 0;
        std::size_t unbounded = 0;  ///< shapes kept beside the tree and tested for every ray
        std::size_t depth = 0;
        std::size_t bytes = 0;  ///< memory held by the structure, the shapes' copies included
    };
    [[nodiscard]] Stats stats() const noexcept;

    /// Which box test the traversal runs on this machine: "avx" (eight boxes in one instruction per
    /// row, on CPUs with AVX) or "portable" (two SSE halves on x86-64, lane by lane elsewhere).
    /// Both give the same answers. PICKRAY_SIMD=scalar in the environment (batch.hpp) makes it
    /// "portable", for tests and comparisons.
    [[nodiscard]] static std::string_view boxTest() noexcept;

private:
    detail::BvhTree tree_;  // the data; engine/src/query/bvh/ builds, updates and walks it
};

}  // namespace pickray

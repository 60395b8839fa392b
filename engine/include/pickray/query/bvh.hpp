#pragma once
// A bounding volume hierarchy over a list of shapes, for nearest-hit and all-hits ray queries
// that stay fast at millions of shapes and stay exact: the tree only skips shapes whose bounds
// the ray cannot touch; every candidate is answered by the shape's own exact routine.
//
// Contract:
//   * The BVH stores indices, not shapes: every query takes the same span of shapes the tree was
//     built or last updated with. Results name shapes by their index in it.
//   * nearest(): the hit with the smallest t over all shapes (0 <= t <= tMax), as raycast() defines
//     it for one shape. Ties in t go to the smaller index, so the answer never depends on the
//     tree's shape.
//   * allHits(): every shape's own first hit, sorted by t (ties by index).
//   * lineSpans(): every shape the whole infinite line passes through, with intersectLine()'s span,
//     sorted by enter (ties by index).
//   * Infinite cylinders and shapes with unbounded boxes are kept beside the tree and tested for
//     every ray; invalid shapes are never hit, as raycast() says.
//   * update(i, shape) refits the tree after shape i changed (moved, resized): O(depth), no
//     rebuild. Many large moves make the tree slower but never wrong; rebuild() restores it.
//   * Build: binned surface-area heuristic, O(n log n), then collapsed into a 4-wide tree whose
//     nodes hold their children's boxes side by side, so each step tests four boxes at once.

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "pickray/query/shape.hpp"

namespace pickray {

struct ShapeHit {
    std::uint32_t index = 0;  ///< index of the shape in the span the queries were given
    RayHit hit;
};

struct ShapeSpan {
    std::uint32_t index = 0;
    LineSpan span;
};

class Bvh {
public:
    Bvh() = default;
    explicit Bvh(std::span<const Shape> shapes) { rebuild(shapes); }

    void rebuild(std::span<const Shape> shapes);
    /// Shape `index` of `shapes` has changed: refit its leaf and the boxes above it.
    void update(std::span<const Shape> shapes, std::uint32_t index);

    [[nodiscard]] std::optional<ShapeHit> nearest(const Ray& ray, std::span<const Shape> shapes,
                                                  float tMax = kInfinity) const;
    [[nodiscard]] std::vector<ShapeHit> allHits(const Ray& ray, std::span<const Shape> shapes,
                                                float tMax = kInfinity) const;
    [[nodiscard]] std::vector<ShapeSpan> lineSpans(const Ray& ray, std::span<const Shape> shapes) const;

    /// nearest() for many rays at once, spread over `threads` threads (0: one per core).
    void nearestBatch(std::span<const Ray> rays, std::span<const Shape> shapes,
                      std::span<std::optional<ShapeHit>> out, unsigned threads = 0) const;

    struct Stats {
        std::size_t nodes = 0;
        std::size_t leaves = 0;
        std::size_t unbounded = 0;    ///< shapes kept beside the tree
        std::size_t depth = 0;
        std::size_t bytes = 0;        ///< memory held by the structure
    };
    [[nodiscard]] Stats stats() const noexcept;

private:
    // Build-time binary tree (binned SAH), collapsed afterwards into the 4-wide tree below.
    struct Node {
        float min[3];
        std::uint32_t firstOrChild;  // leaf: first entry in items_; inner: index of the left child
        float max[3];
        std::uint32_t count;         // leaf: number of items (> 0); inner: 0 (right child = left + 1)
    };
    static_assert(sizeof(Node) == 32);

    // The tree the queries walk: four child boxes per node, stored axis by axis so one ray is
    // tested against all four at once.
    struct WideNode {
        float bounds[6][4];          // min x, y, z, max x, y, z; one lane per child
        std::uint32_t child[4];      // kEmptySlot, an inner node's index, or a leaf (see bvh.cpp)
    };
    static_assert(sizeof(WideNode) == 112);

    template <typename Visit>
    void traverse(const Ray& ray, float tMin, float tMax, Visit&& visit) const;
    void build(std::vector<Node>& nodes, std::uint32_t node, const std::vector<Aabb>& boxes,
               const std::vector<glm::vec3>& centroids, std::uint32_t first, std::uint32_t count, std::size_t depth);
    void collapse(const std::vector<Node>& nodes, std::uint32_t binaryNode, std::uint32_t wideNode,
                  std::size_t depth);
    void setSlot(std::uint32_t wideNode, int slot, const Node& from);

    std::vector<WideNode> wide_;
    std::vector<std::uint32_t> items_;       // shape indices, leaves point into this
    std::vector<std::uint32_t> wideParent_;  // per wide node: parent node · 4 + slot; the root: kNone
    std::vector<std::uint32_t> slotOf_;      // per shape: wide node · 4 + slot of its leaf, or kNone
    std::vector<std::uint32_t> unbounded_;   // shapes tested for every ray
    std::size_t depth_ = 0;
};

}  // namespace pickray

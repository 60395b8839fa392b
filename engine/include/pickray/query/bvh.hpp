#pragma once
// A bounding volume hierarchy over a list of shapes, for nearest-hit and all-hits ray queries
// that stay fast at millions of shapes and stay exact: the tree only skips shapes whose bounds
// the ray cannot touch; every candidate is answered by the shape's own exact routine.
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
//     may a span that does not meet that interval.
//     The routines are exact but for rounding, so this happens only where the ray's numbers dwarf
//     the shape: for a 1e-5 capsule hit by a ray from 1e13, the routine's rounding, within its
//     stated error, can put the hit off the solid and outside the box around it. The box tests
//     themselves round outward by a few float steps (bvh.cpp), so every other hit is found,
//     however far the ray starts: a box entered at t by the exact slab test is visited whenever
//     the float just below t is within the limit.
//   * Infinite cylinders and shapes with unbounded boxes are kept beside the tree and tested for
//     every ray; invalid shapes are kept too (for shape(i)) but never hit, as raycast() says.
//   * update(i, shape) replaces shape i and refits the tree: O(depth), no rebuild. A shape that
//     changes kind, or moves into or out of the tree (unbounded, invalid), leaves its leaf and is
//     inserted again below the node whose box grows least, also O(depth); the copies such moves
//     leave behind are dropped by a rebuild once they outnumber the shapes. Many large moves make
//     the tree slower but never wrong; rebuild() restores it.
//   * Layout: the shapes are stored per kind (plain arrays of Sphere, Capsule, ..., oriented boxes
//     with their inverse transform as PreparedOrientedBox) in the order of the tree's leaves, so a leaf is a run of up to four shapes of one kind, answered by that
//     kind's own routine with no variant dispatch. The tree is 8-wide: a node holds its eight
//     children's boxes side by side, tested at once with AVX where the CPU has it (chosen at run
//     time, boxTest()) and as two SSE halves elsewhere, with the same arithmetic and so the same
//     answers.
//   * Build: binned surface-area heuristic, O(n log n), straight into the 8-wide tree. At most
//     2^27 shapes (std::length_error beyond).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <tuple>
#include <vector>

#include "pickray/query/shape.hpp"

namespace pickray {

namespace detail {
/// Memory for the BVH's large arrays. On Linux, blocks of 2 MiB or more start on a 2 MiB boundary
/// and are advised as transparent huge pages (as Embree does for its own): a query at a million
/// shapes touches nodes and shapes all over tens of megabytes, and with 4 KiB pages nearly every
/// one of those accesses is also a TLB miss. Elsewhere, and for smaller blocks, plain aligned new.
void* allocateLarge(std::size_t bytes, std::size_t alignment);
void freeLarge(void* memory, std::size_t bytes, std::size_t alignment) noexcept;

template <typename T>
struct LargeArrayAllocator {
    using value_type = T;
    LargeArrayAllocator() noexcept = default;
    template <typename U>
    LargeArrayAllocator(const LargeArrayAllocator<U>&) noexcept {}
    T* allocate(std::size_t n) { return static_cast<T*>(allocateLarge(n * sizeof(T), alignof(T))); }
    void deallocate(T* p, std::size_t n) noexcept { freeLarge(p, n * sizeof(T), alignof(T)); }
    friend bool operator==(const LargeArrayAllocator&, const LargeArrayAllocator&) noexcept { return true; }
};

template <typename T>
using LargeArray = std::vector<T, LargeArrayAllocator<T>>;
}  // namespace detail

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
    explicit Bvh(std::span<const Shape> shapes) { rebuild(shapes); }

    /// Builds the tree over a copy of `shapes` (index i in results means shapes[i]).
    void rebuild(std::span<const Shape> shapes);
    /// Shape `index` is now `shape`: refit its leaf and the boxes above it. Throws
    /// std::out_of_range when index >= size().
    void update(std::uint32_t index, const Shape& shape);

    [[nodiscard]] std::optional<ShapeHit> nearest(const Ray& ray, float tMax = kInfinity) const;
    [[nodiscard]] std::vector<ShapeHit> allHits(const Ray& ray, float tMax = kInfinity) const;
    [[nodiscard]] std::vector<ShapeSpan> lineSpans(const Ray& ray) const;

    /// nearest() for many rays at once, spread over `threads` threads (0: one per core).
    void nearestBatch(std::span<const Ray> rays, std::span<std::optional<ShapeHit>> out,
                      unsigned threads = 0) const;

    /// Number of shapes (the size of the span last given to rebuild).
    [[nodiscard]] std::size_t size() const noexcept { return location_.size(); }
    /// Shape `index` as stored (the last one given for it). Throws std::out_of_range.
    [[nodiscard]] Shape shape(std::uint32_t index) const;

    struct Stats {
        std::size_t nodes = 0;
        std::size_t leaves = 0;
        std::size_t unbounded = 0;    ///< shapes kept beside the tree and tested for every ray
        std::size_t depth = 0;
        std::size_t bytes = 0;        ///< memory held by the structure, the shapes' copies included
    };
    [[nodiscard]] Stats stats() const noexcept;

    /// Which box test the traversal runs on this machine: "avx" (eight boxes in one instruction per
    /// row, on CPUs with AVX) or "portable" (two SSE halves on x86-64, lane by lane elsewhere).
    /// Both give the same answers. PICKRAY_SIMD=scalar in the environment (batch.hpp) makes it
    /// "portable", for tests and comparisons.
    [[nodiscard]] static std::string_view boxTest() noexcept;

private:
    // The shapes of one kind, in leaf order; `index` is each one's index in the original span.
    template <typename T>
    struct KindArray {
        detail::LargeArray<T> shapes;
        detail::LargeArray<std::uint32_t> index;
    };
    // One array per alternative of Shape, in the same order (the kind is the variant index;
    // infinite cylinders never get into the tree, so theirs stays empty). Oriented boxes are kept
    // with their inverse transform, worked out once instead of for every ray (same answers).
    using KindArrays = std::tuple<KindArray<Sphere>, KindArray<Capsule>, KindArray<Cylinder>,
                                  KindArray<InfiniteCylinder>, KindArray<Aabb>, KindArray<PreparedOrientedBox>>;

    // Eight child boxes stored axis by axis, so one ray is tested against all eight at once (one
    // AVX instruction per row where the CPU has AVX, two SSE ones elsewhere), and what each child
    // is: `meta` kInner (child = node index), kEmpty, or a leaf (its kind and count; child = first
    // position in that kind's array). Four cache lines.
    static constexpr int kWidth = 8;
    struct alignas(64) Node {
        float bounds[6][kWidth];    // min x, y, z, max x, y, z; one lane per child
        std::uint32_t child[kWidth];
        std::uint8_t meta[kWidth];
        std::uint32_t parent;       // parent node · kWidth + slot; the root: kNone
    };
    static_assert(sizeof(Node) == 256);

    struct PrimRef;
    struct BuildRange;
    struct Split;
    struct BuildData;
    struct Children;
    struct Outside {
        Shape shape;
        std::uint32_t index = 0;
    };

    struct Walk;  // the traversal, in two instruction sets (bvh.cpp)
    template <typename Visit>
    void traverse(const Ray& ray, float tMin, float tMax, Visit&& visit) const;
    /// f(std::get<kind>(arrays)): the one switch from a runtime kind to its array.
    template <typename Arrays, typename F>
    static decltype(auto) withKind(Arrays& arrays, unsigned kind, F&& f);

    // Build.
    [[nodiscard]] static Children open(BuildData& data, const Split& first);
    void buildNode(BuildData& data, std::uint32_t node, const Children& children, std::size_t depth);
    void clearNode(std::uint32_t node);
    [[nodiscard]] static Split split(BuildData& data, const BuildRange& range);
    void makeLeaf(BuildData& data, std::uint32_t node, int slot, const BuildRange& range);
    void copyShapes(const BuildData& data);

    // Update.
    void removeFromTree(std::uint32_t index);
    void insertIntoTree(std::uint32_t index, const Shape& shape, const Aabb& box);
    void removeOutside(std::uint32_t index);
    void refitSlot(std::uint32_t node, int slot);
    void refitAncestors(std::uint32_t node);
    void setSlotBox(std::uint32_t node, int slot, const Aabb& box);
    [[nodiscard]] Aabb slotBox(std::uint32_t node, int slot) const;
    [[nodiscard]] Aabb leafBox(std::uint32_t node, int slot) const;
    [[nodiscard]] std::uint32_t positionInLeaf(std::uint32_t index) const;
    [[nodiscard]] std::size_t depthOf(std::uint32_t node) const;
    void compact();

    detail::LargeArray<Node> nodes_;
    KindArrays kinds_;
    std::vector<Outside> unbounded_;       // tested for every ray
    std::vector<Outside> invalid_;         // never hit; kept for shape()
    // Per original index: where the shape is. In the tree: node · kWidth + slot of its leaf;
    // beside it: a flag and the position in unbounded_ or invalid_.
    detail::LargeArray<std::uint32_t> location_;
    std::size_t depth_ = 0;
    std::size_t stale_ = 0;                // kind-array entries left behind by update()
    // Per axis, at least the largest |coordinate| of any box that went into the tree (it never
    // shrinks until a rebuild): rays whose (plane − origin) could overflow float take the double
    // box test (bvh.cpp, SlabRay).
    float planeMagnitude_[3] = {};
    void growPlaneMagnitude(const Aabb& box);
};

}  // namespace pickray

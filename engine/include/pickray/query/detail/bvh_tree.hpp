// SPDX-License-Identifier: MIT
#pragma once
// The data of a Bvh (query/bvh.hpp): what the tree holds and how it is laid out, nothing that
// builds, updates or walks it (engine/src/query/bvh/ does that). Not part of the API: Bvh keeps
// one as its only member, so it is declared here, where Bvh's header can see its size.

#include <cstddef>
#include <cstdint>
#include <tuple>
#include <variant>
#include <vector>

#include "pickray/query/shape.hpp"

namespace pickray {

/// How a Bvh stores its spheres (query/bvh.hpp): in node slots of their own, or in sphere runs.
enum class SphereLeaves : std::uint8_t {
    automatic,  ///< runs from kSphereRunsFrom spheres on, slots below
    slots,      ///< each sphere (or a few) in a slot of a node, with its box
    runs,       ///< up to eight spheres in one slot, their boxes worked out as the ray meets them
};

/// SphereLeaves::automatic's threshold. Runs test a sphere's line distance before its exact
/// routine (bvh/sphere_run.hpp) and take less memory; they pay from a few hundred spheres on
/// (docs/PERFORMANCE.md has the figures).
inline constexpr std::size_t kSphereRunsFrom = 256;

}  // namespace pickray

namespace pickray::detail {

/// Memory for the BVH's large arrays. On Linux, blocks of kHugePage (2 MiB) or more start on such a boundary
/// and are advised as transparent huge pages (as Embree does for its own): a query at a million
/// shapes touches nodes and shapes all over tens of megabytes, and with 4 KiB pages nearly every
/// one of those accesses is also a TLB miss. Elsewhere, and for smaller blocks, plain aligned new.
inline constexpr std::size_t kHugePage = std::size_t{2} << 20;
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

/// How the tree stores a kind of Shape: as given, except oriented boxes, which keep their inverse
/// transform (PreparedOrientedBox: worked out once instead of for every ray, the same answers).
template <typename Kind>
struct StoredKind {
    using type = Kind;
};
template <>
struct StoredKind<OrientedBox> {
    using type = PreparedOrientedBox;
};

/// The shapes of one kind, in leaf order; `index` is each one's index in the original span.
template <typename Stored>
struct KindArray {
    LargeArray<Stored> shapes;
    LargeArray<std::uint32_t> index;
};

/// One KindArray per alternative of Shape, in the same order (the kind is the variant index), made
/// from the variant itself: a new kind of Shape gets its array here without a change.
template <typename Variant>
struct KindArraysOf;
template <typename... Kinds>
struct KindArraysOf<std::variant<Kinds...>> {
    using type = std::tuple<KindArray<typename StoredKind<Kinds>::type>...>;
};

struct BvhTree {
    /// Children per node.
    static constexpr int kWidth = 8;

    /// Eight child boxes stored axis by axis, so one ray is tested against all eight at once (one
    /// AVX instruction per row where the CPU has AVX, two SSE ones elsewhere), and what each child
    /// is: `meta` an inner node (child = node index), empty, or a leaf (its kind and count; child =
    /// first position in that kind's array); see bvh/tree_layout.hpp. Four cache lines.
    struct alignas(64) Node {
        float bounds[6][kWidth];  // min x, y, z, max x, y, z; one lane per child
        std::uint32_t child[kWidth];
        std::uint8_t meta[kWidth];
        std::uint32_t parent;  // parent node · kWidth + slot; the root: none
    };
    static_assert(sizeof(Node) == 256);

    /// A shape kept beside the tree: unbounded (tested for every ray) or invalid (never hit).
    struct Outside {
        Shape shape;
        std::uint32_t index = 0;
    };

    LargeArray<Node> nodes;
    typename KindArraysOf<Shape>::type kinds;  // infinite cylinders never get in: theirs stays empty
    std::vector<Outside> unbounded;            // tested for every ray
    std::vector<Outside> invalid;              // never hit; kept for Bvh::shape()
    // Per original index: where the shape is. In the tree: node · kWidth + slot of its leaf;
    // beside it: a flag and the position in `unbounded` or `invalid`.
    LargeArray<std::uint32_t> location;
    std::size_t depth = 0;
    std::size_t stale = 0;                                // kind-array entries left behind by updates
    SphereLeaves sphereLeaves = SphereLeaves::automatic;  // as asked; a rebuild after updates asks again
    // Per axis, at least the largest |coordinate| of any box that went into the tree (it never
    // shrinks until a rebuild): rays whose (plane − origin) could overflow float take the double
    // box test (bvh/box_test.hpp).
    float planeMagnitude[3] = {};
};

}  // namespace pickray::detail

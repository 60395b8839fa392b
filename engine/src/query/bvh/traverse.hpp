// SPDX-License-Identifier: MIT
#pragma once
// The BVH's front-to-back traversal: calls visit(kind, first, count, limit) for every leaf whose
// box the ray meets within [tMin, limit], nearest boxes first (a sphere run is opened like a node,
// and its spheres visited as leaves of one: sphere_run.hpp). visit returns the new limit
// (nearest() lowers it to its best hit, so farther boxes are skipped). Written once (walk),
// entered through one of two functions that differ in the box test and in the instruction set
// they are compiled for. Included by bvh.cpp and mesh/mesh.cpp: the visits are their queries'
// lambdas. A tree is a BvhTree or anything else with its `nodes` and `planeMagnitude` and the two
// functions below (leafArrays, runSpheres) found for it by argument-dependent lookup.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#include "box_test.hpp"
#include "box_test_avx.hpp"
#include "sphere_run.hpp"
#include "tree_layout.hpp"

namespace pickray::detail {

// Up to seven pending siblings per level; the tree is never deeper than kMaxDepth (update.cpp
// rebuilds past it) plus the few levels one insertion adds.
// A sphere run adds one level of pending spheres below its node.
inline constexpr std::size_t kStackSize = 7 * 136;
static_assert(kMaxDepth + 8 + 1 <= 136);
// Above this many nodes (2 MiB of them, twice a typical L2) the traversal prefetches.
inline constexpr std::size_t kPrefetchAboveNodes = 8192;

/// The slots of `hits` whose entry sorts after `slot`'s: farther, or as far and in a lower slot.
/// A strict total order (on the float's bits made to sort as integers, then the slot), so the
/// slots of one node get distinct ranks even for equal or NaN entries; the order only decides
/// which child is visited first, never the answer.
struct ChildRanks {
    // The float's bits as an integer, with the order of negative floats reversed.
    explicit ChildRanks(const float (&enter)[kLanes]) {
#if defined(__SSE2__)
        const auto keys = [](const float* four) {
            const __m128i bits = _mm_castps_si128(_mm_loadu_ps(four));
            return _mm_xor_si128(bits, _mm_and_si128(_mm_srai_epi32(bits, 31), _mm_set1_epi32(0x7fffffff)));
        };
        low = keys(enter);
        high = keys(enter + 4);
        _mm_storeu_si128(reinterpret_cast<__m128i*>(key), low);
        _mm_storeu_si128(reinterpret_cast<__m128i*>(key + 4), high);
#else
        for (int lane = 0; lane < kLanes; ++lane) {
            std::int32_t bits;
            std::memcpy(&bits, &enter[lane], sizeof bits);
            key[lane] = bits ^ ((bits >> 31) & 0x7fffffff);
        }
#endif
    }
    [[nodiscard]] unsigned after(int slot, unsigned hits) const {
#if defined(__SSE2__)
        const __m128i mine = _mm_set1_epi32(key[slot]);
        const auto bitsOf = [](__m128i m) { return static_cast<unsigned>(_mm_movemask_ps(_mm_castsi128_ps(m))); };
        const unsigned greater = bitsOf(_mm_cmpgt_epi32(low, mine)) | bitsOf(_mm_cmpgt_epi32(high, mine)) << 4;
        const unsigned equal = bitsOf(_mm_cmpeq_epi32(low, mine)) | bitsOf(_mm_cmpeq_epi32(high, mine)) << 4;
#else
        unsigned greater = 0, equal = 0;
        for (int lane = 0; lane < kLanes; ++lane) {
            greater |= (key[lane] > key[slot] ? 1u : 0u) << lane;
            equal |= (key[lane] == key[slot] ? 1u : 0u) << lane;
        }
#endif
        return (greater | (equal & ((1u << slot) - 1u))) & hits;
    }
    std::int32_t key[kLanes];
#if defined(__SSE2__)
    __m128i low, high;
#endif
};

/// Where each kind's leaf entries lie, for the prefetches of a large tree: the entries' array, the
/// size of one, and the array of their indices. No default member values: walk() fills it only for
/// a tree it prefetches in, as zeroing it on every ray costs a small tree's walk a measurable share.
/// `LeafArrays arrays{}` zeroes it.
struct LeafArrays {
    const char* base[kKinds];
    std::size_t stride[kKinds];
    const std::uint32_t* index[kKinds];
};
inline LeafArrays leafArrays(const BvhTree& tree) {
    LeafArrays arrays{};
    [&]<std::size_t... K>(std::index_sequence<K...>) {
        ((arrays.base[K] = reinterpret_cast<const char*>(std::get<K>(tree.kinds).shapes.data()),
          arrays.stride[K] = sizeof(std::get<K>(tree.kinds).shapes[0]),
          arrays.index[K] = std::get<K>(tree.kinds).index.data()),
         ...);
    }
    (std::make_index_sequence<kKinds>());
    return arrays;
}
/// The spheres a sphere run's child indexes (null for a tree without runs).
inline const Sphere* runSpheres(const BvhTree& tree) { return std::get<kSphereKind>(tree.kinds).shapes.data(); }

template <typename BoxTest, typename RunTest, typename Tree, typename Visit>
PICKRAY_FORCE_INLINE void walk(const Tree& tree, const Ray& ray, float tMin, float tMax, Visit& visit) {
    static_assert(kLanes == kWidth);
    const SlabRay slab(ray, tree.planeMagnitude);
    struct Pending {
        std::uint32_t child;
        std::uint32_t meta;
        float enter;
    };
    // x if first, else y, by masks: compilers turn a conditional on a struct into a branch.
    const auto choose = [](bool first, const Pending& x, const Pending& y) {
        const std::uint32_t keep = 0u - static_cast<std::uint32_t>(first);
        const auto pick = [keep](std::uint32_t u, std::uint32_t v) { return (u & keep) | (v & ~keep); };
        return Pending{
            pick(x.child, y.child), pick(x.meta, y.meta),
            std::bit_cast<float>(pick(std::bit_cast<std::uint32_t>(x.enter), std::bit_cast<std::uint32_t>(y.enter)))};
    };
    Pending stack[kStackSize];
    std::size_t top = 0;
#if defined(__SSE2__)
    // In a tree larger than the caches most nodes and leaves are misses: each node fetches the
    // children the ray meets at once, while the nearest is being handled. In a small tree that
    // only costs time.
    const bool prefetch = tree.nodes.size() > kPrefetchAboveNodes;
    LeafArrays leaves;  // read only when prefetching
    if (prefetch) leaves = leafArrays(tree);
#endif
    const Sphere* const spheres = runSpheres(tree);
    // A sphere run's children: its spheres (the run's first plus these), as leaves of one.
    static constexpr std::uint32_t kRunChild[kLanes] = {0, 1, 2, 3, 4, 5, 6, 7};
    static constexpr std::uint8_t kRunMeta[kLanes] = {
        leafMeta(kSphereKind, 1), leafMeta(kSphereKind, 1), leafMeta(kSphereKind, 1), leafMeta(kSphereKind, 1),
        leafMeta(kSphereKind, 1), leafMeta(kSphereKind, 1), leafMeta(kSphereKind, 1), leafMeta(kSphereKind, 1)};
    Pending current{0, kInner, tMin};  // the root, always an inner node
    for (;;) {
        float enter[kLanes];
        unsigned mask;
        std::uint32_t childBase = 0;  // child slot's: childBase + child[slot]
        const std::uint32_t* child = nullptr;
        const std::uint8_t* meta = nullptr;
        if ((current.meta & kRunFlag) != 0) {  // a sphere run, opened like a node
            const std::uint32_t count = leafCount(static_cast<std::uint8_t>(current.meta));
            mask = RunTest::enterDistances(slab, spheres + current.child, count, tMin, tMax, enter);
            childBase = current.child;
            child = kRunChild;
            meta = kRunMeta;
        } else if (current.meta != kInner) {
            tMax = visit(leafKind(static_cast<std::uint8_t>(current.meta)), current.child,
                         leafCount(static_cast<std::uint8_t>(current.meta)), tMax);
            mask = 0;
        } else {
            const Node& node = tree.nodes[current.child];
            mask = slab.needsDouble ? enterDistancesDouble(slab, node.bounds, tMin, tMax, enter)
                                    : BoxTest::enterDistances(slab, node.bounds, tMin, tMax, enter);
            child = node.child;
            meta = node.meta;
#if defined(__SSE2__)
            for (unsigned m = prefetch ? mask : 0u; m != 0; m &= m - 1) {
                const int slot = std::countr_zero(m);
                if (node.meta[slot] == kInner) {
                    const char* at = reinterpret_cast<const char*>(&tree.nodes[node.child[slot]]);
                    for (std::size_t line = 0; line < sizeof(Node); line += 64) _mm_prefetch(at + line, _MM_HINT_T0);
                } else {  // the leaf's shapes (two lines: a sphere run's eight), and their indices
                    const unsigned kind = leafKind(node.meta[slot]);
                    const char* at = leaves.base[kind] + leaves.stride[kind] * node.child[slot];
                    _mm_prefetch(at, _MM_HINT_T0);
                    _mm_prefetch(at + 64, _MM_HINT_T0);
                    _mm_prefetch(reinterpret_cast<const char*>(leaves.index[kind] + node.child[slot]), _MM_HINT_T0);
                }
            }
#endif
        }
        const auto take = [&] {  // the lowest slot left in mask
            const int slot = std::countr_zero(mask);
            mask &= mask - 1;
            return Pending{childBase + child[slot], meta[slot], enter[slot]};
        };
        // Nearest child next, the others pending farthest first. Which child is nearer is
        // data no branch predictor can learn, so the order is worked out without branches:
        // for two by masks, for more by each child's rank (a sort's comparisons
        // mispredicted about seven times per ray).
        const unsigned hits = mask;
        if (mask != 0) {
            const Pending a = take();
            if (mask == 0) {
                current = a;
                continue;
            }
            const Pending b = take();
            if (mask == 0) {
                const bool bNearer = b.enter < a.enter;
                stack[top++] = choose(bNearer, a, b);
                current = choose(bNearer, b, a);
                continue;
            }
            // The nearest is taken from the node rather than read back from the stack, so
            // the next node's load need not wait for these stores.
            const ChildRanks ranks(enter);
            const int nearer = std::popcount(hits) - 1;  // the nearest has all the others after it
            int nearest = 0;
            for (unsigned m = hits; m != 0; m &= m - 1) {
                const int slot = std::countr_zero(m);
                const int after = std::popcount(ranks.after(slot, hits));
                stack[top + static_cast<unsigned>(after)] = Pending{childBase + child[slot], meta[slot], enter[slot]};
                nearest = after == nearer ? slot : nearest;
            }
            top += static_cast<unsigned>(nearer);
            current = Pending{childBase + child[nearest], meta[nearest], enter[nearest]};
            continue;
        }
        // Next pending box that can still hold something before the limit.
        do {
            if (top == 0) return;
            --top;
        } while (stack[top].enter > tMax);
        current = stack[top];
    }
}

template <typename Tree, typename Visit>
void walkPortable(const Tree& tree, const Ray& ray, float tMin, float tMax, Visit& visit) {
    walk<PortableBoxTest, PortableSphereRun>(tree, ray, tMin, tMax, visit);
}
#if PICKRAY_BVH_AVX
template <typename Tree, typename Visit>
__attribute__((target("avx"))) void walkAvx(const Tree& tree, const Ray& ray, float tMin, float tMax, Visit& visit) {
    walk<AvxBoxTest, AvxSphereRun>(tree, ray, tMin, tMax, visit);
}
#endif

/// The traversal with the box test this machine runs (Bvh::boxTest()).
template <typename Tree, typename Visit>
void traverse(const Tree& tree, const Ray& ray, float tMin, float tMax, Visit&& visit) {
    if (tree.nodes.empty()) return;
#if PICKRAY_BVH_AVX
    if (useAvx()) return walkAvx(tree, ray, tMin, tMax, visit);
#endif
    walkPortable(tree, ray, tMin, tMax, visit);
}

}  // namespace pickray::detail

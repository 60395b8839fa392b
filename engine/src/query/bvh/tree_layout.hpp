// SPDX-License-Identifier: MIT
#pragma once
// How a BvhTree (pickray/query/detail/bvh_tree.hpp) encodes what it holds, and the small helpers
// its builder, updater and traversal share: what a node's slot holds, where a shape lives, the one
// dispatch from a runtime kind to its array, and reading and writing a slot's box.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <tuple>
#include <type_traits>
#include <variant>

#include "../box.hpp"
#include "pickray/config.hpp"
#include "pickray/query/detail/bvh_tree.hpp"

namespace pickray::detail {

inline constexpr int kWidth = BvhTree::kWidth;
using Node = BvhTree::Node;
inline constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

// Node::meta: what a child slot holds.
inline constexpr std::uint8_t kInner = 0x00;
inline constexpr std::uint8_t kEmpty = 0x01;
inline constexpr std::uint8_t kLeafFlag = 0x80;  // | kind << 3 | (count − 1), and kRunFlag for a sphere run
inline constexpr std::uint8_t kRunFlag = 0x40;
/// A leaf is a run of up to this many shapes of one kind, tested one by one.
inline constexpr std::uint32_t kMaxLeafSize = 4;
/// update() inserts below existing leaves, which deepens the tree; past this depth it rebuilds, so
/// the traversal's stack never overflows.
inline constexpr std::size_t kMaxDepth = 120;
inline constexpr std::size_t kKinds = std::variant_size_v<Shape>;
/// The kind whose leaves can be sphere runs.
inline constexpr unsigned kSphereKind = 0;
static_assert(std::is_same_v<std::variant_alternative_t<kSphereKind, Shape>, Sphere>);
/// A sphere run (SphereLeaves::runs, query/bvh.hpp) holds up to this many spheres, and the
/// traversal opens it as it opens a node, testing a box around each sphere worked out from the
/// sphere (bvh/sphere_run.hpp): the spheres take the place of a node of their boxes.
inline constexpr std::uint32_t kSphereRunSize = 8;
static_assert(kMaxLeafSize <= 8 && kSphereRunSize <= 8 && kKinds <= 8,
              "a leaf's count takes 3 bits of meta and its kind 3");

constexpr std::uint8_t leafMeta(unsigned kind, std::uint32_t count) {
    return static_cast<std::uint8_t>(kLeafFlag | (kind << 3) | (count - 1));
}
constexpr std::uint8_t sphereRunMeta(std::uint32_t count) {
    return static_cast<std::uint8_t>(leafMeta(kSphereKind, count) | kRunFlag);
}
constexpr unsigned leafKind(std::uint8_t meta) { return (meta >> 3) & 7u; }
constexpr std::uint32_t leafCount(std::uint8_t meta) { return (meta & 7u) + 1; }

// Location of a shape (BvhTree::location): node · width + slot when in the tree, else one of these
// flags and its position in that list.
inline constexpr std::uint32_t kUnboundedFlag = 0x80000000u;
inline constexpr std::uint32_t kInvalidFlag = 0x40000000u;
inline constexpr std::uint32_t kPositionMask = 0x3FFFFFFFu;
constexpr bool inTree(std::uint32_t location) { return (location & (kUnboundedFlag | kInvalidFlag)) == 0; }

/// f(std::get<kind>(arrays)): the one dispatch from a runtime kind to its array, over every
/// alternative of Shape (the arrays are made from the variant, bvh_tree.hpp), so a new kind is
/// handled here without a change and cannot fall into another's case.
template <std::size_t K = 0, typename Arrays, typename F>
PICKRAY_FORCE_INLINE decltype(auto) withKind(Arrays& arrays, unsigned kind, F&& f) {
    static_assert(std::tuple_size_v<std::remove_const_t<Arrays>> == kKinds);
    if constexpr (K + 1 == kKinds) {
        return f(std::get<K>(arrays));  // kind == K: kinds come from Shape::index()
    } else {
        if (kind == K) return f(std::get<K>(arrays));
        return withKind<K + 1>(arrays, kind, std::forward<F>(f));
    }
}

/// A shape as its kind's array stores it, and back (StoredKind, bvh_tree.hpp).
template <typename Stored>
Stored toStored(const Shape& shape) {
    if constexpr (std::is_same_v<Stored, PreparedOrientedBox>) {
        return PreparedOrientedBox(std::get<OrientedBox>(shape));
    } else {
        return std::get<Stored>(shape);
    }
}
template <typename Stored>
Shape asShape(const Stored& stored) {
    if constexpr (std::is_same_v<Stored, PreparedOrientedBox>) {
        return stored.box;
    } else {
        return stored;
    }
}

inline Aabb slotBox(const Node& node, int slot) {
    return {{node.bounds[0][slot], node.bounds[1][slot], node.bounds[2][slot]},
            {node.bounds[3][slot], node.bounds[4][slot], node.bounds[5][slot]}};
}
inline void setSlotBox(Node& node, int slot, const Aabb& box) {
    for (int i = 0; i < 3; ++i) {
        node.bounds[i][slot] = box.min[i];
        node.bounds[3 + i][slot] = box.max[i];
    }
}
/// Every slot empty, with the empty box (never hit).
inline void clearNode(Node& node) {
    for (int slot = 0; slot < kWidth; ++slot) {
        node.meta[slot] = kEmpty;
        node.child[slot] = 0;
        setSlotBox(node, slot, kEmptyBox);
    }
}

inline void growPlaneMagnitude(BvhTree& tree, const Aabb& box) {
    for (int axis = 0; axis < 3; ++axis) {
        tree.planeMagnitude[axis] =
            std::max({tree.planeMagnitude[axis], std::abs(box.min[axis]), std::abs(box.max[axis])});
    }
}

/// Position of shape `index` (which is in the tree) in its kind's array: a scan of its leaf.
inline std::uint32_t positionInLeaf(const BvhTree& tree, std::uint32_t index) {
    const Node& node = tree.nodes[tree.location[index] / kWidth];
    const int slot = static_cast<int>(tree.location[index] % kWidth);
    const std::uint32_t first = node.child[slot];
    return withKind(tree.kinds, leafKind(node.meta[slot]), [&](const auto& array) {
        std::uint32_t position = first;
        while (array.index[position] != index) ++position;
        return position;
    });
}

}  // namespace pickray::detail

// SPDX-License-Identifier: MIT
// Updates of one shape in a built BvhTree, O(depth) each: see update.hpp and query/bvh.hpp.
#include "update.hpp"

#include <algorithm>
#include <type_traits>
#include <utility>
#include <vector>

#include "build.hpp"
#include "tree_layout.hpp"

namespace pickray::detail {
namespace {

/// The union of the bounds of a leaf's shapes (the empty box for an empty slot).
Aabb leafBox(const BvhTree& tree, std::uint32_t node, int slot) {
    const std::uint8_t meta = tree.nodes[node].meta[slot];
    if (meta == kEmpty) return kEmptyBox;
    const std::uint32_t first = tree.nodes[node].child[slot];
    return withKind(tree.kinds, leafKind(meta), [&](const auto& array) {
        Aabb box = kEmptyBox;
        for (std::uint32_t k = first; k < first + leafCount(meta); ++k) grow(box, bounds(asShape(array.shapes[k])));
        return box;
    });
}

// Each ancestor's slot becomes the union of its child node's eight lanes, up to the root or to
// the first slot that does not change (everything above it is then up to date already).
void refitAncestors(BvhTree& tree, std::uint32_t node) {
    for (std::uint32_t up = tree.nodes[node].parent; up != kNone; up = tree.nodes[node].parent) {
        const Node& w = tree.nodes[node];
        Aabb box = kEmptyBox;
        for (int i = 0; i < 3; ++i) {
            for (int lane = 0; lane < kWidth; ++lane) {
                box.min[i] = std::min(box.min[i], w.bounds[i][lane]);
                box.max[i] = std::max(box.max[i], w.bounds[3 + i][lane]);
            }
        }
        const std::uint32_t parent = up / kWidth;
        const int slot = static_cast<int>(up % kWidth);
        const Node& p = tree.nodes[parent];
        bool same = true;
        for (int i = 0; i < 3; ++i)
            same = same && p.bounds[i][slot] == box.min[i] && p.bounds[3 + i][slot] == box.max[i];
        if (same) return;
        setSlotBox(tree.nodes[parent], slot, box);
        node = parent;
    }
}

void refitSlot(BvhTree& tree, std::uint32_t node, int slot) {
    setSlotBox(tree.nodes[node], slot, leafBox(tree, node, slot));
    refitAncestors(tree, node);
}

std::size_t depthOf(const BvhTree& tree, std::uint32_t node) {
    std::size_t depth = 1;
    for (std::uint32_t up = tree.nodes[node].parent; up != kNone; up = tree.nodes[up / kWidth].parent) ++depth;
    return depth;
}

// Takes shape `index` out of its leaf: the leaf's last entry moves into its place and the leaf
// shrinks by one, leaving a stale entry in the kind array until the next rebuild.
void removeFromTree(BvhTree& tree, std::uint32_t index) {
    const std::uint32_t node = tree.location[index] / kWidth;
    const int slot = static_cast<int>(tree.location[index] % kWidth);
    std::uint8_t& meta = tree.nodes[node].meta[slot];
    const std::uint32_t last = tree.nodes[node].child[slot] + leafCount(meta) - 1;
    const std::uint32_t position = positionInLeaf(tree, index);
    withKind(tree.kinds, leafKind(meta), [&](auto& array) {
        std::swap(array.shapes[position], array.shapes[last]);
        std::swap(array.index[position], array.index[last]);
    });
    ++tree.stale;
    meta = leafCount(meta) == 1 ? kEmpty : static_cast<std::uint8_t>(meta - 1);
    refitSlot(tree, node, slot);
}

void removeOutside(BvhTree& tree, std::uint32_t index) {
    std::vector<BvhTree::Outside>& list = (tree.location[index] & kUnboundedFlag) != 0 ? tree.unbounded : tree.invalid;
    const std::uint32_t flag = tree.location[index] & ~kPositionMask;
    const std::uint32_t position = tree.location[index] & kPositionMask;
    if (position + 1 < list.size()) {
        list[position] = std::move(list.back());
        tree.location[list[position].index] = flag | position;
    }
    list.pop_back();
}

// Adds a one-shape leaf: into the first free slot on the way down, choosing at each node the child
// whose box grows least; where the way ends at a leaf, a new node takes that leaf and the new one.
void insertIntoTree(BvhTree& tree, std::uint32_t index, const Shape& shape, const Aabb& box) {
    const auto kind = static_cast<unsigned>(shape.index());
    const std::uint32_t position = withKind(tree.kinds, kind, [&](auto& array) {
        using Stored = typename std::decay_t<decltype(array.shapes)>::value_type;
        array.shapes.push_back(toStored<Stored>(shape));
        array.index.push_back(index);
        return static_cast<std::uint32_t>(array.shapes.size() - 1);
    });
    if (tree.nodes.empty()) {
        tree.nodes.emplace_back();
        tree.nodes[0].parent = kNone;
        clearNode(tree.nodes[0]);
        tree.depth = 1;
    }
    const auto place = [&](std::uint32_t node, int slot) {
        tree.nodes[node].child[slot] = position;
        tree.nodes[node].meta[slot] = leafMeta(kind, 1);
        setSlotBox(tree.nodes[node], slot, box);
        tree.location[index] = node * kWidth + static_cast<std::uint32_t>(slot);
        refitAncestors(tree, node);
    };
    std::uint32_t node = 0;
    for (;;) {
        const Node& w = tree.nodes[node];
        int chosen = -1;
        float chosenGrowth = kInfinity, chosenArea = kInfinity;
        for (int slot = 0; slot < kWidth; ++slot) {
            if (w.meta[slot] == kEmpty) return place(node, slot);
            const Aabb lane = slotBox(w, slot);
            const float area = halfArea(lane);
            const float growth = halfArea(unionBox(lane, box)) - area;
            if (growth < chosenGrowth || (growth == chosenGrowth && area < chosenArea)) {
                chosen = slot;
                chosenGrowth = growth;
                chosenArea = area;
            }
        }
        if (chosen < 0) chosen = 0;  // NaN areas: any child will do
        if (w.meta[chosen] == kInner) {
            node = w.child[chosen];
            continue;
        }
        // A leaf: it and the new shape go one level down, into a new node in its place.
        const auto below = static_cast<std::uint32_t>(tree.nodes.size());
        tree.nodes.emplace_back();
        tree.nodes[below].parent = node * kWidth + static_cast<std::uint32_t>(chosen);
        clearNode(tree.nodes[below]);
        Node& from = tree.nodes[node];
        tree.nodes[below].child[0] = from.child[chosen];
        tree.nodes[below].meta[0] = from.meta[chosen];
        for (int i = 0; i < 6; ++i) tree.nodes[below].bounds[i][0] = from.bounds[i][chosen];
        withKind(tree.kinds, leafKind(from.meta[chosen]), [&](const auto& array) {
            for (std::uint32_t k = 0; k < leafCount(from.meta[chosen]); ++k) {
                tree.location[array.index[from.child[chosen] + k]] = below * kWidth;
            }
        });
        from.child[chosen] = below;
        from.meta[chosen] = kInner;
        tree.depth = std::max(tree.depth, depthOf(tree, below));
        return place(below, 1);
    }
}

/// A rebuild from the shapes as stored: drops the entries updates left behind and flattens a tree
/// that insertions deepened.
void compact(BvhTree& tree) {
    std::vector<Shape> all;
    all.reserve(tree.location.size());
    for (std::uint32_t i = 0; i < tree.location.size(); ++i) all.push_back(storedShape(tree, i));
    buildTree(tree, all);
}

}  // namespace

void updateTree(BvhTree& tree, std::uint32_t index, const Shape& shape) {
    const Aabb box = bounds(shape);
    if (isFiniteBox(box)) growPlaneMagnitude(tree, box);  // before it is refitted or inserted
    const std::uint32_t location = tree.location[index];
    if (inTree(location)) {
        const std::uint32_t node = location / kWidth;
        const int slot = static_cast<int>(location % kWidth);
        const unsigned kind = leafKind(tree.nodes[node].meta[slot]);
        if (isFiniteBox(box) && kind == shape.index()) {  // the common case: moved or resized
            const std::uint32_t position = positionInLeaf(tree, index);
            withKind(tree.kinds, kind, [&](auto& array) {
                using Stored = typename std::decay_t<decltype(array.shapes)>::value_type;
                array.shapes[position] = toStored<Stored>(shape);
            });
            refitSlot(tree, node, slot);
            return;
        }
        removeFromTree(tree, index);
    } else {
        removeOutside(tree, index);
    }
    if (isFiniteBox(box)) {
        insertIntoTree(tree, index, shape, box);
    } else if (box.min.x <= box.max.x) {
        tree.location[index] = kUnboundedFlag | static_cast<std::uint32_t>(tree.unbounded.size());
        tree.unbounded.push_back({shape, index});
    } else {
        tree.location[index] = kInvalidFlag | static_cast<std::uint32_t>(tree.invalid.size());
        tree.invalid.push_back({shape, index});
    }
    // Entries left behind in the kind arrays, or a tree deepened by insertions: start afresh.
    if (tree.stale > std::max<std::size_t>(64, tree.location.size()) || tree.depth > kMaxDepth) compact(tree);
}

Shape storedShape(const BvhTree& tree, std::uint32_t index) {
    const std::uint32_t location = tree.location[index];
    if (!inTree(location)) {
        const std::vector<BvhTree::Outside>& list = (location & kUnboundedFlag) != 0 ? tree.unbounded : tree.invalid;
        return list[location & kPositionMask].shape;
    }
    const std::uint32_t position = positionInLeaf(tree, index);
    return withKind(tree.kinds, leafKind(tree.nodes[location / kWidth].meta[location % kWidth]),
                    [&](const auto& array) { return asShape(array.shapes[position]); });
}

}  // namespace pickray::detail

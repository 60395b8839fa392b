// SPDX-License-Identifier: MIT
#pragma once
// Changing one shape of a built BvhTree in place: a refit when it stays in its leaf, a removal and
// an insertion below the node whose box grows least when it changes kind or moves into or out of
// the tree (update.cpp).

#include <cstdint>

#include "pickray/query/detail/bvh_tree.hpp"

namespace pickray::detail {

/// Shape `index` (< tree.location.size()) is now `shape`.
void updateTree(BvhTree& tree, std::uint32_t index, const Shape& shape);

/// Shape `index` (< tree.location.size()) as stored.
[[nodiscard]] Shape storedShape(const BvhTree& tree, std::uint32_t index);

}  // namespace pickray::detail

// SPDX-License-Identifier: MIT
#pragma once
// Building a BvhTree from scratch: binned surface-area heuristic, O(n log n), straight into the
// 8-wide tree (build.cpp says how).

#include <span>

#include "pickray/query/detail/bvh_tree.hpp"

namespace pickray::detail {

/// Replaces everything `tree` held with a tree over `shapes` (index i means shapes[i]). Throws
/// std::length_error beyond 2^27 shapes.
void buildTree(BvhTree& tree, std::span<const Shape> shapes);

}  // namespace pickray::detail

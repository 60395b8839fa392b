// SPDX-License-Identifier: MIT
#pragma once
// Building a BvhTree from scratch: binned surface-area heuristic, O(n log n), straight into the
// 8-wide tree (build.cpp says how). The node builder itself is shared: the triangle mesh
// (query/mesh.hpp) builds its own tree of the same nodes with it.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "binning.hpp"
#include "pickray/query/detail/bvh_tree.hpp"

namespace pickray::detail {

/// Replaces everything `tree` held with a tree over `shapes` (index i means shapes[i]). Throws
/// std::length_error beyond 2^27 shapes.
void buildTree(BvhTree& tree, std::span<const Shape> shapes);

/// Where buildNodes() writes: the nodes, the depth (the root being 1), and per PrimRef::index the
/// node · kWidth + slot of its leaf (null: not wanted). sphereRuns: leaves of several spheres
/// (kind kSphereKind) become sphere runs (SphereLeaves::runs).
struct NodeOutput {
    LargeArray<BvhTree::Node>* nodes;
    std::size_t* depth;
    std::uint32_t* location;
    bool sphereRuns;
};

/// The 8-wide nodes over `prims` (box: their union, centroids: their centroids' bounds), or none
/// for no prims. Reorders `prims` into leaf order: a leaf holds a run of one kind, and its child
/// is the position of its first primitive among that kind's primitives in the new order.
void buildNodes(std::vector<PrimRef>& prims, const Aabb& box, const Aabb& centroids, const NodeOutput& out);

}  // namespace pickray::detail

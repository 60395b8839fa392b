// SPDX-License-Identifier: MIT
#pragma once
// The tree inside a TriangleMesh (query/mesh.hpp): the Bvh's 8-wide nodes (detail/bvh_tree.hpp),
// built and walked by the same code (engine/src/query/bvh/), over triangles instead of shapes.
// Not part of the API: TriangleMesh keeps one as a member, so it is declared here.

#include <cstddef>
#include <cstdint>

#include <glm/vec3.hpp>

#include "pickray/query/detail/bvh_tree.hpp"

namespace pickray::detail {

struct MeshTree {
    /// The nodes; a leaf slot holds up to four triangles: child is its first position in `order`.
    LargeArray<BvhTree::Node> nodes;
    /// Leaf position → triangle index: each leaf's triangles are a run of it.
    LargeArray<std::uint32_t> order;
    /// The vertices of the triangle at each leaf position, three a position: a leaf's triangles
    /// are read from one place, without going through order, indices and positions.
    LargeArray<glm::vec3> leafVertices;
    std::size_t depth = 0;
    /// Per axis, the largest |coordinate| of any vertex: rays whose (plane − origin) could overflow
    /// float take the double box test (bvh/box_test.hpp), as in BvhTree.
    float planeMagnitude[3] = {};
};

}  // namespace pickray::detail

// SPDX-License-Identifier: MIT
// Tests written for the mutants that survived scripts/mutate.sh (docs/TESTING.md, "Mutation
// check"): each names the mutant it kills.
#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include <gtest/gtest.h>
#include <glm/mat4x4.hpp>

#include "pickray/query.hpp"

namespace pickray {
namespace {

// Kills "bvh traversal: pops children entered at tMax (> flipped to >=)" (traverse.hpp). Once a
// hit at t is found the traversal keeps only children entered before or at t; a child entered at
// exactly t can still hold a tie, which goes to the smaller index. Boxes are padded outward, so a
// child is entered exactly at the current t only when that t is 0: the ray starts on the surfaces
// of several shapes and enters each of them at once. Here five shapes of five kinds (so five
// leaves, five children of the root) all take the ray from the origin along +x in at t = 0 exactly,
// which each shape's own raycast confirms; under every one of the 120 ways to number them the
// nearest hit must be the shape numbered 0, as the contract says (bvh.hpp: ties in t go to the
// smaller index), whichever leaf the traversal happens to visit first.
TEST(MutationSurvivors, NearestTieAtTheOriginGoesToTheSmallerIndexHoweverTheShapesAreNumbered) {
    const std::array<Shape, 5> kinds{
        Aabb{{0, -1, -1}, {1, 1, 1}},                            // face x = 0 through the origin
        Sphere{{1, 0, 0}, 1},                                    // its surface at the origin
        Cylinder{{0, 0, 0}, {2, 0, 0}, 1},                       // cap a at the origin
        Capsule{{1, 0, 0}, {2, 0, 0}, 1},                        // the cap sphere at a
        OrientedBox{{{0, -1, -1}, {1, 1, 1}}, glm::mat4(1.0f)},  // the Aabb's face, as an oriented box
    };
    const Ray ray{{0, 0, 0}, {1, 0, 0}};
    // The premise, from each shape's own routine: every one is entered at t = 0 exactly.
    for (const Shape& shape : kinds) {
        const auto hit = std::visit([&](const auto& s) { return raycast(ray, s); }, shape);
        ASSERT_TRUE(hit);
        ASSERT_EQ(hit->t, 0.0f);
    }
    std::array<int, 5> order{0, 1, 2, 3, 4};  // order[i]: the kind given index i
    int checked = 0;
    do {
        std::vector<Shape> shapes;
        for (const int kind : order) shapes.push_back(kinds[static_cast<std::size_t>(kind)]);
        const Bvh bvh(shapes);
        const auto nearest = bvh.nearest(ray);
        ASSERT_TRUE(nearest) << "numbering starting with kind " << order[0];
        EXPECT_EQ(nearest->index, 0u) << "numbering starting with kind " << order[0];
        EXPECT_EQ(nearest->hit.t, 0.0f);
        // The same with the limit given as 0: every child is then entered at the limit.
        const auto atZero = bvh.nearest(ray, 0.0f);
        ASSERT_TRUE(atZero);
        EXPECT_EQ(atZero->index, 0u) << "numbering starting with kind " << order[0];
        ++checked;
    } while (std::next_permutation(order.begin(), order.end()));
    EXPECT_EQ(checked, 120);
}

}  // namespace
}  // namespace pickray

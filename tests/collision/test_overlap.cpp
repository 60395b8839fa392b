// SPDX-License-Identifier: MIT
#include <random>

#include <gtest/gtest.h>

#include "pickray/collision/overlap.hpp"
#include "support/geometry_asserts.hpp"

namespace pickray {
namespace {

TEST(Overlap, SphereSphereTouchingCounts) {
    EXPECT_TRUE(overlaps(Sphere{{0, 0, 0}, 1}, Sphere{{2, 0, 0}, 1}));
    EXPECT_FALSE(overlaps(Sphere{{0, 0, 0}, 1}, Sphere{{2.001f, 0, 0}, 1}));
}

TEST(Overlap, ArticleCaseCapsulesCrossing) {
    // Article 001 colCapsuleCapsule: two capsules whose axes cross at distance 1.5.
    const Capsule a{{-2, 0, 0}, {2, 0, 0}, 1};
    EXPECT_TRUE(overlaps(a, Capsule{{0, -2, 1.5f}, {0, 2, 1.5f}, 0.5f}));
    EXPECT_FALSE(overlaps(a, Capsule{{0, -2, 1.6f}, {0, 2, 1.6f}, 0.5f}));
}

TEST(Overlap, CapsuleEndsMeet) {
    const Capsule a{{0, 0, 0}, {1, 0, 0}, 0.5f};
    EXPECT_TRUE(overlaps(a, Capsule{{2, 0, 0}, {3, 0, 0}, 0.5f}));
    EXPECT_FALSE(overlaps(a, Capsule{{2.01f, 0, 0}, {3, 0, 0}, 0.5f}));
}

TEST(Overlap, ParallelCapsules) {
    const Capsule a{{0, 0, 0}, {4, 0, 0}, 0.5f};
    EXPECT_TRUE(overlaps(a, Capsule{{1, 0.9f, 0}, {3, 0.9f, 0}, 0.5f}));
    EXPECT_FALSE(overlaps(a, Capsule{{1, 1.1f, 0}, {3, 1.1f, 0}, 0.5f}));
}

TEST(Overlap, ZeroLengthCapsuleIsASphere) {
    std::mt19937 rng(10);
    for (int i = 0; i < 1000; ++i) {
        const glm::vec3 c = test::randomIn(rng, -3, 3);
        const Sphere other{test::randomIn(rng, -3, 3), 1.0f};
        EXPECT_EQ(overlaps(Capsule{c, c, 1.2f}, other), overlaps(Sphere{c, 1.2f}, other));
    }
}

TEST(Overlap, SymmetricForEveryPair) {
    std::mt19937 rng(11);
    for (int i = 0; i < 2000; ++i) {
        const Capsule c1{test::randomIn(rng, -4, 4), test::randomIn(rng, -4, 4), 0.7f};
        const Capsule c2{test::randomIn(rng, -4, 4), test::randomIn(rng, -4, 4), 0.4f};
        const Sphere s{test::randomIn(rng, -4, 4), 0.9f};
        EXPECT_EQ(overlaps(c1, c2), overlaps(c2, c1));
        EXPECT_EQ(overlaps(s, c1), overlaps(c1, s));
    }
}

TEST(Overlap, ProximityGapIsSignedSurfaceDistance) {
    // The axes' distance (3, then 1: exact floats, as test_distance.cpp's cases derive) less both
    // radii in float: every step exact for these values, so the gaps 2 and −1 come out bit for bit.
    const auto apart = proximity(Capsule{{0, 0, 0}, {1, 0, 0}, 0.5f}, Capsule{{0, 3, 0}, {1, 3, 0}, 0.5f});
    EXPECT_EQ(apart.gap, 2.0f);
    const auto deep = proximity(Capsule{{0, 0, 0}, {1, 0, 0}, 1}, Capsule{{0, 1, 0}, {1, 1, 0}, 1});
    EXPECT_EQ(deep.gap, -1.0f);  // penetration depth
}

TEST(Overlap, InvalidRadiiNeverOverlap) {
    EXPECT_FALSE(overlaps(Sphere{{0, 0, 0}, -1}, Sphere{{0, 0, 0}, 1}));
    EXPECT_FALSE(overlaps(Capsule{{0, 0, 0}, {1, 0, 0}, NAN}, Capsule{{0, 0, 0}, {1, 0, 0}, 1}));
    EXPECT_FALSE(overlaps(Sphere{{NAN, 0, 0}, 1}, Capsule{{0, 0, 0}, {1, 0, 0}, 1}));
}

}  // namespace
}  // namespace pickray

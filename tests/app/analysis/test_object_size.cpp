// SPDX-License-Identifier: MIT
// An object's size and the Inspector's warning for one more than 1000x the others' median
// (analysis/object_size.hpp): sizes by kind worked out by hand, the median with zeros left out,
// and the edges: one object, two, degenerate ones, exactly 1000x.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "analysis/object_size.hpp"

namespace pickray::app {
namespace {

scene::Object object(Shape shape, scene::Transform placement = {}) {
    scene::Object o;  // unnamed: its name plays no part
    o.shape = std::move(shape);
    o.placement = placement;
    return o;
}

TEST(ObjectSize, EachKindsSizeIsHalfItsExtentAlongItsLongestDirection) {
    EXPECT_EQ(objectSize(object(Sphere{{5.0f, 0.0f, 0.0f}, 2.0f})), 2.0f);
    // A capsule from (0,0,0) to (0,6,8), |b - a| = 10, radius 1: 1 + 5.
    EXPECT_EQ(objectSize(object(Capsule{{0.0f, 0.0f, 0.0f}, {0.0f, 6.0f, 8.0f}, 1.0f})), 6.0f);
    // A cylinder: the larger of its radius and half its height.
    EXPECT_EQ(objectSize(object(Cylinder{{0.0f, 0.0f, 0.0f}, {0.0f, 6.0f, 8.0f}, 1.0f})), 5.0f);
    EXPECT_EQ(objectSize(object(Cylinder{{0.0f, 0.0f, 0.0f}, {0.0f, 0.0f, 2.0f}, 3.0f})), 3.0f);
    EXPECT_EQ(objectSize(object(InfiniteCylinder{{0.0f, 0.0f, 0.0f}, {0.0f, 1e6f, 0.0f}, 0.25f})), 0.25f);
    EXPECT_EQ(objectSize(object(Aabb{{-1.0f, -2.0f, -3.0f}, {1.0f, 2.0f, 5.0f}})), 4.0f);
    // An oriented box: local half extents (0.5, 1, 0.5) scaled by (4, 1, 1) and turned: 2.
    const scene::Transform placement{{10.0f, 0.0f, 0.0f}, {0.0f, 30.0f, 0.0f}, {4.0f, 1.0f, 1.0f}};
    const Aabb local{{-0.5f, -1.0f, -0.5f}, {0.5f, 1.0f, 0.5f}};
    EXPECT_NEAR(objectSize(object(scene::placedBox(local, placement), placement)), 2.0f, 2.0f * 4e-7f)
        << "the rotation's columns are unit to a few float roundings";
    // Degenerate: zero.
    EXPECT_EQ(objectSize(object(Sphere{{0.0f, 0.0f, 0.0f}, 0.0f})), 0.0f);
    EXPECT_EQ(objectSize(object(Aabb{{1.0f, 1.0f, 1.0f}, {1.0f, 1.0f, 1.0f}})), 0.0f);
    EXPECT_EQ(objectSize(object(Aabb{{1.0f, 1.0f, 1.0f}, {0.0f, 0.0f, 0.0f}})), 0.0f) << "inverted: no extent";
}

TEST(ObjectSize, TheMedianLeavesOutZerosAndNonFiniteSizes) {
    EXPECT_EQ(medianSize({3.0f, 1.0f, 2.0f}), 2.0f);
    EXPECT_EQ(medianSize({4.0f, 1.0f, 2.0f, 3.0f}), 2.5f) << "even: the mean of the two middle ones";
    EXPECT_EQ(medianSize({0.0f, 0.0f, 0.0f, 5.0f}), 5.0f);
    EXPECT_EQ(medianSize({std::numeric_limits<float>::infinity(), 1.0f}), 1.0f);
    EXPECT_FALSE(medianSize({}));
    EXPECT_FALSE(medianSize({0.0f, 0.0f}));
}

TEST(ObjectSize, MoreThan1000TimesTheOthersMedianIsOutsized) {
    // One object: no others, nothing to compare with.
    EXPECT_FALSE(outsized(1e30f, {}));
    // Two: the other is the median; more than 1000x, not 1000x exactly.
    ASSERT_TRUE(outsized(1001.0f, {1.0f}));
    EXPECT_EQ(outsized(1001.0f, {1.0f})->median, 1.0f);
    EXPECT_FALSE(outsized(1000.0f, {1.0f}));
    EXPECT_FALSE(outsized(1.0f, {1001.0f})) << "the small one is not warned about";
    // Degenerate others say nothing of the scale; a degenerate object is never outsized.
    EXPECT_FALSE(outsized(5.0f, {0.0f, 0.0f}));
    EXPECT_FALSE(outsized(3999.0f, {0.0f, 2.0f, 0.0f, 4.0f, 0.0f, 6.0f}))
        << "median 4, the zeros left out (with them it would be 1, and 3999 would be outsized)";
    EXPECT_TRUE(outsized(4001.0f, {0.0f, 2.0f, 0.0f, 4.0f, 0.0f, 6.0f})) << "4001 > 1000 x 4";
    EXPECT_FALSE(outsized(0.0f, {1.0f, 2.0f}));
}

TEST(ObjectSize, TheWarningNamesTheSizeAndTheMedianOfTheOthers) {
    scene::Scene scene;
    scene.objects = {object(Sphere{{0.0f, 0.0f, 0.0f}, 1e30f}), object(Sphere{{3.0f, 0.0f, 0.0f}, 1.0f}),
                     object(Aabb{{0.0f, 0.0f, 0.0f}, {2.0f, 2.0f, 2.0f}})};
    const auto ball = outsizedObject(scene, 0);
    ASSERT_TRUE(ball);
    EXPECT_EQ(ball->median, 1.0f);
    EXPECT_EQ(sizeWarningText(scene.objects[0], *ball),
              "Size: its radius is 1e+30, more than 1000x the median size of the other objects (1)");
    EXPECT_FALSE(outsizedObject(scene, 1)) << "the others' median is 5e29: 1 is small, not outsized";
    EXPECT_FALSE(outsizedObject(scene, 2));
    EXPECT_FALSE(outsizedObject(scene, 3)) << "no such object";
}

}  // namespace
}  // namespace pickray::app

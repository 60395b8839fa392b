// SPDX-License-Identifier: MIT
// PICKRAY_ASSERT_VALID_INPUTS: the ray queries stop at the first invalid input, saying which
// argument, where, and why (validity()). A binary of its own: the queries' inline code differs
// from every other test's with the definition on.
#define PICKRAY_ASSERT_VALID_INPUTS 1

#include <limits>

#include <gtest/gtest.h>

#include "pickray/collision.hpp"

namespace pickray {
namespace {

TEST(AssertValidInputs, ValidInputsPassAndAMissIsNotAnError) {
    EXPECT_TRUE(raycast(Ray{{0, 0, -5}, {0, 0, 1}}, Sphere{{0, 0, 0}, 1}));
    EXPECT_FALSE(raycast(Ray{{0, 5, -5}, {0, 0, 1}}, Sphere{{0, 0, 0}, 1}));
    EXPECT_TRUE(intersectLine(Ray{{0, 0, -5}, {0, 0, 1}}, Aabb{{-1, -1, -1}, {1, 1, 1}}));
}

TEST(AssertValidInputsDeathTest, TheFirstInvalidInputStopsTheProgramWithItsReason) {
    const Ray ray{{0, 0, -5}, {0, 0, 1}};
    EXPECT_DEATH((void)raycast(ray, Sphere{{0, 0, 0}, -1.0f}),
                 "pickray: invalid input to raycast.*`sphere`, radius: must be finite and >= 0");
    EXPECT_DEATH((void)raycastT(Ray{{0, 0, 0}, {0, 0, 0}}, Capsule{}), "`ray`, direction: must be finite and not zero");
    EXPECT_DEATH((void)raycast(ray, Cylinder{}, -1.0f), "`tMax`, tMax: must be >= 0");
    EXPECT_DEATH((void)intersectLine(ray, Aabb{{1, 1, 1}, {0, 0, 0}}), "`box`, max: must be >= min");
    EXPECT_DEATH((void)raycast(ray, OrientedBox{Aabb{}, glm::mat4(0.0f)}), "`box`, toWorld: must be");
    EXPECT_DEATH((void)raycastT(ray, InfiniteCylinder{{0, 0, 0}, {0, 0, 0}, 1.0f}), "`cylinder`, b: must differ");
}

}  // namespace
}  // namespace pickray

// SPDX-License-Identifier: MIT
// The library's regular names, and the old spellings kept for one release as deprecated aliases:
// InfiniteCylinder's a and b (once p1 and p2).
#include <cstddef>
#include <type_traits>

#include <gtest/gtest.h>

#include "pickray/collision.hpp"

namespace pickray {
namespace {

// ---- InfiniteCylinder: a, b ---------------------------------------------------------------------

static_assert(std::is_trivially_copyable_v<InfiniteCylinder>);
static_assert(std::is_standard_layout_v<InfiniteCylinder>);
static_assert(sizeof(InfiniteCylinder) == sizeof(Capsule), "the layout of Capsule and Cylinder: a, b, radius");
static_assert(offsetof(InfiniteCylinder, radius) == offsetof(Capsule, radius));
// The defaults, and the spellings that built one before: values, nested braces, one or two points.
constexpr InfiniteCylinder kDefault{};
static_assert(kDefault.a == glm::vec3(0.0f) && kDefault.b == glm::vec3(0, 1, 0) && kDefault.radius == 0.5f);
constexpr InfiniteCylinder kBraced{{0, 0, 5}, {0, 1, 5}, 2};
static_assert(kBraced.a == glm::vec3(0, 0, 5) && kBraced.b == glm::vec3(0, 1, 5) && kBraced.radius == 2.0f);
constexpr InfiniteCylinder kValues{glm::vec3(1), glm::vec3(2), 3.0f};
static_assert(kValues.a == glm::vec3(1) && kValues.b == glm::vec3(2));
constexpr InfiniteCylinder kTwoPoints{{1, 2, 3}, {4, 5, 6}};
static_assert(kTwoPoints.radius == 0.5f);
constexpr InfiniteCylinder kCopyListInitialised = {{1, 2, 3}, {4, 5, 6}, 1};
static_assert(kCopyListInitialised.b == glm::vec3(4, 5, 6));

TEST(Names, InfiniteCylinderNamesItsAxisPointsAAndBAsCapsuleAndCylinderDo) {
    const Ray ray{{-3, 0, 5}, {1, 0, 0}};
    InfiniteCylinder cylinder;
    cylinder.a = {0, 0, 5};
    cylinder.b = {0, 1, 5};
    cylinder.radius = 1;
    const auto hit = raycast(ray, cylinder);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 2.0f);
    EXPECT_TRUE(validity(InfiniteCylinder{{0, 1, 0}, {0, 1, 0}, 0.5f}).message() ==
                "b: must differ from a (the axis has no direction)");
}

TEST(Names, InfiniteCylinderOldNamesP1AndP2AreTheSameStorageAsAAndB) {
    InfiniteCylinder cylinder{{1, 2, 3}, {4, 5, 6}, 1};
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif
    EXPECT_EQ(cylinder.p1, glm::vec3(1, 2, 3));
    EXPECT_EQ(cylinder.p2, glm::vec3(4, 5, 6));
    cylinder.p1.x = 7;
    cylinder.p2 = {8, 9, 10};
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
    EXPECT_EQ(cylinder.a, glm::vec3(7, 2, 3));
    EXPECT_EQ(cylinder.b, glm::vec3(8, 9, 10));
}

}  // namespace
}  // namespace pickray

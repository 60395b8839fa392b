// SPDX-License-Identifier: MIT
#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "pickray/collision/ray_cylinder.hpp"
#include "support/geometry_asserts.hpp"

namespace pickray {
namespace {

using test::expectWellFormed;

// Article 002 describes the cylinder by a centre and a half-axis vector b; here a = c − b and
// b = c + b: a capped cylinder of radius 1 from y = 0 to y = 4 around (0, ·, 0).
const Cylinder kCan{{0, 0, 0}, {0, 4, 0}, 1};

TEST(RayCylinder, SideHit) {
    const Ray ray{{-5, 2, 0}, {1, 0, 0}};
    const auto hit = raycast(ray, kCan);
    ASSERT_TRUE(hit);
    EXPECT_FLOAT_EQ(hit->t, 4.0f);
    EXPECT_VEC_NEAR(hit->normal, glm::vec3(-1, 0, 0), 1e-6f);
    expectWellFormed(ray, *hit);
}

TEST(RayCylinder, CapHitFromAbove) {
    const Ray ray{{0.3f, 10, 0.2f}, {0, -1, 0}};
    const auto hit = raycast(ray, kCan);
    ASSERT_TRUE(hit);
    EXPECT_FLOAT_EQ(hit->t, 6.0f);
    EXPECT_VEC_NEAR(hit->normal, glm::vec3(0, 1, 0), 1e-6f);
}

TEST(RayCylinder, CapHitFromBelowSlanted) {
    const Ray ray{{0, -2, 0}, {0.1f, 1, 0}};
    const auto hit = raycast(ray, kCan);
    ASSERT_TRUE(hit);
    EXPECT_FLOAT_EQ(hit->t, 2.0f);
    EXPECT_VEC_NEAR(hit->normal, glm::vec3(0, -1, 0), 1e-6f);
}

TEST(RayCylinder, ParallelToTheAxisInsideHitsTheCaps) {
    // The infinite-cylinder quadratic degenerates (A == 0); the caps must still be hit.
    const Ray ray{{0.5f, -3, 0}, {0, 1, 0}};
    const auto span = intersectLine(ray, kCan);
    ASSERT_TRUE(span);
    EXPECT_FLOAT_EQ(span->enter, 3.0f);
    EXPECT_FLOAT_EQ(span->exit, 7.0f);
    const auto hit = raycast(ray, kCan);
    ASSERT_TRUE(hit);
    EXPECT_VEC_NEAR(hit->normal, glm::vec3(0, -1, 0), 1e-6f);
}

TEST(RayCylinder, ParallelToTheAxisOnTheAxisFromInside) {
    const auto hit = raycast(Ray{{0, 1, 0}, {0, 1, 0}}, kCan);
    ASSERT_TRUE(hit);
    EXPECT_FLOAT_EQ(hit->t, 3.0f);
    EXPECT_VEC_NEAR(hit->normal, glm::vec3(0, 1, 0), 1e-6f);
}

TEST(RayCylinder, ParallelToTheAxisOutsideMisses) { EXPECT_FALSE(raycast(Ray{{1.01f, -3, 0}, {0, 1, 0}}, kCan)); }

TEST(RayCylinder, PerpendicularToTheAxisBetweenCapsOrNot) {
    EXPECT_TRUE(raycast(Ray{{-5, 3.99f, 0}, {1, 0, 0}}, kCan));
    EXPECT_FALSE(raycast(Ray{{-5, 4.01f, 0}, {1, 0, 0}}, kCan));  // above the top cap plane
    EXPECT_FALSE(raycast(Ray{{-5, -0.01f, 0}, {1, 0, 0}}, kCan));
}

TEST(RayCylinder, PassingOverTheCapMisses) {
    // Crosses the infinite side but only above the top cap.
    EXPECT_FALSE(raycast(Ray{{-5, 4.5f, 0}, {1, 0.01f, 0}}, kCan));
}

TEST(RayCylinder, SeamRimIsHitAndCapNormalWinsTheTie) {
    // Aimed exactly at the rim point (1, 4, 0) at 45°: both the side and the top cap are entered
    // there. No gap at the seam.
    const Ray ray{{3, 6, 0}, {-1, -1, 0}};
    const auto hit = raycast(ray, kCan);
    ASSERT_TRUE(hit);
    EXPECT_FLOAT_EQ(hit->t, 2.0f);
    EXPECT_VEC_NEAR(hit->point, glm::vec3(1, 4, 0), 1e-6f);
    EXPECT_VEC_NEAR(hit->normal, glm::vec3(0, 1, 0), 1e-6f);
}

TEST(RayCylinder, SeamRaysJustEitherSideAreHitOnTheRightSurface) {
    // Grazing the rim, a hair below: side normal; a hair inside the top: cap normal.
    const auto side = raycast(Ray{{-5, 3.9999f, 0}, {1, 0, 0}}, kCan);
    ASSERT_TRUE(side);
    EXPECT_VEC_NEAR(side->normal, glm::vec3(-1, 0, 0), 1e-6f);
    const auto cap = raycast(Ray{{-0.9999f, 6, 0}, {0, -1, 0}}, kCan);
    ASSERT_TRUE(cap);
    EXPECT_VEC_NEAR(cap->normal, glm::vec3(0, 1, 0), 1e-6f);
}

TEST(RayCylinder, StartInsideGetsTheExit) {
    const auto hit = raycast(Ray{{0, 2, 0}, {0, 0, 2}}, kCan);
    ASSERT_TRUE(hit);
    EXPECT_FLOAT_EQ(hit->t, 0.5f);
    EXPECT_VEC_NEAR(hit->normal, glm::vec3(0, 0, 1), 1e-6f);
}

TEST(RayCylinder, BehindTheOriginIsNotHit) {
    const Ray ray{{5, 2, 0}, {1, 0, 0}};
    EXPECT_FALSE(raycast(ray, kCan));
    const auto span = intersectLine(ray, kCan);
    ASSERT_TRUE(span);
    EXPECT_FLOAT_EQ(span->enter, -6.0f);
    EXPECT_FLOAT_EQ(span->exit, -4.0f);
}

TEST(RayCylinder, DegenerateCylindersAreEmpty) {
    const Ray ray{{0, -5, 0}, {0, 1, 0}};
    EXPECT_FALSE(raycast(ray, Cylinder{{0, 1, 0}, {0, 1, 0}, 1}));  // no height
    EXPECT_FALSE(raycast(ray, Cylinder{{0, 0, 0}, {0, 4, 0}, 0}));  // no radius
    EXPECT_FALSE(intersectLine(ray, Cylinder{{0, 1, 0}, {0, 1, 0}, 1}));
}

TEST(RayCylinder, RandomHitsLieOnTheSurface) {
    std::mt19937 rng(4);
    int caps = 0, sides = 0;
    for (int i = 0; i < 3000; ++i) {
        const Cylinder cyl{test::randomIn(rng, -5, 5), test::randomIn(rng, -5, 5), 1.5f};
        const Ray ray = test::aimedRay(rng, 0.5f * (cyl.a + cyl.b), 10, 3);
        const auto hit = raycast(ray, cyl);
        if (!hit) continue;
        expectWellFormed(ray, *hit);
        const glm::vec3 axis = glm::normalize(cyl.b - cyl.a);
        const glm::vec3 rel = hit->point - cyl.a;
        const float along = glm::dot(rel, axis);
        const float radial = glm::length(rel - along * axis);
        const float height = glm::distance(cyl.a, cyl.b);
        // On the surface: on the side (radial == r, 0 <= along <= h) or on a cap (along 0 or h).
        const bool onSide = std::abs(radial - cyl.radius) < 1e-4f && along > -1e-4f && along < height + 1e-4f;
        const bool onCap = (std::abs(along) < 1e-4f || std::abs(along - height) < 1e-4f) && radial < cyl.radius + 1e-4f;
        EXPECT_TRUE(onSide || onCap) << "radial " << radial << " along " << along;
        if (std::abs(glm::dot(hit->normal, axis)) > 0.5f) ++caps;
        else ++sides;
    }
    EXPECT_GT(caps, 200);
    EXPECT_GT(sides, 200);
}

}  // namespace
}  // namespace pickray

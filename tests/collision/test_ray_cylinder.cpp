// SPDX-License-Identifier: MIT
#include <algorithm>
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

// The tolerances of the single cases below. raycast works in double from the float inputs and
// rounds each answer to float once (pickray/collision/ray.hpp). For these inputs double's error is
// orders of magnitude below half a float step, and every exact answer here is itself a float (t = 4,
// the point (1, 4, 0), the normal (-1, 0, 0)), so it comes out bit for bit: EXPECT_EQ, or a distance
// of 0. Measured: every answer equal to its expected value.

TEST(RayCylinder, SideHit) {
    const Ray ray{{-5, 2, 0}, {1, 0, 0}};
    const auto hit = raycast(ray, kCan);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 4.0f);
    EXPECT_VEC_NEAR(hit->normal, glm::vec3(-1, 0, 0), 0.0f);
    expectWellFormed(ray, *hit);
}

TEST(RayCylinder, CapHitFromAbove) {
    const Ray ray{{0.3f, 10, 0.2f}, {0, -1, 0}};
    const auto hit = raycast(ray, kCan);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 6.0f);
    EXPECT_VEC_NEAR(hit->normal, glm::vec3(0, 1, 0), 0.0f);
}

TEST(RayCylinder, CapHitFromBelowSlanted) {
    const Ray ray{{0, -2, 0}, {0.1f, 1, 0}};
    const auto hit = raycast(ray, kCan);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 2.0f);
    EXPECT_VEC_NEAR(hit->normal, glm::vec3(0, -1, 0), 0.0f);
}

TEST(RayCylinder, ParallelToTheAxisInsideHitsTheCaps) {
    // The infinite-cylinder quadratic degenerates (A == 0); the caps must still be hit.
    const Ray ray{{0.5f, -3, 0}, {0, 1, 0}};
    const auto span = intersectLine(ray, kCan);
    ASSERT_TRUE(span);
    EXPECT_EQ(span->enter, 3.0f);
    EXPECT_EQ(span->exit, 7.0f);
    const auto hit = raycast(ray, kCan);
    ASSERT_TRUE(hit);
    EXPECT_VEC_NEAR(hit->normal, glm::vec3(0, -1, 0), 0.0f);
}

TEST(RayCylinder, ParallelToTheAxisOnTheAxisFromInside) {
    const auto hit = raycast(Ray{{0, 1, 0}, {0, 1, 0}}, kCan);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 3.0f);
    EXPECT_VEC_NEAR(hit->normal, glm::vec3(0, 1, 0), 0.0f);
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
    EXPECT_EQ(hit->t, 2.0f);
    EXPECT_VEC_NEAR(hit->point, glm::vec3(1, 4, 0), 0.0f);
    EXPECT_VEC_NEAR(hit->normal, glm::vec3(0, 1, 0), 0.0f);
}

TEST(RayCylinder, SeamRaysJustEitherSideAreHitOnTheRightSurface) {
    // Grazing the rim, a hair below: side normal; a hair inside the top: cap normal.
    const auto side = raycast(Ray{{-5, 3.9999f, 0}, {1, 0, 0}}, kCan);
    ASSERT_TRUE(side);
    EXPECT_VEC_NEAR(side->normal, glm::vec3(-1, 0, 0), 0.0f);
    const auto cap = raycast(Ray{{-0.9999f, 6, 0}, {0, -1, 0}}, kCan);
    ASSERT_TRUE(cap);
    EXPECT_VEC_NEAR(cap->normal, glm::vec3(0, 1, 0), 0.0f);
}

TEST(RayCylinder, StartInsideGetsTheExit) {
    const auto hit = raycast(Ray{{0, 2, 0}, {0, 0, 2}}, kCan);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 0.5f);
    EXPECT_VEC_NEAR(hit->normal, glm::vec3(0, 0, 1), 0.0f);
}

TEST(RayCylinder, BehindTheOriginIsNotHit) {
    const Ray ray{{5, 2, 0}, {1, 0, 0}};
    EXPECT_FALSE(raycast(ray, kCan));
    const auto span = intersectLine(ray, kCan);
    ASSERT_TRUE(span);
    EXPECT_EQ(span->enter, -6.0f);
    EXPECT_EQ(span->exit, -4.0f);
}

TEST(RayCylinder, DegenerateCylindersAreEmpty) {
    const Ray ray{{0, -5, 0}, {0, 1, 0}};
    EXPECT_FALSE(raycast(ray, Cylinder{{0, 1, 0}, {0, 1, 0}, 1}));  // no height
    EXPECT_FALSE(raycast(ray, Cylinder{{0, 0, 0}, {0, 4, 0}, 0}));  // no radius
    EXPECT_FALSE(intersectLine(ray, Cylinder{{0, 1, 0}, {0, 1, 0}, 1}));
}

TEST(RayCylinder, RandomHitsLieOnTheSurface) {
    std::mt19937 rng(4);
    test::WorstRatio onSurface("cylinder hit points off the surface");
    int caps = 0, sides = 0;
    for (int i = 0; i < 3000; ++i) {
        const Cylinder cyl{test::randomIn(rng, -5, 5), test::randomIn(rng, -5, 5), 1.5f};
        const Ray ray = test::aimedRay(rng, 0.5f * (cyl.a + cyl.b), 10, 3);
        const auto hit = raycast(ray, cyl);
        if (!hit) continue;
        expectWellFormed(ray, *hit);
        // In double from the float point: on the surface up to the library's rounding of the point
        // (test::pointRounding); allowed twice that. On the side (radial == r, 0 <= along <= h) or on
        // a cap (along 0 or h, radial <= r); the distance to the nearer of them is judged.
        const glm::dvec3 a(cyl.a), axis = glm::normalize(glm::dvec3(cyl.b) - a), rel = glm::dvec3(hit->point) - a;
        const double along = glm::dot(rel, axis), radial = glm::length(rel - along * axis);
        const double height = glm::distance(a, glm::dvec3(cyl.b)), r = cyl.radius;
        const double offSide = std::max({std::abs(radial - r), -along, along - height});
        const double offCap = std::max(std::min(std::abs(along), std::abs(along - height)), radial - r);
        onSurface.expectWithin(std::min(offSide, offCap), 2 * test::pointRounding(*hit));
        if (std::abs(glm::dot(glm::dvec3(hit->normal), axis)) > 0.5) ++caps;
        else ++sides;
    }
    EXPECT_GT(caps, 200);
    EXPECT_GT(sides, 200);
}

}  // namespace
}  // namespace pickray

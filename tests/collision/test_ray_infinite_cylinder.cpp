// SPDX-License-Identifier: MIT
#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "pickray/collision/ray_infinite_cylinder.hpp"
#include "support/geometry_asserts.hpp"

namespace pickray {
namespace {

using test::expectWellFormed;

// Axis along y through (0, 0, 5); a, b only give the axis, they are not ends.
const InfiniteCylinder kPole{{0, -1, 5}, {0, 3, 5}, 1};

// The tolerances of the single cases below. raycast and intersectLine work in double from the float
// inputs and round each answer to float once (pickray/collision/ray.hpp). For these inputs double's
// error is orders of magnitude below half a float step, so an exact answer that is itself a float
// (t = 4, the point (0, 96, 4), the normal (0, 0, -1)) comes out bit for bit: EXPECT_EQ, or a
// distance of 0. Where the exact answer is not a float, the expected value is that exact value
// worked out in long double from the same float inputs and rounded to float: the answer is within
// half a float step of the exact value and so is the expected one, so they are at most one float
// step apart (floatStep). Measured: every answer equal to its expected value.

/// One float step at x: the gap from |x| to the next float up.
float floatStep(float x) { return std::nextafter(std::abs(x), INFINITY) - std::abs(x); }

TEST(RayInfiniteCylinder, ArticleCaseBothPenetrationPoints) {
    // Article 000: the line through L along V crosses the cylinder at Q1 and Q2.
    const Ray ray{{-3, 7, 5}, {1, 0, 0}};
    const auto span = intersectLine(ray, kPole);
    ASSERT_TRUE(span);
    EXPECT_EQ(span->enter, 2.0f);
    EXPECT_EQ(span->exit, 4.0f);
    // pointAt forms origin + t·direction in float: exact for these small integers.
    EXPECT_VEC_NEAR(pointAt(ray, span->enter), glm::vec3(-1, 7, 5), 0.0f);
    EXPECT_VEC_NEAR(pointAt(ray, span->exit), glm::vec3(1, 7, 5), 0.0f);
}

TEST(RayInfiniteCylinder, ObliqueHitNormalIsRadial) {
    const Ray ray{{0, 100, 0}, {0, -1, 1}};  // slanted: the y component must not tilt the normal
    const auto hit = raycast(ray, kPole);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 4.0f);
    EXPECT_VEC_NEAR(hit->point, glm::vec3(0, 96, 4), 0.0f);
    EXPECT_VEC_NEAR(hit->normal, glm::vec3(0, 0, -1), 0.0f);
    expectWellFormed(ray, *hit);
}

TEST(RayInfiniteCylinder, ParallelInsideSpansTheWholeLine) {
    // The article returns "no collision" when A == 0; the line does lie inside, unbounded.
    const Ray ray{{0.5f, 0, 5}, {0, 2, 0}};
    const auto span = intersectLine(ray, kPole);
    ASSERT_TRUE(span);
    EXPECT_EQ(span->enter, -INFINITY);
    EXPECT_EQ(span->exit, INFINITY);
    EXPECT_FALSE(raycast(ray, kPole));  // it never crosses the surface
}

TEST(RayInfiniteCylinder, ParallelOutsideMisses) {
    const Ray ray{{1.5f, 0, 5}, {0, -1, 0}};
    EXPECT_FALSE(intersectLine(ray, kPole));
    EXPECT_FALSE(raycast(ray, kPole));
}

TEST(RayInfiniteCylinder, AlmostParallelWithinToleranceCountsAsParallel) {
    // Tilted by 1e-7 rad, under tolerance::kAxisParallelSine: the exit would be 1e7 radii away.
    const Ray ray{{0.2f, 0, 5}, {1e-7f, 1, 0}};
    const auto span = intersectLine(ray, kPole);
    ASSERT_TRUE(span);
    EXPECT_EQ(span->exit, INFINITY);
}

TEST(RayInfiniteCylinder, SlightTiltAboveToleranceLeavesTheCylinder) {
    // Leaves the side at x = 1, i.e. t = 1 / 1e-3f: not 1000, as the float 1e-3f is 1.0000000475e-3,
    // but 999.9999525, nearer the float below 1000 (a step there is 6.1e-5).
    const Ray ray{{0, 0, 5}, {1e-3f, 1, 0}};
    const auto hit = raycast(ray, kPole);
    ASSERT_TRUE(hit);
    const float t = static_cast<float>(1.0L / 1e-3f);
    EXPECT_NEAR(hit->t, t, floatStep(t));
    EXPECT_VEC_NEAR(hit->normal, glm::vec3(1, 0, 0), 0.0f);
}

TEST(RayInfiniteCylinder, StartInsideGetsTheExit) {
    const Ray ray{{0, 0, 5}, {0, 0, -1}};
    const auto hit = raycast(ray, kPole);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 1.0f);
    EXPECT_VEC_NEAR(hit->normal, glm::vec3(0, 0, -1), 0.0f);
}

TEST(RayInfiniteCylinder, BehindTheOriginIsNotHit) { EXPECT_FALSE(raycast(Ray{{0, 0, 10}, {0, 0, 1}}, kPole)); }

TEST(RayInfiniteCylinder, CoincidentAxisPointsAreInvalid) {
    EXPECT_FALSE(raycast(Ray{{-3, 0, 5}, {1, 0, 0}}, InfiniteCylinder{{0, 0, 5}, {0, 0, 5}, 1}));
    EXPECT_FALSE(intersectLine(Ray{{-3, 0, 5}, {1, 0, 0}}, InfiniteCylinder{{0, 0, 5}, {0, 0, 5}, 1}));
}

TEST(RayInfiniteCylinder, RandomHitsLieOnTheSurface) {
    std::mt19937 rng(3);
    test::WorstRatio onSurface("infinite cylinder hit points off the surface"), normals("infinite cylinder normals");
    int hits = 0;
    for (int i = 0; i < 2000; ++i) {
        const InfiniteCylinder cylinder{test::randomIn(rng, -20, 20), test::randomIn(rng, -20, 20), 2.5f};
        const Ray ray = test::aimedRay(rng, cylinder.a, 10, 4);
        const auto hit = raycast(ray, cylinder);
        if (!hit) continue;
        ++hits;
        expectWellFormed(ray, *hit);
        // In double from the float point: only the library's rounding of the point is left
        // (test::pointRounding), which moves it off the surface by as much and tilts the normal by
        // that over the radius, besides the normal's own rounding (2^-24 a component). Allowed:
        // twice those.
        const glm::dvec3 axis = glm::normalize(glm::dvec3(cylinder.b) - glm::dvec3(cylinder.a));
        const glm::dvec3 rel = glm::dvec3(hit->point) - glm::dvec3(cylinder.a);
        const glm::dvec3 radial = rel - glm::dot(rel, axis) * axis;
        const double rounding = test::pointRounding(*hit);
        onSurface.expectWithin(std::abs(glm::length(radial) - double{cylinder.radius}), 2 * rounding);
        normals.expectWithin(glm::distance(glm::dvec3(hit->normal), glm::normalize(radial)),
                             2 * (rounding / double{cylinder.radius} + std::sqrt(3.0) * 0x1p-24));
    }
    EXPECT_GT(hits, 1000);
}

}  // namespace
}  // namespace pickray

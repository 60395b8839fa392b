// SPDX-License-Identifier: MIT
#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "pickray/collision/ray_sphere.hpp"
#include "support/geometry_asserts.hpp"

namespace pickray {
namespace {

using test::expectWellFormed;

const Sphere kUnitAtFive{{0, 0, 5}, 1};

// The tolerances of the single cases below. raycast works in double from the float inputs and
// rounds each answer to float once (pickray/collision/ray.hpp). For these inputs double's error is
// orders of magnitude below half a float step, so an exact answer that is itself a float (t = 4,
// the point (0, 0, 4), the normal (0, 0, -1)) comes out bit for bit: EXPECT_EQ, or a distance of 0.
// Where the exact answer is not a float, the expected value is that exact value worked out in long
// double from the same float inputs and rounded to float: the answer is within half a float step of
// the exact value and so is the expected one, so they are at most one float step apart (floatStep).
// Measured: every answer equal to its expected value.

/// One float step at x: the gap from |x| to the next float up.
float floatStep(float x) { return std::nextafter(std::abs(x), INFINITY) - std::abs(x); }

TEST(RaySphere, ArticleCaseFrontHit) {
    // Article 004: a ray from the eye towards a bounding sphere hits its near side.
    const Ray ray{{0, 0, 0}, {0, 0, 1}};
    const auto hit = raycast(ray, kUnitAtFive);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 4.0f);
    EXPECT_VEC_NEAR(hit->point, glm::vec3(0, 0, 4), 0.0f);
    EXPECT_VEC_NEAR(hit->normal, glm::vec3(0, 0, -1), 0.0f);
    expectWellFormed(ray, *hit);
}

TEST(RaySphere, Miss) { EXPECT_FALSE(raycast(Ray{{0, 2, 0}, {0, 0, 1}}, kUnitAtFive)); }

TEST(RaySphere, SphereBehindTheOriginIsNotHit) {
    // Article 004 notes a negative t means "behind the start": the ray query drops it...
    const Ray ray{{0, 0, 10}, {0, 0, 1}};
    EXPECT_FALSE(raycast(ray, kUnitAtFive));
    // ...while the line query reports both crossings with their negative parameters.
    const auto span = intersectLine(ray, kUnitAtFive);
    ASSERT_TRUE(span);
    EXPECT_EQ(span->enter, -6.0f);
    EXPECT_EQ(span->exit, -4.0f);
}

TEST(RaySphere, StartInsideGetsTheExit) {
    const Ray ray{{0, 0, 5}, {1, 0, 0}};
    const auto hit = raycast(ray, kUnitAtFive);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 1.0f);
    EXPECT_VEC_NEAR(hit->normal, glm::vec3(1, 0, 0), 0.0f);  // outward at the exit
    expectWellFormed(ray, *hit);
}

TEST(RaySphere, StartOnTheSurfaceGoingInIsTZero) {
    const auto hit = raycast(Ray{{0, 0, 4}, {0, 0, 1}}, kUnitAtFive);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 0.0f);
}

TEST(RaySphere, TMaxCutsTheRay) {
    const Ray ray{{0, 0, 0}, {0, 0, 1}};
    EXPECT_FALSE(raycast(ray, kUnitAtFive, 3.99f));
    ASSERT_TRUE(raycast(ray, kUnitAtFive, 4.0f));  // inclusive
    EXPECT_FALSE(raycast(ray, kUnitAtFive, -1.0f));
    EXPECT_FALSE(raycast(ray, kUnitAtFive, NAN));
}

TEST(RaySphere, NonUnitDirectionScalesT) {
    const auto hit = raycast(Ray{{0, 0, 0}, {0, 0, 8}}, kUnitAtFive);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 0.5f);  // t in units of the direction
    EXPECT_VEC_NEAR(hit->point, glm::vec3(0, 0, 4), 0.0f);
}

TEST(RaySphere, TangentTouches) {
    const auto span = intersectLine(Ray{{1, 0, 0}, {0, 0, 1}}, kUnitAtFive);
    ASSERT_TRUE(span);
    EXPECT_EQ(span->enter, 5.0f);
    EXPECT_EQ(span->exit, 5.0f);
}

TEST(RaySphere, ZeroRadiusIsAPoint) {
    const Sphere point{{0, 0, 5}, 0};
    const auto hit = raycast(Ray{{0, 0, 0}, {0, 0, 1}}, point);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 5.0f);
    EXPECT_VEC_NEAR(hit->normal, glm::vec3(0, 0, -1), 0.0f);  // faces the ray
    EXPECT_FALSE(raycast(Ray{{0, 0.001f, 0}, {0, 0, 1}}, point));
}

TEST(RaySphere, FarAwayRayKeepsPrecision) {
    // A unit sphere 1e6 units down the ray: the hit is still exact to float rounding.
    const Sphere far{{0, 0.5f, 1e6f}, 1};
    const auto hit = raycast(Ray{{0, 0, 0}, {0, 0, 1}}, far);
    ASSERT_TRUE(hit);
    // Exactly: t = 1e6 - sqrt(1 - 0.5²) and the normal (0, -0.5, -sqrt(0.75)), neither a float.
    const float t = static_cast<float>(1e6L - std::sqrt(0.75L));
    EXPECT_NEAR(hit->t, t, floatStep(t));
    const float z = static_cast<float>(-std::sqrt(0.75L));
    EXPECT_VEC_NEAR(hit->normal, glm::vec3(0, -0.5f, z), floatStep(z));
}

TEST(RaySphere, RandomHitsLieOnTheSurface) {
    std::mt19937 rng(1);
    test::WorstRatio onSurface("sphere hit points off the surface"), normals("sphere normals");
    int hits = 0;
    for (int i = 0; i < 2000; ++i) {
        const Sphere sphere{test::randomIn(rng, -50, 50), std::uniform_real_distribution<float>(0.1f, 5)(rng)};
        const Ray ray = test::aimedRay(rng, sphere.center, 20, 6);
        const auto hit = raycast(ray, sphere);
        if (!hit) continue;
        ++hits;
        expectWellFormed(ray, *hit);
        // Worked out in double from the float point: only the library's rounding of the point is
        // left (test::pointRounding), which moves it off the surface by as much and tilts the
        // normal by that over the radius, besides the normal's own rounding (2^-24 a component).
        // Allowed: twice those.
        const double rounding = test::pointRounding(*hit);
        const glm::dvec3 fromCentre = glm::dvec3(hit->point) - glm::dvec3(sphere.center);
        onSurface.expectWithin(std::abs(glm::length(fromCentre) - double{sphere.radius}), 2 * rounding);
        normals.expectWithin(glm::distance(glm::dvec3(hit->normal), glm::normalize(fromCentre)),
                             2 * (rounding / double{sphere.radius} + std::sqrt(3.0) * 0x1p-24));
    }
    EXPECT_GT(hits, 300);
}

TEST(RaySphere, TranslationInvariant) {
    std::mt19937 rng(2);
    test::WorstRatio shifts("sphere hit t after a shift of up to 100");
    int hits = 0;
    for (int i = 0; i < 500; ++i) {
        const Sphere sphere{test::randomIn(rng, -5, 5), 2};
        const Ray ray = test::aimedRay(rng, sphere.center, 10, 3);  // within 3 of the centre: most hit
        const glm::vec3 shift = test::randomIn(rng, -100, 100);
        const auto a = raycast(ray, sphere);
        const auto b = raycast(Ray{ray.origin + shift, ray.direction}, Sphere{sphere.center + shift, 2});
        ASSERT_EQ(a.has_value(), b.has_value());
        if (a) {
            ++hits;
            // The shift is exact in neither copy: origin + shift and centre + shift are rounded, which
            // moves the geometry by up to √3·2^-24·(|origin + shift| + |centre + shift|), and t by that
            // over |direction|·cos(incidence); each t is rounded too. Allowed: twice that.
            const double moved =
                std::sqrt(3.0) * 0x1p-24 *
                (glm::length(glm::dvec3(ray.origin + shift)) + glm::length(glm::dvec3(sphere.center + shift)));
            const double cosine = std::abs(glm::dot(glm::normalize(glm::dvec3(ray.direction)), glm::dvec3(a->normal)));
            const double bound = moved / (glm::length(glm::dvec3(ray.direction)) * cosine) +
                                 0x1p-24 * (std::abs(double{a->t}) + std::abs(double{b->t}));
            shifts.expectWithin(std::abs(double{a->t} - double{b->t}), 2 * bound);
        }
    }
    EXPECT_GT(hits, 50);
}

}  // namespace
}  // namespace pickray

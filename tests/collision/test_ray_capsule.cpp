// SPDX-License-Identifier: MIT
#include <algorithm>
#include <cmath>
#include <random>
#include <utility>

#include <gtest/gtest.h>

#include "pickray/collision/distance.hpp"
#include "pickray/collision/ray_capsule.hpp"
#include "pickray/collision/ray_sphere.hpp"
#include "support/geometry_asserts.hpp"

namespace pickray {
namespace {

using test::expectWellFormed;

const Capsule kPill{{0, 0, 0}, {0, 4, 0}, 1};

// The tolerances of the single cases below. raycast works in double from the float inputs and
// rounds each answer to float once (pickray/collision/ray.hpp). For these inputs double's error is
// orders of magnitude below half a float step, so an exact answer that is itself a float (t = 4,
// the normal (-1, 0, 0)) comes out bit for bit: EXPECT_EQ, or a distance of 0. Where the exact
// answer is not a float, the expected value is that exact value worked out in long double from the
// same float inputs and rounded to float: the answer is within half a float step of the exact
// value and so is the expected one, so they are at most one float step apart (floatStep).
// Measured: every answer equal to its expected value.

/// One float step at x: the gap from |x| to the next float up.
float floatStep(float x) { return std::nextafter(std::abs(x), INFINITY) - std::abs(x); }

TEST(RayCapsule, SideHit) {
    const auto hit = raycast(Ray{{-5, 2, 0}, {1, 0, 0}}, kPill);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 4.0f);
    EXPECT_VEC_NEAR(hit->normal, glm::vec3(-1, 0, 0), 0.0f);
}

TEST(RayCapsule, HemisphereHitAlongTheAxis) {
    // Parallel to the axis: the side never crosses, the hemisphere tip is hit at y = 5.
    // (bx returns the far cap here, t = 5.5 instead of 3.5 in its own test case.)
    const Ray ray{{0, 10, 0}, {0, -1, 0}};
    const auto hit = raycast(ray, kPill);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 5.0f);
    EXPECT_VEC_NEAR(hit->normal, glm::vec3(0, 1, 0), 0.0f);
    const auto span = intersectLine(ray, kPill);
    ASSERT_TRUE(span);
    EXPECT_EQ(span->enter, 5.0f);
    EXPECT_EQ(span->exit, 11.0f);
}

TEST(RayCapsule, ParallelOffAxisHitsTheHemisphereNotThePlane) {
    const Ray ray{{0.6f, -5, 0}, {0, 1, 0}};
    const auto hit = raycast(ray, kPill);
    ASSERT_TRUE(hit);
    // Exactly, from the float 0.6f (not the decimal 0.6): the hemisphere at y = −h, h = sqrt(1 − 0.6f²),
    // so t = 5 − h and the normal (0.6f, −h, 0). h = 0.79999998211860601 lies 5.6e-16 below the
    // midpoint between the floats either side of it, a few double roundings: the routine's normal
    // may round to either (the decimal −0.8f is the upper one; measured: the lower, as h does).
    const long double h = std::sqrt(1.0L - static_cast<long double>(0.6f) * 0.6f);
    const float t = static_cast<float>(5.0L - h);
    EXPECT_NEAR(hit->t, t, floatStep(t));
    EXPECT_VEC_NEAR(hit->normal, glm::vec3(0.6f, static_cast<float>(-h), 0), floatStep(0.8f));
}

TEST(RayCapsule, SeamCircleIsHitWithContinuousNormal) {
    // Aimed at the circle where the side meets the top hemisphere, at (1, 4, 0).
    const Ray ray{{-5, 4, 0}, {1, 0, 0}};
    const auto hit = raycast(ray, kPill);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 4.0f);
    EXPECT_VEC_NEAR(hit->normal, glm::vec3(-1, 0, 0), 0.0f);
    // And a hair either side of the seam: normals stay continuous. Below it the side's normal,
    // exactly; above it the hemisphere's at a height e = 4.001f − 4 over the seam,
    // (−sqrt(1 − e²), e, 0): the normal turns by e across the seam, no more.
    const auto above = raycast(Ray{{-5, 4.001f, 0}, {1, 0, 0}}, kPill);
    const auto below = raycast(Ray{{-5, 3.999f, 0}, {1, 0, 0}}, kPill);
    ASSERT_TRUE(above && below);
    EXPECT_VEC_NEAR(below->normal, glm::vec3(-1, 0, 0), 0.0f);
    const long double e = static_cast<long double>(4.001f) - 4;
    const glm::vec3 aboveNormal(static_cast<float>(-std::sqrt(1 - e * e)), static_cast<float>(e), 0);
    EXPECT_VEC_NEAR(above->normal, aboveNormal, floatStep(aboveNormal.x));
}

/// Where the line o + t·d meets the sphere (centre c, radius r), solved independently of the
/// routine (the plain quadratic in long double): the two roots, smaller first.
std::pair<long double, long double> sphereRoots(glm::vec3 o, glm::vec3 d, glm::vec3 c, float r) {
    const long double px = o.x - c.x, py = o.y - c.y, pz = o.z - c.z;
    const long double a =
        static_cast<long double>(d.x) * d.x + static_cast<long double>(d.y) * d.y + static_cast<long double>(d.z) * d.z;
    const long double b = px * d.x + py * d.y + pz * d.z;
    const long double c0 = px * px + py * py + pz * pz - static_cast<long double>(r) * r;
    const long double root = std::sqrt(b * b - a * c0);
    return {(-b - root) / a, (-b + root) / a};
}

TEST(RayCapsule, ALineCutByBothCapPlanesEntersAndLeavesThroughTheCapSpheres) {
    // Steep through the capsule, inside the radius all the way between the planes: the cylinder
    // piece ends at both planes, and the spheres at a and b widen it on both sides.
    const Ray ray{{-0.6f, -3, 0}, {0.1f, 1, 0}};
    const auto span = intersectLine(ray, kPill);
    ASSERT_TRUE(span);
    const auto [enterA, exitA] = sphereRoots(ray.origin, ray.direction, kPill.a, kPill.radius);
    const auto [enterB, exitB] = sphereRoots(ray.origin, ray.direction, kPill.b, kPill.radius);
    EXPECT_NEAR(span->enter, static_cast<float>(enterA), floatStep(static_cast<float>(enterA)));
    EXPECT_NEAR(span->exit, static_cast<float>(exitB), floatStep(static_cast<float>(exitB)));
    EXPECT_LT(span->enter, 3.0f) << "before the plane through a, at t = 3";
    EXPECT_GT(span->exit, 7.0f) << "beyond the plane through b, at t = 7";
}

TEST(RayCapsule, ALineBeyondACapPlaneHitsOnlyThatCapSphere) {
    // Across the axis at y = 4.5, beyond the plane through b: the line's span in the infinite
    // cylinder lies wholly outside the slab (no cylinder piece), but the sphere at b is crossed.
    const Ray ray{{-5, 4.5f, 0}, {1, 0, 0}};
    const auto hit = raycast(ray, kPill);
    ASSERT_TRUE(hit);
    const auto [enterB, exitB] = sphereRoots(ray.origin, ray.direction, kPill.b, kPill.radius);
    EXPECT_NEAR(hit->t, static_cast<float>(enterB), floatStep(static_cast<float>(enterB)));
    // Exactly (−sqrt(1 − 0.5²), 0.5, 0): the hit point relative to b, over the radius 1.
    const float x = static_cast<float>(-std::sqrt(0.75L));
    EXPECT_VEC_NEAR(hit->normal, glm::vec3(x, 0.5f, 0), floatStep(x));
    EXPECT_FALSE(raycast(Ray{{-5, 5.5f, 0}, {1, 0, 0}}, kPill)) << "beyond the sphere at b too";
}

TEST(RayCapsule, LinesThatMissTheInfiniteCylinderMiss) {
    EXPECT_FALSE(raycast(Ray{{-5, 2, 1.5f}, {1, 0, 0}}, kPill));  // across the axis, outside the radius
    EXPECT_FALSE(raycast(Ray{{1.5f, -5, 0}, {0, 1, 0}}, kPill));  // parallel to the axis, outside the radius
    EXPECT_FALSE(intersectLine(Ray{{1.5f, -5, 0}, {0, -1, 0}}, kPill));
}

TEST(RayCapsule, ZeroLengthIsASphere) {
    const Capsule ball{{1, 2, 3}, {1, 2, 3}, 1.5f};
    std::mt19937 rng(5);
    int hits = 0;
    for (int i = 0; i < 1000; ++i) {
        const Ray ray = test::aimedRay(rng, ball.a, 6, 2);  // within 2 of the centre: most hit
        const auto fromCapsule = raycast(ray, ball);
        const auto fromSphere = raycast(ray, Sphere{ball.a, ball.radius});
        ASSERT_EQ(fromCapsule.has_value(), fromSphere.has_value());
        if (!fromCapsule) continue;
        ++hits;
        EXPECT_EQ(fromCapsule->t, fromSphere->t);
        // With a == b the capsule solves its sphere at a as the sphere does (the same double t) and
        // takes the normal from the hit point relative to a, minus 0 times the zero axis: the same
        // double arithmetic, so the same bits. Measured: equal in every case.
        EXPECT_VEC_NEAR(fromCapsule->normal, fromSphere->normal, 0.0f);
    }
    EXPECT_GT(hits, 100);
}

TEST(RayCapsule, ZeroRadiusIsTheSegment) {
    const Capsule wire{{0, 0, 0}, {0, 4, 0}, 0};
    const auto hit = raycast(Ray{{-3, 2, 0}, {1, 0, 0}}, wire);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 3.0f);
    EXPECT_FALSE(raycast(Ray{{-3, 2, 0.01f}, {1, 0, 0}}, wire));
}

TEST(RayCapsule, StartInsideGetsTheExit) {
    const auto hit = raycast(Ray{{0, 4.5f, 0}, {0, 1, 0}}, kPill);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 0.5f);
    EXPECT_VEC_NEAR(hit->normal, glm::vec3(0, 1, 0), 0.0f);
}

TEST(RayCapsule, BehindTheOriginIsNotHit) { EXPECT_FALSE(raycast(Ray{{5, 2, 0}, {1, 0, 0}}, kPill)); }

TEST(RayCapsule, RandomHitsLieOnTheSurface) {
    std::mt19937 rng(6);
    test::WorstRatio onSurface("capsule hit points off the surface"), normals("capsule normals");
    int hits = 0;
    for (int i = 0; i < 3000; ++i) {
        const Capsule capsule{test::randomIn(rng, -5, 5), test::randomIn(rng, -5, 5), 1.2f};
        const Ray ray = test::aimedRay(rng, 0.5f * (capsule.a + capsule.b), 10, 4);
        const auto hit = raycast(ray, capsule);
        if (!hit) continue;
        ++hits;
        expectWellFormed(ray, *hit);
        // The distance from the axis segment in double from the float point (projection and
        // clamp): only the library's rounding of the point is left (test::pointRounding), which
        // moves it off the surface by as much and tilts the normal by that over the radius, besides
        // the normal's own rounding (2^-24 a component). Allowed: twice those.
        const glm::dvec3 a(capsule.a), axis = glm::dvec3(capsule.b) - a, p(hit->point);
        const double s = std::clamp(glm::dot(p - a, axis) / glm::dot(axis, axis), 0.0, 1.0);
        const glm::dvec3 fromAxis = p - (a + s * axis);
        const double rounding = test::pointRounding(*hit);
        onSurface.expectWithin(std::abs(glm::length(fromAxis) - double{capsule.radius}), 2 * rounding);
        normals.expectWithin(glm::distance(glm::dvec3(hit->normal), glm::normalize(fromAxis)),
                             2 * (rounding / double{capsule.radius} + std::sqrt(3.0) * 0x1p-24));
    }
    EXPECT_GT(hits, 600);
}

}  // namespace
}  // namespace pickray

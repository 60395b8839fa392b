// SPDX-License-Identifier: MIT
// The articles' constructions (construction.hpp): every case by hand with exact answers, random
// shapes against an independent long-double computation (tests/reference and plain formulas here,
// no pickray code), and bit-for-bit agreement with the routines they explain.
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <random>

#include <gtest/gtest.h>

#include "construction_support.hpp"
#include "pickray/collision.hpp"
#include "reference/reference.hpp"
#include "support/geometry_asserts.hpp"

namespace pickray {
namespace {

using Real = long double;
using pickref::Vec;
using test::randomIn;
using test::randomUnit;
using test::WorstRatio;

using test::distance;
using test::ref;

float logUniform(std::mt19937& rng, float lo, float hi) {
    return std::exp(std::uniform_real_distribution<float>(std::log(lo), std::log(hi))(rng));
}

// The tolerances of the random tests. The constructions work in double from the float inputs and
// round each output once (construction.hpp), so an output is within half a float step of the value
// the double work gave: 2^-24·|x| a number, √3·2^-24·|p| a point. The double work itself is off by
// a few roundings of 2^-53 relative to the sizes it adds (lengths up to |origin − P1| + r + |a·V|,
// times 1/sin of the angle between ray and axis where a parameter is solved for). Every case below
// keeps sizes under 100 and that sine above 0.05, which bounds the double work by 2^-53·16·100·20
// < 2^-40 of a unit; "work" terms of 2^-40 (relative to the stated size) cover it with room. The
// reference (long double root finding, ~1e-15 relative) is far below both.
constexpr Real kHalfStep = 0x1p-24L;
constexpr Real kWork = 0x1p-40L;
const Real kSqrt3 = std::sqrt(3.0L);

// ---- Article 000: infinite cylinder -------------------------------------------------------------

// Axis along y through (0, 0, 5); P1 and P2 only give the axis. S = P2 − P1 = (0, 4, 0).
const InfiniteCylinder kPole{{0, -1, 5}, {0, 3, 5}, 1};

TEST(ConstructionInfiniteCylinder, ArticleCaseQAndRExactly) {
    const Ray ray{{-3, 7, 5}, {1, 0, 0}};
    const InfiniteCylinderConstruction c = explain(ray, kPole);
    ASSERT_EQ(c.kind, InfiniteCylinderCase::kCrosses);
    EXPECT_EQ(c.a1, 2.0f);
    EXPECT_EQ(c.a2, 4.0f);
    EXPECT_SAME_VEC(c.q1, glm::vec3(-1, 7, 5));  // entry first
    EXPECT_SAME_VEC(c.q2, glm::vec3(1, 7, 5));
    // Both cross-sections are the circle at y = 7: R = P1 + b·S with b = (7 − (−1)) / 4 = 2.
    EXPECT_EQ(c.b1, 2.0f);
    EXPECT_EQ(c.b2, 2.0f);
    EXPECT_SAME_VEC(c.r1, glm::vec3(0, 7, 5));
    EXPECT_SAME_VEC(c.r2, glm::vec3(0, 7, 5));
    EXPECT_FALSE(c.q1Behind);
    EXPECT_FALSE(c.q2Behind);
}

TEST(ConstructionInfiniteCylinder, SlantedRayHasDifferentCircles) {
    // Through the axis at (0, 0, 5) with slope 1 in y: Q1 = (−1, −1, 5) at a = 2, Q2 = (1, 1, 5) at
    // a = 4, their circles' centres (0, −1, 5) (b = 0, P1 itself) and (0, 1, 5) (b = 0.5).
    const Ray ray{{-3, -3, 5}, {1, 1, 0}};
    const InfiniteCylinderConstruction c = explain(ray, kPole);
    ASSERT_EQ(c.kind, InfiniteCylinderCase::kCrosses);
    EXPECT_EQ(c.a1, 2.0f);
    EXPECT_EQ(c.a2, 4.0f);
    EXPECT_SAME_VEC(c.q1, glm::vec3(-1, -1, 5));
    EXPECT_SAME_VEC(c.q2, glm::vec3(1, 1, 5));
    EXPECT_EQ(c.b1, 0.0f);
    EXPECT_EQ(c.b2, 0.5f);
    EXPECT_SAME_VEC(c.r1, glm::vec3(0, -1, 5));
    EXPECT_SAME_VEC(c.r2, glm::vec3(0, 1, 5));
}

TEST(ConstructionInfiniteCylinder, EveryCase) {
    // Starting inside: Q1 behind the start, raycast's t is a2.
    const Ray inside{{0, 7, 5}, {1, 0, 0}};
    const auto c = explain(inside, kPole);
    ASSERT_EQ(c.kind, InfiniteCylinderCase::kCrosses);
    EXPECT_EQ(c.a1, -1.0f);
    EXPECT_EQ(c.a2, 1.0f);
    EXPECT_TRUE(c.q1Behind);
    EXPECT_FALSE(c.q2Behind);
    EXPECT_EQ(raycastT(inside, kPole), c.a2);

    // Starting on the surface, entering: a1 = 0 is not behind (raycast's t >= 0 rule), t = 0.
    const Ray onSurface{{-1, 7, 5}, {1, 0, 0}};
    const auto on = explain(onSurface, kPole);
    EXPECT_EQ(on.a1, 0.0f);
    EXPECT_FALSE(on.q1Behind);
    EXPECT_EQ(raycastT(onSurface, kPole), 0.0f);

    // The whole crossing behind the start: both flagged, raycast misses.
    const Ray past{{5, 7, 5}, {1, 0, 0}};
    const auto b = explain(past, kPole);
    EXPECT_EQ(b.a1, -6.0f);
    EXPECT_TRUE(b.q1Behind && b.q2Behind);
    EXPECT_FALSE(raycastT(past, kPole));

    // Tangent: Q1 == Q2 on the circle's rim, one R.
    const auto t = explain(Ray{{-3, 7, 6}, {1, 0, 0}}, kPole);
    ASSERT_EQ(t.kind, InfiniteCylinderCase::kCrosses);
    EXPECT_EQ(t.a1, 3.0f);
    EXPECT_EQ(t.a2, 3.0f);
    EXPECT_SAME_VEC(t.q1, glm::vec3(0, 7, 6));
    EXPECT_SAME_VEC(t.r1, glm::vec3(0, 7, 5));

    // Miss: passes 2 from the axis.
    EXPECT_EQ(explain(Ray{{-3, 7, 7}, {1, 0, 0}}, kPole).kind, InfiniteCylinderCase::kMiss);

    // Parallel inside (the article's A == 0 "no collision"): the whole line, 0.5 from the axis.
    const auto pi = explain(Ray{{0.5f, 0, 5}, {0, 2, 0}}, kPole);
    ASSERT_EQ(pi.kind, InfiniteCylinderCase::kParallelInside);
    EXPECT_EQ(pi.a1, -INFINITY);
    EXPECT_EQ(pi.a2, INFINITY);
    EXPECT_EQ(pi.axisDistance, 0.5f);
    // Parallel within tolerance::kAxisParallelSine counts as parallel, as intersectLine says.
    const Ray tilted{{0.2f, 0, 5}, {1e-7f, 1, 0}};
    EXPECT_EQ(explain(tilted, kPole).kind, InfiniteCylinderCase::kParallelInside);
    EXPECT_EQ(intersectLine(tilted, kPole)->exit, INFINITY);
    // Parallel outside: 1.5 from the axis, never meets.
    const auto po = explain(Ray{{1.5f, 0, 5}, {0, -1, 0}}, kPole);
    EXPECT_EQ(po.kind, InfiniteCylinderCase::kParallelOutside);
    EXPECT_EQ(po.axisDistance, 1.5f);

    // No axis; invalid input.
    EXPECT_EQ(explain(Ray{{-3, 7, 5}, {1, 0, 0}}, InfiniteCylinder{{1, 2, 3}, {1, 2, 3}, 1}).kind,
              InfiniteCylinderCase::kDegenerateAxis);
    EXPECT_EQ(explain(Ray{{-3, 7, 5}, {0, 0, 0}}, kPole).kind, InfiniteCylinderCase::kInvalid);
    EXPECT_EQ(explain(Ray{{-3, 7, 5}, {1, 0, 0}}, InfiniteCylinder{{0, -1, 5}, {0, 3, 5}, -1}).kind,
              InfiniteCylinderCase::kInvalid);
    EXPECT_EQ(explain(Ray{{-3, 7, 5}, {1, 0, 0}}, InfiniteCylinder{{0, -1, 5}, {0, NAN, 5}, 1}).kind,
              InfiniteCylinderCase::kInvalid);
}

struct RandomCylinder {
    glm::vec3 p1, p2;
    float radius;
    Ray ray;
    Real sine;  // of the angle between the ray and the axis
};

/// A random cylinder (axis anywhere within 5 of the origin, length 0.1..10, radius 0.2..3) and a
/// ray through a point at most 0.8·r from its axis, so its closest approach is 0.2·r inside and
/// both crossings are well conditioned; origin 0..10 direction-lengths before or after that point.
RandomCylinder randomCylinder(std::mt19937& rng) {
    RandomCylinder c{};
    c.p1 = randomIn(rng, -5, 5);
    const glm::vec3 axis = randomUnit(rng);
    c.p2 = c.p1 + axis * logUniform(rng, 0.1f, 10.0f);
    c.radius = logUniform(rng, 0.2f, 3.0f);
    glm::vec3 across = glm::cross(axis, randomUnit(rng));
    across = glm::normalize(across);
    const glm::vec3 through = c.p1 + axis * std::uniform_real_distribution<float>(-5, 5)(rng) +
                              across * (c.radius * std::uniform_real_distribution<float>(0, 0.8f)(rng));
    const glm::vec3 direction = randomUnit(rng) * logUniform(rng, 0.1f, 10.0f);
    c.ray = Ray{through - direction * std::uniform_real_distribution<float>(-10, 10)(rng), direction};
    const Vec s = ref(c.p2) - ref(c.p1);
    c.sine = length(pickref::cross(ref(c.ray.direction), s)) / (length(ref(c.ray.direction)) * length(s));
    return c;
}

/// Where an axis point lies (the foot of q on the axis through p1, p2) and its parameter b.
Vec foot(Vec q, Vec p1, Vec p2, Real* b) {
    const Vec s = p2 - p1;
    *b = pickref::dot(q - p1, s) / pickref::dot(s, s);
    return p1 + *b * s;
}

TEST(ConstructionInfiniteCylinder, RandomAgainstReference) {
    std::mt19937 rng(28000);
    WorstRatio worstA("construction Q1/Q2 parameter a"), worstQ("construction Q1/Q2"),
        worstB("construction R1/R2 parameter b"), worstR("construction R1/R2");
    int checked = 0;
    for (int i = 0; i < 3000; ++i) {
        const RandomCylinder rc = randomCylinder(rng);
        if (rc.sine < 0.05L) continue;  // near parallel: kept out of the stated conditioning
        const InfiniteCylinder cylinder{rc.p1, rc.p2, rc.radius};
        const InfiniteCylinderConstruction c = explain(rc.ray, cylinder);
        const pickref::InfiniteCylinderSolid solid(ref(rc.p1), ref(rc.p2), rc.radius);
        const pickref::LineAnswer want = solid.line({ref(rc.ray.origin), ref(rc.ray.direction)});
        ASSERT_TRUE(want.meets);
        ASSERT_EQ(c.kind, InfiniteCylinderCase::kCrosses);
        ++checked;
        const Vec l = ref(rc.ray.origin);
        const Vec v = ref(rc.ray.direction);
        const Real speed = length(v);
        const Real wantA[2] = {want.enter, want.exit};
        const float gotA[2] = {c.a1, c.a2};
        const glm::vec3 gotQ[2] = {c.q1, c.q2};
        const float gotB[2] = {c.b1, c.b2};
        const glm::vec3 gotR[2] = {c.r1, c.r2};
        const bool behind[2] = {c.q1Behind, c.q2Behind};
        for (int k = 0; k < 2; ++k) {
            // The size the double work adds: |L − P1| + r + |a·V|; a's own error is that over |V| and
            // the sine (solving across the axis).
            const Real size = distance(l, ref(rc.p1)) + rc.radius + std::fabs(wantA[k]) * speed;
            worstA.expectWithin(
                static_cast<double>(std::fabs(gotA[k] - wantA[k])),
                static_cast<double>(kHalfStep * std::fabs(wantA[k]) + kWork * size / (speed * rc.sine)));
            const Vec wantQ = l + wantA[k] * v;
            worstQ.expectWithin(static_cast<double>(distance(ref(gotQ[k]), wantQ)),
                                static_cast<double>(kSqrt3 * kHalfStep * length(wantQ) + kWork * size / rc.sine));
            Real wantB = 0;
            const Vec wantR = foot(wantQ, ref(rc.p1), ref(rc.p2), &wantB);
            // b is R's distance from P1 over |S|: the same work, in units of |S|.
            const Real axisLength = distance(ref(rc.p2), ref(rc.p1));
            worstB.expectWithin(static_cast<double>(std::fabs(gotB[k] - wantB)),
                                static_cast<double>(kHalfStep * std::fabs(wantB) +
                                                    kWork * (size + length(ref(rc.p1))) / (axisLength * rc.sine)));
            worstR.expectWithin(static_cast<double>(distance(ref(gotR[k]), wantR)),
                                static_cast<double>(kSqrt3 * kHalfStep * length(wantR) +
                                                    kWork * (size + length(ref(rc.p1))) / rc.sine));
            // |R − Q| is the radius: R is the circle's centre (checked through the reference above).
            const Real tolerance = kHalfStep * std::fabs(wantA[k]) + kWork * size / (speed * rc.sine);
            if (std::fabs(wantA[k]) > tolerance) {
                EXPECT_EQ(behind[k], wantA[k] < 0);
            }
        }
    }
    EXPECT_GE(checked, 2900);
    std::printf("infinite cylinder: %d random cases\n", checked);
}

TEST(ConstructionInfiniteCylinder, SameBitsAsIntersectLineAndRaycast) {
    std::mt19937 rng(28001);
    int spans = 0, misses = 0;
    for (int i = 0; i < 4000; ++i) {
        RandomCylinder rc = randomCylinder(rng);
        if (i % 2 == 1) rc.ray.origin += randomIn(rng, -4, 4) * rc.radius;  // many of these miss
        if (i % 50 == 0) rc.ray.direction = (rc.p2 - rc.p1) * 0.5f;         // parallel, inside or not
        const InfiniteCylinder cylinder{rc.p1, rc.p2, rc.radius};
        const InfiniteCylinderConstruction c = explain(rc.ray, cylinder);
        const auto span = intersectLine(rc.ray, cylinder);
        const bool hasSpan =
            c.kind == InfiniteCylinderCase::kCrosses || c.kind == InfiniteCylinderCase::kParallelInside;
        ASSERT_EQ(hasSpan, span.has_value()) << i;
        const auto t = raycastT(rc.ray, cylinder);
        if (!span) {
            ++misses;
            EXPECT_FALSE(t);
            continue;
        }
        ++spans;
        EXPECT_EQ(c.a1, span->enter);
        EXPECT_EQ(c.a2, span->exit);
        EXPECT_EQ(std::signbit(c.a1), std::signbit(span->enter));
        // raycast's t: Q1 from outside, Q2 from inside, none when both lie behind or the line is
        // parallel (it crosses no surface).
        std::optional<float> expected;
        if (c.kind == InfiniteCylinderCase::kCrosses) {
            if (!c.q1Behind) {
                expected = c.a1;
            } else if (!c.q2Behind) {
                expected = c.a2;
            }
        }
        EXPECT_EQ(t, expected) << i;
    }
    std::printf("infinite cylinder: %d spans, %d misses\n", spans, misses);
    EXPECT_EQ(spans + misses, 4000);
    EXPECT_GE(misses, 800);
    EXPECT_GE(spans, 2000);
}

// ---- Article 002: capped cylinder ---------------------------------------------------------------

// Axis from a = (0, 0, 0) to b = (0, 2, 0), radius 1: cap A is the plane y = 0, cap B y = 2.
const Cylinder kCan{{0, 0, 0}, {0, 2, 0}, 1};

TEST(ConstructionCylinder, EntersCapLeavesSide) {
    // x = 0.5 + 0.25t, y = −1 + t: cap A's plane at t = 1 (x = 0.75, on the cap), the side at
    // t = −6 and 2 (x = ∓1), cap B's plane at t = 3 (x = 1.25, off the cap).
    const Ray ray{{0.5f, -1, 0}, {0.25f, 1, 0}};
    const CylinderConstruction c = explain(ray, kCan);
    ASSERT_EQ(c.kind, CylinderCase::kHit);
    EXPECT_EQ(c.enter, 1.0f);
    EXPECT_EQ(c.exit, 2.0f);
    EXPECT_EQ(c.enterSurface, CylinderPart::kCapA);
    EXPECT_EQ(c.exitSurface, CylinderPart::kSide);
    EXPECT_TRUE(c.capA.crosses && c.capA.onCap);
    EXPECT_EQ(c.capA.t, 1.0f);
    EXPECT_SAME_VEC(c.capA.point, glm::vec3(0.75f, 0, 0));
    EXPECT_TRUE(c.capB.crosses);
    EXPECT_FALSE(c.capB.onCap);
    EXPECT_EQ(c.capB.t, 3.0f);
    EXPECT_SAME_VEC(c.capB.point, glm::vec3(1.25f, 2, 0));
    ASSERT_EQ(c.side.kind, InfiniteCylinderCase::kCrosses);
    EXPECT_EQ(c.side.a1, -6.0f);
    EXPECT_EQ(c.side.a2, 2.0f);
    EXPECT_FALSE(c.parallelToCaps);
    EXPECT_EQ(raycastT(ray, kCan), 1.0f);
}

TEST(ConstructionCylinder, EveryCase) {
    // Cap planes crossed off the caps, side crossed above cap B: a miss, every crossing shown.
    // x = −7 + t, y = −3 + t: planes at t = 3 (x = −4) and 5 (x = −2); side t = 6, 8 (y = 3, 5).
    const auto off = explain(Ray{{-7, -3, 0}, {1, 1, 0}}, kCan);
    ASSERT_EQ(off.kind, CylinderCase::kMiss);
    EXPECT_EQ(off.capA.t, 3.0f);
    EXPECT_EQ(off.capB.t, 5.0f);
    EXPECT_FALSE(off.capA.onCap || off.capB.onCap);
    EXPECT_EQ(off.side.a1, 6.0f);
    EXPECT_EQ(off.side.a2, 8.0f);
    EXPECT_FALSE(intersectLine(Ray{{-7, -3, 0}, {1, 1, 0}}, kCan));

    // Parallel to the axis inside: both caps, the side parallel inside.
    const auto along = explain(Ray{{0, -1, 0.5f}, {0, 1, 0}}, kCan);
    ASSERT_EQ(along.kind, CylinderCase::kHit);
    EXPECT_EQ(along.side.kind, InfiniteCylinderCase::kParallelInside);
    EXPECT_EQ(along.enterSurface, CylinderPart::kCapA);
    EXPECT_EQ(along.exitSurface, CylinderPart::kCapB);
    EXPECT_EQ(along.enter, 1.0f);
    EXPECT_EQ(along.exit, 3.0f);
    EXPECT_TRUE(along.capA.onCap && along.capB.onCap);
    // ... and outside: both planes crossed, neither on its cap, a miss.
    const auto beside = explain(Ray{{0, -1, 1.5f}, {0, 1, 0}}, kCan);
    EXPECT_EQ(beside.kind, CylinderCase::kMiss);
    EXPECT_EQ(beside.side.kind, InfiniteCylinderCase::kParallelOutside);
    EXPECT_TRUE(beside.capA.crosses && !beside.capA.onCap && beside.capB.crosses && !beside.capB.onCap);

    // Parallel to the caps, between them: the side alone bounds the span; outside them: a miss
    // although the side is crossed.
    const auto across = explain(Ray{{-3, 1, 0}, {1, 0, 0}}, kCan);
    ASSERT_EQ(across.kind, CylinderCase::kHit);
    EXPECT_TRUE(across.parallelToCaps && across.betweenCaps);
    EXPECT_FALSE(across.capA.crosses || across.capB.crosses);
    EXPECT_EQ(across.enter, 2.0f);
    EXPECT_EQ(across.exit, 4.0f);
    EXPECT_EQ(across.enterSurface, CylinderPart::kSide);
    EXPECT_EQ(across.exitSurface, CylinderPart::kSide);
    const auto under = explain(Ray{{-3, -1, 0}, {1, 0, 0}}, kCan);
    EXPECT_EQ(under.kind, CylinderCase::kMiss);
    EXPECT_TRUE(under.parallelToCaps && !under.betweenCaps);
    EXPECT_EQ(under.side.kind, InfiniteCylinderCase::kCrosses);

    // Starting inside: entry behind, raycast's t the exit. x = t, y = 1 + 0.5t: side t = ±1, cap
    // planes at t = −2 and 2, both beyond the side's crossings (off the caps).
    const Ray fromInside{{0, 1, 0}, {1, 0.5f, 0}};
    const auto in = explain(fromInside, kCan);
    ASSERT_EQ(in.kind, CylinderCase::kHit);
    EXPECT_EQ(in.enter, -1.0f);
    EXPECT_TRUE(in.enterBehind);
    EXPECT_FALSE(in.exitBehind);
    EXPECT_TRUE(in.capA.behind);
    EXPECT_EQ(raycastT(fromInside, kCan), in.exit);
    // Starting on cap A, entering: enter = capA.t = 0, not behind; raycast's t is 0.
    const Ray onCap{{0.5f, 0, 0}, {0.25f, 1, 0}};
    const auto on = explain(onCap, kCan);
    EXPECT_EQ(on.enter, 0.0f);
    EXPECT_EQ(on.enterSurface, CylinderPart::kCapA);
    EXPECT_FALSE(on.enterBehind || on.capA.behind);
    EXPECT_EQ(raycastT(onCap, kCan), 0.0f);

    // Empty solids and invalid input.
    EXPECT_EQ(explain(fromInside, Cylinder{{0, 0, 0}, {0, 0, 0}, 1}).kind, CylinderCase::kDegenerate);
    EXPECT_EQ(explain(fromInside, Cylinder{{0, 0, 0}, {0, 2, 0}, 0}).kind, CylinderCase::kDegenerate);
    EXPECT_EQ(explain(fromInside, Cylinder{{0, 0, 0}, {0, 2, 0}, NAN}).kind, CylinderCase::kInvalid);
    EXPECT_EQ(explain(Ray{{0, 1, 0}, {0, 0, 0}}, kCan).kind, CylinderCase::kInvalid);
}

TEST(ConstructionCylinder, RandomAgainstReferenceAndSameBits) {
    std::mt19937 rng(28002);
    WorstRatio worstT("construction cap plane t"), worstP("construction cap plane point");
    int compared = 0, onCapCompared = 0, surfacesCompared = 0, hits = 0;
    const int kCases = 3000;
    for (int i = 0; i < kCases; ++i) {
        RandomCylinder rc = randomCylinder(rng);
        rc.ray.origin += randomIn(rng, -2, 2) * rc.radius;  // some miss, some cross the caps off the discs
        const Cylinder cylinder{rc.p1, rc.p2, rc.radius};
        const CylinderConstruction c = explain(rc.ray, cylinder);
        ASSERT_NE(c.kind, CylinderCase::kInvalid);
        ASSERT_NE(c.kind, CylinderCase::kDegenerate);

        // Same bits as the routines: the span, the side as the infinite cylinder's construction,
        // the bounding surface's own t.
        const auto span = intersectLine(rc.ray, cylinder);
        ASSERT_EQ(span.has_value(), c.kind == CylinderCase::kHit) << i;
        const InfiniteCylinderConstruction side = explain(rc.ray, InfiniteCylinder{rc.p1, rc.p2, rc.radius});
        EXPECT_EQ(c.side.a1, side.a1);
        EXPECT_EQ(c.side.a2, side.a2);
        EXPECT_SAME_VEC(c.side.r1, side.r1);
        if (span) {
            ++hits;
            EXPECT_EQ(c.enter, span->enter);
            EXPECT_EQ(c.exit, span->exit);
            const auto boundT = [&](CylinderPart s, bool enter) {
                if (s == CylinderPart::kCapA) return c.capA.onCap ? c.capA.t : NAN;
                if (s == CylinderPart::kCapB) return c.capB.onCap ? c.capB.t : NAN;
                return enter ? c.side.a1 : c.side.a2;
            };
            EXPECT_EQ(boundT(c.enterSurface, true), c.enter) << i;
            EXPECT_EQ(boundT(c.exitSurface, false), c.exit) << i;
            const auto t = raycastT(rc.ray, cylinder);
            EXPECT_EQ(t, !c.enterBehind ? std::optional<float>(c.enter)
                                        : (!c.exitBehind ? std::optional<float>(c.exit) : std::nullopt));
        }

        // Against the reference: each cap plane's crossing (a plane through the cap's centre,
        // normal to the axis, solved in long double here), whether it is on the disc, and which
        // surface bounds the span.
        if (rc.sine > 0.999L) continue;  // nearly perpendicular to the axis: the planes far away
        const Vec l = ref(rc.ray.origin), v = ref(rc.ray.direction), a = ref(rc.p1), b = ref(rc.p2);
        const Vec s = b - a;
        const Real along = std::fabs(pickref::dot(v, s)) / (length(v) * length(s));  // |cos| of the ray–axis angle
        ASSERT_TRUE(c.capA.crosses && c.capB.crosses);
        ++compared;
        const Vec ends[2] = {a, b};
        const CapPlaneCrossing* caps[2] = {&c.capA, &c.capB};
        Real capT[2];
        bool capOn[2];
        Real capTolerance[2];
        for (int k = 0; k < 2; ++k) {
            capT[k] = pickref::dot(ends[k] - l, s) / pickref::dot(v, s);
            const Vec point = l + capT[k] * v;
            // t = (plane − z0)/dz: the double work's error over the cosine instead of the sine.
            const Real size = distance(l, a) + length(s) + std::fabs(capT[k]) * length(v);
            capTolerance[k] = kHalfStep * std::fabs(capT[k]) + kWork * size / (length(v) * along);
            worstT.expectWithin(static_cast<double>(std::fabs(caps[k]->t - capT[k])),
                                static_cast<double>(capTolerance[k]));
            worstP.expectWithin(static_cast<double>(distance(ref(caps[k]->point), point)),
                                static_cast<double>(kSqrt3 * kHalfStep * length(point) + kWork * size / along));
            const Real fromCentre = distance(point, ends[k]);
            capOn[k] = fromCentre <= rc.radius;
            // Near the rim the library's answer may go either way (its t is within tolerance):
            // compared where the point is 1e-4·r off the rim, far above the errors.
            if (std::fabs(fromCentre - rc.radius) > 1e-4L * rc.radius) {
                EXPECT_EQ(caps[k]->onCap, capOn[k]) << i << " cap " << k;
                ++onCapCompared;
            }
        }
        if (!span) continue;
        // The reference's entry surface: the side root, or a cap plane crossing on its cap,
        // nearest the reference's entry (CylinderSolid's root finding); only where the runner-up is
        // far (not at the rim).
        const pickref::LineAnswer want = pickref::CylinderSolid(a, b, rc.radius).line({l, v});
        const pickref::LineAnswer sideWant = pickref::InfiniteCylinderSolid(a, b, rc.radius).line({l, v});
        if (!want.meets || want.ambiguous || !sideWant.meets) continue;
        struct Candidate {
            CylinderPart surface;
            Real t;
        };
        const Candidate candidates[3] = {
            {CylinderPart::kSide, sideWant.enter}, {CylinderPart::kCapA, capT[0]}, {CylinderPart::kCapB, capT[1]}};
        Real best = INFINITY, second = INFINITY;
        CylinderPart bestSurface = CylinderPart::kNone;
        for (const Candidate& candidate : candidates) {
            const Real gap = std::fabs(candidate.t - want.enter);
            if (gap < best) {
                second = best;
                best = gap;
                bestSurface = candidate.surface;
            } else if (gap < second) {
                second = gap;
            }
        }
        if (second > 1e-4L * (1 + std::fabs(want.enter))) {
            EXPECT_EQ(c.enterSurface, bestSurface) << i;
            ++surfacesCompared;
        }
    }
    // Each branch well exercised.
    EXPECT_GE(compared, 2700);
    EXPECT_GE(onCapCompared, 5400);
    EXPECT_GE(hits, 350);
    EXPECT_GE(surfacesCompared, 350);
    std::printf("capped cylinder: %d compared, %d on-cap answers, %d hits, %d entry surfaces\n", compared,
                onCapCompared, hits, surfacesCompared);
}

// ---- Article 003: boxes, the slab method --------------------------------------------------------

const Aabb kBox{{-1, -1, -1}, {2, 1, 1}};

TEST(ConstructionBox, AabbSlabsExactly) {
    // x slab [2, 5], y = 0.25t in [−1, 1]: [−4, 4]; z parallel, the line inside it.
    const Ray ray{{-3, 0, 0}, {1, 0.25f, 0}};
    const BoxConstruction c = explain(ray, kBox);
    ASSERT_EQ(c.kind, BoxCase::kHit);
    EXPECT_EQ(c.slabs[0].tNear, 2.0f);
    EXPECT_EQ(c.slabs[0].tFar, 5.0f);
    EXPECT_EQ(c.slabs[0].nearFace, 0);
    EXPECT_EQ(c.slabs[0].farFace, 1);
    EXPECT_FALSE(c.slabs[0].parallel);
    EXPECT_EQ(c.slabs[1].tNear, -4.0f);
    EXPECT_EQ(c.slabs[1].tFar, 4.0f);
    EXPECT_TRUE(c.slabs[2].parallel && c.slabs[2].inside);
    EXPECT_EQ(c.slabs[2].tNear, -INFINITY);
    EXPECT_EQ(c.slabs[2].tFar, INFINITY);
    EXPECT_EQ(c.enter, 2.0f);
    EXPECT_EQ(c.exit, 4.0f);
    EXPECT_EQ(c.enterFace, 0);  // x's min face
    EXPECT_EQ(c.exitFace, 3);   // y's max face
    EXPECT_SAME_VEC(c.localOrigin, ray.origin);

    // Going −y: y's near plane is its max.
    const auto down = explain(Ray{{-3, 0, 0}, {1, -0.25f, 0}}, kBox);
    EXPECT_EQ(down.slabs[1].nearFace, 3);
    EXPECT_EQ(down.exitFace, 2);
}

TEST(ConstructionBox, AabbEveryCase) {
    // Slabs that do not overlap: x [2, 5], y from 0.5 + 0.5t: [−3, 1]. A miss, enter > exit.
    const auto apart = explain(Ray{{-3, 0.5f, 0}, {1, 0.5f, 0}}, kBox);
    EXPECT_EQ(apart.kind, BoxCase::kMiss);
    EXPECT_EQ(apart.enter, 2.0f);
    EXPECT_EQ(apart.exit, 1.0f);
    // A parallel slab with the line outside: that slab keeps nothing.
    const auto outside = explain(Ray{{-3, 0, 5}, {1, 0.25f, 0}}, kBox);
    EXPECT_EQ(outside.kind, BoxCase::kMiss);
    EXPECT_TRUE(outside.slabs[2].parallel);
    EXPECT_FALSE(outside.slabs[2].inside);
    EXPECT_EQ(outside.slabs[2].tNear, INFINITY);
    EXPECT_EQ(outside.slabs[2].tFar, -INFINITY);
    EXPECT_GT(outside.enter, outside.exit);
    // Starting inside.
    const Ray fromInside{{0, 0, 0}, {1, 0.25f, 0}};
    const auto in = explain(fromInside, kBox);
    ASSERT_EQ(in.kind, BoxCase::kHit);
    EXPECT_EQ(in.enter, -1.0f);
    EXPECT_EQ(in.exit, 2.0f);
    EXPECT_TRUE(in.enterBehind);
    EXPECT_EQ(raycastT(fromInside, kBox), 2.0f);
    // Starting on the min x face, entering: enter = 0 is not behind, raycast's t is 0.
    const Ray onFace{{-1, 0, 0}, {1, 0.25f, 0}};
    const auto on = explain(onFace, kBox);
    EXPECT_EQ(on.enter, 0.0f);
    EXPECT_FALSE(on.enterBehind);
    EXPECT_EQ(raycastT(onFace, kBox), 0.0f);
    // The box behind the origin (the article accepts it; raycast does not): x [−6, −3], y [−4, 4].
    const Ray past{{5, 0, 0}, {1, 0.25f, 0}};
    const auto behind = explain(past, kBox);
    ASSERT_EQ(behind.kind, BoxCase::kHit);
    EXPECT_EQ(behind.enter, -4.0f);
    EXPECT_EQ(behind.exit, -3.0f);
    EXPECT_EQ(behind.enterFace, 2);
    EXPECT_TRUE(behind.enterBehind && behind.exitBehind);
    EXPECT_FALSE(raycastT(past, kBox));
    // Invalid input.
    EXPECT_EQ(explain(past, Aabb{{1, 0, 0}, {0, 1, 1}}).kind, BoxCase::kInvalid);
    EXPECT_EQ(explain(Ray{{0, 0, 0}, {0, 0, 0}}, kBox).kind, BoxCase::kInvalid);
    OrientedBox singular{kBox, glm::mat4(1.0f)};
    singular.toWorld[2] = glm::vec4(0.0f);
    EXPECT_EQ(explain(past, singular).kind, BoxCase::kInvalid);
}

TEST(ConstructionBox, OrientedBoxSlabsInItsOwnFrame) {
    // Local x → world y scaled by 2, local y → world −x, translated by (10, 0, 0). The world ray
    // from (10, −10, 0) along +y is, locally, from (−5, 0, 0) along (0.5, 0, 0): local x slab
    // [8, 12], the others parallel with the line inside. (In the world frame the unit box's y slab
    // would be [9, 11].)
    OrientedBox box{Aabb{{-1, -1, -1}, {1, 1, 1}}, glm::mat4(1.0f)};
    box.toWorld[0] = glm::vec4(0, 2, 0, 0);
    box.toWorld[1] = glm::vec4(-1, 0, 0, 0);
    box.toWorld[3] = glm::vec4(10, 0, 0, 1);
    const Ray ray{{10, -10, 0}, {0, 1, 0}};
    const BoxConstruction c = explain(ray, box);
    ASSERT_EQ(c.kind, BoxCase::kHit);
    EXPECT_SAME_VEC(c.localOrigin, glm::vec3(-5, 0, 0));
    EXPECT_SAME_VEC(c.localDirection, glm::vec3(0.5f, 0, 0));
    EXPECT_EQ(c.slabs[0].tNear, 8.0f);
    EXPECT_EQ(c.slabs[0].tFar, 12.0f);
    EXPECT_TRUE(c.slabs[1].parallel && c.slabs[1].inside);
    EXPECT_TRUE(c.slabs[2].parallel && c.slabs[2].inside);
    EXPECT_EQ(c.enter, 8.0f);
    EXPECT_EQ(c.exit, 12.0f);
    EXPECT_EQ(raycastT(ray, box), 8.0f);
}

/// A random affine box: entries in [−2, 2], |det| >= 0.5 (so the inverse's entries stay under
/// 8/0.5 = 16 and the double work's bound above holds), local box within [−3, 3].
OrientedBox randomOrientedBox(std::mt19937& rng, Real* det) {
    for (;;) {
        OrientedBox box;
        for (int c = 0; c < 3; ++c) box.toWorld[c] = glm::vec4(randomIn(rng, -2, 2), 0.0f);
        box.toWorld[3] = glm::vec4(randomIn(rng, -5, 5), 1.0f);
        const glm::vec3 lo = randomIn(rng, -3, 0), hi = randomIn(rng, 0, 3);
        box.local = Aabb{lo, hi};
        const Vec c0 = ref(glm::vec3(box.toWorld[0])), c1 = ref(glm::vec3(box.toWorld[1])),
                  c2 = ref(glm::vec3(box.toWorld[2]));
        *det = pickref::dot(c0, pickref::cross(c1, c2));
        if (std::fabs(*det) >= 0.5L) return box;
    }
}

TEST(ConstructionBox, RandomAgainstReferenceAndSameBits) {
    std::mt19937 rng(28003);
    WorstRatio worst("construction slab t");
    int slabsCompared = 0, hits = 0, misses = 0;
    const int kCases = 3000;
    for (int i = 0; i < kCases; ++i) {
        Real det = 1;
        const bool oriented = i % 2 == 1;
        const OrientedBox box = oriented
                                    ? randomOrientedBox(rng, &det)
                                    : OrientedBox{Aabb{randomIn(rng, -3, 0), randomIn(rng, 0, 3)}, glm::mat4(1.0f)};
        Ray ray = test::aimedRay(rng, glm::vec3(box.toWorld[3]), 10, 4);
        if (i % 10 == 0) ray.direction[i % 3] = 0.0f;  // parallel slabs (for the Aabb, in its frame)
        const BoxConstruction c = oriented ? explain(ray, box) : explain(ray, box.local);
        ASSERT_NE(c.kind, BoxCase::kInvalid);

        // Same bits: the slabs' intersection is intersectLine's span.
        const auto span = oriented ? intersectLine(ray, box) : intersectLine(ray, box.local);
        ASSERT_EQ(span.has_value(), c.kind == BoxCase::kHit) << i;
        const float largestNear = std::max({c.slabs[0].tNear, c.slabs[1].tNear, c.slabs[2].tNear});
        const float smallestFar = std::min({c.slabs[0].tFar, c.slabs[1].tFar, c.slabs[2].tFar});
        EXPECT_EQ(c.enter, largestNear);
        EXPECT_EQ(c.exit, smallestFar);
        if (span) {
            ++hits;
            EXPECT_EQ(c.enter, span->enter);
            EXPECT_EQ(c.exit, span->exit);
        } else {
            ++misses;
            EXPECT_GT(c.enter, c.exit);
        }

        // Against the reference: the ray in the box's frame by an inverse worked out here in long
        // double (adjugate over determinant), then each slab's two plane crossings.
        const Vec col[3] = {ref(glm::vec3(box.toWorld[0])), ref(glm::vec3(box.toWorld[1])),
                            ref(glm::vec3(box.toWorld[2]))};
        const Vec rows[3] = {pickref::cross(col[1], col[2]), pickref::cross(col[2], col[0]),
                             pickref::cross(col[0], col[1])};
        const Vec o = ref(ray.origin) - ref(glm::vec3(box.toWorld[3]));
        const Vec d = ref(ray.direction);
        Real localO[3], localD[3];
        for (int k = 0; k < 3; ++k) {
            localO[k] = pickref::dot(rows[k], o) / det;
            localD[k] = pickref::dot(rows[k], d) / det;
        }
        const Real localSpeed = std::sqrt(localD[0] * localD[0] + localD[1] * localD[1] + localD[2] * localD[2]);
        for (int k = 0; k < 3; ++k) {
            const SlabInterval& slab = c.slabs[static_cast<std::size_t>(k)];
            const Real lo = box.local.min[k], hi = box.local.max[k];
            if (localD[k] == 0) {
                ASSERT_TRUE(slab.parallel);
                EXPECT_EQ(slab.inside, localO[k] >= lo && localO[k] <= hi);
                ++slabsCompared;
                continue;
            }
            EXPECT_FALSE(slab.parallel);
            EXPECT_FALSE(slab.inside) << "a line that crosses the slab's planes is not between them";
            if (std::fabs(localD[k]) < 1e-3L * localSpeed) continue;  // planes nearly along the ray
            const Real t1 = (lo - localO[k]) / localD[k], t2 = (hi - localO[k]) / localD[k];
            const Real wantNear = std::min(t1, t2), wantFar = std::max(t1, t2);
            // The local ray is off by a few 2^-53 of |rows|·|o| / |det| <= 16·3·|o|, so
            // the work term 2^-40·(1 + |o|·|inverse|) / |d_k| covers it (see the top).
            const Real work = kWork * (1 + length(o) * 48 + (std::fabs(lo) + std::fabs(hi))) / std::fabs(localD[k]);
            worst.expectWithin(static_cast<double>(std::fabs(slab.tNear - wantNear)),
                               static_cast<double>(kHalfStep * std::fabs(wantNear) + work));
            worst.expectWithin(static_cast<double>(std::fabs(slab.tFar - wantFar)),
                               static_cast<double>(kHalfStep * std::fabs(wantFar) + work));
            EXPECT_EQ(slab.nearFace, 2 * k + (localD[k] < 0 ? 1 : 0));
            ++slabsCompared;
        }
    }
    EXPECT_EQ(hits + misses, kCases);
    EXPECT_GE(hits, 900);
    EXPECT_GE(misses, 1500);
    EXPECT_GE(slabsCompared, 8500);
    std::printf("boxes: %d hits, %d misses, %d slabs compared\n", hits, misses, slabsCompared);
}

}  // namespace
}  // namespace pickray

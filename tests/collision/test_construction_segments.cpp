// SPDX-License-Identifier: MIT
// The capsule-against-capsule construction (construction.hpp, article 001): the (s, t) plane's
// distance function against long double, the closest pair against the library's and the minimum,
// the parallel and degenerate flags, and capsules carrying the library's gap and overlap.
#include <algorithm>
#include <cmath>
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
using test::WorstRatio;

using test::distance;
using test::ref;

// A number the construction rounds once from its double work is within half a float step of it.
constexpr Real kHalfStep = 0x1p-24L;

TEST(ConstructionSegments, DistanceFunctionAgainstLongDouble) {
    std::mt19937 rng(28004);
    WorstRatio worst("construction f(s, t)");
    const int kCases = 2000;
    for (int i = 0; i < kCases; ++i) {
        const Segment first{randomIn(rng, -10, 10), randomIn(rng, -10, 10)};
        const Segment second{randomIn(rng, -10, 10), randomIn(rng, -10, 10)};
        const float s = std::uniform_real_distribution<float>(-0.5f, 1.5f)(rng);
        const float t = std::uniform_real_distribution<float>(-0.5f, 1.5f)(rng);
        const Vec p = ref(first.a) + Real(s) * (ref(first.b) - ref(first.a));
        const Vec q = ref(second.a) + Real(t) * (ref(second.b) - ref(second.a));
        const Real want = pickref::dot(p - q, p - q);
        // Rounded once: 2^-24·f. The double work forms P, Q (and their gap) within a few 2^-53 of
        // E = |a1| + |a2| + |s·d1| + |t·d2|, so f within 2·|P − Q|·2^-50·E + ... < 2^-46·E².
        const Real e = length(ref(first.a)) + length(ref(second.a)) +
                       std::fabs(s) * distance(ref(first.b), ref(first.a)) +
                       std::fabs(t) * distance(ref(second.b), ref(second.a));
        worst.expectWithin(static_cast<double>(std::fabs(segmentDistanceSquared(first, second, s, t) - want)),
                           static_cast<double>(kHalfStep * want + 0x1p-46L * e * e));
    }
}

TEST(ConstructionSegments, ClosestPairIsTheLibrarysAndTheMinimum) {
    std::mt19937 rng(28005);
    WorstRatio worstD("construction closest distance"), worstST("construction closest (s, t)");
    int stCompared = 0;
    const int kCases = 1500;
    for (int i = 0; i < kCases; ++i) {
        const Segment first{randomIn(rng, -10, 10), randomIn(rng, -10, 10)};
        Segment second{randomIn(rng, -10, 10), randomIn(rng, -10, 10)};
        // Every 100th pair parallel: twice the first segment, reversed (2·d rounds exactly as d does,
        // so d1 × d2 is exactly zero).
        if (i % 100 == 0) second = Segment{first.b * 2.0f, first.a * 2.0f};
        const SegmentPairConstruction c = explain(first, second);
        // Bit for bit the library's closestPoints.
        const ClosestPoints lib = closestPoints(first, second);
        EXPECT_EQ(c.s, lib.t1);
        EXPECT_EQ(c.t, lib.t2);
        EXPECT_SAME_VEC(c.p1, lib.p1);
        EXPECT_SAME_VEC(c.p2, lib.p2);
        EXPECT_EQ(c.distance, lib.distance);
        EXPECT_EQ(c.parallel, i % 100 == 0);  // random directions are never exactly parallel

        // Against brute force: the distance (distance.hpp's bound: a float step plus 2^-50 of the
        // extent, doubled), and (s, t) where the minimum is unique and well conditioned.
        const pickref::ClosestPair want =
            pickref::segmentSegment(ref(first.a), ref(first.b), ref(second.a), ref(second.b));
        const Real extent =
            std::max({length(ref(first.a)), length(ref(first.b)), length(ref(second.a)), length(ref(second.b))}) +
            distance(ref(first.a), ref(first.b)) + distance(ref(second.a), ref(second.b));
        worstD.expectWithin(static_cast<double>(std::fabs(c.distance - want.distance)),
                            static_cast<double>(2 * kHalfStep * want.distance + 0x1p-49L * extent));
        const Vec d1 = ref(first.b) - ref(first.a), d2 = ref(second.b) - ref(second.a);
        const Real sine = length(pickref::cross(d1, d2)) / (length(d1) * length(d2));
        if (sine > 0.1L && length(d1) > 1 && length(d2) > 1) {
            // The parameters of a unique minimum move with the inputs by 1/sine² at most: the
            // double solve's 2^-50·extent / (|d|·sine²) < 2^-33 here, the float rounding 2^-24,
            // the reference's golden search ~1e-12: 2^-20 leaves room.
            worstST.expectWithin(static_cast<double>(std::fabs(c.s - want.t1) + std::fabs(c.t - want.t2)), 0x1p-20);
            ++stCompared;
        }
        // The minimum of f over the square, sampled on a 9x9 grid, is not below f(s, t) (up to
        // f's tolerance, as in the test above).
        const float atMinimum = segmentDistanceSquared(first, second, c.s, c.t);
        float sampled = INFINITY;
        for (int u = 0; u <= 8; ++u) {
            for (int w = 0; w <= 8; ++w) {
                sampled = std::min(sampled, segmentDistanceSquared(first, second, static_cast<float>(u) / 8.0f,
                                                                   static_cast<float>(w) / 8.0f));
            }
        }
        // f's rounding (2^-24·f, twice) and the rounding of s and t to float, which moves f by at
        // most 2^-24·|s|·|∂f/∂s| + ... <= 2^-24·2·|P − Q|·(|d1| + |d2|) <= 2^-23·sqrt(f)·extent.
        const float fSlack = 0x1p-22f * sampled + 0x1p-22f * std::sqrt(sampled) * static_cast<float>(extent) +
                             0x1p-40f * static_cast<float>(extent * extent);
        EXPECT_LE(atMinimum, sampled + fSlack) << i;
    }
    EXPECT_GE(stCompared, 1300);
    std::printf("segments: %d (s, t) compared\n", stCompared);
}

TEST(ConstructionSegments, ParallelAndDegenerateFlags) {
    // Parallel, overlapping in x: every (s, t) with 2t − s... on the valley is at distance 1.
    const Segment bottom{{0, 0, 0}, {1, 0, 0}}, top{{0, 1, 0}, {2, 1, 0}};
    const auto parallel = explain(bottom, top);
    EXPECT_TRUE(parallel.parallel);
    EXPECT_FALSE(parallel.firstIsPoint || parallel.secondIsPoint);
    EXPECT_EQ(parallel.distance, 1.0f);
    EXPECT_EQ(segmentDistanceSquared(bottom, top, parallel.s, parallel.t), 1.0f);
    EXPECT_EQ(segmentDistanceSquared(bottom, top, 1.0f, 0.5f), 1.0f);  // another point of the valley
    // Tilted a little: no longer flagged.
    EXPECT_FALSE(explain(bottom, Segment{{0, 1, 0}, {2, 1, 1e-3f}}).parallel);
    // A point: its parameter is 0 and f does not depend on it.
    const Segment point{{0.5f, 2, 0}, {0.5f, 2, 0}};
    const auto pointFirst = explain(point, bottom);
    EXPECT_TRUE(pointFirst.firstIsPoint);
    EXPECT_FALSE(pointFirst.secondIsPoint || pointFirst.parallel);
    EXPECT_EQ(pointFirst.s, 0.0f);
    EXPECT_EQ(pointFirst.t, 0.5f);
    EXPECT_EQ(pointFirst.distance, 2.0f);
    EXPECT_EQ(segmentDistanceSquared(point, bottom, 0.9f, 0.5f), 4.0f);
    const auto pointSecond = explain(bottom, point);
    EXPECT_TRUE(pointSecond.secondIsPoint);
    EXPECT_EQ(pointSecond.s, 0.5f);
    EXPECT_EQ(pointSecond.t, 0.0f);
    const auto both = explain(point, Segment{{0.5f, 0, 0}, {0.5f, 0, 0}});
    EXPECT_TRUE(both.firstIsPoint && both.secondIsPoint);
    EXPECT_FALSE(both.parallel);
    EXPECT_EQ(both.distance, 2.0f);
}

TEST(ConstructionSegments, CapsulesCarryTheLibrarysGapAndOverlap) {
    const Capsule a{{0, 0, 0}, {1, 0, 0}, 0.4f};
    const Capsule b{{0, 1, 0}, {2, 1, 0}, 0.5f};
    const auto apart = explain(a, b);
    EXPECT_TRUE(apart.axes.parallel);
    EXPECT_EQ(apart.gap, proximity(a, b).gap);
    EXPECT_FALSE(apart.overlaps);
    const Capsule c{{0, 1, 0}, {2, 1, 0}, 0.6f};
    const auto touching = explain(a, c);
    EXPECT_EQ(touching.overlaps, overlaps(a, c));
    EXPECT_TRUE(touching.overlaps);  // 0.4f + 0.6f is a hair over the axes' distance 1
}

}  // namespace
}  // namespace pickray

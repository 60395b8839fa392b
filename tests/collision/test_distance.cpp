// SPDX-License-Identifier: MIT
#include <algorithm>
#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "pickray/collision/distance.hpp"
#include "support/geometry_asserts.hpp"

namespace pickray {
namespace {

// The tolerances of the single cases below. The routines work in double from the float inputs (the
// line-line sums of products exactly) and round each answer to float once (distance.hpp). For
// these inputs double's error is orders of magnitude below half a float step, so an exact answer
// that is itself a float (t = 1.5, the distance 4, the point (3, 0, 0)) comes out bit for bit:
// EXPECT_EQ, or a distance of 0. Where the exact answer is not a float (√4.5, −1/1e-8f), the
// expected value is that exact value worked out in long double from the same float inputs and
// rounded to float: the answer is within half a float step of the exact value (distance.hpp allows
// the line-line parameters one step) and the expected one within half a step, so as floats they
// are at most one float step apart (floatStep). Measured: every answer equal to its expected value.

/// One float step at x: the gap from |x| to the next float up.
float floatStep(float x) { return std::nextafter(std::abs(x), INFINITY) - std::abs(x); }

TEST(PointLine, ArticleCasePerpendicularFoot) {
    // Article 001 calcPointLineDist: foot of the perpendicular and its parameter.
    const ClosestPoints r = closestPoints(glm::vec3(3, 4, 0), Line{{0, 0, 0}, {2, 0, 0}});
    EXPECT_VEC_NEAR(r.p1, glm::vec3(3, 4, 0), 0.0f);  // the query point itself, at t1 = 0
    EXPECT_EQ(r.t1, 0.0f);
    EXPECT_VEC_NEAR(r.p2, glm::vec3(3, 0, 0), 0.0f);
    EXPECT_EQ(r.t2, 1.5f);  // in units of the direction
    EXPECT_EQ(r.distance, 4.0f);
}

TEST(PointLine, FootBehindTheLinePointHasNegativeT) {
    const auto r = closestPoints(glm::vec3(-3, 1, 0), Line{{0, 0, 0}, {1, 0, 0}});
    EXPECT_EQ(r.t2, -3.0f);
}

TEST(PointLine, ZeroDirectionIsAPoint) {
    const auto r = closestPoints(glm::vec3(3, 4, 0), Line{{0, 0, 0}, {0, 0, 0}});
    EXPECT_EQ(r.t2, 0.0f);
    EXPECT_EQ(r.distance, 5.0f);
}

TEST(PointSegment, InsideBeforeAndAfter) {
    const Segment s{{0, 0, 0}, {4, 0, 0}};
    EXPECT_EQ(closestPoints(glm::vec3(1, 2, 0), s).t2, 0.25f);
    const auto before = closestPoints(glm::vec3(-3, 4, 0), s);
    EXPECT_EQ(before.t2, 0.0f);
    EXPECT_EQ(before.distance, 5.0f);
    const auto after = closestPoints(glm::vec3(7, 4, 0), s);
    EXPECT_VEC_NEAR(after.p1, glm::vec3(7, 4, 0), 0.0f);
    EXPECT_VEC_NEAR(after.p2, glm::vec3(4, 0, 0), 0.0f);
    EXPECT_EQ(after.t2, 1.0f);
    EXPECT_EQ(after.distance, 5.0f);
}

TEST(PointSegment, ZeroLengthIsAPoint) {
    const auto r = closestPoints(glm::vec3(1, 1, 1), Segment{{1, 1, 2}, {1, 1, 2}});
    EXPECT_EQ(r.t2, 0.0f);
    EXPECT_EQ(r.distance, 1.0f);
}

TEST(LineLine, SkewLinesCommonPerpendicular) {
    // Article 001 calcLineLineDist: x axis and a line along z through (0, 2, 5).
    const auto r = closestPoints(Line{{-1, 0, 0}, {1, 0, 0}}, Line{{0, 2, 5}, {0, 0, -2}});
    EXPECT_VEC_NEAR(r.p1, glm::vec3(0, 0, 0), 0.0f);
    EXPECT_VEC_NEAR(r.p2, glm::vec3(0, 2, 0), 0.0f);
    EXPECT_EQ(r.t1, 1.0f);
    EXPECT_EQ(r.t2, 2.5f);
    EXPECT_EQ(r.distance, 2.0f);
}

TEST(LineLine, ParallelKeepsTheFirstPoint) {
    const auto r = closestPoints(Line{{1, 0, 0}, {1, 0, 0}}, Line{{5, 3, 0}, {-2, 0, 0}});
    EXPECT_EQ(r.t1, 0.0f);
    EXPECT_VEC_NEAR(r.p1, glm::vec3(1, 0, 0), 0.0f);
    EXPECT_VEC_NEAR(r.p2, glm::vec3(1, 3, 0), 0.0f);
    EXPECT_EQ(r.distance, 3.0f);
}

TEST(LineLine, NearlyParallelIsAnsweredAsSkew) {
    // A sine of 1e-8 (once below the old parallel tolerance): still the exact common perpendicular.
    // Line 2 is y = 1 + 1e-8·x, z = 0 in the plane of line 1 (y = 0): they meet at x = −1e8, so the
    // distance is 0 and t1 = t2 = −1e8 (float 1e-8 is 1.0000000e-8 to 8 digits: the pair moves by
    // less than a float step of 1e8).
    const float slope = 1e-8f;
    const auto r = closestPoints(Line{{0, 0, 0}, {1, 0, 0}}, Line{{0, 1, 0}, {1, slope, 0}});
    EXPECT_EQ(r.distance, 0.0f);
    const float meet = static_cast<float>(-1.0L / slope);
    EXPECT_NEAR(r.t1, meet, floatStep(meet));
    EXPECT_NEAR(r.t2, meet, floatStep(meet));
    // Lifted off the plane by 2: the distance is exactly 2, from points 1e8 away.
    const auto lifted = closestPoints(Line{{0, 0, 0}, {1, 0, 0}}, Line{{0, 1, 2}, {1, slope, 0}});
    EXPECT_EQ(lifted.distance, 2.0f);
}

TEST(LineLine, ExactlyParallelTakesTheFirstPointsFoot) {
    // d2 = −2·d1 exactly: no unique pair; t1 = 0 and p2 the foot of the perpendicular from p1.
    const auto r = closestPoints(Line{{1, 2, 3}, {1, 1, 0}}, Line{{0, 0, 5}, {-2, -2, 0}});
    EXPECT_EQ(r.t1, 0.0f);
    EXPECT_VEC_NEAR(r.p1, glm::vec3(1, 2, 3), 0.0f);
    EXPECT_VEC_NEAR(r.p2, glm::vec3(1.5f, 1.5f, 5), 0.0f);
    const float distance = static_cast<float>(std::sqrt(4.5L));  // (0.5, 0.5, 2) from p1 to p2
    EXPECT_NEAR(r.distance, distance, floatStep(distance));
}

TEST(LineLine, ZeroSecondDirectionIsAPointOnTheFirst) {
    const auto r = closestPoints(Line{{0, 0, 0}, {2, 0, 0}}, Line{{3, 4, 0}, {0, 0, 0}});
    EXPECT_EQ(r.t2, 0.0f);
    EXPECT_EQ(r.t1, 1.5f);
    EXPECT_EQ(r.distance, 4.0f);
}

TEST(LineLine, IntersectingLinesHaveZeroDistance) {
    const auto r = closestPoints(Line{{0, 0, 0}, {1, 1, 0}}, Line{{2, 0, 0}, {-1, 1, 0}});
    EXPECT_EQ(r.distance, 0.0f);
    EXPECT_VEC_NEAR(r.p1, glm::vec3(1, 1, 0), 0.0f);
}

TEST(LineLine, DegenerateLinesArePoints) {
    const auto r = closestPoints(Line{{0, 0, 0}, {0, 0, 0}}, Line{{0, 3, 0}, {1, 0, 0}});
    EXPECT_EQ(r.distance, 3.0f);
    EXPECT_VEC_NEAR(r.p2, glm::vec3(0, 3, 0), 0.0f);
    const auto both = closestPoints(Line{{0, 0, 0}, {0, 0, 0}}, Line{{0, 3, 4}, {0, 0, 0}});
    EXPECT_EQ(both.distance, 5.0f);
}

TEST(SegmentSegment, CrossingInTheMiddle) {
    const auto r = closestPoints(Segment{{-1, 0, 0}, {1, 0, 0}}, Segment{{0, -1, 1}, {0, 1, 1}});
    EXPECT_EQ(r.t1, 0.5f);
    EXPECT_EQ(r.t2, 0.5f);
    EXPECT_EQ(r.distance, 1.0f);
}

TEST(SegmentSegment, EndpointRegionsClamp) {
    // Article 001 calcSegmentSegmentDist: the lines' closest points lie outside the segments.
    const auto r = closestPoints(Segment{{0, 0, 0}, {1, 0, 0}}, Segment{{3, 1, 0}, {3, 5, 0}});
    EXPECT_EQ(r.t1, 1.0f);
    EXPECT_EQ(r.t2, 0.0f);
    const float distance = static_cast<float>(std::sqrt(5.0L));  // (1, 0, 0) to (3, 1, 0)
    EXPECT_NEAR(r.distance, distance, floatStep(distance));
}

TEST(SegmentSegment, ParallelOverlappingAndDisjoint) {
    const auto overlapping = closestPoints(Segment{{0, 0, 0}, {4, 0, 0}}, Segment{{2, 1, 0}, {6, 1, 0}});
    EXPECT_EQ(overlapping.distance, 1.0f);
    EXPECT_EQ(glm::distance(overlapping.p1, overlapping.p2), 1.0f);
    const auto disjoint = closestPoints(Segment{{0, 0, 0}, {1, 0, 0}}, Segment{{4, 4, 0}, {3, 4, 0}});
    const float distance = static_cast<float>(std::sqrt(20.0L));  // (1, 0, 0) to (3, 4, 0)
    EXPECT_NEAR(disjoint.distance, distance, floatStep(distance));
    EXPECT_EQ(disjoint.t1, 1.0f);
    EXPECT_EQ(disjoint.t2, 1.0f);
}

TEST(SegmentSegment, NearlyParallelFindsTheCloserEnd) {
    // The second segment drops by 1e-6 over its length 10 (a sine of 1e-7): the minimum is at the
    // far ends, 1 − 1e-6, which is 17 float steps below the distance at the near ends.
    const auto r = closestPoints(Segment{{0, 0, 0}, {10, 0, 0}}, Segment{{0, 1, 0}, {10, 1 - 1e-6f, 0}});
    EXPECT_EQ(r.t1, 1.0f);
    EXPECT_EQ(r.t2, 1.0f);
    EXPECT_EQ(r.distance, 1 - 1e-6f);
}

TEST(SegmentSegment, DegenerateSegments) {
    const auto pointToSegment = closestPoints(Segment{{1, 1, 0}, {1, 1, 0}}, Segment{{0, 0, 0}, {4, 0, 0}});
    EXPECT_EQ(pointToSegment.distance, 1.0f);
    EXPECT_EQ(pointToSegment.t2, 0.25f);
    const auto segmentToPoint = closestPoints(Segment{{0, 0, 0}, {4, 0, 0}}, Segment{{1, 1, 0}, {1, 1, 0}});
    EXPECT_EQ(segmentToPoint.t1, 0.25f);
    const auto points = closestPoints(Segment{{0, 0, 0}, {0, 0, 0}}, Segment{{0, 0, 2}, {0, 0, 2}});
    EXPECT_EQ(points.distance, 2.0f);
}

TEST(SegmentSegment, SymmetricAndNeverAboveAnySampledPair) {
    // Properties: swapping the arguments gives the same distance, the returned points are that far
    // apart, and no pair of points sampled on the two segments is closer than the answer.
    std::mt19937 rng(9);
    test::WorstRatio apart("segment pair's points as far apart as its distance"),
        sampledPairs("segment distance past the closest sampled pair");
    for (int i = 0; i < 500; ++i) {
        const Segment s1{test::randomIn(rng, -3, 3), test::randomIn(rng, -3, 3)};
        const Segment s2{test::randomIn(rng, -3, 3), test::randomIn(rng, -3, 3)};
        const auto r = closestPoints(s1, s2);
        // distance.hpp solves the pair in one canonical order: swapped arguments give the same bits.
        EXPECT_EQ(r.distance, closestPoints(s2, s1).distance);
        EXPECT_GE(r.t1, 0.0f);
        EXPECT_LE(r.t1, 1.0f);
        // The distance is that of the double points, rounded (2^-24·distance); each point is rounded
        // to float, 2^-24·|p| in all; glm::distance in float rounds the differences, squares, sums
        // and root, within 3.5·2^-24·distance. Allowed: 2^-24·(|p1| + |p2| + 5·distance), 4.5 rounded
        // up.
        const double pointsApart = glm::distance(glm::dvec3(r.p1), glm::dvec3(r.p2));
        apart.expectWithin(std::abs(double{glm::distance(r.p1, r.p2)} - double{r.distance}),
                           0x1p-24 * (glm::length(glm::dvec3(r.p1)) + glm::length(glm::dvec3(r.p2)) +
                                      5 * std::max(pointsApart, double{r.distance})));
        // Sampled in double from the float ends, so the samples are the segments' own points within
        // double rounding: the answer may exceed the closest of them only by its own error,
        // distance.hpp's one float step plus 2^-50 of the extent (the largest end coordinate plus
        // both lengths), taken twice for the samples' double rounding.
        double sampled = INFINITY;
        for (int a = 0; a <= 20; ++a) {
            for (int b = 0; b <= 20; ++b) {
                const glm::dvec3 p = glm::dvec3(s1.a) + (a / 20.0) * (glm::dvec3(s1.b) - glm::dvec3(s1.a));
                const glm::dvec3 q = glm::dvec3(s2.a) + (b / 20.0) * (glm::dvec3(s2.b) - glm::dvec3(s2.a));
                sampled = std::min(sampled, glm::distance(p, q));
            }
        }
        float largest = 0;
        for (const glm::vec3 end : {s1.a, s1.b, s2.a, s2.b}) {
            largest = std::max({largest, std::abs(end.x), std::abs(end.y), std::abs(end.z)});
        }
        const double extent = largest + glm::distance(s1.a, s1.b) + glm::distance(s2.a, s2.b);
        sampledPairs.expectWithin(std::max(0.0, double{r.distance} - sampled),
                                  double{floatStep(r.distance)} + 2 * 0x1p-50 * extent);
    }
}

}  // namespace
}  // namespace pickray

// SPDX-License-Identifier: MIT
#include <algorithm>
#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "pickray/collision/distance.hpp"
#include "support/geometry_asserts.hpp"

namespace pickray {
namespace {

TEST(PointLine, ArticleCasePerpendicularFoot) {
    // Article 001 calcPointLineDist: foot of the perpendicular and its parameter.
    const auto r = closestPoint(glm::vec3(3, 4, 0), Line{{0, 0, 0}, {2, 0, 0}});
    EXPECT_VEC_NEAR(r.point, glm::vec3(3, 0, 0), 1e-6f);
    EXPECT_FLOAT_EQ(r.t, 1.5f);  // in units of the direction
    EXPECT_FLOAT_EQ(r.distance, 4.0f);
}

TEST(PointLine, FootBehindTheLinePointHasNegativeT) {
    const auto r = closestPoint(glm::vec3(-3, 1, 0), Line{{0, 0, 0}, {1, 0, 0}});
    EXPECT_FLOAT_EQ(r.t, -3.0f);
}

TEST(PointLine, ZeroDirectionIsAPoint) {
    const auto r = closestPoint(glm::vec3(3, 4, 0), Line{{0, 0, 0}, {0, 0, 0}});
    EXPECT_EQ(r.t, 0.0f);
    EXPECT_FLOAT_EQ(r.distance, 5.0f);
}

TEST(PointSegment, InsideBeforeAndAfter) {
    const Segment s{{0, 0, 0}, {4, 0, 0}};
    EXPECT_FLOAT_EQ(closestPoint(glm::vec3(1, 2, 0), s).t, 0.25f);
    const auto before = closestPoint(glm::vec3(-3, 4, 0), s);
    EXPECT_EQ(before.t, 0.0f);
    EXPECT_FLOAT_EQ(before.distance, 5.0f);
    const auto after = closestPoint(glm::vec3(7, 4, 0), s);
    EXPECT_EQ(after.t, 1.0f);
    EXPECT_FLOAT_EQ(after.distance, 5.0f);
}

TEST(PointSegment, ZeroLengthIsAPoint) {
    const auto r = closestPoint(glm::vec3(1, 1, 1), Segment{{1, 1, 2}, {1, 1, 2}});
    EXPECT_EQ(r.t, 0.0f);
    EXPECT_FLOAT_EQ(r.distance, 1.0f);
}

TEST(LineLine, SkewLinesCommonPerpendicular) {
    // Article 001 calcLineLineDist: x axis and a line along z through (0, 2, 5).
    const auto r = closestPoints(Line{{-1, 0, 0}, {1, 0, 0}}, Line{{0, 2, 5}, {0, 0, -2}});
    EXPECT_VEC_NEAR(r.p1, glm::vec3(0, 0, 0), 1e-6f);
    EXPECT_VEC_NEAR(r.p2, glm::vec3(0, 2, 0), 1e-6f);
    EXPECT_FLOAT_EQ(r.t1, 1.0f);
    EXPECT_FLOAT_EQ(r.t2, 2.5f);
    EXPECT_FLOAT_EQ(r.distance, 2.0f);
}

TEST(LineLine, ParallelKeepsTheFirstPoint) {
    const auto r = closestPoints(Line{{1, 0, 0}, {1, 0, 0}}, Line{{5, 3, 0}, {-2, 0, 0}});
    EXPECT_EQ(r.t1, 0.0f);
    EXPECT_VEC_NEAR(r.p1, glm::vec3(1, 0, 0), 0.0f);
    EXPECT_VEC_NEAR(r.p2, glm::vec3(1, 3, 0), 1e-6f);
    EXPECT_FLOAT_EQ(r.distance, 3.0f);
}

TEST(LineLine, NearlyParallelIsAnsweredAsSkew) {
    // A sine of 1e-8 (once below the old parallel tolerance): still the exact common perpendicular.
    // Line 2 is y = 1 + 1e-8·x, z = 0 in the plane of line 1 (y = 0): they meet at x = −1e8, so the
    // distance is 0 and t1 = t2 = −1e8 (float 1e-8 is 1.0000000e-8 to 8 digits: the pair moves by
    // less than a float step of 1e8).
    const float slope = 1e-8f;
    const auto r = closestPoints(Line{{0, 0, 0}, {1, 0, 0}}, Line{{0, 1, 0}, {1, slope, 0}});
    EXPECT_EQ(r.distance, 0.0f);
    EXPECT_FLOAT_EQ(r.t1, -1.0f / slope);
    EXPECT_FLOAT_EQ(r.t2, -1.0f / slope);
    // Lifted off the plane by 2: the distance is exactly 2, from points 1e8 away.
    const auto lifted = closestPoints(Line{{0, 0, 0}, {1, 0, 0}}, Line{{0, 1, 2}, {1, slope, 0}});
    EXPECT_EQ(lifted.distance, 2.0f);
}

TEST(LineLine, ExactlyParallelTakesTheFirstPointsFoot) {
    // d2 = −2·d1 exactly: no unique pair; t1 = 0 and p2 the foot of the perpendicular from p1.
    const auto r = closestPoints(Line{{1, 2, 3}, {1, 1, 0}}, Line{{0, 0, 5}, {-2, -2, 0}});
    EXPECT_EQ(r.t1, 0.0f);
    EXPECT_VEC_NEAR(r.p1, glm::vec3(1, 2, 3), 0.0f);
    EXPECT_VEC_NEAR(r.p2, glm::vec3(1.5f, 1.5f, 5), 1e-6f);
    EXPECT_FLOAT_EQ(r.distance, std::sqrt(0.5f + 4.0f));
}

TEST(LineLine, ZeroSecondDirectionIsAPointOnTheFirst) {
    const auto r = closestPoints(Line{{0, 0, 0}, {2, 0, 0}}, Line{{3, 4, 0}, {0, 0, 0}});
    EXPECT_EQ(r.t2, 0.0f);
    EXPECT_FLOAT_EQ(r.t1, 1.5f);
    EXPECT_FLOAT_EQ(r.distance, 4.0f);
}

TEST(LineLine, IntersectingLinesHaveZeroDistance) {
    const auto r = closestPoints(Line{{0, 0, 0}, {1, 1, 0}}, Line{{2, 0, 0}, {-1, 1, 0}});
    EXPECT_NEAR(r.distance, 0.0f, 1e-6f);
    EXPECT_VEC_NEAR(r.p1, glm::vec3(1, 1, 0), 1e-6f);
}

TEST(LineLine, DegenerateLinesArePoints) {
    const auto r = closestPoints(Line{{0, 0, 0}, {0, 0, 0}}, Line{{0, 3, 0}, {1, 0, 0}});
    EXPECT_FLOAT_EQ(r.distance, 3.0f);
    EXPECT_VEC_NEAR(r.p2, glm::vec3(0, 3, 0), 1e-6f);
    const auto both = closestPoints(Line{{0, 0, 0}, {0, 0, 0}}, Line{{0, 3, 4}, {0, 0, 0}});
    EXPECT_FLOAT_EQ(both.distance, 5.0f);
}

TEST(SegmentSegment, CrossingInTheMiddle) {
    const auto r = closestPoints(Segment{{-1, 0, 0}, {1, 0, 0}}, Segment{{0, -1, 1}, {0, 1, 1}});
    EXPECT_FLOAT_EQ(r.t1, 0.5f);
    EXPECT_FLOAT_EQ(r.t2, 0.5f);
    EXPECT_FLOAT_EQ(r.distance, 1.0f);
}

TEST(SegmentSegment, EndpointRegionsClamp) {
    // Article 001 calcSegmentSegmentDist: the lines' closest points lie outside the segments.
    const auto r = closestPoints(Segment{{0, 0, 0}, {1, 0, 0}}, Segment{{3, 1, 0}, {3, 5, 0}});
    EXPECT_EQ(r.t1, 1.0f);
    EXPECT_EQ(r.t2, 0.0f);
    EXPECT_FLOAT_EQ(r.distance, std::sqrt(5.0f));
}

TEST(SegmentSegment, ParallelOverlappingAndDisjoint) {
    const auto overlapping = closestPoints(Segment{{0, 0, 0}, {4, 0, 0}}, Segment{{2, 1, 0}, {6, 1, 0}});
    EXPECT_FLOAT_EQ(overlapping.distance, 1.0f);
    EXPECT_FLOAT_EQ(glm::distance(overlapping.p1, overlapping.p2), 1.0f);
    const auto disjoint = closestPoints(Segment{{0, 0, 0}, {1, 0, 0}}, Segment{{4, 4, 0}, {3, 4, 0}});
    EXPECT_FLOAT_EQ(disjoint.distance, std::sqrt(20.0f));  // (1,0,0) to (3,4,0)
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
    EXPECT_FLOAT_EQ(pointToSegment.distance, 1.0f);
    EXPECT_FLOAT_EQ(pointToSegment.t2, 0.25f);
    const auto segmentToPoint = closestPoints(Segment{{0, 0, 0}, {4, 0, 0}}, Segment{{1, 1, 0}, {1, 1, 0}});
    EXPECT_FLOAT_EQ(segmentToPoint.t1, 0.25f);
    const auto points = closestPoints(Segment{{0, 0, 0}, {0, 0, 0}}, Segment{{0, 0, 2}, {0, 0, 2}});
    EXPECT_FLOAT_EQ(points.distance, 2.0f);
}

TEST(SegmentSegment, SymmetricAndNeverAboveAnySampledPair) {
    // Properties: swapping the arguments gives the same distance, and no pair of points sampled
    // on the two segments is closer than the answer.
    std::mt19937 rng(9);
    for (int i = 0; i < 500; ++i) {
        const Segment s1{test::randomIn(rng, -3, 3), test::randomIn(rng, -3, 3)};
        const Segment s2{test::randomIn(rng, -3, 3), test::randomIn(rng, -3, 3)};
        const auto r = closestPoints(s1, s2);
        EXPECT_NEAR(r.distance, closestPoints(s2, s1).distance, 1e-5f);
        EXPECT_GE(r.t1, 0.0f);
        EXPECT_LE(r.t1, 1.0f);
        EXPECT_NEAR(glm::distance(r.p1, r.p2), r.distance, 1e-5f);
        float sampled = INFINITY;
        for (int a = 0; a <= 20; ++a) {
            for (int b = 0; b <= 20; ++b) {
                const glm::vec3 p = s1.a + (static_cast<float>(a) / 20.0f) * (s1.b - s1.a);
                const glm::vec3 q = s2.a + (static_cast<float>(b) / 20.0f) * (s2.b - s2.a);
                sampled = std::min(sampled, glm::distance(p, q));
            }
        }
        EXPECT_LE(r.distance, sampled + 1e-5f);
    }
}

}  // namespace
}  // namespace pickray

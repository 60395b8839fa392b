// SPDX-License-Identifier: MIT
// Every zero a result reports is +0 (collision/ray.hpp): ray hits, line spans, closest points and
// distances, over inputs built to make zeros (support/signed_zero_cases.hpp). The batch routines'
// lanes are checked at every SIMD level in collision/batch/test_batch_signed_zero.cpp.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "pickray/collision.hpp"
#include "support/signed_zero_cases.hpp"

namespace pickray {
namespace {

using test::ZeroSigns;

template <typename Shape>
void checkRays(const std::vector<Shape>& shapes, const char* kind, ZeroSigns& signs) {
    const std::vector<Ray> rays = test::zeroRays();
    for (std::size_t s = 0; s < shapes.size(); ++s) {
        for (const Ray& ray : rays) {
            const std::string what = std::string(kind) + " " + std::to_string(s) + ", " + test::signedText(ray);
            if (const auto hit = raycast(ray, shapes[s])) signs.check(*hit, what + ": raycast");
            if (const auto t = raycastT(ray, shapes[s])) signs.check(*t, what + ": raycastT");
            if (const auto span = intersectLine(ray, shapes[s])) signs.check(*span, what + ": intersectLine");
        }
    }
}

TEST(SignedZero, RayQueriesOfEveryShapeReportPositiveZeros) {
    ZeroSigns signs;
    checkRays(test::zeroSpheres(), "sphere", signs);
    checkRays(test::zeroCapsules(), "capsule", signs);
    checkRays(test::zeroCylinders(), "cylinder", signs);
    checkRays(test::zeroInfiniteCylinders(), "infinite cylinder", signs);
    checkRays(test::zeroBoxes(), "box", signs);
    checkRays(test::zeroOrientedBoxes(), "oriented box", signs);
    std::vector<PreparedOrientedBox> prepared;
    for (const OrientedBox& box : test::zeroOrientedBoxes()) prepared.emplace_back(box);
    checkRays(prepared, "prepared oriented box", signs);
    EXPECT_EQ(signs.negative, 0) << "of " << signs.zeros << " zeros";
    EXPECT_GT(signs.zeros, 10000) << "the cases must make zeros";
}

TEST(SignedZero, TriangleHitsReportPositiveZeros) {
    // Axis-aligned triangles through the origin, with −0 among their coordinates: their points,
    // normals and weights have zeros in them for the rays of zeroRays().
    const float z = test::kNegativeZero;
    const std::vector<Triangle> triangles = {
        Triangle{{-1, -1, 0}, {1, -1, 0}, {0, 1, 0}}, Triangle{{z, -1, -1}, {z, 1, -1}, {z, 0, 1}},
        Triangle{{-1, z, 1}, {1, z, 1}, {0, z, -1}}, Triangle{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}};
    ZeroSigns signs;
    for (const Triangle& triangle : triangles)
        for (const Ray& ray : test::zeroRays()) {
            const std::string what = "triangle, " + test::signedText(ray);
            for (const auto& hit : {raycast(ray, triangle), intersectLine(ray, triangle)}) {
                if (!hit) continue;
                signs.check(hit->t, what + ": t");
                signs.check(hit->u, what + ": u");
                signs.check(hit->v, what + ": v");
                signs.check(hit->point, what + ": point");
                signs.check(hit->normal, what + ": normal");
            }
        }
    EXPECT_EQ(signs.negative, 0) << "of " << signs.zeros << " zeros";
    EXPECT_GT(signs.zeros, 1000) << "the cases must make zeros";
}

TEST(SignedZero, ClosestPointsReportPositiveZeros) {
    ZeroSigns signs;
    const std::vector<glm::vec3> points = test::gridPoints(test::kZeroCoordinates);
    const std::vector<Line> lines = test::zeroLines();
    const std::vector<Segment> segments = test::zeroSegments();
    for (const glm::vec3& point : points) {
        for (const Line& line : lines) signs.check(closestPoints(point, line), "point-line " + test::signedText(point));
        for (const Segment& segment : segments)
            signs.check(closestPoints(point, segment), "point-segment " + test::signedText(point));
    }
    for (const Line& first : lines)
        for (const Line& second : lines)
            signs.check(closestPoints(first, second), "line-line " + test::signedText(first.point));
    for (const Segment& first : segments)
        for (const Segment& second : segments) {
            signs.check(closestPoints(first, second), "segment-segment " + test::signedText(first.a));
            const SegmentPairConstruction explained = explain(first, second);
            signs.check(explained.s, "explain(segment, segment) s");
            signs.check(explained.t, "explain(segment, segment) t");
            signs.check(explained.p1, "explain(segment, segment) p1");
            signs.check(explained.p2, "explain(segment, segment) p2");
            signs.check(explained.distance, "explain(segment, segment) distance");
        }
    for (const Capsule& first : test::zeroCapsules())
        for (const Capsule& second : test::zeroCapsules()) {
            const CapsuleProximity found = proximity(first, second);
            signs.check(found.axes, "proximity axes");
            signs.check(found.gap, "proximity gap");
        }
    EXPECT_EQ(signs.negative, 0) << "of " << signs.zeros << " zeros";
    EXPECT_GT(signs.zeros, 10000) << "the cases must make zeros";
}

void checkConstruction(const InfiniteCylinderConstruction& c, const std::string& what, ZeroSigns& signs) {
    for (float x : {c.a1, c.a2, c.b1, c.b2, c.axisDistance}) signs.check(x, what);
    for (glm::vec3 v : {c.q1, c.q2, c.r1, c.r2}) signs.check(v, what);
}

void checkConstruction(const BoxConstruction& c, const std::string& what, ZeroSigns& signs) {
    signs.check(c.localOrigin, what + " localOrigin");
    signs.check(c.localDirection, what + " localDirection");
    for (const SlabInterval& slab : c.slabs) {
        signs.check(slab.tNear, what + " tNear");
        signs.check(slab.tFar, what + " tFar");
    }
    signs.check(c.enter, what + " enter");
    signs.check(c.exit, what + " exit");
}

TEST(SignedZero, TheArticlesConstructionsReportPositiveZeros) {
    ZeroSigns signs;
    for (const Ray& ray : test::zeroRays()) {
        const std::string what = test::signedText(ray);
        for (const InfiniteCylinder& cylinder : test::zeroInfiniteCylinders())
            checkConstruction(explain(ray, cylinder), "explain(infinite cylinder) " + what, signs);
        for (const Cylinder& cylinder : test::zeroCylinders()) {
            const CylinderConstruction c = explain(ray, cylinder);
            checkConstruction(c.side, "explain(cylinder).side " + what, signs);
            for (const CapPlaneCrossing& cap : {c.capA, c.capB}) {
                signs.check(cap.t, "explain(cylinder) cap t " + what);
                signs.check(cap.point, "explain(cylinder) cap point " + what);
            }
            signs.check(c.enter, "explain(cylinder) enter " + what);
            signs.check(c.exit, "explain(cylinder) exit " + what);
        }
        for (const Aabb& box : test::zeroBoxes()) checkConstruction(explain(ray, box), "explain(aabb) " + what, signs);
        for (const OrientedBox& box : test::zeroOrientedBoxes())
            checkConstruction(explain(ray, box), "explain(oriented box) " + what, signs);
    }
    for (const Capsule& first : test::zeroCapsules())
        for (const Capsule& second : test::zeroCapsules())
            signs.check(explain(first, second).gap, "explain(capsule) gap");
    EXPECT_EQ(signs.negative, 0) << "of " << signs.zeros << " zeros";
    EXPECT_GT(signs.zeros, 10000) << "the cases must make zeros";
}

// Cases that gave −0 before, each on its own, from inputs with no −0 in them.
void expectNoNegativeZero(glm::vec3 v) {
    for (int i = 0; i < 3; ++i) EXPECT_FALSE(v[i] == 0.0f && std::signbit(v[i])) << i;
}

TEST(SignedZero, ACylinderCapNormalAlongTheAxisHasPositiveZeros) {
    const auto hit = raycast(Ray{{-0.5f, -3, 0}, {0, 1, 0}}, Cylinder{{0, -1, 0}, {0, 1, 0}, 0.5f});
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->normal, glm::vec3(0, -1, 0));
    expectNoNegativeZero(hit->normal);
}

TEST(SignedZero, ATurnedBoxsFaceNormalHasPositiveZeros) {
    const OrientedBox quarterTurn = test::zeroOrientedBoxes()[0];  // a quarter turn about y
    const auto hit = raycast(Ray{{-3, -3, -3}, {1, 1, 1}}, quarterTurn);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->normal, glm::vec3(-1, 0, 0));
    expectNoNegativeZero(hit->normal);
}

TEST(SignedZero, AClampedSegmentParameterIsPositiveZero) {
    const ClosestPoints pair = closestPoints(Segment{{-1, -1, -1}, {0, -1, -1}}, Segment{{-1, -1, 0}, {-1, -1, 2}});
    EXPECT_EQ(pair.t1, 0.0f);
    EXPECT_FALSE(std::signbit(pair.t1));
}

TEST(SignedZero, AFootOfThePerpendicularAtTheLinesPointHasTPositiveZero) {
    const ClosestPoints onLine = closestPoints(glm::vec3(-3, -1, -3), Line{{-1, -1, -1}, {0, -1, 0}});
    EXPECT_EQ(onLine.t2, 0.0f);
    EXPECT_FALSE(std::signbit(onLine.t2));
    EXPECT_FALSE(std::signbit(onLine.t1));
}

}  // namespace
}  // namespace pickray

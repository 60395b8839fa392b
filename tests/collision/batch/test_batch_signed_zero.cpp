// SPDX-License-Identifier: MIT
// The batch routines report +0 for every zero, as the scalar ones do (collision/ray.hpp), at the
// SIMD level this run uses (PICKRAY_SIMD; tests/CMakeLists.txt runs the binary once a level), on
// the inputs built to make zeros (support/signed_zero_cases.hpp); and each lane's answer equals
// the scalar routine's bit for bit there.
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "../../support/signed_zero_cases.hpp"
#include "pickray/collision.hpp"

namespace pickray {
namespace {

using test::ZeroSigns;

bool sameBits(const float* x, const float* y, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i)
        if (std::bit_cast<std::uint32_t>(x[i]) != std::bit_cast<std::uint32_t>(y[i])) return false;
    return true;
}

template <typename Shape>
void checkBatch(const std::vector<Shape>& shapes, const char* kind, ZeroSigns& signs, int& differences) {
    const std::vector<Ray> rays = test::zeroRays();
    std::vector<float> t(shapes.size());
    for (const Ray& ray : rays) {
        raycastT(ray, std::span(shapes), std::span(t));
        for (std::size_t s = 0; s < shapes.size(); ++s) {
            const float want = raycastT(ray, shapes[s]).value_or(kInfinity);
            signs.check(t[s], std::string(kind) + " " + test::signedText(ray));
            if (!sameBits(&t[s], &want, 1)) ++differences;
        }
        if (const auto nearest = nearestT(ray, std::span(shapes))) signs.check(nearest->t, "nearestT");
    }
    // Pairs: every ray against each shape.
    for (const Shape& shape : shapes) {
        const std::vector<Shape> same(rays.size(), shape);
        std::vector<float> pairs(rays.size());
        raycastT(std::span(rays), std::span(same), std::span(pairs));
        for (std::size_t i = 0; i < rays.size(); ++i) {
            const float want = raycastT(rays[i], shape).value_or(kInfinity);
            signs.check(pairs[i], std::string(kind) + " pairs " + test::signedText(rays[i]));
            if (!sameBits(&pairs[i], &want, 1)) ++differences;
        }
    }
}

TEST(BatchSignedZero, RaycastTOfEveryShapeReportsPositiveZerosAsTheScalarRoutine) {
    ZeroSigns signs;
    int differences = 0;
    checkBatch(test::zeroSpheres(), "sphere", signs, differences);
    checkBatch(test::zeroCapsules(), "capsule", signs, differences);
    checkBatch(test::zeroCylinders(), "cylinder", signs, differences);
    checkBatch(test::zeroInfiniteCylinders(), "infinite cylinder", signs, differences);
    checkBatch(test::zeroBoxes(), "box", signs, differences);
    std::vector<PreparedOrientedBox> prepared;
    for (const OrientedBox& box : test::zeroOrientedBoxes()) prepared.emplace_back(box);
    checkBatch(prepared, "prepared oriented box", signs, differences);
    EXPECT_EQ(signs.negative, 0) << "of " << signs.zeros << " zeros, at level " << simdLevel();
    EXPECT_GT(signs.zeros, 1000) << "the cases must make zeros";
    EXPECT_EQ(differences, 0) << "answers that differ from the scalar routine's, at level " << simdLevel();
}

TEST(BatchSignedZero, SegmentClosestPointsReportPositiveZerosAsTheScalarRoutine) {
    const std::vector<Segment> segments = test::zeroSegments();
    std::vector<Segment> first, second;
    for (const Segment& x : segments)
        for (const Segment& y : segments) {
            first.push_back(x);
            second.push_back(y);
        }
    std::vector<ClosestPoints> out(first.size());
    closestPoints(std::span(first), std::span(second), std::span(out));
    ZeroSigns signs;
    int differences = 0;
    for (std::size_t i = 0; i < out.size(); ++i) {
        signs.check(out[i], "segment pair " + test::signedText(first[i].a) + " " + test::signedText(second[i].a));
        const ClosestPoints want = closestPoints(first[i], second[i]);
        float a[9], b[9];
        static_assert(sizeof a == sizeof(ClosestPoints));
        std::memcpy(a, &out[i], sizeof a);
        std::memcpy(b, &want, sizeof b);
        if (!sameBits(a, b, 9)) ++differences;
    }
    EXPECT_EQ(signs.negative, 0) << "of " << signs.zeros << " zeros, at level " << simdLevel();
    EXPECT_GT(signs.zeros, 10000) << "the cases must make zeros";
    EXPECT_EQ(differences, 0) << "pairs that differ from the scalar routine's, at level " << simdLevel();
}

}  // namespace
}  // namespace pickray

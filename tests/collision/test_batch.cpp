// SPDX-License-Identifier: MIT
// The batch routines (collision/batch.hpp) against the scalar raycastT they promise to equal, bit
// for bit, for every shape kind: on the regimes each kind's generator covers (tests/collision/
// batch/), with several tMax, one ray against many shapes, and every length of a last partial
// block. ctest runs this executable once per instruction set (PICKRAY_SIMD; tests/CMakeLists.txt).
// At the scalar level (PICKRAY_SIMD=scalar, or a CPU without AVX2) the batch routine is a loop over
// raycastT, so there the bit-for-bit comparison compares that loop with itself: it guards only the
// loop (every entry answered, nothing written past the end). It is a real comparison at the avx2
// and avx512 levels, whose lanes are separate code. So that every level also checks something
// independent, the batch answers of PairsEqualTheScalarRoutineBitForBit are compared with the
// long-double reference (tests/reference/, no code shared with engine/) as well, by the
// differential test's rules (support/reference_rays.hpp).
#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "../support/case_scale.hpp"
#include "../support/reference_rays.hpp"
#include "batch/box_cases.hpp"
#include "batch/round_cases.hpp"
#include "batch/sphere_cases.hpp"
#include "pickray/collision.hpp"

namespace {

using batch_cases::Case;
using batch_cases::kInf;
using batch_cases::kNaN;
using batch_cases::Random;
using pickray::Ray;

/// The scalar answer in the batch's convention: +infinity for a miss.
template <typename Shape>
float scalarT(const Ray& ray, const Shape& shape, float tMax) {
    return pickray::raycastT(ray, shape, tMax).value_or(kInf);
}

std::string describe(const Ray& ray, float tMax) {
    char text[256];
    std::snprintf(
        text, sizeof text, "ray (%.9g %.9g %.9g) -> (%.9g %.9g %.9g), tMax %.9g", static_cast<double>(ray.origin.x),
        static_cast<double>(ray.origin.y), static_cast<double>(ray.origin.z), static_cast<double>(ray.direction.x),
        static_cast<double>(ray.direction.y), static_cast<double>(ray.direction.z), static_cast<double>(tMax));
    return text;
}

/// Counts answers that differ from the scalar routine in any bit; reports the first few.
template <typename Shape>
int countDifferences(const std::vector<Ray>& rays, const std::vector<Shape>& shapes, const std::vector<float>& got,
                     float tMax) {
    int differences = 0;
    for (std::size_t i = 0; i < got.size(); ++i) {
        const float want = scalarT(rays[i], shapes[i], tMax);
        if (std::bit_cast<std::uint32_t>(want) == std::bit_cast<std::uint32_t>(got[i])) continue;
        if (++differences <= 5) {
            ADD_FAILURE() << "case " << i << ": batch " << got[i] << ", scalar " << want << "; "
                          << describe(rays[i], tMax);
        }
    }
    return differences;
}

template <typename Shape>
struct Split {
    std::vector<Ray> rays;
    std::vector<Shape> shapes;
};
template <typename Shape>
Split<Shape> split(const std::vector<Case<Shape>>& cases) {
    Split<Shape> s;
    for (const Case<Shape>& c : cases) {
        s.rays.push_back(c.ray);
        s.shapes.push_back(c.shape);
    }
    return s;
}

template <typename Shape>
const char* kindName() {
    if constexpr (std::is_same_v<Shape, pickray::Sphere>) return "sphere";
    if constexpr (std::is_same_v<Shape, pickray::Capsule>) return "capsule";
    if constexpr (std::is_same_v<Shape, pickray::Cylinder>) return "cylinder";
    if constexpr (std::is_same_v<Shape, pickray::InfiniteCylinder>) return "infinite cylinder";
    if constexpr (std::is_same_v<Shape, pickray::Aabb>) return "aabb";
    if constexpr (std::is_same_v<Shape, pickray::OrientedBox>) return "oriented box";
    if constexpr (std::is_same_v<Shape, pickray::PreparedOrientedBox>) return "prepared oriented box";
    return "?";
}

/// A shape's fields, for reports (every kind is plain floats; the prepared box: its box).
template <typename Shape>
std::string describeShape(const Shape& shape) {
    if constexpr (std::is_same_v<Shape, pickray::PreparedOrientedBox>) {
        return "prepared " + describeShape(shape.box);
    } else {
        static_assert(sizeof(Shape) % sizeof(float) == 0);
        std::array<float, sizeof(Shape) / sizeof(float)> fields{};
        std::memcpy(fields.data(), &shape, sizeof(Shape));
        std::string text = kindName<Shape>();
        for (const float f : fields) {
            char one[24];
            std::snprintf(one, sizeof one, " %.9g", static_cast<double>(f));
            text.append(one);
        }
        return text;
    }
}

template <typename Shape>
class BatchRaycastT : public ::testing::Test {};
using Kinds = ::testing::Types<pickray::Sphere, pickray::Capsule, pickray::Cylinder, pickray::InfiniteCylinder,
                               pickray::Aabb, pickray::PreparedOrientedBox>;
TYPED_TEST_SUITE(BatchRaycastT, Kinds);

TYPED_TEST(BatchRaycastT, PairsEqualTheScalarRoutineBitForBit) {
    Random random;
    const std::string level(pickray::simdLevel());
    std::printf("batch level %s: %s\n", level.c_str(),
                level == "scalar" ? "the batch routine IS the scalar loop, so the bit-for-bit part compares it with "
                                    "itself; the reference comparison is the independent check"
                                  : "the lanes against the scalar raycastT bit for bit, and against the reference");
    pickray::test::ReferenceComparison reference(std::string("batch ") + level + " " + kindName<TypeParam>());
    const auto referenceStride = static_cast<std::size_t>(std::max(3L, std::lround(3.0 / pickray::test::caseScale())));
    for (const float tMax : {kInf, 0.0f, 7.5f, 1e-3f}) {
        const auto cases = split(batch_cases::BatchCases<TypeParam>::make(random, 24000));
        std::vector<float> t(cases.rays.size(), -1.0f);
        pickray::raycastT(cases.rays, cases.shapes, t, tMax);
        EXPECT_EQ(countDifferences(cases.rays, cases.shapes, t, tMax), 0) << "tMax " << tMax;
        // The same answers against the reference (every third case: the reference's root finding
        // costs about a thousand SDF evaluations a ray; fewer under emulation, case_scale.hpp).
        for (std::size_t i = 0; i < t.size(); i += referenceStride) {
            const auto solid = pickray::test::referenceSolid(cases.shapes[i]);
            reference.check(cases.rays[i], solid, t[i] < kInf ? std::optional<float>(t[i]) : std::nullopt, tMax,
                            std::nullopt, [&] { return describeShape(cases.shapes[i]); });
        }
        if (tMax == kInf) {  // the cases must exercise both answers, or the comparison says little
            const auto hits = std::count_if(t.begin(), t.end(), [](float v) { return v < kInf; });
            EXPECT_GT(hits, 2400);
            EXPECT_LT(hits, 21600);
        }
    }
    // Judged per kind at every third case; the minimums shrink with the share of cases judged
    // (every ninth under emulation).
    const auto judged = [&](long atEveryThird) { return atEveryThird * 3 / static_cast<long>(referenceStride); };
    reference.finish(judged(500), judged(4000));
}

TYPED_TEST(BatchRaycastT, OneRayAgainstManyShapesEqualsTheScalarRoutine) {
    Random random;
    pickray::test::ReferenceComparison reference(std::string("one ray, many shapes, ") +
                                                 std::string(pickray::simdLevel()) + " " + kindName<TypeParam>());
    const auto cases = split(batch_cases::BatchCases<TypeParam>::make(random, 3000));
    for (int r = 0; r < 120; ++r) {
        // Each case's own ray against all the shapes, and now and then an invalid ray.
        const Ray ray = r % 10 == 9 ? batch_cases::invalidRay(random) : cases.rays[static_cast<std::size_t>(r) * 7];
        const float tMax = batch_cases::randomTMax(random);
        std::vector<float> t(cases.shapes.size(), -1.0f);
        pickray::raycastT(ray, cases.shapes, t, tMax);
        const std::vector<Ray> rays(cases.shapes.size(), ray);
        ASSERT_EQ(countDifferences(rays, cases.shapes, t, tMax), 0) << describe(ray, tMax);
        // Every 15th answer against the reference too (see the file's header).
        for (std::size_t i = static_cast<std::size_t>(r) % 15; i < t.size(); i += 15) {
            reference.check(ray, pickray::test::referenceSolid(cases.shapes[i]),
                            t[i] < kInf ? std::optional<float>(t[i]) : std::nullopt, tMax, std::nullopt,
                            [&] { return describeShape(cases.shapes[i]); });
        }
    }
    // Few hits per kind (one case's ray mostly misses the other cases' shapes; the pairs above are
    // where hits are judged).
    reference.finish(2, 5000);
}

// Not a batch form, but checked on the same cases: the scalar routine for a ray its caller has
// already checked (the BVH's leaves, detail::RayCheck) answers as the public one for valid rays.
TYPED_TEST(BatchRaycastT, TheScalarRoutineForACheckedRayAnswersAsThePublicOne) {
    Random random;
    const auto cases = split(batch_cases::BatchCases<TypeParam>::make(random, 24000));
    int checked = 0, skipped = 0, differences = 0, hits = 0;
    for (std::size_t i = 0; i < cases.rays.size(); ++i) {
        if (!pickray::isValidRay(cases.rays[i])) {
            ++skipped;  // the caller's check would have turned these away
            continue;
        }
        ++checked;
        const float tMax = batch_cases::randomTMax(random);
        const float want = scalarT(cases.rays[i], cases.shapes[i], tMax);
        const float got =
            pickray::detail::raycastT(cases.rays[i], cases.shapes[i], tMax, pickray::detail::RayCheck::kCheckedByCaller)
                .value_or(kInf);
        hits += got < kInf ? 1 : 0;
        if (std::bit_cast<std::uint32_t>(want) != std::bit_cast<std::uint32_t>(got) && ++differences <= 5) {
            ADD_FAILURE() << "case " << i << ": checked " << got << ", public " << want << "; "
                          << describe(cases.rays[i], tMax);
        }
    }
    EXPECT_EQ(differences, 0);
    EXPECT_GT(checked, 15000);
    EXPECT_GT(skipped, 0) << "the cases include invalid rays";
    EXPECT_GT(hits, checked / 10) << "the cases must exercise both answers";
    EXPECT_LT(hits, checked - checked / 10) << "the cases must exercise both answers";
}

TYPED_TEST(BatchRaycastT, EveryLengthOfTheLastBlockIsAnsweredAndNothingBeyondIsWritten) {
    Random random;
    const auto all = split(batch_cases::BatchCases<TypeParam>::make(random, 40));
    for (std::size_t count = 0; count <= 33; ++count) {
        const std::vector<Ray> rays(all.rays.begin(), all.rays.begin() + static_cast<std::ptrdiff_t>(count));
        const std::vector<TypeParam> shapes(all.shapes.begin(),
                                            all.shapes.begin() + static_cast<std::ptrdiff_t>(count));
        std::vector<float> t(count + 1, -1.0f);  // one guard entry past the end
        pickray::raycastT(rays, shapes, std::span<float>(t.data(), count));
        EXPECT_EQ(t[count], -1.0f) << count;
        t.pop_back();
        EXPECT_EQ(countDifferences(rays, shapes, t, kInf), 0) << count;

        std::vector<float> one(count + 1, -1.0f);
        pickray::raycastT(all.rays[0], shapes, std::span<float>(one.data(), count));
        EXPECT_EQ(one[count], -1.0f) << count;
        one.pop_back();
        EXPECT_EQ(countDifferences(std::vector<Ray>(count, all.rays[0]), shapes, one, kInf), 0) << count;
    }
}

TYPED_TEST(BatchRaycastT, InvalidTMaxOrRayGivesOnlyMisses) {
    Random random;
    const auto cases = split(batch_cases::BatchCases<TypeParam>::make(random, 100));
    for (const float tMax : {kNaN, -1.0f, -kInf}) {
        std::vector<float> t(cases.rays.size(), -1.0f);
        pickray::raycastT(cases.rays, cases.shapes, t, tMax);
        for (float v : t) EXPECT_EQ(v, kInf);
        pickray::raycastT(cases.rays[0], cases.shapes, t, tMax);
        for (float v : t) EXPECT_EQ(v, kInf);
    }
    std::vector<float> t(cases.rays.size(), -1.0f);
    pickray::raycastT(Ray{{0, 0, 0}, {0, 0, 0}}, cases.shapes, t);
    for (float v : t) EXPECT_EQ(v, kInf);
}

TYPED_TEST(BatchRaycastT, MismatchedSizesAreRejectedBeforeAnythingIsWritten) {
    const std::vector<Ray> rays(3);
    const std::vector<TypeParam> shapes(4);
    std::vector<float> t(4, -1.0f);
    try {
        pickray::raycastT(rays, shapes, t);
        FAIL() << "no exception";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("rays has 3 entries but t has 4"), std::string::npos) << e.what();
    }
    EXPECT_THROW(pickray::raycastT(rays[0], std::span(shapes).first(3), t), std::invalid_argument);
    for (float v : t) EXPECT_EQ(v, -1.0f);
}

/// nearestT's answer worked out one shape at a time: the smallest raycastT, the first on ties.
template <typename Shape>
std::optional<pickray::NearestT> scalarNearest(const Ray& ray, const std::vector<Shape>& shapes, float tMax) {
    std::optional<pickray::NearestT> best;
    for (std::size_t i = 0; i < shapes.size(); ++i) {
        const auto t = pickray::raycastT(ray, shapes[i], tMax);
        if (t && (!best || *t < best->t)) best = pickray::NearestT{i, *t};
    }
    return best;
}

TYPED_TEST(BatchRaycastT, NearestIsTheSmallestScalarAnswerWithTiesToTheFirst) {
    Random random;
    auto cases = split(batch_cases::BatchCases<TypeParam>::make(random, 1500));
    // Ties: the same shape again further on, which must not win over its first copy.
    for (std::size_t i = 0; i < 300; ++i) cases.shapes.push_back(cases.shapes[i * 3]);
    int hits = 0;
    for (int r = 0; r < 200; ++r) {
        const Ray ray = r % 20 == 19 ? batch_cases::invalidRay(random) : cases.rays[static_cast<std::size_t>(r) * 7];
        const float tMax = r % 5 == 4 ? random.uniform(0.0f, 30.0f) : kInf;
        const auto want = scalarNearest(ray, cases.shapes, tMax);
        const auto got = pickray::nearestT(ray, cases.shapes, tMax);
        ASSERT_EQ(want.has_value(), got.has_value()) << describe(ray, tMax);
        if (!want) continue;
        ++hits;
        EXPECT_EQ(got->index, want->index) << describe(ray, tMax);
        EXPECT_EQ(std::bit_cast<std::uint32_t>(got->t), std::bit_cast<std::uint32_t>(want->t)) << describe(ray, tMax);
    }
    EXPECT_GT(hits, 20);
    EXPECT_FALSE(pickray::nearestT(cases.rays[0], std::span<const TypeParam>{}));
    EXPECT_FALSE(pickray::nearestT(cases.rays[0], cases.shapes, -1.0f));
    EXPECT_FALSE(pickray::nearestT(cases.rays[0], cases.shapes, kNaN));
}

/// Segment pairs in every regime of closestBetweenSegments: random; parallel (exactly, and within
/// the tolerance) and collinear; points (a == b) on either side or both; identical segments and
/// swapped copies (the canonical order); grid coordinates with exact ties; huge, tiny and
/// non-finite coordinates.
std::vector<std::pair<pickray::Segment, pickray::Segment>> segmentCases(Random& random, int count) {
    std::vector<std::pair<pickray::Segment, pickray::Segment>> cases;
    const auto grid = [&] {
        return glm::vec3(static_cast<float>(random.rng() % 5), static_cast<float>(random.rng() % 5),
                         static_cast<float>(random.rng() % 5));
    };
    for (int i = 0; i < count; ++i) {
        pickray::Segment first{random.inBox(10.0f), random.inBox(10.0f)};
        pickray::Segment second{random.inBox(10.0f), random.inBox(10.0f)};
        switch (i % 12) {
            case 0: {  // parallel, offset
                const glm::vec3 offset = random.inBox(2.0f);
                second = {first.a + offset + (first.b - first.a) * random.uniform(-1.0f, 1.0f), first.b + offset};
                break;
            }
            case 1:
                second = {first.a + (first.b - first.a) * 0.25f, first.a + (first.b - first.a) * 1.5f};
                break;  // collinear
            case 2: first.b = first.a; break;
            case 3: second.b = second.a; break;
            case 4:
                first.b = first.a;
                second.b = second.a;
                break;
            case 5: second = first; break;
            case 6: second = {first.b, first.a}; break;
            case 7:
                first = {grid(), grid()};
                second = {grid(), grid()};
                break;
            case 8: {  // within a hair of parallel
                const glm::vec3 d = first.b - first.a;
                second = {first.a + random.inBox(1.0f),
                          first.a + random.inBox(1.0f) + d * (1.0f + random.uniform(-1e-7f, 1e-7f))};
                break;
            }
            case 9:
                first.a *= 1e18f;
                second.b *= 1e-20f;
                break;
            case 10:
                if (random.chance(0.5f)) first.b.y = kNaN;
                else second.a.z = random.chance(0.5f) ? kInf : -kInf;
                break;
            default: break;
        }
        cases.emplace_back(first, second);
    }
    return cases;
}

/// segmentCases as the two argument arrays of the batch routine.
std::pair<std::vector<pickray::Segment>, std::vector<pickray::Segment>> segmentPairs(Random& random, int count) {
    std::pair<std::vector<pickray::Segment>, std::vector<pickray::Segment>> pairs;
    for (const auto& [x, y] : segmentCases(random, count)) {
        pairs.first.push_back(x);
        pairs.second.push_back(y);
    }
    return pairs;
}

/// The same bits in every field, a NaN (from non-finite input) matching any NaN: which NaN an
/// operation passes on depends on the order of its operands, and carries no meaning.
bool sameBits(const pickray::ClosestPoints& x, const pickray::ClosestPoints& y) {
    float a[9], b[9];
    static_assert(sizeof a == sizeof x);
    std::memcpy(a, &x, sizeof a);
    std::memcpy(b, &y, sizeof b);
    for (int i = 0; i < 9; ++i) {
        if (std::bit_cast<std::uint32_t>(a[i]) != std::bit_cast<std::uint32_t>(b[i]) &&
            !(std::isnan(a[i]) && std::isnan(b[i]))) {
            return false;
        }
    }
    return true;
}

TEST(BatchClosestPoints, SegmentPairsEqualTheScalarRoutineBitForBit) {
    Random random;
    const auto [first, second] = segmentPairs(random, 24000);
    std::vector<std::size_t> counts{first.size()};
    for (std::size_t n = 0; n <= 17; ++n)
        counts.push_back(n);  // every length of a last partial block, for 4 or 8 lanes
    for (const std::size_t count : counts) {
        std::vector<pickray::ClosestPoints> out(count + 1,
                                                pickray::ClosestPoints{{-1, -1, -1}, {-1, -1, -1}, -1, -1, -1});
        pickray::closestPoints(std::span(first).first(count), std::span(second).first(count),
                               std::span(out).first(count));
        EXPECT_EQ(out[count].distance, -1.0f) << "nothing written past the end";
        int differences = 0;
        for (std::size_t i = 0; i < count; ++i) {
            const pickray::ClosestPoints want = pickray::closestPoints(first[i], second[i]);
            if (sameBits(out[i], want)) continue;
            if (++differences <= 5) {
                ADD_FAILURE() << "case " << i << ": batch distance " << out[i].distance << " t " << out[i].t1 << ","
                              << out[i].t2 << "; scalar " << want.distance << " t " << want.t1 << "," << want.t2;
            }
        }
        EXPECT_EQ(differences, 0) << count;
    }
    std::vector<pickray::ClosestPoints> out(3);
    EXPECT_THROW(pickray::closestPoints(std::span(first).first(3), std::span(second).first(2), out),
                 std::invalid_argument);
}

// At the scalar level the test above compares the batch loop with the routine it loops over: the
// distances are also judged against the long-double reference (reference/reference.cpp's exact
// minimisation over the unit square), at every level. distance.hpp's bound: one float step plus
// 2^-50 of the extent (the largest end point coordinate plus both lengths); the reference's own
// error, 2^-60 of the extent, is far inside the second 2^-50 allowed here.
TEST(BatchClosestPoints, DistancesWithinTheStatedBoundOfTheReference) {
    Random random;
    const auto [first, second] = segmentPairs(random, 24000);
    std::vector<pickray::ClosestPoints> out(first.size());
    pickray::closestPoints(first, second, out);
    const auto vec = [](glm::vec3 v) {
        return pickref::Vec{static_cast<pickref::Real>(v.x), static_cast<pickref::Real>(v.y),
                            static_cast<pickref::Real>(v.z)};
    };
    const auto isFinite = [](glm::vec3 v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); };
    long judged = 0;
    pickref::Real worst = 0;  // error over the bound
    for (std::size_t i = 0; i < first.size(); ++i) {
        if (!isFinite(first[i].a) || !isFinite(first[i].b) || !isFinite(second[i].a) || !isFinite(second[i].b)) {
            continue;  // NaN in, NaN out: the bit-for-bit test covers it
        }
        const pickref::Vec a1 = vec(first[i].a), b1 = vec(first[i].b), a2 = vec(second[i].a), b2 = vec(second[i].b);
        const pickref::Real extent = std::max({pickref::maxAbsCoord(a1), pickref::maxAbsCoord(b1),
                                               pickref::maxAbsCoord(a2), pickref::maxAbsCoord(b2)}) +
                                     pickref::length(b1 - a1) + pickref::length(b2 - a2);
        const pickref::Real want = pickref::segmentSegment(a1, b1, a2, b2).distance;
        const float rounded = static_cast<float>(want);
        const pickref::Real step =
            static_cast<pickref::Real>(std::nextafter(rounded, kInf)) - static_cast<pickref::Real>(rounded);
        const pickref::Real bound = step + std::ldexp(extent, -49);
        const pickref::Real error = std::fabs(static_cast<pickref::Real>(out[i].distance) - want);
        worst = std::max(worst, error / bound);
        ++judged;
        EXPECT_LE(error, bound) << "case " << i << ": batch " << out[i].distance << ", reference "
                                << static_cast<double>(want);
    }
    std::printf(
        "precision: batch closestPoints (%s) vs the long-double reference: %ld pairs, worst %.3Lg of the "
        "bound (a float step + 2^-49 extent)\n",
        std::string(pickray::simdLevel()).c_str(), judged, worst);
    EXPECT_GT(judged, 20000);
}

// Whether this build has the kernels of a level (PICKRAY_SIMD_KERNELS: x86-64 only) and this CPU
// the instruction sets they need.
bool cpuHasAvx2() {
#if PICKRAY_TEST_SIMD_KERNELS
    return __builtin_cpu_supports("avx2");
#else
    return false;
#endif
}
bool cpuHasAvx512() {
#if PICKRAY_TEST_SIMD_KERNELS
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
           __builtin_cpu_supports("avx512vl");
#else
    return false;
#endif
}

TEST(BatchRaycastTLevel, ReportsTheInstructionSetInUse) {
    const std::string level(pickray::simdLevel());
    EXPECT_TRUE(level == "avx512" || level == "avx2" || level == "scalar") << level;
    if (!cpuHasAvx2()) {
        EXPECT_EQ(level, "scalar");
    }
    if (const char* wanted = std::getenv("PICKRAY_SIMD")) {
        // A level the CPU lacks is ignored; one it has is used.
        if (std::string(wanted) == "scalar") {
            EXPECT_EQ(level, "scalar");
        }
        if (std::string(wanted) == "avx2" && cpuHasAvx2()) {
            EXPECT_EQ(level, "avx2");
        }
        if (std::string(wanted) == "avx512" && cpuHasAvx512()) {
            EXPECT_EQ(level, "avx512");
        }
    }
    const char* wanted = std::getenv("PICKRAY_SIMD");
    std::printf("simd level: %s requested, batch routines ran %s\n", wanted != nullptr ? wanted : "(none)",
                level.c_str());
}

TEST(BatchRaycastTCapsule, WholeBlocksOfLinesThatOnlyReachACapSphere) {
    // Within the parallel tolerance, outside the radius where they start (the side is missed) but
    // converging on a cap centre: hit only through the capsule's "parallel" path. A block made of
    // nothing else checks that the lanes' early return for lines that miss the side keeps them.
    std::vector<Ray> rays;
    std::vector<pickray::Capsule> capsules;
    for (int i = 0; i < 64; ++i) {
        const pickray::Capsule capsule{{0.0f, 0.0f, 0.0f}, {0.0f, 2.0f, 0.0f}, 1e-3f};
        const glm::vec3 start{1.5e-3f, -2e3f - 1e3f * static_cast<float>(i), 0.0f};
        rays.push_back({start, capsule.a - start});
        capsules.push_back(capsule);
    }
    std::vector<float> t(rays.size(), -1.0f);
    pickray::raycastT(rays, capsules, t);
    EXPECT_EQ(countDifferences(rays, capsules, t, kInf), 0);
    for (float v : t) EXPECT_LT(v, kInf) << "every line reaches the sphere at a";
    std::vector<float> one(capsules.size(), -1.0f);
    pickray::raycastT(rays[5], capsules, one);
    for (float v : one) EXPECT_LT(v, kInf) << "every line reaches the sphere at a";
}

TEST(BatchRaycastTCapsule, FarLinesThatMeetOnlyTheCapSphereBeyondAPlane) {
    // Huge capsules far away: each line crosses the infinite cylinder only beyond the plane at b,
    // so the cylinder piece is empty and the union's first piece is the sphere at b, at t near
    // 1e35 (the lanes start an empty union at +inf: a smaller start would show here).
    std::vector<Ray> rays;
    std::vector<pickray::Capsule> capsules;
    for (int i = 0; i < 64; ++i) {
        const float r = 1e34f * (1.0f + 0.01f * static_cast<float>(i));
        capsules.push_back({{0.0f, 0.0f, 0.0f}, {0.0f, 1e34f, 0.0f}, r});
        rays.push_back({{-1e35f, 1e34f + 0.5f * r, 0.0f}, {1.0f, 0.0f, 0.01f * static_cast<float>(i % 5)}});
    }
    std::vector<float> t(rays.size(), -1.0f);
    pickray::raycastT(rays, capsules, t);
    EXPECT_EQ(countDifferences(rays, capsules, t, kInf), 0);
    for (float v : t) EXPECT_GT(v, 1e34f) << "every line reaches the sphere at b, far away";
    for (float v : t) EXPECT_LT(v, kInf) << "every line reaches the sphere at b, far away";
}

TEST(BatchRaycastTCapsule, PointCapsulesWithSignedZerosAnswerAsTheSphereAtA) {
    // a == b written with zeros of different signs, the ray starting on the point: the scalar
    // routine answers with the sphere at a, the lanes with the union of the spheres at a and b.
    // Those are the same sphere, but origin − a and origin − b can differ in a zero's sign, and
    // with a radius of 0 so do the spheres' spans (+0 against −0). Both routines must give the
    // same bits, +0 (a crossing's −0 is returned as +0).
    std::vector<Ray> rays;
    std::vector<pickray::Capsule> capsules;
    const auto signedZero = [](int bits, int k) { return (bits >> k & 1) != 0 ? -0.0f : 0.0f; };
    const glm::vec3 directions[] = {{1.0f, 2.0f, 3.0f}, {-1.0f, 0.5f, 2.0f}, {-3.0f, -1.0f, -2.0f}};
    for (int signs = 0; signs < 512; ++signs) {
        const int aSigns = signs & 7, bSigns = signs >> 3 & 7, originSigns = signs >> 6 & 7;
        const glm::vec3 a{signedZero(aSigns, 0), signedZero(aSigns, 1), signedZero(aSigns, 2)};
        const glm::vec3 b{signedZero(bSigns, 0), signedZero(bSigns, 1), signedZero(bSigns, 2)};
        const glm::vec3 origin{signedZero(originSigns, 0), signedZero(originSigns, 1), signedZero(originSigns, 2)};
        for (const glm::vec3& direction : directions) {
            for (const float radius : {0.0f, 1.0f}) {
                rays.push_back({origin, direction});
                capsules.push_back({a, b, radius});
            }
        }
    }
    std::vector<float> t(rays.size(), -1.0f);
    pickray::raycastT(rays, capsules, t);
    EXPECT_EQ(countDifferences(rays, capsules, t, kInf), 0);
    int signsDiffer = 0;
    for (std::size_t i = 0; i < t.size(); ++i) {
        // Independently of either routine: a ray starting on a point touches it at t = 0; from the
        // centre of a unit sphere it leaves at 1 / |direction|.
        const float expected = capsules[i].radius == 0.0f ? 0.0f : 1.0f / glm::length(rays[i].direction);
        EXPECT_NEAR(t[i], expected, 1e-6f) << "case " << i;
        EXPECT_FALSE(std::signbit(t[i])) << "case " << i;
        const auto atA = pickray::detail::sphereSpan(rays[i], pickray::Sphere{capsules[i].a, capsules[i].radius});
        const auto atB = pickray::detail::sphereSpan(rays[i], pickray::Sphere{capsules[i].b, capsules[i].radius});
        ASSERT_TRUE(atA && atB);
        signsDiffer += std::signbit(atA->enter) != std::signbit(atB->enter) ? 1 : 0;
    }
    EXPECT_GT(signsDiffer, 0) << "the cases must include spheres at a and b whose spans differ in a zero's sign";
}

TEST(BatchRaycastTSphere, HitsWhosePointOverflowsFloatAreMissesAsInTheScalarRoutine) {
    // A ray from inside a sphere near the top of the float range: its exit point lies just below
    // or just beyond the largest float as the radius sweeps across the boundary.
    constexpr float kTop = std::numeric_limits<float>::max();
    std::vector<Ray> rays;
    std::vector<pickray::Sphere> spheres;
    for (int i = 0; i < 4000; ++i) {
        const float centre = kTop * 0.999f;
        const float radius = kTop * (0.0009f + 0.0002f * static_cast<float>(i) / 4000.0f);
        rays.push_back({{centre, 0.0f, 0.0f}, {1e19f * (1.0f + static_cast<float>(i % 7)), 0.0f, 0.0f}});
        spheres.push_back({{centre, 0.0f, 0.0f}, radius});
    }
    std::vector<float> t(rays.size(), -1.0f);
    pickray::raycastT(rays, spheres, t);
    EXPECT_EQ(countDifferences(rays, spheres, t, kInf), 0);
    const auto hits = std::count_if(t.begin(), t.end(), [](float v) { return v < kInf; });
    EXPECT_GT(hits, 100) << "the sweep must reach both sides of the boundary";
    EXPECT_LT(hits, 3900) << "the sweep must reach both sides of the boundary";
}

TEST(BatchRaycastTSphere, CrossingsFarAlongTheRayOrFromAFarOriginAreCheckedForOverflow) {
    // The lanes skip the overflow check where t <= 2^60 and |origin| <= 2^100 (lanes.hpp,
    // crossingT). Each case sweeps an exit point across FLT_MAX from one side of those bounds:
    // even cases start at 0 with t near 2^64 (the check is needed only past about 2^63), odd ones
    // start near 3.3e38 with t below 2^60. Both kinds share every block.
    constexpr float kTop = std::numeric_limits<float>::max();
    std::vector<Ray> rays;
    std::vector<pickray::Sphere> spheres;
    for (int i = 0; i < 2000; ++i) {
        const float sweep = static_cast<float>(i / 2) / 1000.0f;  // 0 .. 1
        if (i % 2 == 0) {
            rays.push_back({{0.0f, 0.0f, 0.0f}, {1.8e19f, 0.0f, 0.0f}});
            spheres.push_back({{1.5e38f, 0.0f, 0.0f}, 1.8e38f + 0.2e38f * sweep});
        } else {
            rays.push_back({{3.33e38f, 0.0f, 0.0f}, {1.8e19f, 0.0f, 0.0f}});
            spheres.push_back({{3.35e38f, 0.0f, 0.0f}, 0.3e37f + 0.7e37f * sweep});
        }
    }
    std::vector<float> t(rays.size(), -1.0f);
    pickray::raycastT(rays, spheres, t);
    EXPECT_EQ(countDifferences(rays, spheres, t, kInf), 0);
    for (int kind = 0; kind < 2; ++kind) {
        int hits = 0;
        for (std::size_t i = static_cast<std::size_t>(kind); i < t.size(); i += 2) {
            hits += t[i] < kInf ? 1 : 0;
            if (t[i] < kInf) {
                EXPECT_EQ(kind == 0, t[i] > 0x1p60f)
                    << "case " << i << " is meant to test t " << (kind == 0 ? ">" : "<=") << " 2^60";
            }
        }
        EXPECT_GT(hits, 50) << "kind " << kind << ": the sweep must reach both sides of FLT_MAX";
        EXPECT_LT(hits, 950) << "kind " << kind << ": the sweep must reach both sides of FLT_MAX";
    }
    // One ray against all of them: each kind of ray in turn.
    for (int kind = 0; kind < 2; ++kind) {
        std::vector<float> one(spheres.size(), -1.0f);
        pickray::raycastT(rays[static_cast<std::size_t>(kind)], spheres, one);
        EXPECT_EQ(countDifferences(std::vector<Ray>(spheres.size(), rays[static_cast<std::size_t>(kind)]), spheres, one,
                                   kInf),
                  0);
    }
    EXPECT_GT(kTop, 3.35e38f + 0.3e37f) << "the odd cases' spheres start inside the float range";
}

TEST(BatchRaycastTSphere, DirectionsAtTheEdgesOfValidityAreJudgedAsInTheScalarRoutine) {
    // isValidRay forms |direction|² in float; the lanes use the double one where it is plainly in
    // range and the float one otherwise. Directions whose float |direction|² lies within a few
    // ulps of FLT_MIN or FLT_MAX (one component or three equal ones, and a tiny component that
    // underflows beside a large one), valid or not, one in each block of ordinary rays (a block
    // with any lane outside the plain range works out every lane the float way).
    constexpr float kMin = std::numeric_limits<float>::min();
    constexpr float kMax = std::numeric_limits<float>::max();
    std::vector<Ray> rays;
    std::vector<pickray::Sphere> spheres;
    int valid = 0, invalid = 0;
    for (const float edge : {kMin, kMax}) {
        for (const int components : {1, 3}) {
            const float base = std::sqrt(edge / static_cast<float>(components));
            float scale = base;
            for (int step = 0; step < 40; ++step) scale = std::nextafter(scale, 0.0f);
            for (int step = 0; step < 80; ++step, scale = std::nextafter(scale, kMax)) {
                glm::vec3 direction = components == 1 ? glm::vec3(0.0f, scale, 0.0f) : glm::vec3(scale);
                if (step % 3 == 1) direction.x += 1e-30f * scale;  // a product that underflows in float
                const Ray ray{components == 1 ? glm::vec3(0.0f, -5.0f, 0.0f) : glm::vec3(-3.0f),
                              direction};  // aimed at the sphere
                (pickray::isValidRay(ray) ? valid : invalid) += 1;
                rays.push_back(ray);
                spheres.push_back({{0.0f, 0.0f, 0.0f}, 1.0f});
                for (int k = 0; k < 7; ++k) {  // ordinary rays: each block holds one edge case
                    rays.push_back({{0.0f, -5.0f, 0.0f}, {0.0f, 1.0f, 0.0f}});
                    spheres.push_back({{0.0f, 0.0f, 0.0f}, 1.0f});
                }
            }
        }
    }
    // Directions whose double |direction|² reaches FLT_MIN while the float one, its three products
    // rounded down in the subnormal range, falls short: invalid by a hair (found by search).
    int straddling = 0;
    {
        float window[24];
        float component = std::sqrt(kMin / 3.0f);
        for (int step = 0; step < 12; ++step) component = std::nextafter(component, 0.0f);
        for (float& w : window) w = component, component = std::nextafter(component, kMax);
        for (const float a : window) {
            for (const float b : window) {
                for (const float c : window) {
                    const float products[3] = {a * a, b * b, c * c};
                    const float floatSum = (products[0] + products[1]) + products[2];
                    const double da = a, db = b, dc = c;
                    const double sum = da * da + db * db + dc * dc;
                    if (!(sum >= static_cast<double>(kMin) && floatSum < kMin) || straddling >= 16) continue;
                    ++straddling;
                    ++invalid;
                    rays.push_back({glm::vec3(-3.0f), {a, b, c}});  // aimed at the sphere
                    spheres.push_back({{0.0f, 0.0f, 0.0f}, 1.0f});
                    for (int k = 0; k < 7; ++k) {
                        rays.push_back({{0.0f, -5.0f, 0.0f}, {0.0f, 1.0f, 0.0f}});
                        spheres.push_back({{0.0f, 0.0f, 0.0f}, 1.0f});
                    }
                }
            }
        }
    }
    EXPECT_GT(straddling, 0) << "the search must find directions invalid by a hair";
    EXPECT_GT(valid, 40) << "the sweeps must reach both sides of each edge";
    EXPECT_GT(invalid, 40) << "the sweeps must reach both sides of each edge";
    std::vector<float> t(rays.size(), -1.0f);
    pickray::raycastT(rays, spheres, t);
    EXPECT_EQ(countDifferences(rays, spheres, t, kInf), 0);
    int edgeHits = 0;
    for (std::size_t i = 0; i < rays.size(); i += 8) edgeHits += t[i] < kInf ? 1 : 0;
    EXPECT_EQ(edgeHits, valid) << "every valid edge ray hits, so validity decides each answer";
    for (std::size_t i = 0; i < rays.size(); i += 8) {
        std::vector<float> one(spheres.size(), -1.0f);
        pickray::raycastT(rays[i], std::span<const pickray::Sphere>(spheres.data(), 8),
                          std::span<float>(one.data(), 8));
        EXPECT_EQ(countDifferences(std::vector<Ray>(8, rays[i]),
                                   std::vector<pickray::Sphere>(spheres.begin(), spheres.begin() + 8),
                                   std::vector<float>(one.begin(), one.begin() + 8), kInf),
                  0);
    }
}

}  // namespace

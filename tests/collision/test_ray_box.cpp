// SPDX-License-Identifier: MIT
#include <algorithm>
#include <cmath>
#include <random>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "pickray/collision/ray_box.hpp"
#include "support/geometry_asserts.hpp"
#include "support/reference_rays.hpp"

namespace pickray {
namespace {

using test::expectWellFormed;

const Aabb kBox{{-1, -2, -3}, {1, 2, 3}};

// The tolerances of the single cases below. raycast and intersectLine work in double from the float
// inputs and round each answer to float once (pickray/collision/ray.hpp). For these inputs double's
// error is orders of magnitude below half a float step, so an exact answer that is itself a float
// (t = 4, the point (-1, 0.5, 1), the normal (-1, 0, 0)) comes out bit for bit: EXPECT_EQ, or a
// distance of 0. Where the exact answer is not a float, the expected value is that exact value
// worked out in long double from the same float inputs and rounded to float: the answer is within
// half a float step of the exact value and so is the expected one, so they are at most one float
// step apart (floatStep). Measured: every answer equal to its expected value.

/// One float step at x: the gap from |x| to the next float up.
float floatStep(float x) { return std::nextafter(std::abs(x), INFINITY) - std::abs(x); }

TEST(RayBox, ArticleCaseSlabEntry) {
    // Article 003: the slab method gives the entry t and the hit position.
    const Ray ray{{-5, 0.5f, 1}, {1, 0, 0}};
    const auto hit = raycast(ray, kBox);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 4.0f);
    EXPECT_VEC_NEAR(hit->point, glm::vec3(-1, 0.5f, 1), 0.0f);
    EXPECT_VEC_NEAR(hit->normal, glm::vec3(-1, 0, 0), 0.0f);
    expectWellFormed(ray, *hit);
}

TEST(RayBox, EveryFaceNormal) {
    const glm::vec3 centres[] = {{-1, 0, 0}, {1, 0, 0}, {0, -2, 0}, {0, 2, 0}, {0, 0, -3}, {0, 0, 3}};
    for (const glm::vec3& face : centres) {
        const glm::vec3 outward = glm::normalize(face);
        const auto hit = raycast(Ray{face + 10.0f * outward, -outward}, kBox);
        ASSERT_TRUE(hit);
        EXPECT_VEC_NEAR(hit->normal, outward, 0.0f);
        EXPECT_VEC_NEAR(hit->point, face, 0.0f);
    }
}

TEST(RayBox, ParallelToASlabInsideOrOutside) {
    // Direction component exactly zero: inside the y slab hits, outside misses.
    EXPECT_TRUE(raycast(Ray{{-5, 1.9f, 0}, {1, 0, 0}}, kBox));
    EXPECT_TRUE(raycast(Ray{{-5, 2.0f, 0}, {1, 0, 0}}, kBox));  // on the face plane counts
    EXPECT_FALSE(raycast(Ray{{-5, 2.1f, 0}, {1, 0, 0}}, kBox));
    // The low face's plane counts too, and just below it misses (mutation check, mutant 25: only
    // a BVH test had caught a ray in the low plane counted as outside).
    EXPECT_TRUE(raycast(Ray{{-5, kBox.min.y, 0}, {1, 0, 0}}, kBox));
    EXPECT_TRUE(intersectLine(Ray{{-5, kBox.min.y, 0}, {1, 0, 0}}, kBox));
    EXPECT_FALSE(raycast(Ray{{-5, std::nextafter(kBox.min.y, -10.0f), 0}, {1, 0, 0}}, kBox));
}

TEST(RayBox, TinyDirectionComponentIsExact) {
    // No epsilon: 1e-30 in y is honoured (it never reaches the y faces).
    const auto hit = raycast(Ray{{-5, 1.9f, 0}, {1, 1e-30f, 0}}, kBox);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 4.0f);
}

TEST(RayBox, BoxBehindTheOriginIsAMiss) {
    // The article's loop accepts this box; the ray query must not.
    const Ray ray{{5, 0, 0}, {1, 0, 0}};
    EXPECT_FALSE(raycast(ray, kBox));
    const auto span = intersectLine(ray, kBox);
    ASSERT_TRUE(span);
    EXPECT_EQ(span->enter, -6.0f);
    EXPECT_EQ(span->exit, -4.0f);
}

TEST(RayBox, StartInsideGetsTheExit) {
    const auto hit = raycast(Ray{{0, 0, 0}, {0, 0, -0.5f}}, kBox);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 6.0f);
    EXPECT_VEC_NEAR(hit->normal, glm::vec3(0, 0, -1), 0.0f);
}

TEST(RayBox, EdgeAndCornerAreHit) {
    const auto edge = raycast(Ray{{-2, -3, 0}, {1, 1, 0}}, kBox);  // through the edge (−1, −2, z)
    ASSERT_TRUE(edge);
    EXPECT_VEC_NEAR(edge->point, glm::vec3(-1, -2, 0), 0.0f);
    const auto corner = raycast(Ray{{-2, -3, -4}, {1, 1, 1}}, kBox);  // through the corner
    ASSERT_TRUE(corner);
    EXPECT_VEC_NEAR(corner->point, glm::vec3(-1, -2, -3), 0.0f);
}

TEST(RayBox, ZeroSizeBoxIsAFlatTarget) {
    const Aabb quad{{-1, 0, -1}, {1, 0, 1}};  // a square in the plane y = 0
    const auto down = raycast(Ray{{0.5f, 3, 0.5f}, {0, -1, 0}}, quad);
    ASSERT_TRUE(down);
    EXPECT_EQ(down->t, 3.0f);
    EXPECT_VEC_NEAR(down->normal, glm::vec3(0, 1, 0), 0.0f);  // faces the ray
    const auto up = raycast(Ray{{0.5f, -3, 0.5f}, {0, 1, 0}}, quad);
    ASSERT_TRUE(up);
    EXPECT_VEC_NEAR(up->normal, glm::vec3(0, -1, 0), 0.0f);
    const auto span = intersectLine(Ray{{0.5f, 3, 0.5f}, {0, -1, 0}}, quad);
    ASSERT_TRUE(span);
    EXPECT_EQ(span->enter, span->exit);
    const Aabb point{{2, 2, 2}, {2, 2, 2}};
    EXPECT_TRUE(raycast(Ray{{0, 0, 0}, {1, 1, 1}}, point));
}

TEST(RayBox, InvertedBoxIsInvalid) { EXPECT_FALSE(raycast(Ray{{-5, 0, 0}, {1, 0, 0}}, Aabb{{1, -1, -1}, {-1, 1, 1}})); }

TEST(RayOrientedBox, IdentityTransformEqualsAabb) {
    std::mt19937 rng(7);
    const OrientedBox same{kBox, glm::mat4(1.0f)};
    int hits = 0;
    for (int i = 0; i < 2000; ++i) {
        // Every other ray aimed within 4 of the centre, so that most hit.
        const Ray ray = i % 2 == 0 ? test::aimedRay(rng, glm::vec3(0.0f), 6, 4)
                                   : Ray{test::randomIn(rng, -6, 6), test::randomUnit(rng) * 2.0f};
        const auto a = raycast(ray, kBox);
        const auto b = raycast(ray, same);
        ASSERT_EQ(a.has_value(), b.has_value());
        if (!a) continue;
        ++hits;
        EXPECT_EQ(a->t, b->t);
        EXPECT_EQ(a->normal, b->normal);
    }
    EXPECT_GT(hits, 500);
}

TEST(RayOrientedBox, RotatedTranslatedScaled) {
    // Unit box scaled to 2×4×6, rotated 90° about z, moved to (10, 0, 0): x' spans [8, 12]
    // (from the local y extent) and y' spans [−1, 1].
    glm::mat4 m = glm::translate(glm::mat4(1.0f), glm::vec3(10, 0, 0));
    m = glm::rotate(m, glm::radians(90.0f), glm::vec3(0, 0, 1));
    m = glm::scale(m, glm::vec3(1, 2, 3));
    const OrientedBox box{Aabb{{-1, -1, -1}, {1, 1, 1}}, m};
    // Exactly, for the float matrix: the float cosine of radians(90.0f) is c = m[0][0], -4.4e-8, not
    // 0, and the sine rounds to 1, so x' = 10 + c·x - 2y and y' = x + 2c·y. The ray (y' = 0) enters
    // the face y = 1 at x' = 8 - 2c², t = 4 - c², and leaves through y = -1 at t = 6 + c²: c² = 1.9e-15
    // is far below half a float step, so t = 4 and 6 exactly. The normal there is (-1, c, 0) over its
    // length: -1 in x (1 - c²/2 rounds to 1), c in y to a float step of c.
    const Ray ray{{0, 0, 0}, {2, 0, 0}};
    const auto hit = raycast(ray, box);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 4.0f);  // x' = 8 at t = 4 (direction length 2)
    const long double c = m[0][0], length = std::sqrt(1 + c * c);
    const glm::vec3 normal(static_cast<float>(-1 / length), static_cast<float>(c / length), 0);
    EXPECT_VEC_NEAR(hit->normal, normal, floatStep(normal.y));
    const auto span = intersectLine(ray, box);
    ASSERT_TRUE(span);
    EXPECT_EQ(span->exit, 6.0f);
}

TEST(RayOrientedBox, NonUniformScaleNormalUsesInverseTranspose) {
    // A box sheared in x by y: its ±x faces tilt; the normal must be perpendicular to the face.
    glm::mat4 shear(1.0f);
    shear[1][0] = 1.0f;  // x' = x + y
    const OrientedBox box{Aabb{{-1, -1, -1}, {1, 1, 1}}, shear};
    const auto hit = raycast(Ray{{-10, 0, 0}, {1, 0, 0}}, box);
    ASSERT_TRUE(hit);
    // Exactly (-1, 1, 0)/√2 (the inverse transpose of the shear takes (-1, 0, 0) to (-1, 1, 0)): each
    // component of the answer and of the expected value within half a float step (2^-25 at 1/√2) of
    // ∓1/√2, so at most a step apart each, √2·2^-24 in all. The face's edge (1, 1, 0) is exact, so
    // the dot product is n.x + n.y, at most one step 2^-24 from 0; the length is 1 within 2^-23 as
    // test::expectWellFormed derives it.
    const float component = static_cast<float>(1 / std::sqrt(2.0L));
    EXPECT_VEC_NEAR(hit->normal, glm::vec3(-component, component, 0), std::sqrt(2.0f) * 0x1p-24f);
    const glm::vec3 faceTangent = glm::vec3(shear * glm::vec4(0, 1, 0, 0));  // the face's edge along local y
    EXPECT_NEAR(glm::dot(hit->normal, faceTangent), 0.0f, 0x1p-24f);
    EXPECT_LT(hit->normal.x, 0.0f);
    EXPECT_NEAR(glm::length(hit->normal), 1.0f, 0x1p-23f);
}

TEST(RayOrientedBox, MirroringTransformKeepsNormalsOutward) {
    const OrientedBox box{kBox, glm::scale(glm::mat4(1.0f), glm::vec3(-1, 1, 1))};
    const auto hit = raycast(Ray{{-5, 0, 0}, {1, 0, 0}}, box);
    ASSERT_TRUE(hit);
    EXPECT_VEC_NEAR(hit->normal, glm::vec3(-1, 0, 0), 0.0f);
}

TEST(RayOrientedBox, SingularOrProjectiveTransformIsInvalid) {
    const Ray ray{{-5, 0, 0}, {1, 0, 0}};
    EXPECT_FALSE(raycast(ray, OrientedBox{kBox, glm::scale(glm::mat4(1.0f), glm::vec3(1, 0, 1))}));
    glm::mat4 projective(1.0f);
    projective[0][3] = 0.5f;
    EXPECT_FALSE(raycast(ray, OrientedBox{kBox, projective}));
    EXPECT_FALSE(intersectLine(ray, OrientedBox{kBox, projective}));
}

TEST(RayOrientedBox, RandomHitsLieOnTheSurface) {
    std::mt19937 rng(8);
    test::WorstRatio onSurface("oriented box hit points off the surface (local)");
    int hits = 0;
    for (int i = 0; i < 2000; ++i) {
        glm::mat4 m = glm::translate(glm::mat4(1.0f), test::randomIn(rng, -5, 5));
        m = glm::rotate(m, std::uniform_real_distribution<float>(0, 6.28f)(rng), test::randomUnit(rng));
        m = glm::scale(m, test::randomIn(rng, 0.3f, 3));
        const OrientedBox box{kBox, m};
        const Ray ray = test::aimedRay(rng, glm::vec3(m[3]), 12, 3);
        const auto hit = raycast(ray, box);
        if (!hit) continue;
        ++hits;
        expectWellFormed(ray, *hit);
        // Back in local space (in double) the point lies on a face: one coordinate at its bound,
        // none beyond. The library's rounding of the point (test::pointRounding) maps to at most
        // ‖M⁻¹‖ times as much there (Frobenius norm, above the largest singular value); allowed
        // twice that.
        const glm::dmat4 inverse = glm::inverse(glm::dmat4(m));
        const glm::dvec3 local = glm::dvec3(inverse * glm::dvec4(glm::dvec3(hit->point), 1.0));
        double norm = 0;
        for (int c = 0; c < 3; ++c) norm += glm::dot(glm::dvec3(inverse[c]), glm::dvec3(inverse[c]));
        const double tolerance = 2 * std::sqrt(norm) * test::pointRounding(*hit);
        const glm::dvec3 lo(kBox.min), hi(kBox.max);
        double closest = INFINITY, outside = 0;
        for (int axis = 0; axis < 3; ++axis) {
            closest = std::min({closest, std::abs(local[axis] - lo[axis]), std::abs(local[axis] - hi[axis])});
            outside = std::max({outside, lo[axis] - local[axis], local[axis] - hi[axis]});
        }
        onSurface.expectWithin(std::max(closest, outside), tolerance);
    }
    EXPECT_GT(hits, 600);
}

// PreparedOrientedBox keeps the inverse that raycast(ray, OrientedBox) works out per call. Its answers
// are judged against the independent long-double reference (t, point, normal, tMax and the line's
// span), including for transforms that mirror and shear; non-affine transforms must
// never hit. The bit-for-bit comparison with raycast(ray, OrientedBox) guards only that the two
// entry points stay one routine: ray_box.hpp defines raycast(ray, OrientedBox) as
// raycast(ray, PreparedOrientedBox(box)), so it compares the routine with itself. raycastT's
// answer is compared bit for bit with raycast's t: the two are separate code (boxHitT, boxHit).
TEST(PreparedOrientedBox, AnswersAsTheReferenceAndExactlyAsTheOrientedBox) {
    std::mt19937 rng(31);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    test::ReferenceComparison reference("PreparedOrientedBox");
    int hits = 0, invalid = 0;
    for (int i = 0; i < 3000; ++i) {
        glm::mat4 m = glm::rotate(glm::translate(glm::mat4(1), {u(rng), u(rng), u(rng)}), 3.0f * u(rng),
                                  glm::normalize(glm::vec3(u(rng), u(rng), u(rng)) + glm::vec3(0, 0, 2)));
        if (i % 5 == 1) m = glm::scale(m, {-1.0f, 1.0f, 2.0f});  // mirrored and stretched
        if (i % 5 == 2) m[1][0] += 0.7f;                         // sheared
        const bool singular = i % 97 == 3, projective = i % 89 == 4;
        if (singular) m[2] = m[0];       // singular: outside the reference's domain (see the test below)
        if (projective) m[3][3] = 2.0f;  // not affine: never hit
        const OrientedBox box{{{-0.5f, -1.0f, -0.25f}, {0.5f, 1.0f, 0.25f}}, m};
        const PreparedOrientedBox prepared(box);
        const glm::vec3 from{3.0f * u(rng), 3.0f * u(rng), 3.0f * u(rng)};
        const glm::vec3 target = glm::vec3(m[3]) + 0.8f * glm::vec3(u(rng), u(rng), u(rng));  // near the box
        const Ray ray{from, target - from};
        const float tMax = (i % 3 == 0) ? 0.9f : INFINITY;
        const auto got = raycast(ray, prepared, tMax);
        const auto span = intersectLine(ray, prepared);
        if (projective) {
            ++invalid;
            EXPECT_FALSE(got) << i;
            EXPECT_FALSE(span) << i;
        }
        const auto solid = test::referenceSolid(prepared);
        ASSERT_EQ(!solid, singular || projective) << i;
        reference.check(ray, solid, got ? std::optional<float>(got->t) : std::nullopt, tMax,
                        got ? std::optional<glm::vec3>(got->normal) : std::nullopt);
        reference.checkLine(ray, solid, span);
        if (got) {
            ++hits;
            expectWellFormed(ray, *got, tMax);
        }

        const auto t = raycastT(ray, prepared, tMax);
        ASSERT_EQ(got.has_value(), t.has_value()) << i;
        if (got) {
            EXPECT_EQ(got->t, *t);
        }
        // The same routine through the other entry point (see above): to the bit.
        const auto viaBox = raycast(ray, box, tMax);
        ASSERT_EQ(viaBox.has_value(), got.has_value()) << i;
        if (got) {
            EXPECT_EQ(viaBox->t, got->t);
            EXPECT_EQ(viaBox->point, got->point);
            EXPECT_EQ(viaBox->normal, got->normal);
        }
        const auto spanViaBox = intersectLine(ray, box);
        ASSERT_EQ(spanViaBox.has_value(), span.has_value()) << i;
        if (span) {
            EXPECT_EQ(spanViaBox->enter, span->enter);
            EXPECT_EQ(spanViaBox->exit, span->exit);
        }
    }
    EXPECT_GT(hits, 1000);
    EXPECT_EQ(invalid, 34);  // the non-affine transforms: i = 4, 93, ... 2941
    reference.finish(1, 1, 1, 1);
}

// ray_box.hpp: "A singular transform (determinant exactly 0, decided exactly ...) is invalid: no hit,
// no span". A transform with two equal columns is exactly singular, while the determinant worked out
// in double, c0 · (c1 × c2), rounds to a tiny non-zero number: before the exact decision, 16 of 31
// such transforms of the test above gave spans. (exact_tests checks validity against the rational
// determinant for singular and nearly singular transforms.)
TEST(PreparedOrientedBox, ExactlySingularTransformsNeverHit) {
    std::mt19937 rng(31);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    int answered = 0;
    for (int i = 0; i < 300; ++i) {
        glm::mat4 m = glm::rotate(glm::translate(glm::mat4(1), {u(rng), u(rng), u(rng)}), 3.0f * u(rng),
                                  glm::normalize(glm::vec3(u(rng), u(rng), u(rng)) + glm::vec3(0, 0, 2)));
        m[2] = m[i % 2];  // two equal columns
        const OrientedBox box{{{-0.5f, -1.0f, -0.25f}, {0.5f, 1.0f, 0.25f}}, m};
        const glm::vec3 from{3.0f * u(rng), 3.0f * u(rng), 3.0f * u(rng)};
        const Ray ray{from, glm::vec3(m[3]) - from};
        const bool hit = raycast(ray, box).has_value(), span = intersectLine(ray, box).has_value();
        answered += hit || span ? 1 : 0;
        EXPECT_FALSE(hit) << i;
        EXPECT_FALSE(span) << i;
    }
    EXPECT_EQ(answered, 0);
}

}  // namespace
}  // namespace pickray

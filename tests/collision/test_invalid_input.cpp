// SPDX-License-Identifier: MIT
// Every solid under the shared contract of collision/ray.hpp: invalid rays and invalid shapes give
// no hit and no span, never a NaN.
#include <cmath>
#include <cstdint>
#include <limits>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "pickray/collision.hpp"

namespace pickray {
namespace {

constexpr float kNan = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

// A valid instance of each solid, all containing the segment from (0,0,0) to (0,0,1).
template <typename Solid>
Solid validSolid();
template <>
Sphere validSolid() {
    return {{0, 0, 0.5f}, 1};
}
template <>
Capsule validSolid() {
    return {{0, 0, 0}, {0, 0, 1}, 1};
}
template <>
Cylinder validSolid() {
    return {{0, 0, -1}, {0, 0, 2}, 1};
}
template <>
InfiniteCylinder validSolid() {
    return {{0, 0, 0}, {0, 0, 1}, 1};
}
template <>
Aabb validSolid() {
    return {{-1, -1, -1}, {1, 1, 2}};
}
template <>
OrientedBox validSolid() {
    return {{{-1, -1, -1}, {1, 1, 1}}, glm::translate(glm::mat4(1), {0, 0, 0.5f})};
}

template <typename Solid>
class EverySolid : public ::testing::Test {};
using Solids = ::testing::Types<Sphere, Capsule, Cylinder, InfiniteCylinder, Aabb, OrientedBox>;
TYPED_TEST_SUITE(EverySolid, Solids);

const Ray kGoodRay{{0, -5, 0.5f}, {0, 1, 0}};

TYPED_TEST(EverySolid, TheValidRayHits) {
    // Guards the cases below: each rejection is of the bad input, not of a ray that misses anyway.
    const auto hit = raycast(kGoodRay, validSolid<TypeParam>());
    ASSERT_TRUE(hit);
    EXPECT_TRUE(std::isfinite(hit->t));
    ASSERT_TRUE(intersectLine(kGoodRay, validSolid<TypeParam>()));
}

TYPED_TEST(EverySolid, InvalidRaysGetNothing) {
    const TypeParam solid = validSolid<TypeParam>();
    const Ray bad[] = {
        {{0, -5, 0.5f}, {0, 0, 0}},        // zero direction
        {{0, -5, 0.5f}, {0, 1e-25f, 0}},   // squared length underflows
        {{0, -5, 0.5f}, {0, 1e25f, 0}},    // squared length overflows
        {{0, -5, 0.5f}, {0, kInf, 0}},     // infinite direction
        {{0, -5, 0.5f}, {kNan, 1, 0}},     // NaN direction
        {{kNan, -5, 0.5f}, {0, 1, 0}},     // NaN origin
        {{0, -kInf, 0.5f}, {0, 1, 0}},     // infinite origin
        {{0, -5, kInf}, {0, 1, 0}},        // infinite origin, last coordinate
        {{kInf, -kInf, 0.5f}, {0, 1, 0}},  // infinities of both signs (they must not cancel)
    };
    for (const Ray& ray : bad) {
        EXPECT_FALSE(raycast(ray, solid)) << ray.direction.y;
        EXPECT_FALSE(raycastT(ray, solid)) << ray.direction.y;
        EXPECT_FALSE(intersectLine(ray, solid)) << ray.direction.y;
    }
}

// raycastT's promise (ray.hpp): raycast's t, bit for bit, and no value exactly when raycast has
// no hit. Rays from all around, including ones starting inside, grazing, parallel to the axes,
// with tMax cutting some hits off and with tMax equal to the hit's own t.
TYPED_TEST(EverySolid, RaycastTIsRaycastsT) {
    const TypeParam solid = validSolid<TypeParam>();
    std::uint32_t state = 12345u;
    const auto next = [&state] {  // xorshift: a fixed, platform-independent sequence
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        return static_cast<float>(state % 2001u) / 1000.0f - 1.0f;  // [-1, 1] in steps of 1e-3
    };
    int hits = 0, misses = 0;
    for (int i = 0; i < 20000; ++i) {
        const float reach = (i % 3 == 0) ? 1.0f : 4.0f;  // a third start inside or near
        const Ray ray{{reach * next(), reach * next(), 0.5f + reach * next()},
                      (i % 7 == 0) ? glm::vec3(0, next() < 0 ? -1 : 1, 0) : glm::vec3(next(), next(), next())};
        const float tMax = (i % 5 == 0) ? 2.0f * (next() + 1.0f) : kInf;
        const auto hit = raycast(ray, solid, tMax);
        const auto t = raycastT(ray, solid, tMax);
        ASSERT_EQ(hit.has_value(), t.has_value()) << "case " << i;
        if (!hit) {
            ++misses;
            continue;
        }
        ++hits;
        ASSERT_EQ(hit->t, *t) << "case " << i;
        // The BVH passes a hit's own t back as tMax to find ties: it must come back again.
        const auto again = raycastT(ray, solid, *t);
        ASSERT_TRUE(again) << "case " << i;
        EXPECT_EQ(*again, *t);
    }
    EXPECT_GT(hits, 2000);
    EXPECT_GT(misses, 2000);
}

TYPED_TEST(EverySolid, BadTMaxGetsNothing) {
    const TypeParam solid = validSolid<TypeParam>();
    EXPECT_FALSE(raycast(kGoodRay, solid, -0.5f));
    EXPECT_FALSE(raycast(kGoodRay, solid, kNan));
    EXPECT_TRUE(raycast(kGoodRay, solid, kInf));
    EXPECT_FALSE(raycastT(kGoodRay, solid, -0.5f));
    EXPECT_FALSE(raycastT(kGoodRay, solid, kNan));
    EXPECT_TRUE(raycastT(kGoodRay, solid, kInf));
}

TEST(InvalidShapes, NegativeAndNanRadii) {
    for (const float r : {-1.0f, kNan, kInf}) {
        EXPECT_FALSE(raycastT(kGoodRay, Sphere{{0, 0, 0.5f}, r}));
        EXPECT_FALSE(raycastT(kGoodRay, Capsule{{0, 0, 0}, {0, 0, 1}, r}));
        EXPECT_FALSE(raycastT(kGoodRay, Cylinder{{0, 0, -1}, {0, 0, 2}, r}));
        EXPECT_FALSE(raycastT(kGoodRay, InfiniteCylinder{{0, 0, 0}, {0, 0, 1}, r}));
        EXPECT_FALSE(raycast(kGoodRay, Sphere{{0, 0, 0.5f}, r}));
        EXPECT_FALSE(raycast(kGoodRay, Capsule{{0, 0, 0}, {0, 0, 1}, r}));
        EXPECT_FALSE(raycast(kGoodRay, Cylinder{{0, 0, -1}, {0, 0, 2}, r}));
        EXPECT_FALSE(raycast(kGoodRay, InfiniteCylinder{{0, 0, 0}, {0, 0, 1}, r}));
        EXPECT_FALSE(intersectLine(kGoodRay, Sphere{{0, 0, 0.5f}, r}));
    }
}

TEST(InvalidShapes, NanCoordinates) {
    EXPECT_FALSE(raycast(kGoodRay, Sphere{{kNan, 0, 0}, 1}));
    EXPECT_FALSE(raycast(kGoodRay, Capsule{{0, 0, 0}, {0, kNan, 1}, 1}));
    EXPECT_FALSE(raycast(kGoodRay, Cylinder{{0, 0, kInf}, {0, 0, 2}, 1}));
    EXPECT_FALSE(raycast(kGoodRay, InfiniteCylinder{{0, 0, 0}, {kNan, 0, 1}, 1}));
    EXPECT_FALSE(raycast(kGoodRay, Aabb{{-1, kNan, -1}, {1, 1, 1}}));
    glm::mat4 m(1.0f);
    m[3][0] = kNan;
    EXPECT_FALSE(raycast(kGoodRay, OrientedBox{{{-1, -1, -1}, {1, 1, 1}}, m}));
    EXPECT_FALSE(raycastT(kGoodRay, Sphere{{kNan, 0, 0}, 1}));
    EXPECT_FALSE(raycastT(kGoodRay, Capsule{{0, 0, 0}, {0, kNan, 1}, 1}));
    EXPECT_FALSE(raycastT(kGoodRay, Cylinder{{0, 0, kInf}, {0, 0, 2}, 1}));
    EXPECT_FALSE(raycastT(kGoodRay, InfiniteCylinder{{0, 0, 0}, {kNan, 0, 1}, 1}));
    EXPECT_FALSE(raycastT(kGoodRay, Aabb{{-1, kNan, -1}, {1, 1, 1}}));
    EXPECT_FALSE(raycastT(kGoodRay, OrientedBox{{{-1, -1, -1}, {1, 1, 1}}, m}));
}

/// A ray that starts on a face and leaves through it crosses there at t = 0: +0, never −0, which
/// its slab gives as (lo − z0)·(1 / dz) = 0·(negative) before the routine turns it round. The
/// line's span ends there too, at +0.
template <typename Solid>
void expectPlusZeroAtTheStart(const Ray& ray, const Solid& solid) {
    const auto t = raycastT(ray, solid);
    ASSERT_TRUE(t);
    EXPECT_EQ(*t, 0.0f);
    EXPECT_FALSE(std::signbit(*t));
    const auto hit = raycast(ray, solid);
    ASSERT_TRUE(hit);
    EXPECT_FALSE(std::signbit(hit->t));
    const auto span = intersectLine(ray, solid);
    ASSERT_TRUE(span);
    EXPECT_EQ(span->exit, 0.0f);
    EXPECT_FALSE(std::signbit(span->exit));
}

TEST(Contract, ACrossingAtTheOriginIsPlusZero) {
    const Aabb cube{{0, 0, 0}, {1, 1, 1}};
    expectPlusZeroAtTheStart(Ray{{0, 0.5f, 0.5f}, {-1, 0, 0}}, cube);  // out through the face at x = 0
    expectPlusZeroAtTheStart(Ray{{0.5f, 0.5f, 0}, {0, 0, -2}}, cube);
    expectPlusZeroAtTheStart(Ray{{0, 0.5f, 0.5f}, {-1, 0, 0}}, OrientedBox{cube, glm::mat4(1.0f)});
    expectPlusZeroAtTheStart(Ray{{0.5f, 0, 0}, {0, -1, 0}}, Cylinder{{0, 0, 0}, {0, 2, 0}, 1});  // out through cap a
}

}  // namespace
}  // namespace pickray

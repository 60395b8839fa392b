// Every solid under the shared contract of collision/ray.hpp: invalid rays and invalid shapes give
// no hit and no span, never a NaN.
#include <cmath>
#include <limits>

#include <glm/gtc/matrix_transform.hpp>
#include <gtest/gtest.h>

#include "pickray/collision.hpp"

namespace pickray {
namespace {

constexpr float kNan = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

// A valid instance of each solid, all containing the segment from (0,0,0) to (0,0,1).
template <typename Solid>
Solid validSolid();
template <> Sphere validSolid() { return {{0, 0, 0.5f}, 1}; }
template <> Capsule validSolid() { return {{0, 0, 0}, {0, 0, 1}, 1}; }
template <> Cylinder validSolid() { return {{0, 0, -1}, {0, 0, 2}, 1}; }
template <> InfiniteCylinder validSolid() { return {{0, 0, 0}, {0, 0, 1}, 1}; }
template <> Aabb validSolid() { return {{-1, -1, -1}, {1, 1, 2}}; }
template <> OrientedBox validSolid() { return {{{-1, -1, -1}, {1, 1, 1}}, glm::translate(glm::mat4(1), {0, 0, 0.5f})}; }

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
        {{0, -5, 0.5f}, {0, 0, 0}},                // zero direction
        {{0, -5, 0.5f}, {0, 1e-25f, 0}},           // squared length underflows
        {{0, -5, 0.5f}, {0, 1e25f, 0}},            // squared length overflows
        {{0, -5, 0.5f}, {0, kInf, 0}},             // infinite direction
        {{0, -5, 0.5f}, {kNan, 1, 0}},             // NaN direction
        {{kNan, -5, 0.5f}, {0, 1, 0}},             // NaN origin
        {{0, -kInf, 0.5f}, {0, 1, 0}},             // infinite origin
    };
    for (const Ray& ray : bad) {
        EXPECT_FALSE(raycast(ray, solid)) << ray.direction.y;
        EXPECT_FALSE(intersectLine(ray, solid)) << ray.direction.y;
    }
}

TYPED_TEST(EverySolid, BadTMaxGetsNothing) {
    const TypeParam solid = validSolid<TypeParam>();
    EXPECT_FALSE(raycast(kGoodRay, solid, -0.5f));
    EXPECT_FALSE(raycast(kGoodRay, solid, kNan));
    EXPECT_TRUE(raycast(kGoodRay, solid, kInf));
}

TEST(InvalidShapes, NegativeAndNanRadii) {
    for (const float r : {-1.0f, kNan, kInf}) {
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
}

}  // namespace
}  // namespace pickray

// SPDX-License-Identifier: MIT
// The library's regular names, and the old spellings kept for one release as deprecated aliases:
// InfiniteCylinder's a and b (once p1 and p2), closestPoints(point, line or segment) (once
// closestPoint and ClosestPoint), and OrientedBox::fromCenter.
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <random>
#include <type_traits>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

#include "pickray/collision.hpp"

namespace pickray {
namespace {

// ---- InfiniteCylinder: a, b ---------------------------------------------------------------------

static_assert(std::is_trivially_copyable_v<InfiniteCylinder>);
static_assert(std::is_standard_layout_v<InfiniteCylinder>);
static_assert(sizeof(InfiniteCylinder) == sizeof(Capsule), "the layout of Capsule and Cylinder: a, b, radius");
static_assert(offsetof(InfiniteCylinder, radius) == offsetof(Capsule, radius));
// The defaults, and the spellings that built one before: values, nested braces, one or two points.
constexpr InfiniteCylinder kDefault{};
static_assert(kDefault.a == glm::vec3(0.0f) && kDefault.b == glm::vec3(0, 1, 0) && kDefault.radius == 0.5f);
constexpr InfiniteCylinder kBraced{{0, 0, 5}, {0, 1, 5}, 2};
static_assert(kBraced.a == glm::vec3(0, 0, 5) && kBraced.b == glm::vec3(0, 1, 5) && kBraced.radius == 2.0f);
constexpr InfiniteCylinder kValues{glm::vec3(1), glm::vec3(2), 3.0f};
static_assert(kValues.a == glm::vec3(1) && kValues.b == glm::vec3(2));
constexpr InfiniteCylinder kTwoPoints{{1, 2, 3}, {4, 5, 6}};
static_assert(kTwoPoints.radius == 0.5f);
constexpr InfiniteCylinder kCopyListInitialised = {{1, 2, 3}, {4, 5, 6}, 1};
static_assert(kCopyListInitialised.b == glm::vec3(4, 5, 6));

TEST(Names, InfiniteCylinderNamesItsAxisPointsAAndBAsCapsuleAndCylinderDo) {
    const Ray ray{{-3, 0, 5}, {1, 0, 0}};
    InfiniteCylinder cylinder;
    cylinder.a = {0, 0, 5};
    cylinder.b = {0, 1, 5};
    cylinder.radius = 1;
    const auto hit = raycast(ray, cylinder);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, 2.0f);
    EXPECT_TRUE(validity(InfiniteCylinder{{0, 1, 0}, {0, 1, 0}, 0.5f}).message() ==
                "b: must differ from a (the axis has no direction)");
}

TEST(Names, InfiniteCylinderOldNamesP1AndP2AreTheSameStorageAsAAndB) {
    InfiniteCylinder cylinder{{1, 2, 3}, {4, 5, 6}, 1};
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif
    EXPECT_EQ(cylinder.p1, glm::vec3(1, 2, 3));
    EXPECT_EQ(cylinder.p2, glm::vec3(4, 5, 6));
    cylinder.p1.x = 7;
    cylinder.p2 = {8, 9, 10};
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
    EXPECT_EQ(cylinder.a, glm::vec3(7, 2, 3));
    EXPECT_EQ(cylinder.b, glm::vec3(8, 9, 10));
}

// ---- closestPoints(point, line or segment) ------------------------------------------------------

bool sameBits(float x, float y) { return std::bit_cast<std::uint32_t>(x) == std::bit_cast<std::uint32_t>(y); }
bool sameBits(glm::vec3 u, glm::vec3 v) { return sameBits(u.x, v.x) && sameBits(u.y, v.y) && sameBits(u.z, v.z); }

TEST(Names, ClosestPointsOfAPointHaveTheShapeOfEveryClosestPair) {
    const ClosestPoints onLine = closestPoints(glm::vec3(3, 4, 0), Line{{0, 0, 0}, {2, 0, 0}});
    EXPECT_EQ(onLine.p1, glm::vec3(3, 4, 0));
    EXPECT_EQ(onLine.t1, 0.0f);
    EXPECT_EQ(onLine.p2, glm::vec3(3, 0, 0));
    EXPECT_EQ(onLine.t2, 1.5f);
    EXPECT_EQ(onLine.distance, 4.0f);
    const ClosestPoints onSegment = closestPoints(glm::vec3(7, 4, 0), Segment{{0, 0, 0}, {4, 0, 0}});
    EXPECT_EQ(onSegment.p1, glm::vec3(7, 4, 0));
    EXPECT_EQ(onSegment.p2, glm::vec3(4, 0, 0));
    EXPECT_EQ(onSegment.t2, 1.0f);
    EXPECT_EQ(onSegment.distance, 5.0f);
}

TEST(Names, DeprecatedClosestPointAnswersAsClosestPointsBitForBit) {
    std::mt19937 rng(77);
    std::uniform_real_distribution<float> coordinate(-100.0f, 100.0f);
    const auto random = [&] { return glm::vec3(coordinate(rng), coordinate(rng), coordinate(rng)); };
    for (int i = 0; i < 2000; ++i) {
        const glm::vec3 point = random();
        const Line line{random(), random()};
        const Segment segment{random(), random()};
        const ClosestPoints toLine = closestPoints(point, line);
        const ClosestPoints toSegment = closestPoints(point, segment);
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif
        const ClosestPoint oldLine = closestPoint(point, line);
        const ClosestPoint oldSegment = closestPoint(point, segment);
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
        EXPECT_TRUE(sameBits(oldLine.point, toLine.p2) && sameBits(oldLine.t, toLine.t2) &&
                    sameBits(oldLine.distance, toLine.distance));
        EXPECT_TRUE(sameBits(oldSegment.point, toSegment.p2) && sameBits(oldSegment.t, toSegment.t2) &&
                    sameBits(oldSegment.distance, toSegment.distance));
        EXPECT_TRUE(sameBits(toLine.p1, point) && sameBits(toSegment.p1, point));
    }
}

// ---- OrientedBox::fromCenter --------------------------------------------------------------------

bool sameHit(const std::optional<RayHit>& x, const std::optional<RayHit>& y) {
    if (!x || !y) return !x && !y;
    return sameBits(x->t, y->t) && sameBits(x->point, y->point) && sameBits(x->normal, y->normal);
}

TEST(Names, OrientedBoxFromCenterRaycastsAsTheBoxBuiltByHand) {
    std::mt19937 rng(31);
    std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
    const auto random = [&](float scale) { return scale * glm::vec3(unit(rng), unit(rng), unit(rng)); };
    int hits = 0;
    for (int box = 0; box < 50; ++box) {
        const glm::vec3 center = random(20.0f);
        const glm::vec3 halfExtents = glm::abs(random(3.0f)) + 0.1f;
        const glm::quat rotation = glm::angleAxis(3.0f * unit(rng), glm::normalize(random(1.0f) + 0.01f));
        const OrientedBox byHand{Aabb{-halfExtents, halfExtents},
                                 glm::translate(glm::mat4(1.0f), center) * glm::mat4_cast(rotation)};
        const OrientedBox fromQuat = OrientedBox::fromCenter(center, halfExtents, rotation);
        const OrientedBox fromMatrix = OrientedBox::fromCenter(center, halfExtents, glm::mat3_cast(rotation));
        for (int i = 0; i < 200; ++i) {
            const Ray ray{center + random(30.0f), random(1.0f) - random(0.01f)};
            const auto want = raycast(ray, byHand);
            EXPECT_TRUE(sameHit(raycast(ray, fromQuat), want)) << box << " " << i;
            EXPECT_TRUE(sameHit(raycast(ray, fromMatrix), want)) << box << " " << i;
            const glm::vec3 from = center + random(30.0f);
            const Ray aimed{from, center + random(0.1f) - from};  // at the centre: a hit from outside
            const auto wantAimed = raycast(aimed, byHand);
            hits += wantAimed.has_value();
            EXPECT_TRUE(sameHit(raycast(aimed, fromQuat), wantAimed));
            EXPECT_TRUE(sameHit(raycast(aimed, fromMatrix), wantAimed));
        }
    }
    EXPECT_GT(hits, 9000);
    // A quarter turn about z: the box's local x runs along world y.
    const OrientedBox turned =
        OrientedBox::fromCenter({0, 0, 10}, {2, 1, 1}, glm::angleAxis(glm::radians(90.0f), glm::vec3(0, 0, 1)));
    const auto hit = raycast(Ray{{0, -10, 10}, {0, 1, 0}}, turned);
    ASSERT_TRUE(hit);
    EXPECT_NEAR(hit->t, 8.0f, 1e-5f);  // enters at y = −2, the end of the long axis
}

}  // namespace
}  // namespace pickray

// SPDX-License-Identifier: MIT
// validity(): the field and rule of every refusal, and agreement with the queries themselves: an
// input validity() refuses is never hit by any ray, and every valid one with an inside is hit by a
// ray aimed at a point inside it. proximity() with a refused capsule answers a NaN gap.
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "pickray/collision.hpp"

namespace pickray {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

template <typename Shape>
void expectRefused(const Shape& shape, const char* field, const char* ruleStart) {
    const Validity why = validity(shape);
    EXPECT_FALSE(why.valid()) << field;
    EXPECT_EQ(why.field, field);
    EXPECT_EQ(why.rule.substr(0, std::string_view(ruleStart).size()), ruleStart) << why.message();
    EXPECT_EQ(why.message().substr(0, why.field.size() + 2), std::string(field) + ": ");
    // No ray hits it, whichever way it goes: the queries refuse what validity() refuses.
    for (const glm::vec3 direction : {glm::vec3(0, 0, 1), glm::vec3(1, 0, 0), glm::vec3(0.3f, -0.5f, 0.8f)})
        for (const glm::vec3 origin : {glm::vec3(0.1f, 0.2f, -20.0f), glm::vec3(0.1f, 0.2f, 0.3f)}) {
            EXPECT_FALSE(raycast(Ray{origin, direction}, shape)) << why.message();
            EXPECT_FALSE(intersectLine(Ray{origin, direction}, shape)) << why.message();
        }
}

template <typename Shape>
void expectValidAndHitAt(const Shape& shape, glm::vec3 inside) {
    EXPECT_TRUE(validity(shape).valid()) << validity(shape).message();
    EXPECT_EQ(validity(shape).message(), "valid");
    EXPECT_TRUE(raycast(Ray{inside - glm::vec3(0, 0, 50), {0, 0, 1}}, shape));
}

TEST(Validity, RaysNameTheOriginOrTheDirection) {
    EXPECT_TRUE(validity(Ray{{1, 2, 3}, {0, 0, 1}}).valid());
    EXPECT_EQ(validity(Ray{{kNaN, 0, 0}, {0, 0, 1}}).field, "origin");
    EXPECT_EQ(validity(Ray{{0, kInf, 0}, {0, 0, 1}}).field, "origin");
    for (const glm::vec3 d : {glm::vec3(0), glm::vec3(kNaN, 0, 1), glm::vec3(1e-30f, 0, 0), glm::vec3(0, 1e30f, 0)}) {
        EXPECT_EQ(validity(Ray{{0, 0, 0}, d}).field, "direction") << d.x << " " << d.y;
        EXPECT_FALSE(raycast(Ray{{0, 0, 0}, d}, Sphere{{0, 0, 5}, 100}));
    }
    EXPECT_TRUE(tMaxValidity(0.0f).valid());
    EXPECT_TRUE(tMaxValidity(kInf).valid());
    EXPECT_EQ(tMaxValidity(-1.0f).field, "tMax");
    EXPECT_EQ(tMaxValidity(kNaN).field, "tMax");
}

TEST(Validity, EveryShapesRefusalNamesItsFieldAndNoRayHitsIt) {
    expectValidAndHitAt(Sphere{{0, 0, 0}, 1}, {0, 0, 0});
    expectRefused(Sphere{{kNaN, 0, 0}, 1}, "center", "must be finite");
    expectRefused(Sphere{{0, 0, 0}, -1}, "radius", "must be finite and >= 0");
    expectRefused(Sphere{{0, 0, 0}, kInf}, "radius", "must be finite and >= 0");

    expectValidAndHitAt(Capsule{{0, -1, 0}, {0, 1, 0}, 0.5f}, {0, 0, 0});
    expectValidAndHitAt(Capsule{{0, 0, 0}, {0, 0, 0}, 0.5f}, {0, 0, 0});  // a == b: a sphere
    expectRefused(Capsule{{0, 0, 0}, {kInf, 0, 0}, 0.5f}, "b", "must be finite");
    expectRefused(Capsule{{0, -1, 0}, {0, 1, 0}, kNaN}, "radius", "must be finite and >= 0");

    expectValidAndHitAt(Cylinder{{0, -1, 0}, {0, 1, 0}, 0.5f}, {0, 0, 0});
    expectRefused(Cylinder{{0, -1, 0}, {0, 1, 0}, 0.0f}, "radius", "must be finite and > 0");
    expectRefused(Cylinder{{0, 1, 0}, {0, 1, 0}, 0.5f}, "b", "must differ from a");
    expectRefused(Cylinder{{kNaN, 1, 0}, {0, 1, 0}, 0.5f}, "a", "must be finite");

    expectValidAndHitAt(InfiniteCylinder{{0, -1, 0}, {0, 1, 0}, 0.5f}, {0, 0, 0});
    expectRefused(InfiniteCylinder{{0, 1, 0}, {0, 1, 0}, 0.5f}, "b", "must differ from a");
    expectRefused(InfiniteCylinder{{0, -1, 0}, {0, 1, 0}, -0.5f}, "radius", "must be finite and >= 0");

    expectValidAndHitAt(Aabb{{-1, -1, -1}, {1, 1, 1}}, {0, 0, 0});
    expectValidAndHitAt(Aabb{{-1, -1, 0}, {1, 1, 0}}, {0, 0, 0});  // flat: fine
    expectRefused(Aabb{{1, -1, -1}, {-1, 1, 1}}, "max", "must be >= min");
    expectRefused(Aabb{{-1, -1, -1}, {1, kNaN, 1}}, "max", "must be finite");

    const Aabb unit{{-0.5f, -0.5f, -0.5f}, {0.5f, 0.5f, 0.5f}};
    expectValidAndHitAt(OrientedBox{unit, glm::rotate(glm::mat4(1.0f), 0.5f, glm::vec3(0, 1, 0))}, {0, 0, 0});
    expectRefused(OrientedBox{unit, glm::scale(glm::mat4(1.0f), glm::vec3(1, 0, 1))}, "toWorld", "must be invertible");
    glm::mat4 projective(1.0f);
    projective[0][3] = 0.5f;
    expectRefused(OrientedBox{unit, projective}, "toWorld", "must be affine");
    glm::mat4 infinite(1.0f);
    infinite[3][1] = kInf;
    expectRefused(OrientedBox{unit, infinite}, "toWorld", "must be finite");
    expectRefused(OrientedBox{Aabb{{0, 0, 0}, {-1, 1, 1}}, glm::mat4(1.0f)}, "local.max", "must be >= local.min");
    // Two equal columns: exactly singular, though the rounded determinant need not be 0.
    glm::mat4 twins(1.0f);
    twins[0] = glm::vec4(0.1f, 0.7f, 0.3f, 0.0f);
    twins[1] = twins[0];
    expectRefused(OrientedBox{unit, twins}, "toWorld", "must be invertible");
}

TEST(Validity, ProximityOfARefusedCapsuleIsANaNGapNotANumber) {
    const Capsule good{{0, 0, 0}, {0, 1, 0}, 0.5f};
    const Capsule negative{{3, 0, 0}, {3, 1, 0}, -1.0f};
    // Before: 3 − 0.5 − (−1) = 3.5, a gap from a surface that does not exist.
    EXPECT_TRUE(std::isnan(proximity(good, negative).gap));
    EXPECT_TRUE(std::isnan(proximity(negative, good).gap));
    EXPECT_EQ(proximity(good, negative).axes.distance, 3.0f) << "the segments' own closest points, as given";
    EXPECT_TRUE(std::isnan(proximity(good, Capsule{{3, 0, 0}, {3, 1, 0}, kNaN}).gap));
    EXPECT_EQ(proximity(good, Capsule{{3, 0, 0}, {3, 1, 0}, 1.0f}).gap, 1.5f);
    EXPECT_FALSE(overlaps(good, negative));
}

}  // namespace
}  // namespace pickray

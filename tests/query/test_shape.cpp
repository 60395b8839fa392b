// SPDX-License-Identifier: MIT
// The Shape variant's list of kinds (names, name lookup, default shapes) and its dispatch, judged
// against the long-double reference.
#include <gtest/gtest.h>

#include <optional>
#include <random>
#include <set>
#include <string>
#include <variant>

#include <glm/gtc/matrix_transform.hpp>

#include "pickray/query/shape.hpp"
#include "support/geometry_asserts.hpp"
#include "support/reference_rays.hpp"

using pickray::Shape;
using pickray::ShapeKind;

TEST(ShapeKinds, EveryKindHasTheDocumentedNameInVariantOrder) {
    // Written out independently of the code: the scene file format depends on these spellings.
    const char* expected[] = {"sphere", "capsule", "cylinder", "infinite_cylinder", "aabb", "box"};
    ASSERT_EQ(pickray::kShapeKindCount, std::size(expected));
    for (ShapeKind kind = 0; kind < pickray::kShapeKindCount; ++kind)
        EXPECT_EQ(pickray::kindName(kind), expected[kind]);
    EXPECT_EQ(pickray::kindName(Shape(pickray::OrientedBox{})), "box");
    EXPECT_EQ(pickray::kindName(Shape(pickray::Aabb{})), "aabb");
}

TEST(ShapeKinds, NamesRoundTripAndUnknownNamesAreRefused) {
    std::set<std::string> seen;
    for (ShapeKind kind = 0; kind < pickray::kShapeKindCount; ++kind) {
        const std::string_view name = pickray::kindName(kind);
        EXPECT_TRUE(seen.insert(std::string(name)).second) << name << " is used twice";
        EXPECT_EQ(pickray::kindFromName(name), kind);
    }
    for (const char* bad : {"", "Sphere", "sphere ", "oriented_box", "cube"})
        EXPECT_FALSE(pickray::kindFromName(bad)) << bad;
    EXPECT_EQ(pickray::kindName(pickray::kShapeKindCount), "");
}

TEST(ShapeKinds, ShapeOfKindIsTheDefaultShapeOfThatKind) {
    for (ShapeKind kind = 0; kind < pickray::kShapeKindCount; ++kind)
        EXPECT_EQ(pickray::shapeOfKind(kind).value().index(), kind);
    const auto box = std::get<pickray::Aabb>(pickray::shapeOfKind(4).value());
    EXPECT_EQ(box.min, glm::vec3(-0.5f));
    EXPECT_FALSE(pickray::shapeOfKind(pickray::kShapeKindCount));  // no kind: no shape, not a sphere
}

namespace {

/// A shape of `kind` around `c` of size about `size`, with random orientation.
Shape randomShapeOfKind(std::mt19937& rng, ShapeKind kind, glm::vec3 c, float size) {
    const glm::vec3 half = pickray::test::randomUnit(rng) * size;
    switch (kind) {
        case 0: return pickray::Sphere{c, size};
        case 1: return pickray::Capsule{c - half, c + half, 0.5f * size};
        case 2: return pickray::Cylinder{c - half, c + half, 0.5f * size};
        case 3: return pickray::InfiniteCylinder{c, c + half, 0.5f * size};
        case 4: return pickray::Aabb{c - glm::abs(half) - 0.1f, c + glm::abs(half) + 0.1f};
        default: {
            glm::mat4 m = glm::translate(glm::mat4(1), c);
            m = glm::rotate(m, std::uniform_real_distribution<float>(0, 6.3f)(rng), pickray::test::randomUnit(rng));
            m = glm::scale(m, pickray::test::randomIn(rng, 0.3f, 2.0f) * size);
            return pickray::OrientedBox{{glm::vec3(-0.5f), glm::vec3(0.5f)}, m};
        }
    }
}

}  // namespace

// raycast and intersectLine on the Shape variant answer as the independent long-double reference
// (tests/reference/) says the kind it holds does, by the differential test's rules: a dispatch to
// the wrong routine, or a kind's routine gone wrong, fails here. (Comparing with the kind's own
// routine through std::visit would compare the dispatch with itself.)
TEST(ShapeDispatch, EveryKindAnswersAsTheReferenceForThatKind) {
    std::mt19937 rng(44);
    for (ShapeKind kind = 0; kind < pickray::kShapeKindCount; ++kind) {
        pickray::test::ReferenceComparison reference(std::string("Shape holding ") +
                                                     std::string(pickray::kindName(kind)));
        for (int i = 0; i < 400; ++i) {
            const glm::vec3 c = pickray::test::randomIn(rng, -5, 5);
            const Shape shape = randomShapeOfKind(rng, kind, c, std::uniform_real_distribution<float>(0.2f, 1.5f)(rng));
            ASSERT_EQ(shape.index(), kind);
            const pickray::Ray ray = pickray::test::aimedRay(rng, c, 6, 0.5f);  // aimed within 0.5: most hit
            const float tMax = i % 4 == 0 ? std::uniform_real_distribution<float>(0.0f, 3.0f)(rng) : INFINITY;
            const auto hit = pickray::raycast(ray, shape, tMax);
            const auto solid = pickray::test::referenceSolid(shape);
            ASSERT_TRUE(solid) << pickray::kindName(kind);
            reference.check(ray, solid, hit ? std::optional<float>(hit->t) : std::nullopt, tMax,
                            hit ? std::optional<glm::vec3>(hit->normal) : std::nullopt);
            reference.checkLine(ray, solid, pickray::intersectLine(ray, shape));
        }
        reference.finish(150, 50, 150, 40);
    }
}

// SPDX-License-Identifier: MIT
// The Shape variant's list of kinds (names, name lookup, default shapes) and its dispatch.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "pickray/query/shape.hpp"

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
        EXPECT_EQ(pickray::shapeOfKind(kind).index(), kind);
    const auto box = std::get<pickray::Aabb>(pickray::shapeOfKind(4));
    EXPECT_EQ(box.min, glm::vec3(-0.5f));
    EXPECT_EQ(pickray::shapeOfKind(pickray::kShapeKindCount).index(), 0u);
}

TEST(ShapeDispatch, EveryKindAnswersAsItsOwnRoutine) {
    // A ray down the y axis from above through each default shape (all contain the origin).
    const pickray::Ray ray{{0.01f, 10.0f, 0.02f}, {0.0f, -1.0f, 0.0f}};
    for (ShapeKind kind = 0; kind < pickray::kShapeKindCount; ++kind) {
        Shape shape = pickray::shapeOfKind(kind);
        if (auto* c = std::get_if<pickray::InfiniteCylinder>(&shape)) c->p2 = {1.0f, 0.0f, 0.0f};  // across the ray
        const auto viaVariant = pickray::raycast(ray, shape);
        const auto direct = std::visit([&](const auto& s) { return pickray::raycast(ray, s); }, shape);
        ASSERT_TRUE(viaVariant) << pickray::kindName(kind);
        ASSERT_TRUE(direct);
        EXPECT_EQ(viaVariant->t, direct->t) << pickray::kindName(kind);
        EXPECT_LT(viaVariant->t, 10.0f);
        const auto span = pickray::intersectLine(ray, shape);
        ASSERT_TRUE(span) << pickray::kindName(kind);
        EXPECT_EQ(span->enter, viaVariant->t) << pickray::kindName(kind);
    }
}

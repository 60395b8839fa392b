// SPDX-License-Identifier: MIT
// Mixed shapes in one call (query/shape.hpp): raycastT and nearestT over spans of Shape answer as
// each kind's own routine, bit for bit, and as the per-kind batch routines of collision/batch.hpp;
// a brute force over a scene of every kind is one loop, with the same contract (misses as
// +infinity, ties to the smaller index, sizes checked before anything is written).
#include <bit>
#include <cstdint>
#include <optional>
#include <random>
#include <stdexcept>
#include <variant>
#include <vector>

#include <gtest/gtest.h>

#include "pickray/query.hpp"
#include "random_scene.hpp"

namespace pickray {
namespace {

std::uint32_t bits(float f) { return std::bit_cast<std::uint32_t>(f); }

// The same shapes split by kind, each kind's list with the indices it had in the mixed one.
struct ByKind {
    std::vector<Sphere> spheres;
    std::vector<Capsule> capsules;
    std::vector<Cylinder> cylinders;
    std::vector<InfiniteCylinder> infinite;
    std::vector<Aabb> aabbs;
    std::vector<PreparedOrientedBox> boxes;
    std::vector<std::vector<std::size_t>> index = std::vector<std::vector<std::size_t>>(kShapeKindCount);
};

ByKind split(const std::vector<Shape>& shapes) {
    ByKind k;
    for (std::size_t i = 0; i < shapes.size(); ++i) {
        k.index[shapes[i].index()].push_back(i);
        std::visit(
            [&](const auto& s) {
                using T = std::decay_t<decltype(s)>;
                if constexpr (std::is_same_v<T, Sphere>) k.spheres.push_back(s);
                if constexpr (std::is_same_v<T, Capsule>) k.capsules.push_back(s);
                if constexpr (std::is_same_v<T, Cylinder>) k.cylinders.push_back(s);
                if constexpr (std::is_same_v<T, InfiniteCylinder>) k.infinite.push_back(s);
                if constexpr (std::is_same_v<T, Aabb>) k.aabbs.push_back(s);
                if constexpr (std::is_same_v<T, OrientedBox>) k.boxes.emplace_back(s);
            },
            shapes[i]);
    }
    return k;
}

TEST(ShapeBatch, OneRayAgainstMixedShapesAnswersAsEachKindsBatchRoutine) {
    std::mt19937 rng(41);
    const std::vector<Shape> shapes = test::randomScene(rng, 3000, 12.0f);
    const ByKind k = split(shapes);
    for (ShapeKind kind = 0; kind < kShapeKindCount; ++kind) ASSERT_FALSE(k.index[kind].empty()) << kindName(kind);
    int hits = 0;
    for (int r = 0; r < 200; ++r) {
        const Ray ray = test::randomRay(rng, 12.0f, r);
        const float tMax = r % 3 == 0 ? 9.0f : kInfinity;
        std::vector<float> mixed(shapes.size(), -1.0f);
        raycastT(ray, shapes, mixed, tMax);
        const auto compare = [&](const auto& ofKind, ShapeKind kind) {
            std::vector<float> t(ofKind.size());
            raycastT(ray, std::span(ofKind), std::span(t), tMax);
            for (std::size_t j = 0; j < t.size(); ++j) {
                const std::size_t i = k.index[kind][j];
                ASSERT_EQ(bits(mixed[i]), bits(t[j])) << kindName(kind) << " " << i;
                ASSERT_EQ(bits(mixed[i]), bits(raycastT(ray, shapes[i], tMax).value_or(kInfinity))) << i;
                hits += mixed[i] != kInfinity;
            }
        };
        compare(k.spheres, 0);
        compare(k.capsules, 1);
        compare(k.cylinders, 2);
        compare(k.infinite, 3);
        compare(k.aabbs, 4);
        compare(k.boxes, 5);
        // nearestT over the mixed span: the smallest of the kinds' own nearestT, mapped back.
        std::optional<NearestT> expected;
        const auto nearestOf = [&](const auto& ofKind, ShapeKind kind) {
            if (const auto n = nearestT(ray, std::span(ofKind), tMax)) {
                const std::size_t i = k.index[kind][n->index];
                if (!expected || n->t < expected->t || (n->t == expected->t && i < expected->index))
                    expected = NearestT{i, n->t};
            }
        };
        nearestOf(k.spheres, 0);
        nearestOf(k.capsules, 1);
        nearestOf(k.cylinders, 2);
        nearestOf(k.infinite, 3);
        nearestOf(k.aabbs, 4);
        nearestOf(k.boxes, 5);
        const std::optional<NearestT> got = nearestT(ray, shapes, tMax);
        ASSERT_EQ(got.has_value(), expected.has_value()) << r;
        if (got) {
            EXPECT_EQ(got->index, expected->index) << r;
            EXPECT_EQ(bits(got->t), bits(expected->t)) << r;
        }
    }
    EXPECT_GT(hits, 500);
}

TEST(ShapeBatch, PairsAnswerAsEachPairsOwnRoutine) {
    std::mt19937 rng(42);
    const std::vector<Shape> shapes = test::randomScene(rng, 2000, 6.0f);
    std::vector<Ray> rays;
    // Most rays aimed at their own shape's box, so that both answers come in numbers.
    for (std::size_t i = 0; i < shapes.size(); ++i) {
        Ray ray = test::randomRay(rng, 6.0f, static_cast<int>(i));
        const Aabb box = bounds(shapes[i]);
        if (i % 4 != 0 && isFiniteBox(box)) ray.direction = 0.5f * (box.min + box.max) - ray.origin;
        rays.push_back(ray);
    }
    std::vector<float> t(shapes.size());
    raycastT(rays, shapes, t, 20.0f);
    int hits = 0;
    for (std::size_t i = 0; i < shapes.size(); ++i) {
        ASSERT_EQ(bits(t[i]), bits(raycastT(rays[i], shapes[i], 20.0f).value_or(kInfinity))) << i;
        hits += t[i] != kInfinity;
    }
    EXPECT_GT(hits, 500);
}

TEST(ShapeBatch, TiesGoToTheSmallerIndexAndInvalidRaysOrTMaxHitNothing) {
    // Two equal spheres, then an equal box face at the same t: the first of them.
    const std::vector<Shape> shapes{Sphere{{0, 0, 9}, 1}, Sphere{{0, 0, 5}, 1}, Sphere{{0, 0, 5}, 1},
                                    Aabb{{-1, -1, 4}, {1, 1, 6}}};
    const Ray ray{{0, 0, 0}, {0, 0, 1}};
    const auto nearest = nearestT(ray, shapes);
    ASSERT_TRUE(nearest);
    EXPECT_EQ(nearest->index, 1u);
    EXPECT_EQ(nearest->t, 4.0f);
    const float nan = std::numeric_limits<float>::quiet_NaN();
    for (const Ray& bad : {Ray{{0, 0, 0}, {0, 0, 0}}, Ray{{nan, 0, 0}, {0, 0, 1}}}) {
        EXPECT_FALSE(nearestT(bad, shapes));
        std::vector<float> t(shapes.size(), -1.0f);
        raycastT(bad, shapes, t);
        for (const float v : t) EXPECT_EQ(v, kInfinity);
    }
    for (const float tMax : {-1.0f, nan}) EXPECT_FALSE(nearestT(ray, shapes, tMax)) << tMax;
    EXPECT_FALSE(nearestT(ray, shapes, 3.9f)) << "every hit past tMax";
    EXPECT_FALSE(nearestT(ray, std::span<const Shape>{})) << "no shapes";
}

TEST(ShapeBatch, SizesThatDifferAreRefusedAndNothingIsWritten) {
    const std::vector<Shape> shapes(3, Sphere{{0, 0, 5}, 1});
    const std::vector<Ray> rays(3, Ray{{0, 0, 0}, {0, 0, 1}});
    for (const std::size_t size : {std::size_t{2}, std::size_t{4}}) {
        std::vector<float> t(size, -1.0f);
        EXPECT_THROW(raycastT(rays[0], shapes, t), std::invalid_argument) << size;
        EXPECT_THROW(raycastT(rays, shapes, t), std::invalid_argument) << size;
        for (const float v : t) EXPECT_EQ(v, -1.0f);
    }
    std::vector<float> t(3, -1.0f);
    EXPECT_THROW(raycastT(std::span(rays).first(2), shapes, t), std::invalid_argument);
    for (const float v : t) EXPECT_EQ(v, -1.0f);
}

}  // namespace
}  // namespace pickray

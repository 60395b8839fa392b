// The BVH against brute force over the same shapes: the nearest hit, all hits and all line spans
// must be exactly the brute-force answers (same shape, same t), for mixed random scenes, rays along
// the axes, rays starting inside, piles of coincident shapes, and after refits.
#include <algorithm>
#include <random>

#include <glm/gtc/matrix_transform.hpp>
#include <gtest/gtest.h>

#include "pickray/query.hpp"
#include "support/geometry_asserts.hpp"

namespace pickray {
namespace {

Shape randomShape(std::mt19937& rng, float spread) {
    const glm::vec3 c = test::randomIn(rng, -spread, spread);
    const float size = std::uniform_real_distribution<float>(0.2f, 1.5f)(rng);
    const glm::vec3 half = test::randomUnit(rng) * size;
    switch (std::uniform_int_distribution<int>(0, 11)(rng)) {
        case 0: case 1: return Sphere{c, size};
        case 2: case 3: return Capsule{c - half, c + half, 0.5f * size};
        case 4: case 5: return Cylinder{c - half, c + half, 0.5f * size};
        case 6: case 7: return Aabb{c - glm::abs(half), c + glm::abs(half) + 0.1f};
        case 8: case 9: {
            glm::mat4 m = glm::translate(glm::mat4(1), c);
            m = glm::rotate(m, std::uniform_real_distribution<float>(0, 6.3f)(rng), test::randomUnit(rng));
            m = glm::scale(m, test::randomIn(rng, 0.3f, 2.0f));
            return OrientedBox{{glm::vec3(-0.5f), glm::vec3(0.5f)}, m};
        }
        case 10: return InfiniteCylinder{c, c + half, 0.05f * size};  // thin: unbounded, kept beside the tree
        default: return Sphere{c, -1.0f};                               // invalid: never hit
    }
}

std::vector<Shape> randomScene(std::mt19937& rng, int count, float spread) {
    std::vector<Shape> shapes;
    for (int i = 0; i < count; ++i) shapes.push_back(randomShape(rng, spread));
    return shapes;
}

std::optional<ShapeHit> bruteNearest(const Ray& ray, const std::vector<Shape>& shapes) {
    std::optional<ShapeHit> best;
    for (std::uint32_t i = 0; i < shapes.size(); ++i) {
        const auto hit = raycast(ray, shapes[i]);
        if (hit && (!best || hit->t < best->hit.t)) best = ShapeHit{i, *hit};  // first index wins ties
    }
    return best;
}

Ray randomRay(std::mt19937& rng, float spread, int i) {
    Ray ray{test::randomIn(rng, -spread, spread), test::randomUnit(rng) * 2.0f};
    if (i % 5 == 0) ray.direction = glm::vec3(0.0f);
    if (i % 5 == 0) ray.direction[i % 3] = (i % 2) ? 1.0f : -1.0f;  // exactly along an axis
    return ray;
}

void expectSameAsBruteForce(const Bvh& bvh, const std::vector<Shape>& shapes, std::mt19937& rng, float spread,
                            int rays) {
    int hits = 0;
    for (int i = 0; i < rays; ++i) {
        Ray ray = randomRay(rng, spread, i);
        if (i % 2 == 1) {  // every other ray aimed at a shape, so small scenes get hits too
            const Aabb box = bounds(shapes[std::uniform_int_distribution<size_t>(0, shapes.size() - 1)(rng)]);
            if (isFiniteBox(box)) ray.direction = 0.5f * (box.min + box.max) - ray.origin;
        }
        const auto expected = bruteNearest(ray, shapes);
        const auto got = bvh.nearest(ray, shapes);
        ASSERT_EQ(expected.has_value(), got.has_value()) << "ray " << i;
        if (!expected) continue;
        ++hits;
        EXPECT_EQ(got->index, expected->index) << "ray " << i;
        EXPECT_EQ(got->hit.t, expected->hit.t) << "ray " << i;
    }
    EXPECT_GT(hits, rays / 10);
}

TEST(Bvh, NearestEqualsBruteForceOnMixedScenes) {
    std::mt19937 rng(20);
    for (const int count : {1, 2, 7, 100, 3000}) {
        const auto shapes = randomScene(rng, count, 3.0f * std::cbrt(static_cast<float>(count)));
        const Bvh bvh(shapes);
        expectSameAsBruteForce(bvh, shapes, rng, 3.0f * std::cbrt(static_cast<float>(count)), 400);
    }
}

TEST(Bvh, AllHitsAndLineSpansEqualBruteForce) {
    std::mt19937 rng(21);
    const auto shapes = randomScene(rng, 500, 12.0f);
    const Bvh bvh(shapes);
    for (int i = 0; i < 200; ++i) {
        const Ray ray = randomRay(rng, 12.0f, i);
        std::vector<ShapeHit> hits;
        std::vector<ShapeSpan> spans;
        for (std::uint32_t k = 0; k < shapes.size(); ++k) {
            if (const auto hit = raycast(ray, shapes[k])) hits.push_back({k, *hit});
            if (const auto span = intersectLine(ray, shapes[k])) spans.push_back({k, *span});
        }
        std::stable_sort(hits.begin(), hits.end(), [](auto& a, auto& b) { return a.hit.t < b.hit.t; });
        std::stable_sort(spans.begin(), spans.end(), [](auto& a, auto& b) { return a.span.enter < b.span.enter; });
        const auto gotHits = bvh.allHits(ray, shapes);
        const auto gotSpans = bvh.lineSpans(ray, shapes);
        ASSERT_EQ(gotHits.size(), hits.size());
        for (size_t k = 0; k < hits.size(); ++k) {
            EXPECT_EQ(gotHits[k].index, hits[k].index);
            EXPECT_EQ(gotHits[k].hit.t, hits[k].hit.t);
        }
        ASSERT_EQ(gotSpans.size(), spans.size());
        for (size_t k = 0; k < spans.size(); ++k) {
            EXPECT_EQ(gotSpans[k].index, spans[k].index);
            EXPECT_EQ(gotSpans[k].span.exit, spans[k].span.exit);
        }
    }
}

TEST(Bvh, TMaxLimitsTheNearestHit) {
    const std::vector<Shape> shapes{Sphere{{0, 0, 5}, 1}, Sphere{{0, 0, 10}, 1}};
    const Bvh bvh(shapes);
    const Ray ray{{0, 0, 0}, {0, 0, 1}};
    ASSERT_TRUE(bvh.nearest(ray, shapes, 4.0f));
    EXPECT_FALSE(bvh.nearest(ray, shapes, 3.9f));
    EXPECT_EQ(bvh.allHits(ray, shapes, 8.5f).size(), 1u);  // the second sphere starts at t = 9
    EXPECT_EQ(bvh.allHits(ray, shapes, 9.0f).size(), 2u);
}

TEST(Bvh, TiesGoToTheSmallerIndex) {
    const std::vector<Shape> shapes{Aabb{{-1, -1, 4}, {1, 1, 6}}, Sphere{{0, 0, 5}, 1}, Aabb{{-1, -1, 4}, {1, 1, 6}}};
    const Bvh bvh(shapes);
    const auto hit = bvh.nearest(Ray{{0, 0, 0}, {0, 0, 1}}, shapes);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->index, 0u);
}

TEST(Bvh, CoincidentShapesAndEmptyScenes) {
    std::vector<Shape> pile(1000, Shape{Sphere{{1, 2, 3}, 0.5f}});
    pile[637] = Sphere{{1, 2, 3}, 0.6f};  // the one that sticks out
    const Bvh bvh(pile);
    const auto hit = bvh.nearest(Ray{{1, 2, -10}, {0, 0, 1}}, pile);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->index, 637u);
    EXPECT_LT(bvh.stats().depth, 100u);

    const std::vector<Shape> none;
    EXPECT_FALSE(Bvh(none).nearest(Ray{{0, 0, 0}, {0, 0, 1}}, none));
    const std::vector<Shape> invalid{Sphere{{0, 0, 5}, -1}, Cylinder{{0, 0, 5}, {0, 0, 5}, 1}};
    EXPECT_FALSE(Bvh(invalid).nearest(Ray{{0, 0, 0}, {0, 0, 1}}, invalid));
}

TEST(Bvh, RefitAfterMovesStaysExact) {
    std::mt19937 rng(22);
    auto shapes = randomScene(rng, 800, 10.0f);
    Bvh bvh(shapes);
    for (int round = 0; round < 50; ++round) {
        const auto index = std::uniform_int_distribution<std::uint32_t>(0, 799)(rng);
        shapes[index] = randomShape(rng, 10.0f);  // moved, resized, maybe another kind
        bvh.update(shapes, index);
    }
    expectSameAsBruteForce(bvh, shapes, rng, 10.0f, 500);
}

TEST(Bvh, BatchEqualsOneByOne) {
    std::mt19937 rng(23);
    const auto shapes = randomScene(rng, 2000, 15.0f);
    const Bvh bvh(shapes);
    std::vector<Ray> rays;
    for (int i = 0; i < 3000; ++i) rays.push_back(randomRay(rng, 15.0f, i));
    std::vector<std::optional<ShapeHit>> out(rays.size());
    bvh.nearestBatch(rays, shapes, out, 2);
    for (size_t i = 0; i < rays.size(); ++i) {
        const auto one = bvh.nearest(rays[i], shapes);
        ASSERT_EQ(one.has_value(), out[i].has_value());
        if (one) {
            EXPECT_EQ(one->index, out[i]->index);
        }
    }
}

TEST(ShapeBounds, ContainEverySurfacePointFound) {
    // Every hit point of random rays lies inside the shape's bounds (which the tree relies on).
    std::mt19937 rng(24);
    for (int i = 0; i < 3000; ++i) {
        const Shape shape = randomShape(rng, 100.0f);
        const Aabb box = bounds(shape);
        if (!isFiniteBox(box)) continue;
        const glm::vec3 centre = 0.5f * (box.min + box.max);
        const Ray ray = test::aimedRay(rng, centre, 5, 1);
        const auto hit = raycast(ray, shape);
        if (!hit) continue;
        for (int a = 0; a < 3; ++a) {
            EXPECT_GE(hit->point[a], box.min[a]);
            EXPECT_LE(hit->point[a], box.max[a]);
        }
    }
}

}  // namespace
}  // namespace pickray

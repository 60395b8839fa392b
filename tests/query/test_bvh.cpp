// SPDX-License-Identifier: MIT
// The BVH against brute force over the same shapes: the nearest hit, all hits and all line spans
// must be exactly the brute-force answers (same shape, same t), for mixed random scenes, rays along
// the axes, rays starting inside, piles of coincident shapes, and after updates (refits, changes of
// kind, shapes leaving and entering the tree). Also the copy it keeps: shape(i), stats().bytes.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "pickray/query.hpp"
#include "random_scene.hpp"
#include "support/geometry_asserts.hpp"
#include "support/line_in_box.hpp"

#if defined(__SSE2__)
#include <immintrin.h>
#endif

namespace pickray {
namespace {

using test::randomRay;
using test::randomScene;
using test::randomShape;

/// One shape of the scene, drawn at random, becomes `change(shape)` and is passed to the tree's
/// update(), as an edit does.
template <class Change>
void changeOneAtRandom(Bvh& bvh, std::vector<Shape>& shapes, std::mt19937& rng, Change&& change) {
    const auto last = static_cast<std::uint32_t>(shapes.size() - 1);
    const auto index = std::uniform_int_distribution<std::uint32_t>(0, last)(rng);
    shapes[index] = change(shapes[index]);
    bvh.update(index, shapes[index]);
}

/// `rounds` times, a shape drawn at random is replaced by a new random one: moved, resized, maybe
/// another kind.
void replaceAtRandom(Bvh& bvh, std::vector<Shape>& shapes, std::mt19937& rng, int rounds, float spread) {
    for (int round = 0; round < rounds; ++round) {
        changeOneAtRandom(bvh, shapes, rng, [&](const Shape&) { return randomShape(rng, spread); });
    }
}

std::optional<ShapeHit> bruteNearest(const Ray& ray, const std::vector<Shape>& shapes) {
    std::optional<ShapeHit> best;
    for (std::uint32_t i = 0; i < shapes.size(); ++i) {
        const auto hit = raycast(ray, shapes[i]);
        if (hit && (!best || hit->t < best->hit.t)) best = ShapeHit{i, *hit};  // first index wins ties
    }
    return best;
}

/// bvh.nearest(ray) is brute force's nearest hit, bit for bit (shape, t, point and normal); true
/// when there is one. `what` names the ray in a failure.
bool expectNearestAsBruteForce(const Bvh& bvh, const std::vector<Shape>& shapes, const Ray& ray,
                               const std::string& what) {
    const auto expected = bruteNearest(ray, shapes);
    const auto got = bvh.nearest(ray);
    EXPECT_EQ(expected.has_value(), got.has_value()) << what;
    if (!expected || !got) return false;
    EXPECT_EQ(got->index, expected->index) << what;
    EXPECT_EQ(got->hit.t, expected->hit.t) << what;
    EXPECT_EQ(got->hit.point, expected->hit.point) << what;
    EXPECT_EQ(got->hit.normal, expected->hit.normal) << what;
    return true;
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
        if (expectNearestAsBruteForce(bvh, shapes, ray, "ray " + std::to_string(i))) ++hits;
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

struct HitAndSpanCounts {
    std::size_t hits = 0, spans = 0;
};

/// bvh.allHits(ray) and bvh.lineSpans(ray) are brute force's, in the same order, with the same t
/// and span ends; how many of each brute force found. `what` names the ray in a failure.
HitAndSpanCounts expectHitsAndSpansAsBruteForce(const Bvh& bvh, const std::vector<Shape>& shapes, const Ray& ray,
                                                const std::string& what) {
    std::vector<ShapeHit> hits;
    std::vector<ShapeSpan> spans;
    for (std::uint32_t k = 0; k < shapes.size(); ++k) {
        if (const auto hit = raycast(ray, shapes[k])) hits.push_back({k, *hit});
        if (const auto span = intersectLine(ray, shapes[k])) spans.push_back({k, *span});
    }
    std::stable_sort(hits.begin(), hits.end(), [](auto& a, auto& b) { return a.hit.t < b.hit.t; });
    std::stable_sort(spans.begin(), spans.end(), [](auto& a, auto& b) { return a.span.enter < b.span.enter; });
    const auto gotHits = bvh.allHits(ray);
    const auto gotSpans = bvh.lineSpans(ray);
    EXPECT_EQ(gotHits.size(), hits.size()) << what;
    for (size_t k = 0; k < std::min(hits.size(), gotHits.size()); ++k) {
        EXPECT_EQ(gotHits[k].index, hits[k].index) << what;
        EXPECT_EQ(gotHits[k].hit.t, hits[k].hit.t) << what;
    }
    EXPECT_EQ(gotSpans.size(), spans.size()) << what;
    for (size_t k = 0; k < std::min(spans.size(), gotSpans.size()); ++k) {
        EXPECT_EQ(gotSpans[k].index, spans[k].index) << what;
        EXPECT_EQ(gotSpans[k].span.enter, spans[k].span.enter) << what;
        EXPECT_EQ(gotSpans[k].span.exit, spans[k].span.exit) << what;
    }
    return {hits.size(), spans.size()};
}

void expectHitsAndSpansSameAsBruteForce(const Bvh& bvh, const std::vector<Shape>& shapes, std::mt19937& rng,
                                        float spread, int rays) {
    std::size_t hitCount = 0, spanCount = 0;
    for (int i = 0; i < rays; ++i) {
        const auto counts =
            expectHitsAndSpansAsBruteForce(bvh, shapes, randomRay(rng, spread, i), "ray " + std::to_string(i));
        hitCount += counts.hits;
        spanCount += counts.spans;
    }
    // The lists compared must not all be empty.
    std::printf("all hits and line spans: %zu hits and %zu spans over %d rays compared\n", hitCount, spanCount, rays);
    EXPECT_GE(hitCount, static_cast<std::size_t>(rays / 2));
    EXPECT_GE(spanCount, static_cast<std::size_t>(rays));
}

TEST(Bvh, LargeScenesEqualBruteForce) {
    // Large enough for the traversal to fetch children ahead (more than 8192 nodes) and for the
    // build's binned splits and shared bottom nodes to shape most of the tree.
    std::mt19937 rng(28);
    const float spread = 3.0f * std::cbrt(60000.0f);
    const auto shapes = randomScene(rng, 60000, spread);
    for (const SphereLeaves leaves : {SphereLeaves::slots, SphereLeaves::runs}) {
        const Bvh bvh(shapes, leaves);
        EXPECT_GT(bvh.stats().nodes, 8192u);
        expectSameAsBruteForce(bvh, shapes, rng, spread, 150);
    }
}

TEST(Bvh, AllHitsAndLineSpansEqualBruteForce) {
    std::mt19937 rng(21);
    const auto shapes = randomScene(rng, 500, 12.0f);
    const Bvh bvh(shapes);
    expectHitsAndSpansSameAsBruteForce(bvh, shapes, rng, 12.0f, 200);
}

TEST(Bvh, RaysAlongTheFacesOfShapesFindWhatTheyTouch) {
    // A grid of unit boxes, and rays along an axis through the grid's planes: each lies in faces
    // of the shapes, which the exact routines count as touching, with two inverse direction
    // components infinite. (The tree's boxes are the shapes' bounds rounded outward, so these
    // rays pass strictly inside them; one in a plane of a tree box touches nothing within it.)
    std::vector<Shape> shapes;
    for (int x = 0; x < 12; ++x) {
        for (int y = 0; y < 12; ++y) {
            for (int z = 0; z < 12; ++z) {
                const glm::vec3 corner(static_cast<float>(2 * x), static_cast<float>(2 * y), static_cast<float>(2 * z));
                shapes.push_back(Aabb{corner, corner + 1.0f});
            }
        }
    }
    const Bvh bvh(shapes);
    int hits = 0;
    for (int axis = 0; axis < 3; ++axis) {
        for (const float sign : {1.0f, -1.0f}) {
            for (int u = -1; u < 25; ++u) {
                for (int v = -1; v < 25; ++v) {
                    glm::vec3 origin(0.0f), direction(0.0f);
                    origin[axis] = sign > 0 ? -5.0f : 30.0f;
                    origin[(axis + 1) % 3] = static_cast<float>(u);
                    origin[(axis + 2) % 3] = static_cast<float>(v);
                    direction[axis] = sign;
                    const Ray ray{origin, direction};
                    const auto expected = bruteNearest(ray, shapes);
                    const auto got = bvh.nearest(ray);
                    ASSERT_EQ(expected.has_value(), got.has_value()) << "axis " << axis << " at " << u << ", " << v;
                    if (!expected) continue;
                    ++hits;
                    EXPECT_EQ(got->index, expected->index);
                    EXPECT_EQ(got->hit.t, expected->hit.t);
                }
            }
        }
    }
    EXPECT_GT(hits, 6 * 24 * 24 / 2);  // the lines through or along the boxes of the grid
}

TEST(Bvh, FarOriginsAndFarShapesOnOppositeSides) {
    // (plane − origin) beyond the float range: a shape near +8e37 and rays from −2.7e38. The
    // float box test would make the distance to the shape's box infinite and cull it (found by
    // fuzz_collision); the tree must answer as brute force does, also after updates.
    const std::vector<Shape> shapes{Sphere{{2.6e6f, 3.3e6f, 8.457e37f}, 3.3e35f}, Sphere{{0, 0, 0}, 1.0f},
                                    Aabb{{-1e38f, -1e38f, 8.0e37f}, {1e38f, 1e38f, 8.1e37f}}};
    const Bvh built(shapes), runs(shapes, SphereLeaves::runs);
    Bvh updated(std::vector<Shape>(shapes.size(), Shape{Sphere{{}, -1.0f}}));
    for (std::uint32_t i = 0; i < shapes.size(); ++i) updated.update(i, shapes[i]);
    int hits = 0;
    for (const Ray& ray :
         {Ray{{3156.3f, 3.23e6f, -2.689e38f}, {2.8e-29f, 3156.6f, 3.475e12f}}, Ray{{0, 0, -2.0e38f}, {0, 0, 1}},
          Ray{{0, 0, 3.0e38f}, {0, 0, -1}}, Ray{{-3.0e38f, 0, 8.05e37f}, {1, 0, 0}}}) {
        const auto expected = bruteNearest(ray, shapes);
        for (const Bvh* bvh : std::initializer_list<const Bvh*>{&built, &updated, &runs}) {
            const auto got = bvh->nearest(ray);
            ASSERT_EQ(expected.has_value(), got.has_value());
            if (!expected) continue;
            ++hits;
            EXPECT_EQ(got->index, expected->index);
            EXPECT_EQ(got->hit.t, expected->hit.t);
        }
    }
    EXPECT_EQ(hits, 12);
}

TEST(Bvh, NearestKeepsABoxWhoseFloatEntryRoundsPastTheLimit) {
    // A ray from −6.4e18 along x towards a 2.2e11-radius sphere at the origin, among shapes near
    // where it enters (found by fuzz_collision on an AVX2 machine). The cylinder (2) is hit at
    // t = 14559552, one float step before the sphere, and its hit lies in its box; but the float
    // slab test put the box's entry at 14559553, past the limit the sphere's hit had set, and
    // culled it. The near distances now round downward (bvh.cpp, kRobustNearScale).
    const Ray ray{{-6.40131492e+18f, 808498944.0f, -210981184.0f}, {4.39664247e+11f, -60.0607719f, -10.0128555f}};
    const std::vector<Shape> shapes{
        Sphere{{0, 0, 0}, 2.2469052e+11f},
        Capsule{{-2.24690225e+11f, -65959032.0f, -356763904.0f},
                {-2.24690225e+11f, -65959064.0f, -356763872.0f},
                19.4722862f},
        Cylinder{{-2.42055397e+11f, 4.18980762e+09f, -1.55186586e+10f},
                 {-2.27863478e+11f, 1.2325079e+09f, -1.50888612e+10f},
                 1.71238185e+10f},
        InfiniteCylinder{{-2.24690225e+11f, -65959020.0f, -356763872.0f},
                         {-2.24690225e+11f, -65959020.0f, -356763872.0f},
                         0.403881341f},
        Aabb{{-2.24690225e+11f, -65959020.0f, -356763872.0f}, {-2.24690225e+11f, -65959020.0f, -356763872.0f}},
        Sphere{{-2.17451266e+11f, 7.52663859e+09f, 2.84505882e+09f}, 5.37928346e+09f}};
    const auto expected = bruteNearest(ray, shapes);
    ASSERT_TRUE(expected);
    EXPECT_EQ(expected->index, 2u);
    EXPECT_EQ(expected->hit.t, 14559552.0f);
    EXPECT_TRUE(test::meetsBounds(ray, shapes[2], expected->hit.t, expected->hit.t));  // no exception
    Bvh updated(std::vector<Shape>(shapes.size(), Shape{Sphere{{}, -1.0f}}));
    for (std::uint32_t i = 0; i < shapes.size(); ++i) updated.update(i, shapes[i]);
    for (const Bvh& bvh : {Bvh(shapes), std::move(updated), Bvh(shapes, SphereLeaves::runs)}) {
        const auto got = bvh.nearest(ray);
        ASSERT_TRUE(got);
        EXPECT_EQ(got->index, 2u);
        EXPECT_EQ(got->hit.t, expected->hit.t);
        const auto all = bvh.allHits(ray, expected->hit.t);
        ASSERT_FALSE(all.empty());
        EXPECT_EQ(all[0].index, 2u);
    }
}

TEST(Bvh, ShapesOnFarRaysAnswerAsBruteForceButForTheStatedException) {
    // Many scenes like the one above: a ray from ~6e18 at a ~2e11 sphere, with shapes from 1e-6
    // to 1e12 across scattered around where it enters. The tree must give brute force's nearest
    // hit over every shape whose hit meets its bounds (bvh.hpp), and only ever a shape's own hit.
    std::mt19937 rng(13);
    const auto uniform = [&](float a, float b) { return std::uniform_real_distribution<float>(a, b)(rng); };
    int judged = 0, exceptions = 0;
    for (int scene = 0; scene < 20000; ++scene) {
        const float radius = 2.3e11f * uniform(0.9f, 1.1f);
        const Ray ray{{-5.9e18f * uniform(0.9f, 1.1f), uniform(-1e9f, 1e9f), uniform(-1e9f, 1e9f)},
                      {2.27e11f * uniform(0.5f, 2.0f), uniform(-100.0f, 100.0f), uniform(-100.0f, 100.0f)}};
        const auto entry = raycast(ray, Sphere{{0, 0, 0}, radius});
        ASSERT_TRUE(entry);
        std::vector<Shape> shapes{Sphere{{0, 0, 0}, radius}};
        for (int i = 1; i < 8; ++i) {
            const float s = std::exp2(uniform(-20.0f, 40.0f));
            const glm::vec3 a = entry->point + glm::vec3(uniform(-s, s), uniform(-s, s), uniform(-s, s));
            const glm::vec3 b = a + glm::vec3(uniform(-s, s), uniform(-s, s), uniform(-s, s));
            const float r = s * uniform(0.0f, 1.0f);
            switch (i % 4) {
                case 0: shapes.emplace_back(Sphere{a, r}); break;
                case 1: shapes.emplace_back(Capsule{a, b, r}); break;
                case 2: shapes.emplace_back(Cylinder{a, b, r}); break;
                default: shapes.emplace_back(Aabb{glm::min(a, b), glm::max(a, b)}); break;
            }
        }
        std::optional<ShapeHit> expected;
        std::vector<std::optional<RayHit>> hits;
        for (std::uint32_t i = 0; i < shapes.size(); ++i) {
            hits.push_back(raycast(ray, shapes[i]));
            if (!hits[i]) continue;
            if (!test::meetsBounds(ray, shapes[i], hits[i]->t, hits[i]->t)) {
                ++exceptions;
                continue;
            }
            if (!expected || hits[i]->t < expected->hit.t) expected = ShapeHit{i, *hits[i]};
        }
        // Spheres in slots and in runs (the two spheres, 0 and 4, share one).
        for (const SphereLeaves leaves : {SphereLeaves::slots, SphereLeaves::runs}) {
            const auto got = Bvh(shapes, leaves).nearest(ray);
            ASSERT_TRUE(got) << "scene " << scene;  // the sphere, at least, meets its bounds
            ASSERT_TRUE(hits[got->index]);
            EXPECT_EQ(got->hit.t, hits[got->index]->t) << "scene " << scene;
            EXPECT_LE(got->hit.t, expected->hit.t) << "scene " << scene;
            if (test::meetsBounds(ray, shapes[got->index], got->hit.t, got->hit.t)) {
                ++judged;
                EXPECT_EQ(got->index, expected->index) << "scene " << scene;
                EXPECT_EQ(got->hit.t, expected->hit.t) << "scene " << scene;
            }
        }
    }
    judged /= 2;
    EXPECT_GT(judged, 19000);
    std::printf("far rays: %d of 20000 nearest hits judged exactly; %d hits of the stated exception\n", judged,
                exceptions);
}

TEST(Bvh, LineSpansFindFlatShapesBehindTheOrigin) {
    // Zero-thickness boxes across the line, one behind the origin and one ahead. Behind it, t < 0,
    // where a far distance scaled up by 1 + ε moves down, not up: the box seemed to end before it
    // began and was culled. The line is now walked as two rays from the origin.
    const std::vector<Shape> shapes{Aabb{{-3, -1, -1}, {-3, 1, 1}}, Sphere{{-5, 0, 0}, 1},
                                    Aabb{{3, -1, -1}, {3, 1, 1}}};
    Bvh updated(std::vector<Shape>(shapes.size(), Shape{Sphere{{}, -1.0f}}));
    for (std::uint32_t i = 0; i < shapes.size(); ++i) updated.update(i, shapes[i]);
    for (const Bvh& bvh : {Bvh(shapes), std::move(updated)}) {
        const auto spans = bvh.lineSpans(Ray{{0, 0, 0}, {1, 0, 0}});
        ASSERT_EQ(spans.size(), 3u);
        EXPECT_EQ(spans[0].index, 1u);
        EXPECT_EQ(spans[0].span.enter, -6.0f);
        EXPECT_EQ(spans[1].index, 0u);
        EXPECT_EQ(spans[1].span.enter, -3.0f);
        EXPECT_EQ(spans[1].span.exit, -3.0f);
        EXPECT_EQ(spans[2].index, 2u);
        EXPECT_EQ(spans[2].span.enter, 3.0f);
    }
}

TEST(Bvh, LineSpansListAShapeAcrossTheOriginOnce) {
    // Walked as two rays, the line meets the leaves around its origin twice.
    const std::vector<Shape> shapes{Sphere{{0, 0, 0}, 1}, Aabb{{-2, -2, -2}, {2, 2, 2}},
                                    Capsule{{-1, 0, 0}, {1, 0, 0}, 0.5f}};
    const auto spans = Bvh(shapes).lineSpans(Ray{{0.25f, 0, 0}, {1, 0, 0}});
    ASSERT_EQ(spans.size(), 3u);
    EXPECT_EQ(spans[0].index, 1u);
    EXPECT_EQ(spans[1].index, 2u);
    EXPECT_EQ(spans[2].index, 0u);
}

TEST(BvhBoxTest, ReportsTheOneInUse) {
    const std::string used(Bvh::boxTest());
    EXPECT_TRUE(used == "avx" || used == "portable") << used;
    const char* wanted = std::getenv("PICKRAY_SIMD");
    if (wanted != nullptr && std::string(wanted) == "scalar") {
        EXPECT_EQ(used, "portable");
    }
#if defined(__x86_64__)
    if (wanted != nullptr && std::string(wanted) != "scalar" && __builtin_cpu_supports("avx")) {
        EXPECT_EQ(used, "avx");
    }
#endif
    std::printf("simd level: %s requested, BVH box test %s\n", wanted != nullptr ? wanted : "(none)", used.c_str());
}

TEST(Bvh, TMaxLimitsTheNearestHit) {
    const std::vector<Shape> shapes{Sphere{{0, 0, 5}, 1}, Sphere{{0, 0, 10}, 1}};
    const Bvh bvh(shapes);
    const Ray ray{{0, 0, 0}, {0, 0, 1}};
    ASSERT_TRUE(bvh.nearest(ray, 4.0f));
    EXPECT_FALSE(bvh.nearest(ray, 3.9f));
    EXPECT_EQ(bvh.allHits(ray, 8.5f).size(), 1u);  // the second sphere starts at t = 9
    EXPECT_EQ(bvh.allHits(ray, 9.0f).size(), 2u);
}

TEST(Bvh, TiesGoToTheSmallerIndex) {
    const std::vector<Shape> shapes{Aabb{{-1, -1, 4}, {1, 1, 6}}, Sphere{{0, 0, 5}, 1}, Aabb{{-1, -1, 4}, {1, 1, 6}}};
    const Bvh bvh(shapes);
    const auto hit = bvh.nearest(Ray{{0, 0, 0}, {0, 0, 1}});
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->index, 0u);
}

TEST(Bvh, CoincidentShapesAndEmptyScenes) {
    std::vector<Shape> pile(1000, Shape{Sphere{{1, 2, 3}, 0.5f}});
    pile[637] = Sphere{{1, 2, 3}, 0.6f};  // the one that sticks out
    const Bvh bvh(pile);
    const auto hit = bvh.nearest(Ray{{1, 2, -10}, {0, 0, 1}});
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->index, 637u);
    EXPECT_LT(bvh.stats().depth, 100u);

    const std::vector<Shape> none;
    EXPECT_FALSE(Bvh(none).nearest(Ray{{0, 0, 0}, {0, 0, 1}}));
    const std::vector<Shape> invalid{Sphere{{0, 0, 5}, -1}, Cylinder{{0, 0, 5}, {0, 0, 5}, 1}};
    EXPECT_FALSE(Bvh(invalid).nearest(Ray{{0, 0, 0}, {0, 0, 1}}));
}

TEST(Bvh, RefitAfterMovesStaysExact) {
    std::mt19937 rng(22);
    auto shapes = randomScene(rng, 800, 10.0f);
    Bvh bvh(shapes);
    replaceAtRandom(bvh, shapes, rng, 50, 10.0f);
    expectSameAsBruteForce(bvh, shapes, rng, 10.0f, 500);
}

TEST(Bvh, UpdatesOfEveryKindStayExact) {
    // Every kind of change update() takes: moves within a leaf's kind, changes of kind, shapes
    // becoming invalid or unbounded (leaving the tree) and coming back, many times over, so that
    // leaves empty, new nodes are inserted, and the stale copies get compacted.
    std::mt19937 rng(25);
    auto shapes = randomScene(rng, 300, 8.0f);
    Bvh bvh(shapes);
    for (int round = 0; round < 2000; ++round) {
        changeOneAtRandom(bvh, shapes, rng, [&](const Shape& shape) -> Shape {
            if (const auto* sphere = std::get_if<Sphere>(&shape);
                round % 3 == 0 && sphere && isFiniteBox(bounds(shape))) {
                // A small move of the same shape, as dragging does.
                return Sphere{sphere->center + test::randomIn(rng, -1.0f, 1.0f), sphere->radius};
            }
            return randomShape(rng, 8.0f);
        });
        if (round % 400 == 0) expectSameAsBruteForce(bvh, shapes, rng, 8.0f, 100);
    }
    expectSameAsBruteForce(bvh, shapes, rng, 8.0f, 500);
    expectHitsAndSpansSameAsBruteForce(bvh, shapes, rng, 8.0f, 200);
    EXPECT_LT(bvh.stats().depth, 100u);
}

TEST(Bvh, UpdatesIntoAnEmptyTree) {
    // Nothing in the tree at first (invalid and unbounded shapes only), then shapes move in and out.
    std::vector<Shape> shapes{Sphere{{0, 0, 5}, -1}, InfiniteCylinder{{3, 0, 0}, {3, 1, 0}, 0.5f}};
    Bvh bvh(shapes);
    EXPECT_EQ(bvh.stats().nodes, 0u);
    const Ray ray{{0, 0, 0}, {0, 0, 1}};
    EXPECT_FALSE(bvh.nearest(ray));
    shapes[0] = Sphere{{0, 0, 5}, 1};
    bvh.update(0, shapes[0]);
    ASSERT_TRUE(bvh.nearest(ray));
    EXPECT_EQ(bvh.nearest(ray)->index, 0u);
    EXPECT_EQ(bvh.nearest(ray)->hit.t, 4.0f);
    shapes[1] = Aabb{{-1, -1, 2}, {1, 1, 3}};
    bvh.update(1, shapes[1]);
    EXPECT_EQ(bvh.nearest(ray)->index, 1u);
    shapes[1] = Sphere{{0, 0, 2}, -1};  // invalid again: never hit
    bvh.update(1, shapes[1]);
    EXPECT_EQ(bvh.nearest(ray)->index, 0u);
    EXPECT_EQ(bvh.allHits(ray).size(), 1u);
    EXPECT_THROW(bvh.update(2, shapes[0]), std::out_of_range);
    EXPECT_THROW((void)bvh.shape(2), std::out_of_range);
}

TEST(Bvh, ShapeGivesBackEachShapeAsStored) {
    std::mt19937 rng(26);
    auto shapes = randomScene(rng, 400, 10.0f);
    Bvh bvh(shapes);
    ASSERT_EQ(bvh.size(), shapes.size());
    const auto expectRoundTrip = [&] {
        for (std::uint32_t i = 0; i < shapes.size(); ++i) {
            const Shape got = bvh.shape(i);
            ASSERT_EQ(got.index(), shapes[i].index()) << i;
            // Byte for byte: every kind is plain floats, and NaNs must come back as they went in.
            std::visit(
                [&](const auto& s) {
                    using T = std::decay_t<decltype(s)>;
                    EXPECT_EQ(std::memcmp(&s, &std::get<T>(shapes[i]), sizeof(T)), 0) << i;
                },
                got);
        }
    };
    expectRoundTrip();
    replaceAtRandom(bvh, shapes, rng, 300, 10.0f);
    expectRoundTrip();
}

TEST(Bvh, BytesCountTheShapesItKeeps) {
    // 1000 oriented boxes: at least their own 88 bytes each plus an index, whatever the tree adds.
    std::mt19937 rng(27);
    std::vector<Shape> boxes;
    for (int i = 0; i < 1000; ++i) {
        glm::mat4 m = glm::translate(glm::mat4(1), test::randomIn(rng, -20.0f, 20.0f));
        boxes.push_back(OrientedBox{{glm::vec3(-0.5f), glm::vec3(0.5f)}, m});
    }
    const Bvh bvh(boxes);
    const auto stats = bvh.stats();
    EXPECT_GE(stats.bytes, 1000 * (sizeof(OrientedBox) + sizeof(std::uint32_t)) + stats.nodes * 96);
    // And spheres take less than boxes: the copy is per kind, not a variant per shape. Beside
    // the nodes (at least 192 bytes each: eight boxes of six floats) a sphere needs less than
    // a variant would.
    std::vector<Shape> spheres;
    for (int i = 0; i < 1000; ++i) spheres.push_back(Sphere{test::randomIn(rng, -20.0f, 20.0f), 0.5f});
    const auto sphereStats = Bvh(spheres).stats();
    EXPECT_GE(sphereStats.bytes, 1000 * (sizeof(Sphere) + sizeof(std::uint32_t)));
    EXPECT_LT(sphereStats.bytes - sphereStats.nodes * 192, 1000 * sizeof(Shape));
}

// ---- Sphere runs (SphereLeaves::runs): up to eight spheres in one slot, each one's box worked out
// in float as the ray reaches it (engine/src/query/bvh/sphere_run.hpp). The answers must be brute
// force's, as with one slot per sphere, at every box test the machine runs.

std::vector<Shape> randomSpheres(std::mt19937& rng, int count, float spread) {
    std::vector<Shape> shapes;
    for (int i = 0; i < count; ++i) {
        shapes.push_back(
            Sphere{test::randomIn(rng, -spread, spread), std::uniform_real_distribution<float>(0.1f, 1.2f)(rng)});
    }
    return shapes;
}

/// Every run's count, from the smallest tree on: 1 to 9 spheres, then more.
TEST(BvhSphereRuns, NearestAllHitsAndLineSpansEqualBruteForce) {
    std::mt19937 rng(40);
    for (const int count : {1, 2, 3, 5, 8, 9, 17, 100, 3000}) {
        const float spread = 2.0f * std::cbrt(static_cast<float>(count));
        const auto shapes = randomSpheres(rng, count, spread);
        const Bvh runs(shapes, SphereLeaves::runs);
        expectSameAsBruteForce(runs, shapes, rng, spread, 300);
        if (count == 3000) expectHitsAndSpansSameAsBruteForce(runs, shapes, rng, spread, 100);
    }
    // Spheres among the other kinds: runs hold spheres only; the rest keep their slots.
    const auto mixed = randomScene(rng, 2000, 25.0f);
    expectSameAsBruteForce(Bvh(mixed, SphereLeaves::runs), mixed, rng, 25.0f, 400);
}

TEST(BvhSphereRuns, HoldFewerBytesAndTheChoiceFollowsTheSize) {
    std::mt19937 rng(41);
    const auto shapes = randomSpheres(rng, 5000, 35.0f);
    const auto slots = Bvh(shapes, SphereLeaves::slots).stats();
    const auto runs = Bvh(shapes, SphereLeaves::runs).stats();
    std::printf("5000 spheres: %.1f bytes each in slots, %.1f in runs\n", static_cast<double>(slots.bytes) / 5000.0,
                static_cast<double>(runs.bytes) / 5000.0);
    EXPECT_LT(runs.bytes, slots.bytes / 2);
    EXPECT_LT(runs.leaves, slots.leaves / 2);  // about five spheres to a run
    // automatic: slots below kSphereRunsFrom spheres, so the same tree as slots; runs from it on.
    const auto few = randomSpheres(rng, static_cast<int>(kSphereRunsFrom) - 1, 20.0f);
    const auto automatic = Bvh(few).stats();
    EXPECT_EQ(automatic.bytes, Bvh(few, SphereLeaves::slots).stats().bytes);
    EXPECT_EQ(automatic.nodes, Bvh(few, SphereLeaves::slots).stats().nodes);
    const auto many = randomSpheres(rng, static_cast<int>(kSphereRunsFrom), 60.0f);
    EXPECT_EQ(Bvh(many).stats().bytes, Bvh(many, SphereLeaves::runs).stats().bytes);
    EXPECT_LT(Bvh(many).stats().bytes, Bvh(many, SphereLeaves::slots).stats().bytes / 2);
}

TEST(BvhSphereRuns, ExtremeSpheresAnswerAsBruteForce) {
    // The float box around each sphere must contain its bounds() wherever float rounds coarsely:
    // huge centres with small radii (the margin taken from the largest coordinate, not the
    // axis's own), radius 0, subnormal centres and radii, and spheres near the float range's
    // end, one of whose run boxes overflows. Rays at them from near and far, along the axes too.
    const std::vector<Shape> shapes{
        Sphere{{0, 0, 0}, 0.0f},         Sphere{{1e-42f, -1e-43f, 0}, 1e-44f},  Sphere{{0, 1e7f, 0}, 1e-3f},
        Sphere{{3e-3f, 1e7f, 0}, 1e-3f}, Sphere{{-5e6f, 5e6f, 5e6f}, 0.25f},    Sphere{{1e30f, 0, 0}, 1e22f},
        Sphere{{3.3e38f, 0, 0}, 1e37f},  Sphere{{0, -3.3e38f, 1e10f}, 5e36f},   Sphere{{1, 1, 1}, 1.0f},
        Sphere{{2, 2, 2}, 0.5f},         Sphere{{0x1.ffffeap127f, 0, 0}, 0.0f},  // its run box's max x overflows; its bounds() does not
    };
    const Bvh runs(shapes, SphereLeaves::runs);
    ASSERT_LT(runs.stats().leaves, shapes.size());  // some spheres do share runs
    int hits = 0;
    for (std::size_t i = 0; i < shapes.size(); ++i) {
        const Sphere& target = std::get<Sphere>(shapes[i]);
        for (const glm::vec3 from : {glm::vec3(0.5f, -3, 2), glm::vec3(-2e6f, 1e5f, 3e4f), glm::vec3(0, 0, -1e20f)}) {
            for (const glm::vec3 offset :
                 {glm::vec3(0), glm::vec3(target.radius * 0.999f, 0, 0), glm::vec3(0, 0, target.radius * 1.001f)}) {
                const Ray ray{from, (target.center + offset) - from};
                if (expectNearestAsBruteForce(runs, shapes, ray, "sphere " + std::to_string(i))) ++hits;
            }
        }
        for (int axis = 0; axis < 3; ++axis) {  // exactly along an axis, through the centre
            glm::vec3 direction(0);
            direction[axis] = 1.0f;
            const Ray ray{target.center - direction * (4.0f * target.radius + 1.0f), direction};
            expectNearestAsBruteForce(runs, shapes, ray,
                                      "sphere " + std::to_string(i) + " axis " + std::to_string(axis));
        }
    }
    // Along x through the point sphere whose run box overflows (index 10), behind the one at
    // 3.3e38: every hit, its among them, as brute force has them.
    const Ray alongX{{1e38f, 0, 0}, {1, 0, 0}};
    std::vector<std::uint32_t> expectedAll;
    for (std::uint32_t i = 0; i < shapes.size(); ++i) {
        if (raycast(alongX, shapes[i])) expectedAll.push_back(i);
    }
    ASSERT_NE(std::find(expectedAll.begin(), expectedAll.end(), 10u), expectedAll.end());
    std::vector<std::uint32_t> gotAll;
    for (const ShapeHit& h : runs.allHits(alongX)) gotAll.push_back(h.index);
    std::sort(gotAll.begin(), gotAll.end());
    EXPECT_EQ(gotAll, expectedAll);
    std::printf("%d of the rays at extreme spheres hit, each as brute force\n", hits);
    EXPECT_GE(hits, 30);
}

TEST(BvhSphereRuns, TheLineFilterKeepsEveryRayThatGrazesASphere) {
    // A run keeps a sphere whose box the ray meets only if a float test says the line may pass
    // within its radius (sphere_run.hpp). Rays aimed to pass a sphere at its radius times 1 ± a few
    // float steps (after rounding to float, within about (away + |c| / r) · 2^-24 radii of
    // grazing: about half hit), from 3 to 1e5 radii away (where x·x − (x·w)² cancels most), at scales whose
    // squares are zero, subnormal (where only the filter's absolute slack keeps the grazing rays),
    // normal, or past float's range: each answered as brute force: nearest, every hit and every line span.
    // Measured: the relative slack at 2^-24 instead of 2^-16, or the absolute one at 0, fails it.
    std::mt19937 rng(43);
    int grazingHits = 0, grazingMisses = 0;
    for (const double scale : {1e-30, 1e-22, 1e-21, 1e-20, 1e-3, 1.0, 1e4, 1e20}) {
        std::vector<Shape> shapes;
        for (int i = 0; i < 24; ++i) {
            const glm::dvec3 centre = glm::dvec3(test::randomIn(rng, -4.0f, 4.0f)) * scale;
            shapes.push_back(Sphere{glm::vec3(centre),
                                    static_cast<float>(scale * std::uniform_real_distribution<double>(0.2, 1.0)(rng))});
        }
        const Bvh runs(shapes, SphereLeaves::runs);
        ASSERT_LT(runs.stats().leaves, shapes.size());  // runs of more than one
        for (std::uint32_t i = 0; i < shapes.size(); ++i) {
            const Sphere& target = std::get<Sphere>(shapes[i]);
            for (const double away : {3.0, 1e3, 1e5}) {
                for (const int steps : {-4, -1, 0, 1, 4}) {
                    // Along a random direction, passing the centre at radius · (1 + steps · 2^-23).
                    const glm::dvec3 direction = glm::dvec3(test::randomUnit(rng));
                    const glm::dvec3 across = glm::normalize(glm::cross(direction, glm::dvec3(test::randomUnit(rng))));
                    const double radius = static_cast<double>(target.radius);
                    const glm::dvec3 origin = glm::dvec3(target.center) - direction * (away * radius) +
                                              across * (radius * (1.0 + steps * 0x1p-23));
                    const Ray ray{glm::vec3(origin), glm::vec3(direction)};
                    const std::string label = "scale " + std::to_string(scale) + " sphere " + std::to_string(i) +
                                              " away " + std::to_string(away) + " steps " + std::to_string(steps);
                    expectNearestAsBruteForce(runs, shapes, ray, label);
                    expectHitsAndSpansAsBruteForce(runs, shapes, ray, label);
                    (raycast(ray, target) ? grazingHits : grazingMisses) += 1;
                }
            }
        }
    }
    std::printf("rays grazing spheres in runs: %d hit their sphere, %d pass it by, each as brute force\n", grazingHits,
                grazingMisses);
    EXPECT_GE(grazingHits, 1200);
    EXPECT_GE(grazingMisses, 1200);
}

#if defined(__SSE2__)
TEST(BvhSphereRuns, TheLineFilterKeepsGrazingHitsWhereSubnormalsFlushToZero) {
    // A process may run with subnormals flushed to zero (a library built with -ffast-math sets
    // that for all), where each float operation of the filter can lose up to 2^-126: its absolute
    // slack covers a dozen of those. This sphere, 2^-63 from the origin, is hit in double; with
    // a slack of 2^-126 the flushed filter dropped it (found by review, 2026-11-27).
    const float scale = 0x1p-63f;
    const std::vector<Shape> shapes{
        Sphere{{std::sqrt(1.5f) * scale, 0, 0}, std::sqrt(0.65f) * scale},
        Sphere{{0, 3 * scale, 0}, 0.5f * scale},
        Sphere{{0, 0, 3 * scale}, 0.5f * scale},
    };
    const Bvh runs(shapes, SphereLeaves::runs);
    const Ray ray{{0, 0, 0}, {std::sqrt(0.6f), std::sqrt(0.4f), 0}};
    ASSERT_TRUE(raycast(ray, shapes[0]));
    struct FlushToZero {  // FTZ and DAZ for the scope, as -ffast-math's startup code sets them
        unsigned saved = _mm_getcsr();
        FlushToZero() { _mm_setcsr(saved | 0x8040u); }
        ~FlushToZero() { _mm_setcsr(saved); }
    };
    const FlushToZero flushing;
    expectNearestAsBruteForce(runs, shapes, ray, "flushed to zero");
    EXPECT_EQ(runs.allHits(ray).size(), 1u);
}
#endif

TEST(BvhSphereRuns, UpdatesStayExact) {
    // Spheres moved out of and back into runs, runs emptied one sphere at a time, other kinds
    // coming and going, and the rebuild that compacts the stale copies (which keeps runs).
    std::mt19937 rng(42);
    auto shapes = randomSpheres(rng, 400, 9.0f);
    Bvh bvh(shapes, SphereLeaves::runs);
    const std::size_t leavesBefore = bvh.stats().leaves;
    for (int round = 0; round < 1500; ++round) {
        changeOneAtRandom(bvh, shapes, rng, [&](const Shape& shape) -> Shape {
            if (const auto* sphere = std::get_if<Sphere>(&shape); sphere && round % 4 != 3) {
                return Sphere{sphere->center + test::randomIn(rng, -1.5f, 1.5f), sphere->radius};
            }
            return round % 8 == 3 ? randomShape(rng, 9.0f) : randomSpheres(rng, 1, 9.0f)[0];
        });
        if (round % 300 == 0) expectSameAsBruteForce(bvh, shapes, rng, 9.0f, 100);
    }
    expectSameAsBruteForce(bvh, shapes, rng, 9.0f, 400);
    expectHitsAndSpansSameAsBruteForce(bvh, shapes, rng, 9.0f, 100);
    EXPECT_LT(leavesBefore, 400u / 2);
}

TEST(ShapeBounds, ContainEverySurfacePointFound) {
    // Every hit point of random rays lies inside the shape's bounds (which the tree relies on).
    std::mt19937 rng(24);
    int checked = 0;
    for (int i = 0; i < 3000; ++i) {
        const Shape shape = randomShape(rng, 100.0f);
        const Aabb box = bounds(shape);
        if (!isFiniteBox(box)) continue;
        const glm::vec3 centre = 0.5f * (box.min + box.max);
        const Ray ray = test::aimedRay(rng, centre, 5, 1);
        const auto hit = raycast(ray, shape);
        if (!hit) continue;
        ++checked;
        for (int a = 0; a < 3; ++a) {
            EXPECT_GE(hit->point[a], box.min[a]);
            EXPECT_LE(hit->point[a], box.max[a]);
        }
    }
    EXPECT_GT(checked, 1000) << "hit points checked";
}

}  // namespace
}  // namespace pickray

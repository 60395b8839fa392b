// SPDX-License-Identifier: MIT
// What the headers promise of threads: the library's functions and a Bvh's const member functions
// may run on several threads at once. Four threads ask the same questions of one Bvh and of the
// batch routines at once, from their first calls on (the CPU level is chosen on first use), and
// must get the answers one thread gets. Built with ThreadSanitizer (scripts/test.sh's threads
// stage), a data race among them fails the run.
#include <algorithm>
#include <barrier>
#include <cstdint>
#include <optional>
#include <random>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "pickray/collision.hpp"
#include "pickray/picking.hpp"
#include "pickray/query.hpp"
#include "random_scene.hpp"

namespace pickray {
namespace {

constexpr int kThreads = 4;

bool same(const std::optional<ShapeHit>& a, const std::optional<ShapeHit>& b) {
    if (a.has_value() != b.has_value()) return false;
    return !a || (a->index == b->index && a->hit.t == b->hit.t && a->hit.point == b->hit.point &&
                  a->hit.normal == b->hit.normal);
}

// Each thread runs `work(thread)` after all have started; every call's count of wrong answers added.
template <class Work>
int onThreadsAtOnce(Work&& work) {
    std::barrier start(kThreads);
    std::vector<int> wrong(kThreads, 0);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
        threads.emplace_back([&, t] {
            start.arrive_and_wait();
            wrong[static_cast<std::size_t>(t)] = work(t);
        });
    for (std::thread& t : threads) t.join();
    int total = 0;
    for (const int w : wrong) total += w;
    return total;
}

TEST(Threads, OneBvhsQueriesOnFourThreadsAtOnceAnswerAsOnOne) {
    std::mt19937 rng(31);
    const std::vector<Shape> shapes = test::randomScene(rng, 3000, 20.0f);
    const Bvh bvh(shapes);
    std::vector<Ray> rays;
    for (int i = 0; i < 1500; ++i) rays.push_back(test::randomRay(rng, 20.0f, i));
    std::vector<std::optional<ShapeHit>> nearest;
    std::vector<std::size_t> hits, spans;
    for (const Ray& r : rays) {
        nearest.push_back(bvh.nearest(r));
        hits.push_back(bvh.allHits(r).size());
        spans.push_back(bvh.lineSpans(r).size());
    }
    const int wrong = onThreadsAtOnce([&](int t) {
        int w = 0;
        std::vector<std::optional<ShapeHit>> batch(rays.size());
        // Two of the threads hand their batch to threads of their own as well.
        if (t % 2 == 0) bvh.nearestBatch(rays, batch);
        else bvh.nearestBatch(rays, batch, threadsParallelFor(2));
        for (std::size_t i = 0; i < rays.size(); ++i) {
            const std::size_t k = (i + static_cast<std::size_t>(t) * 97) % rays.size();  // each its own order
            w += !same(bvh.nearest(rays[k]), nearest[k]);
            w += bvh.allHits(rays[k]).size() != hits[k];
            w += bvh.lineSpans(rays[k]).size() != spans[k];
            w += !same(batch[k], nearest[k]);
        }
        w += bvh.stats().nodes == 0;
        w += bvh.shape(static_cast<std::uint32_t>(t)).index() != shapes[static_cast<std::size_t>(t)].index();
        return w;
    });
    EXPECT_EQ(wrong, 0);
}

TEST(Threads, TheBatchRoutinesAndTheCursorRayOnFourThreadsAtOnceAnswerAsOnOne) {
    std::mt19937 rng(32);
    std::vector<Sphere> spheres;
    for (int i = 0; i < 2000; ++i)
        spheres.push_back({test::randomIn(rng, -10.0f, 10.0f), std::uniform_real_distribution<float>(0.1f, 1.0f)(rng)});
    std::vector<Ray> rays;
    for (int i = 0; i < 64; ++i) rays.push_back(test::randomRay(rng, 10.0f, i));
    // Expected from the one-shape routine; the batch routines answer bit for bit as it does
    // (collision/batch.hpp), here from their first call, on four threads.
    std::vector<float> expected;
    for (const Ray& r : rays)
        for (const Sphere& s : spheres) {
            const auto hit = raycast(r, s);
            expected.push_back(hit ? hit->t : kInfinity);
        }
    const glm::mat4 view = glm::lookAt(glm::vec3(0, 2, -8), glm::vec3(0), glm::vec3(0, 1, 0));
    const glm::mat4 proj = glm::perspectiveRH_ZO(0.8f, 16.0f / 9.0f, 0.1f, 100.0f);
    const Viewport viewport{0, 0, 1280, 720, 0, 1};
    const Ray cursor = cursorRay({640.5f, 360.5f}, view, proj, viewport, ClipDepth::ZeroToOne);
    const int wrong = onThreadsAtOnce([&](int) {
        int w = 0;
        std::vector<float> t(spheres.size());
        for (std::size_t r = 0; r < rays.size(); ++r) {
            raycastT(rays[r], spheres, t);
            for (std::size_t s = 0; s < spheres.size(); ++s) w += t[s] != expected[r * spheres.size() + s];
        }
        const Ray again = cursorRay({640.5f, 360.5f}, view, proj, viewport, ClipDepth::ZeroToOne);
        w += again.origin != cursor.origin || again.direction != cursor.direction;
        return w;
    });
    EXPECT_EQ(wrong, 0);
}

}  // namespace
}  // namespace pickray

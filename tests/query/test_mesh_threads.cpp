// SPDX-License-Identifier: MIT
// What mesh.hpp promises of threads: a TriangleMesh's and a MeshInstance's const member functions
// may run on several threads at once. Four threads ask one mesh the same questions at once and
// must get one thread's answers; under ThreadSanitizer (scripts/test.sh's threads stage) a data
// race among them fails the run.
#include <barrier>
#include <optional>
#include <random>
#include <thread>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>

#include <gtest/gtest.h>

#include "mesh_support.hpp"
#include "pickray/query.hpp"

namespace pickray {
namespace {

bool same(const std::optional<MeshHit>& a, const std::optional<MeshHit>& b) {
    if (a.has_value() != b.has_value()) return false;
    return !a || (a->triangle == b->triangle && a->t == b->t && a->point == b->point && a->normal == b->normal);
}

TEST(Threads, OneMeshsQueriesOnFourThreadsAtOnceAnswerAsOnOne) {
    constexpr int kThreads = 4;
    std::mt19937 rng(41);
    const test::MeshData m = test::torus(2.0f, 0.6f, 64, 32);
    const TriangleMesh mesh = m.mesh();
    const MeshInstance instance(mesh, glm::scale(glm::rotate(glm::mat4(1.0f), 0.4f, {0, 1, 0}), {-1, 2, 1}));
    const std::vector<Ray> rays = test::raysAt(m, rng, 1200, 4.0f);
    std::vector<std::optional<MeshHit>> nearest, placed;
    std::vector<std::size_t> hits, spans;
    for (const Ray& r : rays) {
        nearest.push_back(mesh.nearest(r));
        placed.push_back(instance.nearest(r));
        hits.push_back(mesh.allHits(r).size());
        spans.push_back(mesh.lineSpans(r).size());
    }
    std::barrier start(kThreads);
    std::vector<int> wrong(kThreads, 0);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([&, t] {
            start.arrive_and_wait();
            int w = 0;
            std::vector<std::optional<MeshHit>> batch(rays.size());
            if (t % 2 == 0) mesh.nearestBatch(rays, batch);
            else mesh.nearestBatch(rays, batch, threadsParallelFor(2));
            for (std::size_t i = 0; i < rays.size(); ++i) {
                const std::size_t k = (i + static_cast<std::size_t>(t) * 97) % rays.size();
                w += !same(mesh.nearest(rays[k]), nearest[k]);
                w += !same(instance.nearest(rays[k]), placed[k]);
                w += mesh.anyHit(rays[k]) != nearest[k].has_value();
                w += mesh.allHits(rays[k]).size() != hits[k];
                w += mesh.lineSpans(rays[k]).size() != spans[k];
                w += !same(batch[k], nearest[k]);
            }
            w += mesh.stats().triangles != m.indices.size() / 3;
            wrong[static_cast<std::size_t>(t)] = w;
        });
    }
    for (std::thread& t : threads) t.join();
    int total = 0;
    for (const int w : wrong) total += w;
    EXPECT_EQ(total, 0);
}

}  // namespace
}  // namespace pickray

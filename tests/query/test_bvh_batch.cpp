// SPDX-License-Identifier: MIT
// The BVH's batch query: nearest() for many rays, on the calling thread or through a ParallelFor,
// every answer nearest()'s to the bit; no thread of the library's own.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <optional>
#include <random>
#include <set>
#include <span>
#include <stdexcept>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "pickray/query.hpp"
#include "random_scene.hpp"

namespace pickray {
namespace {

using test::randomRay;
using test::randomScene;

// nearestBatch answers each ray with nearest(), on the calling thread or in chunks of 256 handed to
// a ParallelFor (bvh.cpp): what this guards is the split, that every ray's own answer lands in its
// own slot, every slot is written (misses too: the slots start as a sentinel hit) and no thread
// disturbs another's answer. So the answer must be nearest()'s to the bit: index, t, point and
// normal. (nearest() itself is checked against brute force by the tests above.)
void expectBatchEqualsOneByOne(
    const std::function<void(const Bvh&, std::span<const Ray>, std::span<std::optional<ShapeHit>>)>& batch,
    const char* how) {
    SCOPED_TRACE(how);
    std::mt19937 rng(23);
    const auto shapes = randomScene(rng, 2000, 15.0f);
    const Bvh bvh(shapes);
    std::vector<Ray> rays;
    for (int i = 0; i < 3000; ++i) rays.push_back(randomRay(rng, 15.0f, i));
    const std::optional<ShapeHit> sentinel = ShapeHit{99999, RayHit{-1.0f, glm::vec3(-1.0f), glm::vec3(-1.0f)}};
    std::vector<std::optional<ShapeHit>> out(rays.size(), sentinel);
    batch(bvh, rays, out);
    int hits = 0, misses = 0;
    for (size_t i = 0; i < rays.size(); ++i) {
        const auto one = bvh.nearest(rays[i]);
        ASSERT_EQ(one.has_value(), out[i].has_value()) << i;
        if (!one) {
            ++misses;
            continue;
        }
        ++hits;
        EXPECT_EQ(one->index, out[i]->index) << i;
        EXPECT_EQ(std::bit_cast<std::uint32_t>(one->hit.t), std::bit_cast<std::uint32_t>(out[i]->hit.t)) << i;
        EXPECT_EQ(one->hit.point, out[i]->hit.point) << i;
        EXPECT_EQ(one->hit.normal, out[i]->hit.normal) << i;
    }
    std::printf("nearestBatch (%s): %d hits and %d misses over %zu rays\n", how, hits, misses, rays.size());
    // Both answers in numbers, over more chunks than threads.
    EXPECT_GT(hits, 500);
    EXPECT_GT(misses, 100);
    EXPECT_GT(rays.size(), 256u * 4);
}

TEST(Bvh, BatchEqualsOneByOne) {
    expectBatchEqualsOneByOne([](const Bvh& bvh, auto rays, auto out) { bvh.nearestBatch(rays, out); },
                              "the calling thread");
    expectBatchEqualsOneByOne(
        [](const Bvh& bvh, auto rays, auto out) { bvh.nearestBatch(rays, out, threadsParallelFor(2)); },
        "threadsParallelFor(2)");
}

// A job system's ParallelFor may run the tasks in any order: here last to first, each recorded.
TEST(Bvh, BatchHandsEveryChunkToTheCallersParallelForOnceInAnyOrder) {
    std::vector<std::size_t> ran;
    std::size_t counted = 0;
    const ParallelFor backwards = [&](std::size_t count, const std::function<void(std::size_t)>& task) {
        counted = count;
        for (std::size_t i = count; i-- > 0;) {
            ran.push_back(i);
            task(i);
        }
    };
    expectBatchEqualsOneByOne([&](const Bvh& bvh, auto rays, auto out) { bvh.nearestBatch(rays, out, backwards); },
                              "a caller's ParallelFor, backwards");
    EXPECT_EQ(counted, (3000u + 255u) / 256u) << "chunks of 256 rays";
    EXPECT_EQ(ran.size(), counted);
}

// The old spelling, kept one release: the same answers.
TEST(Bvh, BatchWithAThreadCountStillAnswersAsBefore) {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    expectBatchEqualsOneByOne([](const Bvh& bvh, auto rays, auto out) { bvh.nearestBatch(rays, out, 2u); },
                              "nearestBatch(rays, out, 2u), deprecated");
#pragma GCC diagnostic pop
}

// The library starts no thread of its own: a batch without a ParallelFor runs on the calling
// thread, which /proc/self/task shows (a Linux question, asked where it can be).
TEST(Bvh, BatchWithoutAParallelForStartsNoThread) {
    std::mt19937 rng(29);
    const auto shapes = randomScene(rng, 2000, 15.0f);
    const Bvh bvh(shapes);
    std::vector<Ray> rays;
    for (int i = 0; i < 5000; ++i) rays.push_back(randomRay(rng, 15.0f, i));
    std::vector<std::optional<ShapeHit>> out(rays.size());
    const auto threadsNow = [] {
        std::size_t n = 0;
        for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator("/proc/self/task")) ++n;
        return n;
    };
    if (!std::filesystem::exists("/proc/self/task")) GTEST_SKIP() << "no /proc/self/task to count threads";
    std::set<std::thread::id> seen;
    const std::size_t before = threadsNow();
    std::size_t during = 0;
    const ParallelFor watching = [&](std::size_t count, const std::function<void(std::size_t)>& task) {
        for (std::size_t i = 0; i < count; ++i) {
            seen.insert(std::this_thread::get_id());
            during = std::max(during, threadsNow());
            task(i);
        }
    };
    bvh.nearestBatch(rays, out, watching);
    bvh.nearestBatch(rays, out);
    EXPECT_EQ(threadsNow(), before);
    EXPECT_EQ(during, before) << "no thread while the caller's ParallelFor ran the tasks on its own thread";
    EXPECT_EQ(seen, std::set<std::thread::id>{std::this_thread::get_id()});
}

TEST(Bvh, BatchRefusesAnOutputOfAnotherSizeAndWritesNothing) {
    const std::vector<Shape> shapes{Sphere{{0, 0, 5}, 1}};
    const Bvh bvh(shapes);
    const std::vector<Ray> rays(4, Ray{{0, 0, 0}, {0, 0, 1}});
    const std::optional<ShapeHit> untouched = ShapeHit{99, RayHit{-1.0f, {}, {}}};
    for (const std::size_t size : {std::size_t{0}, std::size_t{3}, std::size_t{5}}) {
        std::vector<std::optional<ShapeHit>> out(size, untouched);
        EXPECT_THROW(bvh.nearestBatch(rays, out), std::invalid_argument) << size;
        EXPECT_THROW(bvh.nearestBatch(rays, out, threadsParallelFor(2)), std::invalid_argument) << size;
        for (const auto& o : out) EXPECT_EQ(o->index, 99u);
    }
}

}  // namespace
}  // namespace pickray

// SPDX-License-Identifier: MIT
// The library starts no thread of its own. This binary puts itself in front of the C library's
// pthread_create (a definition in the executable comes before the shared library's) and counts
// every thread std::thread starts, then runs the library's calls: none may start one, but a
// ParallelFor the caller hands over.
#include <dlfcn.h>
#include <pthread.h>

#include <atomic>
#include <cstring>
#include <optional>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "pickray/collision.hpp"
#include "pickray/picking.hpp"
#include "pickray/query.hpp"
#include "random_scene.hpp"

namespace {
std::atomic<int> threadsStarted{0};
}  // namespace

extern "C" int pthread_create(pthread_t* thread, const pthread_attr_t* attributes, void* (*start)(void*),
                              void* argument) {
    ++threadsStarted;
    using Create = int (*)(pthread_t*, const pthread_attr_t*, void* (*)(void*), void*);
    void* const next = dlsym(RTLD_NEXT, "pthread_create");
    Create create = nullptr;
    std::memcpy(&create, &next, sizeof create);  // an object pointer to a function pointer, as POSIX allows
    return create(thread, attributes, start, argument);
}

namespace pickray {
namespace {

TEST(ThreadsStarted, NoneByTheLibrarysCallsAndOnlyThoseOfTheCallersParallelFor) {
    std::mt19937 rng(33);
    std::vector<Ray> rays;
    for (int i = 0; i < 2000; ++i) rays.push_back(test::randomRay(rng, 15.0f, i));
    std::vector<Sphere> spheres;
    for (int i = 0; i < 500; ++i) spheres.push_back({test::randomIn(rng, -15.0f, 15.0f), 0.5f});
    std::vector<std::optional<ShapeHit>> out(rays.size());
    std::vector<float> t(spheres.size());
    const int before = threadsStarted.load();
    Bvh bvh(test::randomScene(rng, 3000, 15.0f));
    bvh.update(0, Sphere{{0, 0, 0}, 1});
    bvh.nearestBatch(rays, out);
    for (const Ray& r : rays) {
        (void)bvh.nearest(r);
        (void)bvh.allHits(r);
        (void)bvh.lineSpans(r);
    }
    raycastT(rays[0], spheres, t);
    raycastT(std::span<const Ray>(rays).first(spheres.size()), spheres, t);
    const glm::mat4 view = glm::lookAt(glm::vec3(0, 2, -8), glm::vec3(0), glm::vec3(0, 1, 0));
    const glm::mat4 proj = glm::perspectiveRH_ZO(0.8f, 16.0f / 9.0f, 0.1f, 100.0f);
    (void)cursorRay({10.5f, 20.5f}, view, proj, Viewport{0, 0, 640, 360, 0, 1}, ClipDepth::ZeroToOne);
    EXPECT_EQ(threadsStarted.load() - before, 0) << "threads the library started by itself";
    // The counter sees threads: threadsParallelFor(3) starts two beside the calling one.
    bvh.nearestBatch(rays, out, threadsParallelFor(3));
    EXPECT_EQ(threadsStarted.load() - before, 2);
}

}  // namespace
}  // namespace pickray

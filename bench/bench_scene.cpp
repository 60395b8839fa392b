// SPDX-License-Identifier: MIT
// Nearest hit for one ray over N shapes, hierarchy build time, memory per object, and batch
// picking: pickray's BVH side by side with brute force, Embree 3, Embree 4 (when built: see
// docs/PERFORMANCE.md) and Bullet, on the same scenes
// in the same run. Every method's answers are checked against the exact answer (brute force over
// pickray's exact routines, on all rays for N <= 1e4 and on the first 32 rays above):
// `wrong` counts rays whose nearest object (or hit/miss) differs, `t_off` rays with the right
// object but t off by more than 1e-4·(1 + t); `checked` says how many rays were compared.
//
// Arguments: N (shape count) and the mix (0: spheres only, 1: mixed kinds with rotated boxes).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <thread>

#include <benchmark/benchmark.h>

#include "checked_main.hpp"
#include "cpu_model.hpp"
#include "scene_data.hpp"

#include "embree_peer.hpp"
#if PICKRAY_BENCH_HAS_BULLET
#include <btBulletCollisionCommon.h>
#endif

namespace {

using bench::Mix;
using bench::StressScene;

struct Answer {
    bool hit = false;
    std::uint32_t index = 0;
    float t = 0;
};

struct Case {
    StressScene scene;
    std::vector<Answer> exact;  // for the first `exact.size()` rays
};

// Timed rays, cycled through: many more than a branch predictor can learn. (With 1,024 rays
// replayed millions of times, a recent CPU learns much of each ray's path through the tree, and
// code with more data-dependent branches looked slower than it is.) The first kCheckedRays of them
// are checked against brute force where N <= 1e4.
constexpr std::size_t kRays = std::size_t{1} << 16;
constexpr std::size_t kCheckedRays = 1024;

const Case& sceneFor(Mix mix, std::size_t n) {
    static std::map<std::pair<int, std::size_t>, std::unique_ptr<Case>> cache;
    auto& slot = cache[{static_cast<int>(mix), n}];
    if (!slot) {
        slot = std::make_unique<Case>();
        slot->scene = bench::makeScene(mix, n, kRays);
        const std::size_t checked = n <= 10000 ? kCheckedRays : 32;
        for (std::size_t r = 0; r < checked; ++r) {
            Answer best;
            for (std::uint32_t i = 0; i < n; ++i) {
                const auto hit = pickray::raycast(slot->scene.rays[r], slot->scene.shapes[i]);
                if (hit && (!best.hit || hit->t < best.t)) best = {true, i, hit->t};
            }
            slot->exact.push_back(best);
        }
    }
    return *slot;
}

Mix mixOf(const benchmark::State& state) { return state.range(1) == 0 ? Mix::Spheres : Mix::Mixed; }
std::size_t countOf(const benchmark::State& state) { return static_cast<std::size_t>(state.range(0)); }

struct Disagreements {
    int wrong = 0;  // hit/miss or nearest object differs
    int tOff = 0;   // same object, t off by more than 1e-4·(1 + t)
};
Disagreements countWrong(const Case& c, const std::vector<Answer>& got) {
    Disagreements d;
    for (std::size_t r = 0; r < c.exact.size(); ++r) {
        const Answer& e = c.exact[r];
        const Answer& g = got[r];
        if (e.hit != g.hit || (e.hit && e.index != g.index)) ++d.wrong;
        else if (e.hit && std::abs(e.t - g.t) > 1e-4f * (1.0f + e.t)) ++d.tOff;
    }
    return d;
}

/// Times `nearest` over the scene's rays (one item = one ray) and reports its disagreements.
template <typename Nearest>
void timeRays(benchmark::State& state, const Case& c, Nearest nearest) {
    const auto& rays = c.scene.rays;
    std::size_t r = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(nearest(rays[r]));
        r = r + 1 == rays.size() ? 0 : r + 1;
    }
    state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
    std::vector<Answer> got;
    for (std::size_t k = 0; k < c.exact.size(); ++k) got.push_back(nearest(rays[k]));
    const Disagreements d = countWrong(c, got);
    state.counters["wrong"] = d.wrong;
    state.counters["t_off"] = d.tOff;
    state.counters["checked"] = static_cast<double>(c.exact.size());
}

// ---- pickray ----------------------------------------------------------------------------------

void nearestPickray(benchmark::State& state, pickray::SphereLeaves sphereLeaves) {
    const Case& c = sceneFor(mixOf(state), countOf(state));
    const pickray::Bvh bvh(c.scene.shapes, sphereLeaves);
    timeRays(state, c, [&](const pickray::Ray& ray) {
        const auto hit = bvh.nearest(ray);
        return hit ? Answer{true, hit->index, hit->hit.t} : Answer{};
    });
    if (state.counters["wrong"] != 0 || state.counters["t_off"] != 0) bench::pickrayDisagreed = true;
    // The BVH holds its own compact copy of the shapes: its bytes are all it needs.
    state.counters["bytes_per_object"] =
        static_cast<double>(bvh.stats().bytes) / static_cast<double>(c.scene.shapes.size());
}

void Nearest_pickray(benchmark::State& state) { nearestPickray(state, pickray::SphereLeaves::automatic); }
// The two ways of storing spheres, each at every size (Nearest_pickray takes one by the size):
// what automatic's threshold trades.
void Nearest_pickray_slots(benchmark::State& state) { nearestPickray(state, pickray::SphereLeaves::slots); }
void Nearest_pickray_runs(benchmark::State& state) { nearestPickray(state, pickray::SphereLeaves::runs); }

/// Every shape a ray's whole line passes through (the demo lists them for each pick): one item = one
/// ray. `wrong` counts checked rays whose list differs from brute force over all shapes.
void LineSpans_pickray(benchmark::State& state) {
    const Case& c = sceneFor(mixOf(state), countOf(state));
    const pickray::Bvh bvh(c.scene.shapes);
    const auto& rays = c.scene.rays;
    std::size_t r = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(bvh.lineSpans(rays[r]).size());
        r = r + 1 == rays.size() ? 0 : r + 1;
    }
    state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
    int wrong = 0;
    for (std::size_t k = 0; k < std::min<std::size_t>(rays.size(), 32); ++k) {
        std::vector<pickray::ShapeSpan> expected;
        for (std::uint32_t i = 0; i < c.scene.shapes.size(); ++i) {
            if (const auto span = pickray::intersectLine(rays[k], c.scene.shapes[i])) expected.push_back({i, *span});
        }
        std::sort(expected.begin(), expected.end(), [](const auto& a, const auto& b) {
            return a.span.enter < b.span.enter || (a.span.enter == b.span.enter && a.index < b.index);
        });
        const auto got = bvh.lineSpans(rays[k]);
        const bool same =
            std::equal(got.begin(), got.end(), expected.begin(), expected.end(), [](const auto& a, const auto& b) {
                return a.index == b.index && a.span.enter == b.span.enter && a.span.exit == b.span.exit;
            });
        wrong += same ? 0 : 1;
    }
    state.counters["wrong"] = wrong;
    if (wrong != 0) bench::pickrayDisagreed = true;
}

void Nearest_bruteforce(benchmark::State& state) {
    const Case& c = sceneFor(mixOf(state), countOf(state));
    timeRays(state, c, [&](const pickray::Ray& ray) {
        Answer best;
        for (std::uint32_t i = 0; i < c.scene.shapes.size(); ++i) {
            const auto hit = pickray::raycast(ray, c.scene.shapes[i], best.hit ? best.t : pickray::kInfinity);
            if (hit && (!best.hit || hit->t < best.t)) best = {true, i, hit->t};
        }
        return best;
    });
}

void Build_pickray(benchmark::State& state) {
    const Case& c = sceneFor(mixOf(state), countOf(state));
    for (auto _ : state) {
        pickray::Bvh bvh(c.scene.shapes);
        benchmark::DoNotOptimize(bvh);
    }
    state.counters["objects_per_second"] =
        benchmark::Counter(static_cast<double>(c.scene.shapes.size()), benchmark::Counter::kIsIterationInvariantRate);
}

/// The shape moved by `step` along x.
pickray::Shape moved(const pickray::Shape& shape, float step) {
    const glm::vec3 by(step, 0.0f, 0.0f);
    return std::visit(
        [&](auto s) -> pickray::Shape {
            using T = decltype(s);
            if constexpr (std::is_same_v<T, pickray::Sphere>) s.center += by;
            else if constexpr (std::is_same_v<T, pickray::Aabb>) s.min += by, s.max += by;
            else if constexpr (std::is_same_v<T, pickray::OrientedBox>) s.toWorld[3] += glm::vec4(by, 0.0f);
            else if constexpr (std::is_same_v<T, pickray::InfiniteCylinder>) s.a += by, s.b += by;
            else s.a += by, s.b += by;
            return s;
        },
        shape);
}

void Refit_pickray(benchmark::State& state) {
    // One object dragged in the GUI: refit (what the demo does) against a full rebuild above.
    // Each step moves an object by about its size, away from where it was built or back.
    const Case& c = sceneFor(mixOf(state), countOf(state));
    pickray::Bvh bvh(c.scene.shapes);
    std::vector<pickray::Shape> away;
    for (const pickray::Shape& shape : c.scene.shapes) away.push_back(moved(shape, 0.5f));
    std::vector<bool> isAway(c.scene.shapes.size(), false);
    std::uint32_t index = 0;
    for (auto _ : state) {
        index = (index * 2654435761u + 1) % static_cast<std::uint32_t>(c.scene.shapes.size());
        isAway[index] = !isAway[index];
        bvh.update(index, isAway[index] ? away[index] : c.scene.shapes[index]);
    }
}

void Batch_pickray(benchmark::State& state) {
    // One ray per pixel of a 1280×720 view looking into the scene, on every core.
    const Case& c = sceneFor(mixOf(state), countOf(state));
    const pickray::Bvh bvh(c.scene.shapes);
    const float s = c.scene.side;
    const glm::vec3 eye(-0.3f * s, 0.6f * s, -0.3f * s);
    const glm::vec3 forward = glm::normalize(glm::vec3(0.5f * s) - eye);
    const glm::vec3 right = glm::normalize(glm::cross(forward, glm::vec3(0, 1, 0)));
    const glm::vec3 up = glm::cross(right, forward);
    std::vector<pickray::Ray> rays;
    for (int y = 0; y < 720; ++y) {
        for (int x = 0; x < 1280; ++x) {
            const float u = (static_cast<float>(x) + 0.5f) / 640.0f - 1.0f;
            const float v = 1.0f - (static_cast<float>(y) + 0.5f) / 360.0f;
            rays.push_back({eye, glm::normalize(forward + 0.7f * u * 16.0f / 9.0f * right + 0.7f * v * up)});
        }
    }
    std::vector<std::optional<pickray::ShapeHit>> out(rays.size());
    const pickray::ParallelFor allCores = pickray::threadsParallelFor();
    for (auto _ : state) bvh.nearestBatch(rays, out, allCores);
    state.SetItemsProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(rays.size()));
    state.counters["threads"] = std::thread::hardware_concurrency();
}

// ---- Embree 3 and 4 (embree_peer.hpp) -----------------------------------------------------------

/// PICKRAY_BENCH_EMBREE_ISA: Embree's level forced by its device config's isa= (sse2, sse4.2, avx,
/// avx2, avx512), as PICKRAY_SIMD forces pickray's; unset, each takes the best the CPU has.
std::string embreeIsa() {
    const char* isa = std::getenv("PICKRAY_BENCH_EMBREE_ISA");
    return isa ? isa : "";
}

using BuildEmbree = std::unique_ptr<bench::EmbreeScene> (*)(const std::vector<pickray::Shape>&, bool,
                                                            const std::string&);

void nearestEmbree(benchmark::State& state, BuildEmbree build, bool native) {
    const Case& c = sceneFor(mixOf(state), countOf(state));
    const auto e = build(c.scene.shapes, native, embreeIsa());
    timeRays(state, c, [&](const pickray::Ray& ray) {
        const bench::PeerAnswer a = e->nearest(ray);
        return Answer{a.hit, a.index, a.t};
    });
    // User geometry reads pickray's shapes: they count, as the BVH's copy counts for pickray.
    state.counters["bytes_per_object"] =
        (static_cast<double>(e->bytes()) +
         static_cast<double>(c.scene.shapes.size() * sizeof(pickray::Shape)) * (native ? 0.0 : 1.0)) /
        static_cast<double>(c.scene.shapes.size());
}

void buildEmbree(benchmark::State& state, BuildEmbree build) {
    const Case& c = sceneFor(mixOf(state), countOf(state));
    for (auto _ : state) benchmark::DoNotOptimize(build(c.scene.shapes, true, embreeIsa()));
    state.counters["objects_per_second"] =
        benchmark::Counter(static_cast<double>(c.scene.shapes.size()), benchmark::Counter::kIsIterationInvariantRate);
}

#if PICKRAY_BENCH_HAS_EMBREE
void Nearest_embree_native(benchmark::State& state) { nearestEmbree(state, bench::embree3_peer::build, true); }
void Nearest_embree_user(benchmark::State& state) { nearestEmbree(state, bench::embree3_peer::build, false); }
void Build_embree(benchmark::State& state) { buildEmbree(state, bench::embree3_peer::build); }
#endif
#if PICKRAY_BENCH_HAS_EMBREE4
void Nearest_embree4_native(benchmark::State& state) { nearestEmbree(state, bench::embree4_peer::build, true); }
void Nearest_embree4_user(benchmark::State& state) { nearestEmbree(state, bench::embree4_peer::build, false); }
void Build_embree4(benchmark::State& state) { buildEmbree(state, bench::embree4_peer::build); }
#endif

// ---- Bullet: btCollisionWorld::rayTest over its dynamic AABB tree (btDbvtBroadphase) -----------
#if PICKRAY_BENCH_HAS_BULLET

btVector3 bt(glm::vec3 v) { return {v.x, v.y, v.z}; }

btTransform alongAxis(glm::vec3 a, glm::vec3 b) {
    const glm::vec3 axis = glm::normalize(b - a);
    const glm::vec3 y(0, 1, 0);
    const glm::vec3 c = glm::cross(y, axis);
    const float s = glm::length(c);
    btQuaternion q = btQuaternion::getIdentity();
    if (s > 1e-6f) q = btQuaternion(bt(c / s), std::atan2(s, glm::dot(y, axis)));
    else if (glm::dot(y, axis) < 0) q = btQuaternion(btVector3(1, 0, 0), SIMD_PI);
    return btTransform(q, bt(0.5f * (a + b)));
}

struct BulletWorld {
    btDefaultCollisionConfiguration configuration;
    btCollisionDispatcher dispatcher{&configuration};
    btDbvtBroadphase broadphase;
    btCollisionWorld world{&dispatcher, &broadphase, &configuration};
    std::vector<std::unique_ptr<btCollisionShape>> shapes;
    std::vector<std::unique_ptr<btCollisionObject>> objects;
    ~BulletWorld() {
        for (auto& o : objects) world.removeCollisionObject(o.get());
    }
};

std::unique_ptr<BulletWorld> buildBullet(const StressScene& scene) {
    auto w = std::make_unique<BulletWorld>();
    for (std::uint32_t i = 0; i < scene.shapes.size(); ++i) {
        btTransform transform;
        btCollisionShape* shape = nullptr;
        if (const auto* s = std::get_if<pickray::Sphere>(&scene.shapes[i])) {
            shape = new btSphereShape(s->radius);
            transform = btTransform(btQuaternion::getIdentity(), bt(s->center));
        } else if (const auto* c = std::get_if<pickray::Capsule>(&scene.shapes[i])) {
            shape = new btCapsuleShape(c->radius, glm::distance(c->a, c->b));
            transform = alongAxis(c->a, c->b);
        } else if (const auto* y = std::get_if<pickray::Cylinder>(&scene.shapes[i])) {
            shape = new btCylinderShape(btVector3(y->radius, 0.5f * glm::distance(y->a, y->b), y->radius));
            transform = alongAxis(y->a, y->b);
        } else {
            const bench::BoxRecipe& r = scene.boxRecipes[i];
            auto* box = new btBoxShape(bt(r.halfExtents));
            box->setMargin(0);
            shape = box;
            transform = btTransform(btQuaternion(bt(r.axis), r.angle), bt(r.centre));
        }
        auto object = std::make_unique<btCollisionObject>();
        object->setCollisionShape(shape);
        object->setWorldTransform(transform);
        object->setUserIndex(static_cast<int>(i));
        // A static scene, added the idiomatic way: static objects, so the broadphase keeps no
        // pairs between them (with the default filters a 1e6-object world took minutes to build).
        object->setCollisionFlags(btCollisionObject::CF_STATIC_OBJECT);
        w->world.addCollisionObject(object.get(), btBroadphaseProxy::StaticFilter,
                                    btBroadphaseProxy::AllFilter ^ btBroadphaseProxy::StaticFilter);
        w->shapes.emplace_back(shape);
        w->objects.push_back(std::move(object));
    }
    w->world.updateAabbs();
    return w;
}

void Nearest_bullet(benchmark::State& state) {
    const Case& c = sceneFor(mixOf(state), countOf(state));
    const auto w = buildBullet(c.scene);
    const float length = 3.0f * c.scene.side;  // Bullet casts segments: long enough to leave the scene
    timeRays(state, c, [&](const pickray::Ray& ray) {
        const btVector3 from = bt(ray.origin), to = bt(ray.origin + length * ray.direction);
        btCollisionWorld::ClosestRayResultCallback callback(from, to);
        w->world.rayTest(from, to, callback);
        if (!callback.hasHit()) return Answer{};
        return Answer{true, static_cast<std::uint32_t>(callback.m_collisionObject->getUserIndex()),
                      callback.m_closestHitFraction * length};
    });
}

void Build_bullet(benchmark::State& state) {
    const Case& c = sceneFor(mixOf(state), countOf(state));
    for (auto _ : state) benchmark::DoNotOptimize(buildBullet(c.scene));
    state.counters["objects_per_second"] =
        benchmark::Counter(static_cast<double>(c.scene.shapes.size()), benchmark::Counter::kIsIterationInvariantRate);
}
#endif

// N in {1e2, 1e4, 1e6} × {spheres, mixed}. Brute force only up to 1e4.
void sizes(benchmark::internal::Benchmark* b) {
    for (const int64_t n : {100, 10000, 1000000}) b->Args({n, 0})->Args({n, 1});
}
void smallSizes(benchmark::internal::Benchmark* b) {
    for (const int64_t n : {100, 10000}) b->Args({n, 0})->Args({n, 1});
}

// pickray's and Embree's nearest-hit and build rows are each the fastest of three runs
// (report.py takes the minimum of repetitions): they are compared within a few percent, and on a
// shared VM one run of a 1e6 build varies by up to 2x with how fast fresh pages are handed over.
void sizesThrice(benchmark::internal::Benchmark* b) { sizes(b->Repetitions(3)); }

BENCHMARK(Nearest_pickray)->Apply(sizesThrice);
// Spheres from 1e3 to 1e6, where SphereLeaves::automatic's threshold was chosen.
void sphereLeavesSizes(benchmark::internal::Benchmark* b) {
    for (const int64_t n : {100, 300, 1000, 10000, 100000, 300000, 1000000}) b->Args({n, 0});
    b->Repetitions(3);
}
BENCHMARK(Nearest_pickray_slots)->Apply(sphereLeavesSizes);
BENCHMARK(Nearest_pickray_runs)->Apply(sphereLeavesSizes);
BENCHMARK(Nearest_bruteforce)->Apply(smallSizes);
BENCHMARK(LineSpans_pickray)->Args({10000, 1})->Args({1000000, 1});
BENCHMARK(Build_pickray)->Apply(sizesThrice)->Unit(benchmark::kMillisecond);
BENCHMARK(Refit_pickray)->Apply(sizes);
BENCHMARK(Batch_pickray)->Args({10000, 1})->Unit(benchmark::kMillisecond)->UseRealTime();
#if PICKRAY_BENCH_HAS_EMBREE
BENCHMARK(Nearest_embree_native)->Apply(sizesThrice);
BENCHMARK(Nearest_embree_user)->Apply(sizesThrice);
BENCHMARK(Build_embree)->Apply(sizesThrice)->Unit(benchmark::kMillisecond);
#endif
#if PICKRAY_BENCH_HAS_EMBREE4
BENCHMARK(Nearest_embree4_native)->Apply(sizesThrice);
BENCHMARK(Nearest_embree4_user)->Apply(sizesThrice);
BENCHMARK(Build_embree4)->Apply(sizesThrice)->Unit(benchmark::kMillisecond);
#endif
#if PICKRAY_BENCH_HAS_BULLET
BENCHMARK(Nearest_bullet)->Apply(smallSizes);
// At 1e6 one Bullet ray takes milliseconds (its tree hands every box along the ray to a convex
// cast): a fixed iteration count keeps the run bounded.
BENCHMARK(Nearest_bullet)->Args({1000000, 0})->Args({1000000, 1})->Iterations(64);
BENCHMARK(Build_bullet)->Apply(sizes)->Unit(benchmark::kMillisecond)->Iterations(1);
#endif

}  // namespace

int main(int argc, char** argv) {
    // The CPU, pickray's level and which Embree answered, in the run's context (report.py prints
    // them above the tables: a figure says where it came from).
    benchmark::AddCustomContext("cpu", bench::cpuModel());
    benchmark::AddCustomContext("pickray_level", std::string(pickray::simdLevel()));
    benchmark::AddCustomContext("pickray_box_test", std::string(pickray::Bvh::boxTest()));
#if PICKRAY_BENCH_HAS_EMBREE
    benchmark::AddCustomContext("embree3", bench::embree3_peer::version());
#endif
#if PICKRAY_BENCH_HAS_EMBREE4
    benchmark::AddCustomContext("embree4", bench::embree4_peer::version());
#endif
    if (!embreeIsa().empty()) benchmark::AddCustomContext("embree_isa", embreeIsa());
    return bench::runCheckedBenchmarks(argc, argv);
}

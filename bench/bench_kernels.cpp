// SPDX-License-Identifier: MIT
// Single ray vs single shape, and segment–segment distance: pickray side by side with GLM,
// Bullet, FCL and a plain textbook implementation, on the same data in the same run.
//
// Every benchmark also checks its answers against the independent long-double reference
// (tests/reference): `wrong` counts cases whose hit/miss differs (rays closer than 1e-4·size to
// tangent excluded), `t_off` hits whose t is off by more than 1e-4·(1 + t). Throughput is
// items_per_second.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtx/intersect.hpp>

#include "checked_main.hpp"
#include "pickray/collision.hpp"
#include "reference/reference.hpp"
#include "textbook.hpp"

#if PICKRAY_BENCH_HAS_BULLET
#include <btBulletCollisionCommon.h>
#endif
#if PICKRAY_BENCH_HAS_FCL
#include <fcl/narrowphase/detail/primitive_shape_algorithm/capsule_capsule.h>
#endif

namespace {

constexpr int kCases = 1024;

pickref::Vec ref(glm::vec3 v) {
    return {static_cast<pickref::Real>(v.x), static_cast<pickref::Real>(v.y), static_cast<pickref::Real>(v.z)};
}

glm::vec3 randomIn(std::mt19937& rng, float lo, float hi) {
    std::uniform_real_distribution<float> u(lo, hi);
    return {u(rng), u(rng), u(rng)};
}

// How far the rays start from the shapes (about 1 unit in size): `near`, 4–10 units, as in a
// close-up; `far`, 1,000–4,000 units, as when picking from a camera a kilometre away, where float
// code that squares distances (b² − ac) loses the digits the answer is made of.
enum class Reach { Near, Far };

// Rays aimed within 1.5 units of the shape's centre: about half hit.
std::vector<pickray::Ray> makeRays(std::mt19937& rng, const std::vector<glm::vec3>& centres, Reach reach) {
    std::vector<pickray::Ray> rays;
    const float nearest = reach == Reach::Near ? 4.0f : 1000.0f;
    const float farthest = reach == Reach::Near ? 10.0f : 4000.0f;
    for (const glm::vec3& c : centres) {
        glm::vec3 from = randomIn(rng, -1, 1);
        from = c + glm::normalize(from) * std::uniform_real_distribution<float>(nearest, farthest)(rng);
        rays.push_back({from, glm::normalize(c + randomIn(rng, -1.5f, 1.5f) - from)});
    }
    return rays;
}

struct Expected {
    bool hit;
    float t;
    bool judged;  // false: too close to tangent for hit/miss to be fair
};

template <typename Solid>
std::vector<Expected> expectedAnswers(const std::vector<pickray::Ray>& rays, const std::vector<Solid>& solids) {
    std::vector<Expected> out;
    for (size_t i = 0; i < rays.size(); ++i) {
        const pickref::RayAnswer a = solids[i].ray({ref(rays[i].origin), ref(rays[i].direction)});
        out.push_back({a.hit, static_cast<float>(a.t), !a.ambiguous && a.margin >= 1e-4L * solids[i].size()});
    }
    return out;
}

// One answer per case from a routine under test: t >= 0 for a hit, < 0 for a miss.
// Counts hit/miss disagreements (`wrong`) and hits whose t is off by more than 1e-4·(1 + t)
// (`t_off`) among the cases the reference judges.
struct Disagreements {
    int wrong = 0;
    int tOff = 0;
};
template <typename Answer>
Disagreements countWrong(const std::vector<Expected>& expected, Answer answer) {
    Disagreements d;
    for (size_t i = 0; i < expected.size(); ++i) {
        const float t = answer(i);
        const bool hit = t >= 0.0f;
        if (!expected[i].judged) continue;
        if (hit != expected[i].hit) ++d.wrong;
        else if (hit && std::abs(t - expected[i].t) > 1e-4f * (1.0f + expected[i].t)) ++d.tOff;
    }
    return d;
}

/// Times `answer` over all cases and reports its disagreements with the reference; `isPickray`
/// makes a disagreement fail the process.
template <typename Answer>
void run(benchmark::State& state, const std::vector<Expected>& expected, Answer answer, bool isPickray = false) {
    for (auto _ : state) {
        float sum = 0.0f;
        for (size_t i = 0; i < expected.size(); ++i) sum += answer(i);
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(expected.size()));
    const Disagreements d = countWrong(expected, answer);
    state.counters["wrong"] = d.wrong;
    state.counters["t_off"] = d.tOff;
    if ((d.wrong > 0 || d.tOff > 0) && isPickray) bench::pickrayDisagreed = true;
}

/// The same for a batch routine, which answers all cases in one call: `batch(t)` fills t (+inf for
/// a miss, as collision/batch.hpp writes it).
template <typename Batch>
void runBatch(benchmark::State& state, const std::vector<Expected>& expected, Batch batch) {
    std::vector<float> t(expected.size());
    for (auto _ : state) {
        batch(std::span<float>(t));
        benchmark::DoNotOptimize(t.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(expected.size()));
    const Disagreements d = countWrong(expected, [&](size_t i) { return std::isinf(t[i]) ? -1.0f : t[i]; });
    state.counters["wrong"] = d.wrong;
    state.counters["t_off"] = d.tOff;
    if (d.wrong > 0 || d.tOff > 0) bench::pickrayDisagreed = true;
    state.SetLabel(std::string(pickray::simdLevel()));
}

// ---- Data -------------------------------------------------------------------------------------

struct SphereData {
    std::vector<pickray::Sphere> shapes;
    std::vector<pickray::Ray> rays;
    std::vector<Expected> expected;
};
SphereData makeSpheres(Reach reach) {
    std::mt19937 rng(100);
    SphereData d;
    std::vector<glm::vec3> centres;
    std::vector<pickref::SphereSolid> solids;
    for (int i = 0; i < kCases; ++i) {
        d.shapes.push_back({randomIn(rng, -20, 20), std::uniform_real_distribution<float>(0.5f, 1.5f)(rng)});
        centres.push_back(d.shapes.back().center);
        solids.emplace_back(ref(d.shapes.back().center), d.shapes.back().radius);
    }
    d.rays = makeRays(rng, centres, reach);
    d.expected = expectedAnswers(d.rays, solids);
    return d;
}
const SphereData& spheres(Reach reach) {
    static const SphereData near = makeSpheres(Reach::Near), far = makeSpheres(Reach::Far);
    return reach == Reach::Near ? near : far;
}

template <typename Shape>
struct AxisData {
    std::vector<Shape> shapes;
    std::vector<pickray::Ray> rays;
    std::vector<Expected> expected;
};
template <typename Shape, typename RefSolid>
AxisData<Shape> makeAxisShapes(unsigned seed, Reach reach) {
    std::mt19937 rng(seed);
    AxisData<Shape> d;
    std::vector<glm::vec3> centres;
    std::vector<RefSolid> solids;
    for (int i = 0; i < kCases; ++i) {
        const glm::vec3 c = randomIn(rng, -20, 20);
        const glm::vec3 half =
            glm::normalize(randomIn(rng, -1, 1)) * std::uniform_real_distribution<float>(0.3f, 1.5f)(rng);
        const float r = std::uniform_real_distribution<float>(0.3f, 1.0f)(rng);
        d.shapes.push_back({c - half, c + half, r});
        centres.push_back(c);
        solids.emplace_back(ref(c - half), ref(c + half), r);
    }
    d.rays = makeRays(rng, centres, reach);
    d.expected = expectedAnswers(d.rays, solids);
    return d;
}
const AxisData<pickray::Capsule>& capsules(Reach reach) {
    static const auto near = makeAxisShapes<pickray::Capsule, pickref::CapsuleSolid>(101, Reach::Near);
    static const auto far = makeAxisShapes<pickray::Capsule, pickref::CapsuleSolid>(101, Reach::Far);
    return reach == Reach::Near ? near : far;
}
const AxisData<pickray::Cylinder>& cylinders(Reach reach) {
    static const auto near = makeAxisShapes<pickray::Cylinder, pickref::CylinderSolid>(102, Reach::Near);
    static const auto far = makeAxisShapes<pickray::Cylinder, pickref::CylinderSolid>(102, Reach::Far);
    return reach == Reach::Near ? near : far;
}

struct BoxData {
    std::vector<pickray::Aabb> boxes;
    std::vector<pickray::OrientedBox> oriented;  // rotated
    std::vector<pickray::Ray> rays;
    std::vector<Expected> expected;          // for the axis-aligned boxes
    std::vector<Expected> expectedOriented;  // for the rotated ones
};
BoxData makeBoxes(Reach reach) {
    std::mt19937 rng(103);
    BoxData d;
    std::vector<glm::vec3> centres;
    std::vector<pickref::BoxSolid> solids;
    std::vector<pickref::OrientedBoxSolid> orientedSolids;
    for (int i = 0; i < kCases; ++i) {
        const glm::vec3 c = randomIn(rng, -20, 20);
        const glm::vec3 half = randomIn(rng, 0.3f, 1.2f);
        d.boxes.push_back({c - half, c + half});
        const glm::mat4 m =
            glm::rotate(glm::translate(glm::mat4(1), c), std::uniform_real_distribution<float>(0, 6.28f)(rng),
                        glm::normalize(randomIn(rng, -1, 1)));
        d.oriented.push_back({{-half, half}, m});
        centres.push_back(c);
        solids.emplace_back(pickref::Box{ref(c - half), ref(c + half)});
        std::array<std::array<pickref::Real, 3>, 3> rows{};
        for (int r = 0; r < 3; ++r) {
            for (int k = 0; k < 3; ++k)
                rows[static_cast<size_t>(r)][static_cast<size_t>(k)] = static_cast<pickref::Real>(m[k][r]);
        }
        orientedSolids.emplace_back(pickref::Box{ref(-half), ref(half)}, rows, ref(c));
    }
    d.rays = makeRays(rng, centres, reach);
    d.expected = expectedAnswers(d.rays, solids);
    d.expectedOriented = expectedAnswers(d.rays, orientedSolids);
    return d;
}
const BoxData& boxes(Reach reach) {
    static const BoxData near = makeBoxes(Reach::Near), far = makeBoxes(Reach::Far);
    return reach == Reach::Near ? near : far;
}

// One ray against many shapes, the brute-force pick over a scene: 8 rays from a camera 30–40 (or
// 1,000–4,000) units from a cloud of the 1024 shapes above, each ray tested against every shape
// (a few percent hit).
constexpr int kFanRays = 8;
template <typename Shape>
struct FanData {
    std::vector<Shape> shapes;
    std::vector<pickray::Ray> rays;
    std::vector<Expected> expected;  // ray r against shape s at r·kCases + s
};
template <typename Shape, typename SolidOf>
FanData<Shape> makeFan(const std::vector<Shape>& shapes, SolidOf solidOf, Reach reach) {
    std::mt19937 rng(300);
    FanData<Shape> d;
    d.shapes = shapes;
    const float nearest = reach == Reach::Near ? 30.0f : 1000.0f;
    const float farthest = reach == Reach::Near ? 40.0f : 4000.0f;
    for (int r = 0; r < kFanRays; ++r) {
        const glm::vec3 eye =
            glm::normalize(randomIn(rng, -1, 1)) * std::uniform_real_distribution<float>(nearest, farthest)(rng);
        d.rays.push_back({eye, glm::normalize(randomIn(rng, -15, 15) - eye)});
        for (const Shape& shape : d.shapes) {
            const auto solid = solidOf(shape);
            const pickref::RayAnswer a = solid.ray({ref(eye), ref(d.rays.back().direction)});
            d.expected.push_back({a.hit, static_cast<float>(a.t), !a.ambiguous && a.margin >= 1e-4L * solid.size()});
        }
    }
    return d;
}
template <typename Shape>
const FanData<Shape>& fan(Reach reach);
template <>
const FanData<pickray::Sphere>& fan(Reach reach) {
    const auto make = [](Reach r) {
        return makeFan(
            spheres(r).shapes, [](const pickray::Sphere& s) { return pickref::SphereSolid(ref(s.center), s.radius); },
            r);
    };
    static const auto near = make(Reach::Near), far = make(Reach::Far);
    return reach == Reach::Near ? near : far;
}
template <>
const FanData<pickray::Capsule>& fan(Reach reach) {
    const auto make = [](Reach r) {
        return makeFan(
            capsules(r).shapes,
            [](const pickray::Capsule& c) { return pickref::CapsuleSolid(ref(c.a), ref(c.b), c.radius); }, r);
    };
    static const auto near = make(Reach::Near), far = make(Reach::Far);
    return reach == Reach::Near ? near : far;
}
template <>
const FanData<pickray::Cylinder>& fan(Reach reach) {
    const auto make = [](Reach r) {
        return makeFan(
            cylinders(r).shapes,
            [](const pickray::Cylinder& c) { return pickref::CylinderSolid(ref(c.a), ref(c.b), c.radius); }, r);
    };
    static const auto near = make(Reach::Near), far = make(Reach::Far);
    return reach == Reach::Near ? near : far;
}
template <>
const FanData<pickray::Aabb>& fan(Reach reach) {
    const auto make = [](Reach r) {
        return makeFan(
            boxes(r).boxes,
            [](const pickray::Aabb& b) {
                return pickref::BoxSolid(pickref::Box{ref(b.min), ref(b.max)});
            },
            r);
    };
    static const auto near = make(Reach::Near), far = make(Reach::Far);
    return reach == Reach::Near ? near : far;
}

// pickray's t-only query, the like-for-like match of the peers' routines (they return t only).
template <typename Shape>
float pickrayT(const pickray::Ray& ray, const Shape& shape) {
    const auto t = pickray::raycastT(ray, shape);
    return t ? *t : -1.0f;
}
// The full hit (t, point, outward unit normal), what a picking caller needs for the winner.
template <typename Shape>
float pickrayHit(const pickray::Ray& ray, const Shape& shape) {
    const auto hit = pickray::raycast(ray, shape);
    return hit ? hit->t + 0.0f * (hit->point.x + hit->normal.x) : -1.0f;
}

// ---- Sphere -----------------------------------------------------------------------------------

void Sphere_pickray(benchmark::State& state, Reach reach) {
    const auto& d = spheres(reach);
    run(
        state, d.expected, [&](size_t i) { return pickrayT(d.rays[i], d.shapes[i]); }, true);
}
void Sphere_pickray_hit(benchmark::State& state, Reach reach) {
    const auto& d = spheres(reach);
    run(
        state, d.expected, [&](size_t i) { return pickrayHit(d.rays[i], d.shapes[i]); }, true);
}
void Sphere_pickray_batch(benchmark::State& state, Reach reach) {
    const auto& d = spheres(reach);
    runBatch(state, d.expected, [&](std::span<float> t) { pickray::raycastT(d.rays, d.shapes, t); });
}
void Sphere_glm(benchmark::State& state, Reach reach) {
    // GLM's intersectRaySphere (distance only; needs a unit direction and the squared radius).
    const auto& d = spheres(reach);
    run(state, d.expected, [&](size_t i) {
        float t = -1.0f;
        return glm::intersectRaySphere(d.rays[i].origin, d.rays[i].direction, d.shapes[i].center,
                                       d.shapes[i].radius * d.shapes[i].radius, t)
                   ? t
                   : -1.0f;
    });
}
void Sphere_textbook(benchmark::State& state, Reach reach) {
    const auto& d = spheres(reach);
    run(state, d.expected, [&](size_t i) {
        return textbook::raySphere(d.rays[i].origin, d.rays[i].direction, d.shapes[i].center, d.shapes[i].radius);
    });
}
BENCHMARK_CAPTURE(Sphere_pickray, near, Reach::Near);
BENCHMARK_CAPTURE(Sphere_pickray, far, Reach::Far);
BENCHMARK_CAPTURE(Sphere_pickray_hit, near, Reach::Near);
BENCHMARK_CAPTURE(Sphere_pickray_hit, far, Reach::Far);
BENCHMARK_CAPTURE(Sphere_pickray_batch, near, Reach::Near);
BENCHMARK_CAPTURE(Sphere_pickray_batch, far, Reach::Far);
BENCHMARK_CAPTURE(Sphere_glm, near, Reach::Near);
BENCHMARK_CAPTURE(Sphere_glm, far, Reach::Far);
BENCHMARK_CAPTURE(Sphere_textbook, near, Reach::Near);
BENCHMARK_CAPTURE(Sphere_textbook, far, Reach::Far);

// ---- Capsule, cylinder, box -------------------------------------------------------------------

void Capsule_pickray_hit(benchmark::State& state, Reach reach) {
    const auto& d = capsules(reach);
    run(
        state, d.expected, [&](size_t i) { return pickrayHit(d.rays[i], d.shapes[i]); }, true);
}
void Capsule_pickray(benchmark::State& state, Reach reach) {
    const auto& d = capsules(reach);
    run(
        state, d.expected, [&](size_t i) { return pickrayT(d.rays[i], d.shapes[i]); }, true);
}
void Capsule_textbook(benchmark::State& state, Reach reach) {
    const auto& d = capsules(reach);
    run(state, d.expected, [&](size_t i) {
        return textbook::rayCapsule(d.rays[i].origin, d.rays[i].direction, d.shapes[i].a, d.shapes[i].b,
                                    d.shapes[i].radius);
    });
}
void Cylinder_pickray_hit(benchmark::State& state, Reach reach) {
    const auto& d = cylinders(reach);
    run(
        state, d.expected, [&](size_t i) { return pickrayHit(d.rays[i], d.shapes[i]); }, true);
}
void Cylinder_pickray(benchmark::State& state, Reach reach) {
    const auto& d = cylinders(reach);
    run(
        state, d.expected, [&](size_t i) { return pickrayT(d.rays[i], d.shapes[i]); }, true);
}
void Cylinder_textbook(benchmark::State& state, Reach reach) {
    const auto& d = cylinders(reach);
    run(state, d.expected, [&](size_t i) {
        return textbook::rayCylinder(d.rays[i].origin, d.rays[i].direction, d.shapes[i].a, d.shapes[i].b,
                                     d.shapes[i].radius);
    });
}
void Box_pickray_hit(benchmark::State& state, Reach reach) {
    const auto& d = boxes(reach);
    run(
        state, d.expected, [&](size_t i) { return pickrayHit(d.rays[i], d.boxes[i]); }, true);
}
void Box_pickray(benchmark::State& state, Reach reach) {
    const auto& d = boxes(reach);
    run(
        state, d.expected, [&](size_t i) { return pickrayT(d.rays[i], d.boxes[i]); }, true);
}
void Box_textbook(benchmark::State& state, Reach reach) {
    const auto& d = boxes(reach);
    run(state, d.expected, [&](size_t i) {
        return textbook::rayAabb(d.rays[i].origin, 1.0f / d.rays[i].direction, d.boxes[i].min, d.boxes[i].max);
    });
}
void OrientedBox_pickray_hit(benchmark::State& state, Reach reach) {
    const auto& d = boxes(reach);
    run(
        state, d.expectedOriented, [&](size_t i) { return pickrayHit(d.rays[i], d.oriented[i]); }, true);
}
void OrientedBox_pickray(benchmark::State& state, Reach reach) {
    const auto& d = boxes(reach);
    run(
        state, d.expectedOriented, [&](size_t i) { return pickrayT(d.rays[i], d.oriented[i]); }, true);
}
// The boxes prepared once (their inverse transforms worked out), as a BVH or a caller testing many
// rays against the same boxes keeps them.
void OrientedBox_pickray_prepared(benchmark::State& state, Reach reach) {
    const auto& d = boxes(reach);
    const std::vector<pickray::PreparedOrientedBox> prepared(d.oriented.begin(), d.oriented.end());
    run(
        state, d.expectedOriented, [&](size_t i) { return pickrayT(d.rays[i], prepared[i]); }, true);
}
// The batch routine (collision/batch.hpp) over the same pairs, all in one call.
void Capsule_pickray_batch(benchmark::State& state, Reach reach) {
    const auto& d = capsules(reach);
    runBatch(state, d.expected, [&](std::span<float> t) { pickray::raycastT(d.rays, d.shapes, t); });
}
void Cylinder_pickray_batch(benchmark::State& state, Reach reach) {
    const auto& d = cylinders(reach);
    runBatch(state, d.expected, [&](std::span<float> t) { pickray::raycastT(d.rays, d.shapes, t); });
}
void Box_pickray_batch(benchmark::State& state, Reach reach) {
    const auto& d = boxes(reach);
    runBatch(state, d.expected, [&](std::span<float> t) { pickray::raycastT(d.rays, d.boxes, t); });
}
void OrientedBox_pickray_batch(benchmark::State& state, Reach reach) {
    const auto& d = boxes(reach);
    const std::vector<pickray::PreparedOrientedBox> prepared(d.oriented.begin(), d.oriented.end());
    runBatch(state, d.expectedOriented, [&](std::span<float> t) { pickray::raycastT(d.rays, prepared, t); });
}
BENCHMARK_CAPTURE(Capsule_pickray, near, Reach::Near);
BENCHMARK_CAPTURE(Capsule_pickray, far, Reach::Far);
BENCHMARK_CAPTURE(Capsule_pickray_hit, near, Reach::Near);
BENCHMARK_CAPTURE(Capsule_pickray_hit, far, Reach::Far);
BENCHMARK_CAPTURE(Capsule_pickray_batch, near, Reach::Near);
BENCHMARK_CAPTURE(Capsule_pickray_batch, far, Reach::Far);
BENCHMARK_CAPTURE(Capsule_textbook, near, Reach::Near);
BENCHMARK_CAPTURE(Capsule_textbook, far, Reach::Far);
BENCHMARK_CAPTURE(Cylinder_pickray, near, Reach::Near);
BENCHMARK_CAPTURE(Cylinder_pickray, far, Reach::Far);
BENCHMARK_CAPTURE(Cylinder_pickray_hit, near, Reach::Near);
BENCHMARK_CAPTURE(Cylinder_pickray_hit, far, Reach::Far);
BENCHMARK_CAPTURE(Cylinder_pickray_batch, near, Reach::Near);
BENCHMARK_CAPTURE(Cylinder_pickray_batch, far, Reach::Far);
BENCHMARK_CAPTURE(Cylinder_textbook, near, Reach::Near);
BENCHMARK_CAPTURE(Cylinder_textbook, far, Reach::Far);
BENCHMARK_CAPTURE(Box_pickray, near, Reach::Near);
BENCHMARK_CAPTURE(Box_pickray, far, Reach::Far);
BENCHMARK_CAPTURE(Box_pickray_hit, near, Reach::Near);
BENCHMARK_CAPTURE(Box_pickray_hit, far, Reach::Far);
BENCHMARK_CAPTURE(Box_pickray_batch, near, Reach::Near);
BENCHMARK_CAPTURE(Box_pickray_batch, far, Reach::Far);
BENCHMARK_CAPTURE(Box_textbook, near, Reach::Near);
BENCHMARK_CAPTURE(Box_textbook, far, Reach::Far);
BENCHMARK_CAPTURE(OrientedBox_pickray, near, Reach::Near);
BENCHMARK_CAPTURE(OrientedBox_pickray, far, Reach::Far);
BENCHMARK_CAPTURE(OrientedBox_pickray_hit, near, Reach::Near);
BENCHMARK_CAPTURE(OrientedBox_pickray_hit, far, Reach::Far);
BENCHMARK_CAPTURE(OrientedBox_pickray_batch, near, Reach::Near);
BENCHMARK_CAPTURE(OrientedBox_pickray_batch, far, Reach::Far);
BENCHMARK_CAPTURE(OrientedBox_pickray_prepared, near, Reach::Near);
BENCHMARK_CAPTURE(OrientedBox_pickray_prepared, far, Reach::Far);

// ---- One ray against many shapes (FanData): the same work, each method in its own way -----------

template <typename Shape>
void fanPickray(benchmark::State& state, Reach reach) {
    const auto& d = fan<Shape>(reach);
    run(
        state, d.expected, [&](size_t i) { return pickrayT(d.rays[i / kCases], d.shapes[i % kCases]); }, true);
}
template <typename Shape>
void fanPickrayBatch(benchmark::State& state, Reach reach) {
    const auto& d = fan<Shape>(reach);
    runBatch(state, d.expected, [&](std::span<float> t) {
        for (size_t r = 0; r < d.rays.size(); ++r)
            pickray::raycastT(d.rays[r], d.shapes, t.subspan(r * kCases, kCases));
    });
}
/// nearestT (the nearest of the 1,024 for each ray, brute force on the batch routine); `wrong`
/// counts rays whose nearest t differs from the reference's nearest by more than 1e-4·(1 + t).
template <typename Shape>
void fanPickrayNearest(benchmark::State& state, Reach reach) {
    const auto& d = fan<Shape>(reach);
    std::vector<std::optional<pickray::NearestT>> got(d.rays.size());
    for (auto _ : state) {
        for (size_t r = 0; r < d.rays.size(); ++r) got[r] = pickray::nearestT(d.rays[r], d.shapes);
        benchmark::DoNotOptimize(got.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(d.expected.size()));
    int wrong = 0;
    for (size_t r = 0; r < d.rays.size(); ++r) {
        float nearest = std::numeric_limits<float>::infinity();
        for (size_t s = 0; s < d.shapes.size(); ++s) {
            const Expected& e = d.expected[r * kCases + s];
            if (e.hit) nearest = std::min(nearest, e.t);
        }
        const float t = got[r] ? got[r]->t : std::numeric_limits<float>::infinity();
        if (std::isinf(nearest) != std::isinf(t) ||
            (!std::isinf(t) && std::abs(t - nearest) > 1e-4f * (1.0f + nearest)))
            ++wrong;
    }
    state.counters["wrong"] = wrong;
    if (wrong > 0) bench::pickrayDisagreed = true;
    state.SetLabel(std::string(pickray::simdLevel()));
}
/// `peer(ray, shape)`: a peer's t, or < 0 for a miss.
template <typename Shape, typename Peer>
void fanPeer(benchmark::State& state, Reach reach, Peer peer) {
    const auto& d = fan<Shape>(reach);
    run(state, d.expected, [&](size_t i) { return peer(d.rays[i / kCases], d.shapes[i % kCases]); });
}

void SphereFan_pickray(benchmark::State& state, Reach reach) { fanPickray<pickray::Sphere>(state, reach); }
void SphereFan_pickray_batch(benchmark::State& state, Reach reach) { fanPickrayBatch<pickray::Sphere>(state, reach); }
void SphereFan_pickray_nearest(benchmark::State& state, Reach reach) {
    fanPickrayNearest<pickray::Sphere>(state, reach);
}
void SphereFan_glm(benchmark::State& state, Reach reach) {
    fanPeer<pickray::Sphere>(state, reach, [](const pickray::Ray& ray, const pickray::Sphere& s) {
        float t = -1.0f;
        return glm::intersectRaySphere(ray.origin, ray.direction, s.center, s.radius * s.radius, t) ? t : -1.0f;
    });
}
void SphereFan_textbook(benchmark::State& state, Reach reach) {
    fanPeer<pickray::Sphere>(state, reach, [](const pickray::Ray& ray, const pickray::Sphere& s) {
        return textbook::raySphere(ray.origin, ray.direction, s.center, s.radius);
    });
}
void CapsuleFan_pickray(benchmark::State& state, Reach reach) { fanPickray<pickray::Capsule>(state, reach); }
void CapsuleFan_pickray_batch(benchmark::State& state, Reach reach) { fanPickrayBatch<pickray::Capsule>(state, reach); }
void CapsuleFan_pickray_nearest(benchmark::State& state, Reach reach) {
    fanPickrayNearest<pickray::Capsule>(state, reach);
}
void CapsuleFan_textbook(benchmark::State& state, Reach reach) {
    fanPeer<pickray::Capsule>(state, reach, [](const pickray::Ray& ray, const pickray::Capsule& c) {
        return textbook::rayCapsule(ray.origin, ray.direction, c.a, c.b, c.radius);
    });
}
void CylinderFan_pickray(benchmark::State& state, Reach reach) { fanPickray<pickray::Cylinder>(state, reach); }
void CylinderFan_pickray_batch(benchmark::State& state, Reach reach) {
    fanPickrayBatch<pickray::Cylinder>(state, reach);
}
void CylinderFan_pickray_nearest(benchmark::State& state, Reach reach) {
    fanPickrayNearest<pickray::Cylinder>(state, reach);
}
void CylinderFan_textbook(benchmark::State& state, Reach reach) {
    fanPeer<pickray::Cylinder>(state, reach, [](const pickray::Ray& ray, const pickray::Cylinder& c) {
        return textbook::rayCylinder(ray.origin, ray.direction, c.a, c.b, c.radius);
    });
}
void BoxFan_pickray(benchmark::State& state, Reach reach) { fanPickray<pickray::Aabb>(state, reach); }
void BoxFan_pickray_batch(benchmark::State& state, Reach reach) { fanPickrayBatch<pickray::Aabb>(state, reach); }
void BoxFan_pickray_nearest(benchmark::State& state, Reach reach) { fanPickrayNearest<pickray::Aabb>(state, reach); }
void BoxFan_textbook(benchmark::State& state, Reach reach) {
    fanPeer<pickray::Aabb>(state, reach, [](const pickray::Ray& ray, const pickray::Aabb& b) {
        return textbook::rayAabb(ray.origin, 1.0f / ray.direction, b.min, b.max);
    });
}
#define PICKRAY_FAN(name)                       \
    BENCHMARK_CAPTURE(name, near, Reach::Near); \
    BENCHMARK_CAPTURE(name, far, Reach::Far)
PICKRAY_FAN(SphereFan_pickray);
PICKRAY_FAN(SphereFan_pickray_batch);
PICKRAY_FAN(SphereFan_pickray_nearest);
PICKRAY_FAN(SphereFan_glm);
PICKRAY_FAN(SphereFan_textbook);
PICKRAY_FAN(CapsuleFan_pickray);
PICKRAY_FAN(CapsuleFan_pickray_batch);
PICKRAY_FAN(CapsuleFan_pickray_nearest);
PICKRAY_FAN(CapsuleFan_textbook);
PICKRAY_FAN(CylinderFan_pickray);
PICKRAY_FAN(CylinderFan_pickray_batch);
PICKRAY_FAN(CylinderFan_pickray_nearest);
PICKRAY_FAN(CylinderFan_textbook);
PICKRAY_FAN(BoxFan_pickray);
PICKRAY_FAN(BoxFan_pickray_batch);
PICKRAY_FAN(BoxFan_pickray_nearest);
PICKRAY_FAN(BoxFan_textbook);

// ---- Bullet: btCollisionWorld::rayTestSingle against one collision object ----------------------
#if PICKRAY_BENCH_HAS_BULLET

btVector3 bt(glm::vec3 v) { return {v.x, v.y, v.z}; }

// Bullet's shapes sit at their local origin along the Y axis: place them by a transform.
btTransform axisTransform(glm::vec3 a, glm::vec3 b) {
    const glm::vec3 axis = glm::normalize(b - a);
    btQuaternion q(btVector3(0, 1, 0), 0);
    const glm::vec3 y(0, 1, 0);
    const glm::vec3 c = glm::cross(y, axis);
    const float s = glm::length(c);
    if (s > 1e-6f) q = btQuaternion(bt(c / s), std::atan2(s, glm::dot(y, axis)));
    else if (glm::dot(y, axis) < 0) q = btQuaternion(btVector3(1, 0, 0), SIMD_PI);
    return btTransform(q, bt(0.5f * (a + b)));
}

template <typename MakeShape>
void runBullet(benchmark::State& state, Reach reach, const std::vector<pickray::Ray>& rays,
               const std::vector<Expected>& expected, MakeShape makeShape) {
    // Bullet takes a segment: long enough to reach every shape, short enough to keep its hit
    // fraction (a float in [0, 1]) fine-grained.
    const float rayLength = reach == Reach::Near ? 100.0f : 10000.0f;
    struct Object {
        std::unique_ptr<btCollisionShape> shape;
        btCollisionObject object;
    };
    std::vector<Object> objects(rays.size());
    for (size_t i = 0; i < rays.size(); ++i) {
        btTransform transform;
        objects[i].shape = makeShape(i, transform);
        objects[i].object.setCollisionShape(objects[i].shape.get());
        objects[i].object.setWorldTransform(transform);
    }
    run(state, expected, [&](size_t i) {
        const btVector3 from = bt(rays[i].origin);
        const btVector3 to = bt(rays[i].origin + rayLength * rays[i].direction);
        btCollisionWorld::ClosestRayResultCallback callback(from, to);
        btTransform fromT, toT;
        fromT.setIdentity();
        fromT.setOrigin(from);
        toT.setIdentity();
        toT.setOrigin(to);
        btCollisionWorld::rayTestSingle(fromT, toT, &objects[i].object, objects[i].shape.get(),
                                        objects[i].object.getWorldTransform(), callback);
        return callback.hasHit() ? callback.m_closestHitFraction * rayLength : -1.0f;
    });
}

void Sphere_bullet(benchmark::State& state, Reach reach) {
    const auto& d = spheres(reach);
    runBullet(state, reach, d.rays, d.expected, [&](size_t i, btTransform& t) {
        t = btTransform(btQuaternion::getIdentity(), bt(d.shapes[i].center));
        return std::unique_ptr<btCollisionShape>(new btSphereShape(d.shapes[i].radius));
    });
}
void Capsule_bullet(benchmark::State& state, Reach reach) {
    const auto& d = capsules(reach);
    runBullet(state, reach, d.rays, d.expected, [&](size_t i, btTransform& t) {
        const auto& s = d.shapes[i];
        t = axisTransform(s.a, s.b);
        return std::unique_ptr<btCollisionShape>(new btCapsuleShape(s.radius, glm::distance(s.a, s.b)));
    });
}
void Cylinder_bullet(benchmark::State& state, Reach reach) {
    const auto& d = cylinders(reach);
    runBullet(state, reach, d.rays, d.expected, [&](size_t i, btTransform& t) {
        const auto& s = d.shapes[i];
        t = axisTransform(s.a, s.b);
        return std::unique_ptr<btCollisionShape>(
            new btCylinderShape(btVector3(s.radius, 0.5f * glm::distance(s.a, s.b), s.radius)));
    });
}
void Box_bullet(benchmark::State& state, Reach reach) {
    const auto& d = boxes(reach);
    runBullet(state, reach, d.rays, d.expected, [&](size_t i, btTransform& t) {
        const auto& b = d.boxes[i];
        t = btTransform(btQuaternion::getIdentity(), bt(0.5f * (b.min + b.max)));
        auto* shape = new btBoxShape(bt(0.5f * (b.max - b.min)));
        shape->setMargin(0);  // Bullet's default 0.04 margin would round the box
        return std::unique_ptr<btCollisionShape>(shape);
    });
}
BENCHMARK_CAPTURE(Sphere_bullet, near, Reach::Near);
BENCHMARK_CAPTURE(Sphere_bullet, far, Reach::Far);
BENCHMARK_CAPTURE(Capsule_bullet, near, Reach::Near);
BENCHMARK_CAPTURE(Capsule_bullet, far, Reach::Far);
BENCHMARK_CAPTURE(Cylinder_bullet, near, Reach::Near);
BENCHMARK_CAPTURE(Cylinder_bullet, far, Reach::Far);
BENCHMARK_CAPTURE(Box_bullet, near, Reach::Near);
BENCHMARK_CAPTURE(Box_bullet, far, Reach::Far);
#endif

// ---- Segment–segment distance -----------------------------------------------------------------

struct SegmentData {
    std::vector<pickray::Segment> first, second;
    std::vector<float> exact;
};
const SegmentData& segments() {
    static const SegmentData data = [] {
        std::mt19937 rng(104);
        SegmentData d;
        for (int i = 0; i < kCases; ++i) {
            d.first.push_back({randomIn(rng, -5, 5), randomIn(rng, -5, 5)});
            d.second.push_back({randomIn(rng, -5, 5), randomIn(rng, -5, 5)});
            if (i % 8 == 0) {  // some parallel pairs
                d.second.back().b = d.second.back().a + (d.first.back().b - d.first.back().a) * 0.7f;
            }
            const auto& s1 = d.first.back();
            const auto& s2 = d.second.back();
            d.exact.push_back(
                static_cast<float>(pickref::segmentSegment(ref(s1.a), ref(s1.b), ref(s2.a), ref(s2.b)).distance));
        }
        return d;
    }();
    return data;
}

template <typename Distance>
void runDistance(benchmark::State& state, Distance distance, bool isPickray = false) {
    const auto& d = segments();
    for (auto _ : state) {
        float sum = 0.0f;
        for (size_t i = 0; i < d.first.size(); ++i) sum += distance(i);
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(d.first.size()));
    int wrong = 0;
    for (size_t i = 0; i < d.first.size(); ++i) wrong += std::abs(distance(i) - d.exact[i]) > 1e-5f * 11.0f;
    state.counters["wrong"] = wrong;
    if (wrong > 0 && isPickray) bench::pickrayDisagreed = true;
}

void SegmentDistance_pickray(benchmark::State& state) {
    const auto& d = segments();
    runDistance(
        state, [&](size_t i) { return pickray::closestPoints(d.first[i], d.second[i]).distance; }, true);
}
// The batch routine (collision/batch.hpp) over the same pairs, all in one call.
void SegmentDistance_pickray_batch(benchmark::State& state) {
    const auto& d = segments();
    std::vector<pickray::ClosestPoints> out(d.first.size());
    for (auto _ : state) {
        pickray::closestPoints(d.first, d.second, out);
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(d.first.size()));
    int wrong = 0;
    for (size_t i = 0; i < d.first.size(); ++i) wrong += std::abs(out[i].distance - d.exact[i]) > 1e-5f * 11.0f;
    state.counters["wrong"] = wrong;
    if (wrong > 0) bench::pickrayDisagreed = true;
    state.SetLabel(std::string(pickray::simdLevel()));
}
void SegmentDistance_textbook(benchmark::State& state) {
    const auto& d = segments();
    runDistance(state, [&](size_t i) {
        return textbook::segmentDistance(d.first[i].a, d.first[i].b, d.second[i].a, d.second[i].b);
    });
}
BENCHMARK(SegmentDistance_pickray);
BENCHMARK(SegmentDistance_pickray_batch);
BENCHMARK(SegmentDistance_textbook);

#if PICKRAY_BENCH_HAS_FCL
void SegmentDistance_fcl(benchmark::State& state) {
    // FCL's segment–segment routine, the core of its capsule–capsule distance.
    const auto& d = segments();
    runDistance(state, [&](size_t i) {
        const auto v = [](glm::vec3 p) {
            return fcl::Vector3<double>(glm::dvec3(p).x, glm::dvec3(p).y, glm::dvec3(p).z);
        };
        double s = 0, t = 0;
        fcl::Vector3<double> c1, c2;
        const double squared = fcl::detail::closestPtSegmentSegment(v(d.first[i].a), v(d.first[i].b), v(d.second[i].a),
                                                                    v(d.second[i].b), &s, &t, &c1, &c2);
        return static_cast<float>(std::sqrt(squared));
    });
}
BENCHMARK(SegmentDistance_fcl);
#endif

}  // namespace

int main(int argc, char** argv) { return bench::runCheckedBenchmarks(argc, argv); }

// SPDX-License-Identifier: MIT
// Triangle meshes on Embree's home ground: pickray's TriangleMesh::nearest against Embree's own
// triangle geometry (embree_mesh_peer.hpp; default scene flags and RTC_SCENE_FLAG_ROBUST, Embree 3
// and Embree 4 where built), one thread each, over the same vertex and index arrays.
//
// Models (mesh_data.hpp): "bunny", glmark2-data's bunny.obj (PICKRAY_BENCH_BUNNY names another
// OBJ; its rows are left out, with a note, where the file is absent); "torus", a wavy torus of
// 1,000,000 triangles made here; "tiny", the same torus of 1,600 triangles, for the smoke test.
// Ray sets: "camera" (every pixel of a 1280×720 view), "random" (from a sphere around the model to
// random surface points) and "aimed" (exactly at vertices and edge midpoints of the closed surface).
//
// Rows: Nearest_<method>/<model>/<set> (one item = one ray; counters: the structure's bytes, and
// `wrong` / `t_off` against the exact answer: for pickray brute force over every triangle on a
// spread of the set's rays, for Embree pickray's answers on all of them), on the aimed set also
// `slips` (rays whose line crosses none of the triangles around the target: one must be crossed) and
// `double_hits` (two or more of them), counted from all hits along each ray; Build_<method>/<model>.
// pickray must answer exactly, with no slip and no double hit: the program fails otherwise.
// Unless given, --benchmark_repetitions=5 --benchmark_enable_random_interleaving=true; the
// summary printed at the end (mesh_summary.hpp) takes each row's median.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include <benchmark/benchmark.h>

#include "checked_main.hpp"
#include "cpu_model.hpp"
#include "embree_mesh_peer.hpp"
#include "mesh_data.hpp"
#include "mesh_summary.hpp"
#include "obj_reader.hpp"

namespace {

using bench::AimedRay;
using bench::AimedRays;
using bench::MeshModel;

std::string bunnyPath() {
    const char* path = std::getenv("PICKRAY_BENCH_BUNNY");
    return path ? path : "/usr/share/glmark2/models/bunny.obj";
}

MeshModel loadModel(const std::string& name) {
    if (name == "bunny") {
        bench::ObjMesh obj = bench::readObj(bunnyPath());
        return {name, std::move(obj.positions), std::move(obj.indices)};
    }
    if (name == "torus") return bench::makeTorus(name, 1000, 500);
    return bench::makeTorus(name, 40, 20);
}

struct Answer {
    bool hit = false;
    std::uint32_t triangle = 0;
    float t = 0;
};

struct RaySet {
    std::vector<pickray::Ray> rays;
    std::vector<std::size_t> checked;    // the rays brute force answered, spread over the set
    std::vector<Answer> exact;           // brute force's answers for them
    std::vector<Answer> pickrayAnswers;  // pickray's, for every ray (Embree's rows compare with them)
};

struct Model {
    MeshModel model;
    std::vector<glm::vec3> padded;  // positions and one zero: Embree's shared vertex buffer
    std::unique_ptr<pickray::TriangleMesh> mesh;
    std::map<std::string, RaySet> sets;
    AimedRays aimed;
    std::map<std::string, std::unique_ptr<bench::EmbreeMesh>> embree;  // by method
};

Model& modelFor(const std::string& name) {
    static std::map<std::string, std::unique_ptr<Model>> cache;
    auto& slot = cache[name];
    if (slot) return *slot;
    slot = std::make_unique<Model>();
    Model& m = *slot;
    m.model = loadModel(name);
    m.padded = m.model.positions;
    m.padded.emplace_back(0.0f);
    m.mesh = std::make_unique<pickray::TriangleMesh>(m.model.positions, m.model.indices);
    if (!m.mesh->validity().valid()) throw std::runtime_error(name + ": not a valid mesh");
    const bench::BoundingSphere sphere = bench::boundingSphere(m.model);
    m.aimed = bench::aimedRays(m.model, 16384, 0.05f * sphere.radius);
    m.sets["camera"].rays = bench::cameraRays(m.model);
    m.sets["random"].rays = bench::randomRays(m.model, 65536);
    for (const AimedRay& a : m.aimed.rays) m.sets["aimed"].rays.push_back(a.ray);
    // Brute force is O(triangles) a ray: fewer checked rays on a large model.
    const std::size_t checks = m.model.triangles() > 100000 ? 24 : 256;
    for (auto& [setName, set] : m.sets) {
        const std::size_t step = std::max<std::size_t>(1, set.rays.size() / checks);
        for (std::size_t r = 0; r < set.rays.size(); r += step) {
            Answer best;
            for (std::uint32_t i = 0; i < m.model.triangles(); ++i) {
                const auto t =
                    pickray::raycastT(set.rays[r], m.model.triangle(i), best.hit ? best.t : pickray::kInfinity);
                if (t && (!best.hit || *t < best.t)) best = {true, i, *t};
            }
            set.checked.push_back(r);
            set.exact.push_back(best);
        }
        for (const pickray::Ray& ray : set.rays) {
            const auto hit = m.mesh->nearest(ray);
            set.pickrayAnswers.push_back(hit ? Answer{true, hit->triangle, hit->t} : Answer{});
        }
    }
    return m;
}

struct Disagreements {
    int wrong = 0;  // hit/miss differs, or (brute force) the triangle
    int tOff = 0;   // t off by more than 1e-4·(1 + t)
};
void compare(const Answer& e, const Answer& g, bool sameTriangle, Disagreements& d) {
    if (e.hit != g.hit || (sameTriangle && e.hit && e.triangle != g.triangle)) ++d.wrong;
    else if (e.hit && std::abs(e.t - g.t) > 1e-4f * (1.0f + e.t)) ++d.tOff;
}

/// Slips and double hits over the aimed rays, from every crossing of each (triangle indices).
struct AimedCounts {
    int slips = 0;
    int doubleHits = 0;
};
AimedCounts countAimed(const AimedRays& aimed,
                       const std::function<std::vector<std::uint32_t>(const pickray::Ray&)>& hits) {
    AimedCounts counts;
    for (const AimedRay& a : aimed.rays) {
        const auto first = aimed.incident.begin() + a.first, last = first + a.count;
        std::vector<std::uint32_t> around;
        for (const std::uint32_t t : hits(a.ray)) {
            if (std::binary_search(first, last, t)) around.push_back(t);
        }
        std::sort(around.begin(), around.end());
        around.erase(std::unique(around.begin(), around.end()), around.end());
        if (around.empty()) ++counts.slips;
        if (around.size() > 1) ++counts.doubleHits;
    }
    return counts;
}

/// Times `nearest` over the set's rays, cycled through (one item = one ray).
template <typename Nearest>
void timeRays(benchmark::State& state, const RaySet& set, Nearest nearest) {
    std::size_t r = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(nearest(set.rays[r]));
        r = r + 1 == set.rays.size() ? 0 : r + 1;
    }
    state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}

void setBytes(benchmark::State& state, const Model& m, double bytes) {
    state.counters["bytes"] = bytes;
    state.counters["bytes_per_triangle"] = bytes / static_cast<double>(m.model.triangles());
}

void nearestPickray(benchmark::State& state, const std::string& model, const std::string& setName) {
    Model& m = modelFor(model);
    const RaySet& set = m.sets.at(setName);
    const pickray::TriangleMesh& mesh = *m.mesh;
    timeRays(state, set, [&](const pickray::Ray& ray) { return mesh.nearest(ray); });
    Disagreements d;
    for (std::size_t k = 0; k < set.checked.size(); ++k)
        compare(set.exact[k], set.pickrayAnswers[set.checked[k]], true, d);
    state.counters["wrong"] = d.wrong;
    state.counters["t_off"] = d.tOff;
    state.counters["checked"] = static_cast<double>(set.checked.size());
    setBytes(state, m, static_cast<double>(mesh.stats().bytes));
    bool exact = d.wrong == 0 && d.tOff == 0;
    if (setName == "aimed") {
        static std::map<std::string, AimedCounts> counted;
        if (!counted.contains(model)) {
            counted[model] = countAimed(m.aimed, [&](const pickray::Ray& ray) {
                std::vector<std::uint32_t> out;
                for (const pickray::MeshHit& hit : mesh.allHits(ray)) out.push_back(hit.triangle);
                return out;
            });
        }
        state.counters["aimed"] = static_cast<double>(set.rays.size());
        state.counters["slips"] = counted[model].slips;
        state.counters["double_hits"] = counted[model].doubleHits;
        exact = exact && counted[model].slips == 0 && counted[model].doubleHits == 0;
    }
    if (!exact) bench::pickrayDisagreed = true;
}

void buildPickray(benchmark::State& state, const std::string& model) {
    const Model& m = modelFor(model);
    for (auto _ : state) {
        pickray::TriangleMesh mesh(m.model.positions, m.model.indices);
        benchmark::DoNotOptimize(mesh);
    }
    state.counters["triangles_per_second"] =
        benchmark::Counter(static_cast<double>(m.model.triangles()), benchmark::Counter::kIsIterationInvariantRate);
}

// ---- Embree 3 and 4 ------------------------------------------------------------------------------

using BuildEmbree = std::unique_ptr<bench::EmbreeMesh> (*)(std::span<const glm::vec3>, std::span<const std::uint32_t>,
                                                           const bench::EmbreeMeshOptions&);

/// PICKRAY_BENCH_EMBREE_ISA forces Embree's level (isa=), as in bench_scene; unset, its best.
std::string embreeIsa() {
    const char* isa = std::getenv("PICKRAY_BENCH_EMBREE_ISA");
    return isa ? isa : "";
}

void nearestEmbree(benchmark::State& state, const std::string& method, BuildEmbree build, bool robust,
                   const std::string& model, const std::string& setName) {
    Model& m = modelFor(model);
    auto& e = m.embree[method];
    if (!e) e = build(m.padded, m.model.indices, {robust, false, embreeIsa()});
    const RaySet& set = m.sets.at(setName);
    timeRays(state, set, [&](const pickray::Ray& ray) { return e->nearest(ray); });
    // Against pickray's exact answers on every ray: a different triangle at the same t is a tie.
    Disagreements d;
    for (std::size_t r = 0; r < set.rays.size(); ++r) {
        const bench::PeerAnswer a = e->nearest(set.rays[r]);
        compare(set.pickrayAnswers[r], {a.hit, a.index, a.t}, false, d);
    }
    state.counters["wrong"] = d.wrong;
    state.counters["t_off"] = d.tOff;
    state.counters["checked"] = static_cast<double>(set.rays.size());
    // The arrays Embree reads are the caller's: they count, as pickray's copy of them counts.
    const double arrays = static_cast<double>(m.model.positions.size() * sizeof(glm::vec3) +
                                              m.model.indices.size() * sizeof(std::uint32_t));
    setBytes(state, m, static_cast<double>(e->bytes()) + arrays);
    if (setName == "aimed") {
        static std::map<std::string, AimedCounts> counted;
        const std::string key = method + "/" + model;
        if (!counted.contains(key)) {
            const auto collecting = build(m.padded, m.model.indices, {robust, true, embreeIsa()});
            counted[key] = countAimed(m.aimed, [&](const pickray::Ray& ray) {
                std::vector<std::uint32_t> out;
                for (const bench::PeerCrossing& c : collecting->allHits(ray)) out.push_back(c.triangle);
                return out;
            });
        }
        state.counters["aimed"] = static_cast<double>(set.rays.size());
        state.counters["slips"] = counted[key].slips;
        state.counters["double_hits"] = counted[key].doubleHits;
    }
}

void buildEmbree(benchmark::State& state, BuildEmbree build, bool robust, const std::string& model) {
    Model& m = modelFor(model);
    const auto e = build(m.padded, m.model.indices, {robust, false, embreeIsa()});
    for (auto _ : state) e->rebuild();
    state.counters["triangles_per_second"] =
        benchmark::Counter(static_cast<double>(m.model.triangles()), benchmark::Counter::kIsIterationInvariantRate);
}

struct EmbreeMethod {
    const char* name;
    BuildEmbree build;
    bool robust;
};
std::vector<EmbreeMethod> embreeMethods() {
    std::vector<EmbreeMethod> methods;
#if PICKRAY_BENCH_HAS_EMBREE
    methods.push_back({"embree_default", bench::embree3_mesh_peer::build, false});
    methods.push_back({"embree_robust", bench::embree3_mesh_peer::build, true});
#endif
#if PICKRAY_BENCH_HAS_EMBREE4
    methods.push_back({"embree4_default", bench::embree4_mesh_peer::build, false});
    methods.push_back({"embree4_robust", bench::embree4_mesh_peer::build, true});
#endif
    return methods;
}

/// Registers every row; false (with the reader's message) when the bunny's file is malformed.
bool registerRows() {
    std::vector<std::string> models = {"tiny", "torus"};
    if (std::filesystem::exists(bunnyPath())) {
        try {
            (void)bench::readObj(bunnyPath());  // refused now rather than in the middle of the run
        } catch (const std::exception& e) {
            std::fprintf(stderr, "bench_mesh: %s\n", e.what());
            return false;
        }
        models.insert(models.begin() + 1, "bunny");
    } else {
        std::fprintf(stderr, "bench_mesh: %s not found (Debian's glmark2-data): no bunny rows\n", bunnyPath().c_str());
    }
    for (const std::string& model : models) {
        for (const std::string set : {"camera", "random", "aimed"}) {
            const std::string suffix = "/" + model + "/" + set;
            benchmark::RegisterBenchmark(("Nearest_pickray" + suffix).c_str(),
                                         [=](benchmark::State& s) { nearestPickray(s, model, set); });
            for (const EmbreeMethod& e : embreeMethods()) {
                benchmark::RegisterBenchmark(
                    ("Nearest_" + std::string(e.name) + suffix).c_str(),
                    [=](benchmark::State& s) { nearestEmbree(s, e.name, e.build, e.robust, model, set); });
            }
        }
        benchmark::RegisterBenchmark(("Build_pickray/" + model).c_str(), [=](benchmark::State& s) {
            buildPickray(s, model);
        })->Unit(benchmark::kMillisecond);
        for (const EmbreeMethod& e : embreeMethods()) {
            benchmark::RegisterBenchmark(("Build_" + std::string(e.name) + "/" + model).c_str(),
                                         [=](benchmark::State& s) { buildEmbree(s, e.build, e.robust, model); })
                ->Unit(benchmark::kMillisecond);
        }
    }
    return true;
}

}  // namespace

int main(int argc, char** argv) {
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
    if (!registerRows()) return 2;
    // Medians of five interleaved runs unless the command line says otherwise.
    std::vector<char*> args(argv, argv + argc);
    std::string repetitions = "--benchmark_repetitions=5", interleave = "--benchmark_enable_random_interleaving=true";
    const auto given = [&](const char* flag) {
        return std::any_of(args.begin(), args.end(), [&](const char* a) { return std::string(a).rfind(flag, 0) == 0; });
    };
    if (!given("--benchmark_repetitions")) args.push_back(repetitions.data());
    if (!given("--benchmark_enable_random_interleaving")) args.push_back(interleave.data());
    int count = static_cast<int>(args.size());
    benchmark::Initialize(&count, args.data());
    if (benchmark::ReportUnrecognizedArguments(count, args.data())) return 2;
    bench::SummaryReporter reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);
    benchmark::Shutdown();
    reporter.printSummary();
    if (bench::pickrayDisagreed) {
        std::fprintf(stderr, "pickray disagreed with the exact answer, or slipped or hit twice (see the counters)\n");
        return 1;
    }
    return 0;
}

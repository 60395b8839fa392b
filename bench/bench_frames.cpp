// SPDX-License-Identifier: MIT
// Frames of the real demo: the App of `pickray --headless` (SDL's offscreen driver, Mesa's
// llvmpipe here), a generated scene of N objects at 1280x720 with its panels, and a right-button
// drag orbiting the camera. Every iteration is one frame, timed with the GPU waited
// for (glFinish: a software rasteriser draws after the calls return).
//
//   Orbit/N: a frame of the drag (the mouse moved, the camera orbiting): drawn approximate.
//   Still/N: a frame after the camera moved without a drag (as --orbit does): drawn exactly, as
//            every frame was drawn before the approximate view, orbit frames included.
//
//   Audit/N: the pick audit of a still frame (`--audit`): the frame, its exact ID pass read
//            back, and the CPU's pick through every pixel (5 rays each: the centre and the four
//            robustness probes) on all cores, compared.
//   AuditCpu/N: the CPU's part alone (cpuPicks: the rays, the BVH's batch query, the depth ties).
//
//   StillMixed/N/R: Still (the generated scene of every kind) drawn as meshes (R = 0) and by the
//            analytic renderer (R = 1, the default), back to back at 1e3, 1e4 and 1e5. The
//            analytic renderer's target: at most 1.25 times the meshes' frame at 1e5.
//   StillSpheres/N/R: Still on a scene of spheres only (the generated scene, each object replaced
//            by a sphere in its box), R = 0 the mesh renderer, 1 --renderer analytic.
//   StillRounds/N/R: the same for the other round kinds (the generated scene, each object but
//            the infinite cylinders replaced by a capsule or, every other one, a capped cylinder
//            along its box's diagonal), R = 0 mesh, 1 analytic.
//   StillBoxes/N/R: the same for boxes (the generated scene, each object but the infinite
//            cylinders replaced by the middle half of its box, every other one an oriented box of
//            that size turned about a diagonal), R = 0 mesh, 1 analytic.
//   StillFxaa/N/A: Still with the FXAA pass off (A = 0, --aa off) and on (A = 1, the default), back
//            to back: the pass's cost is the difference.
//
// Counters: median_ms, the median frame of the run; triangles and dots of the frame (the last
// iteration's); approximate (1 or 0).
// Time: wall time per frame; CPU: the whole process's (llvmpipe's threads too), which a loaded
// machine inflates less. The median of repetitions, in ms:
//   bench_frames --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <initializer_list>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include <SDL.h>
#include <benchmark/benchmark.h>
#include <glad/gl.h>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/trigonometric.hpp>

#include "analysis/audit.hpp"
#include "editor/orbit_camera.hpp"
#include "editor/pick.hpp"
#include "scene/generate.hpp"
#include "script/hand.hpp"
#include "script/next_frame.hpp"
#include "shell/app.hpp"

namespace {

using pickray::app::App;

constexpr glm::ivec2 kSize{1280, 720};

bool failed = false;  ///< a frame was not drawn as its benchmark says: the run fails

// The generated scene with every object a sphere: centred in the object's box, of a third of its
// edges' sum in diameter (the two infinite cylinders left out).
pickray::scene::Scene sphereScene(std::size_t objects) {
    pickray::scene::Scene scene = pickray::scene::generateStressScene(objects);
    std::erase_if(scene.objects, [](const pickray::scene::Object& o) {
        return std::holds_alternative<pickray::InfiniteCylinder>(o.shape);
    });
    for (pickray::scene::Object& o : scene.objects) {
        const pickray::Aabb box = pickray::bounds(o.shape);
        const glm::vec3 edges = box.max - box.min;
        o.shape = pickray::Sphere{0.5f * (box.min + box.max), (edges.x + edges.y + edges.z) / 6.0f};
    }
    return scene;
}

// The generated scene with every object but the infinite cylinders a capsule or a capped
// cylinder (alternately) along its box's diagonal, of a sixth of its edges' sum in radius.
pickray::scene::Scene roundScene(std::size_t objects) {
    pickray::scene::Scene scene = pickray::scene::generateStressScene(objects);
    bool capsule = true;
    for (pickray::scene::Object& o : scene.objects) {
        if (std::holds_alternative<pickray::InfiniteCylinder>(o.shape)) continue;
        const pickray::Aabb box = pickray::bounds(o.shape);
        const glm::vec3 edges = box.max - box.min;
        const float radius = (edges.x + edges.y + edges.z) / 12.0f;
        const glm::vec3 a = box.min + 0.25f * edges, b = box.max - 0.25f * edges;
        if (capsule) o.shape = pickray::Capsule{a, b, radius};
        else o.shape = pickray::Cylinder{a, b, radius};
        capsule = !capsule;
    }
    return scene;
}

// The generated scene with every object but the infinite cylinders the middle half of its box:
// alternately that Aabb and an oriented box of its size around its centre, turned 40 degrees about
// a diagonal (its corners reach a little out of the object's box).
pickray::scene::Scene boxScene(std::size_t objects) {
    pickray::scene::Scene scene = pickray::scene::generateStressScene(objects);
    bool aligned = true;
    for (pickray::scene::Object& o : scene.objects) {
        if (std::holds_alternative<pickray::InfiniteCylinder>(o.shape)) continue;
        const pickray::Aabb box = pickray::bounds(o.shape);
        const glm::vec3 centre = 0.5f * (box.min + box.max), half = 0.25f * (box.max - box.min);
        if (aligned) {
            o.shape = pickray::Aabb{centre - half, centre + half};
        } else {
            const glm::mat4 toWorld = glm::rotate(glm::translate(glm::mat4(1.0f), centre), glm::radians(40.0f),
                                                  glm::normalize(glm::vec3(1.0f, 1.0f, 0.5f)));
            o.shape = pickray::OrientedBox{pickray::Aabb{-half, half}, toWorld};
        }
        aligned = !aligned;
    }
    return scene;
}

enum class SceneKind {
    Mixed,
    MixedAnalytic,
    SpheresMesh,
    SpheresAnalytic,
    RoundsMesh,
    RoundsAnalytic,
    BoxesMesh,
    BoxesAnalytic,
    MixedNoFxaa
};

// One App at a time, kept while benchmarks of the same size and kind follow (generating 1e5
// objects and their index takes seconds); its messages go to a string.
App& appFor(std::size_t objects, SceneKind kind = SceneKind::Mixed) {
    static std::ostringstream log;  // before the App: it outlives it
    static std::unique_ptr<App> app;
    static std::size_t made = 0;
    static SceneKind madeKind = SceneKind::Mixed;
    if (app && made == objects && madeKind == kind) return *app;
    app.reset();
    pickray::app::Options options;
    options.headless = true;
    options.size = kSize;
    options.noStats = true;
    // Said either way: the analytic renderer is the default, the other kinds are the mesh one's.
    const bool analytic = kind == SceneKind::SpheresAnalytic || kind == SceneKind::MixedAnalytic ||
                          kind == SceneKind::RoundsAnalytic || kind == SceneKind::BoxesAnalytic;
    options.renderer = analytic ? pickray::app::RendererKind::Analytic : pickray::app::RendererKind::Mesh;
    options.fxaa = kind != SceneKind::MixedNoFxaa;
    const pickray::app::DataPaths data{PICKRAY_BENCH_SHADERS, PICKRAY_BENCH_DEFAULT_SCENE};
    app = std::make_unique<App>(
        options,
        kind == SceneKind::Mixed || kind == SceneKind::MixedAnalytic || kind == SceneKind::MixedNoFxaa
            ? pickray::scene::generateStressScene(objects)
        : kind == SceneKind::RoundsMesh || kind == SceneKind::RoundsAnalytic ? roundScene(objects)
        : kind == SceneKind::BoxesMesh || kind == SceneKind::BoxesAnalytic   ? boxScene(objects)
                                                                             : sphereScene(objects),
        "generated.json", data, log, log);
    made = objects;
    madeKind = kind;
    app->frame();  // ImGui lays its windows out
    app->frame();
    return *app;
}

double timedFrame(App& app) {
    const auto start = std::chrono::steady_clock::now();
    app.frame();
    glFinish();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

/// The median of this run's frame times (`ms`, reordered), in ms.
double median(std::vector<double>& ms) {
    if (ms.empty()) return 0.0;
    std::nth_element(ms.begin(), ms.begin() + static_cast<std::ptrdiff_t>(ms.size() / 2), ms.end());
    return ms[ms.size() / 2];
}

void setCounters(benchmark::State& state, App& app, bool expectApproximate, std::vector<double>& ms) {
    state.counters["median_ms"] = median(ms);
    const pickray::app::Performance& p = app.performance();
    if (p.redraws.empty() || p.redraws.back().approximate != expectApproximate) {
        failed = true;
        state.SkipWithError(expectApproximate ? "the last frame was not drawn approximate"
                                              : "the last frame was not drawn exactly");
        return;
    }
    state.counters["triangles"] = static_cast<double>(p.redraws.back().triangles);
    state.counters["dots"] = static_cast<double>(p.redraws.back().dots);
    state.counters["approximate"] = p.redraws.back().approximate ? 1.0 : 0.0;
}

// Frames of a right-button drag: the cursor goes 8 pixels a frame, back and forth, so the camera
// orbits a little every frame (as a hand dragging slowly makes it) and every frame is redrawn.
void Orbit(benchmark::State& state) {
    App& app = appFor(static_cast<std::size_t>(state.range(0)));
    glm::ivec2 at = kSize / 2;
    SDL_WarpMouseInWindow(app.window(), at.x, at.y);
    pushButton(app, SDL_MOUSEBUTTONDOWN, at, SDL_BUTTON_RIGHT);
    app.frame();
    int step = 8;
    std::vector<double> ms;
    for (auto _ : state) {
        if (at.x + step > kSize.x * 3 / 4 || at.x + step < kSize.x / 4) step = -step;
        at.x += step;
        SDL_WarpMouseInWindow(app.window(), at.x, at.y);
        ms.push_back(timedFrame(app));
        state.SetIterationTime(ms.back() / 1000.0);
    }
    setCounters(state, app, true, ms);
    pushButton(app, SDL_MOUSEBUTTONUP, at, SDL_BUTTON_RIGHT);
    app.frame();
}

// Exact frames at a new camera each: the camera orbits 1.8 degrees a frame without a drag.
void stillFrames(benchmark::State& state, App& app) {
    std::vector<double> ms;
    for (auto _ : state) {
        pickray::scene::Camera& camera = app.editor().camera();
        camera = pickray::app::orbit(camera, glm::radians(1.8f), 0.0f);
        ms.push_back(timedFrame(app));
        state.SetIterationTime(ms.back() / 1000.0);
    }
    setCounters(state, app, false, ms);
}

void Still(benchmark::State& state) { stillFrames(state, appFor(static_cast<std::size_t>(state.range(0)))); }

// Still frames of the generated scene of every kind, drawn as meshes (range 1 = 0) or analytic (1).
void StillMixed(benchmark::State& state) {
    stillFrames(state, appFor(static_cast<std::size_t>(state.range(0)),
                              state.range(1) != 0 ? SceneKind::MixedAnalytic : SceneKind::Mixed));
}

// Still frames of a scene of spheres only, drawn as meshes (range 1 = 0) or analytic (1).
void StillSpheres(benchmark::State& state) {
    const bool analytic = state.range(1) != 0;
    stillFrames(state, appFor(static_cast<std::size_t>(state.range(0)),
                              analytic ? SceneKind::SpheresAnalytic : SceneKind::SpheresMesh));
}

// Still frames of a scene of capsules and cylinders, drawn as meshes (range 1 = 0) or analytic (1).
void StillRounds(benchmark::State& state) {
    const bool analytic = state.range(1) != 0;
    stillFrames(state, appFor(static_cast<std::size_t>(state.range(0)),
                              analytic ? SceneKind::RoundsAnalytic : SceneKind::RoundsMesh));
}

// Still frames of a scene of boxes, drawn as meshes (range 1 = 0) or analytic (1).
void StillBoxes(benchmark::State& state) {
    const bool analytic = state.range(1) != 0;
    stillFrames(state, appFor(static_cast<std::size_t>(state.range(0)),
                              analytic ? SceneKind::BoxesAnalytic : SceneKind::BoxesMesh));
}

// Still frames of the mixed scene without (range 1 = 0) and with (1) the FXAA pass.
void StillFxaa(benchmark::State& state) {
    stillFrames(state, appFor(static_cast<std::size_t>(state.range(0)),
                              state.range(1) != 0 ? SceneKind::Mixed : SceneKind::MixedNoFxaa));
}

// The audit of the same still view every iteration (the camera is not moved: one view's cost).
void Audit(benchmark::State& state) {
    App& app = appFor(static_cast<std::size_t>(state.range(0)));
    std::vector<double> ms;
    std::optional<pickray::app::AuditCounts> counts;
    for (auto _ : state) {
        const auto start = std::chrono::steady_clock::now();
        counts = auditOfNextFrame(app);
        glFinish();
        ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
        state.SetIterationTime(ms.back() / 1000.0);
    }
    if (!counts || counts->size != kSize) {
        failed = true;
        state.SkipWithError("the audit was not made at the window's size");
        return;
    }
    state.counters["median_ms"] = median(ms);
    state.counters["mismatches"] = static_cast<double>(counts->mismatches);
    state.counters["robust"] = static_cast<double>(counts->robustMismatches);
    state.counters["rays_per_s"] =
        benchmark::Counter(static_cast<double>(counts->pixels) * 5.0 * static_cast<double>(state.iterations()),
                           benchmark::Counter::kIsRate);
}

void AuditCpu(benchmark::State& state) {
    App& app = appFor(static_cast<std::size_t>(state.range(0)));
    const pickray::app::FrameMatrices frame = pickray::app::frameMatrices(app.editor().camera(), kSize, kSize);
    std::vector<double> ms;
    std::size_t pixels = 0;
    for (auto _ : state) {
        const auto start = std::chrono::steady_clock::now();
        const std::vector<pickray::app::CpuPixel> cpu = pickray::app::cpuPicks(app.editor().index(), frame).value();
        ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
        state.SetIterationTime(ms.back() / 1000.0);
        pixels = cpu.size();
        benchmark::DoNotOptimize(cpu.data());
    }
    if (pixels != static_cast<std::size_t>(kSize.x) * static_cast<std::size_t>(kSize.y)) {
        failed = true;
        state.SkipWithError("the CPU's picks do not cover the view");
        return;
    }
    state.counters["median_ms"] = median(ms);
    state.counters["rays_per_s"] = benchmark::Counter(
        static_cast<double>(pixels) * 5.0 * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

// A median needs repetitions; each repetition is a few frames (a 1e5 frame is a tenth of a second
// or more on llvmpipe).
// Each size's two benchmarks one after the other, so they share one App.
BENCHMARK(Orbit)->Arg(10000)->Unit(benchmark::kMillisecond)->UseManualTime()->MeasureProcessCPUTime()->MinTime(1.0);
BENCHMARK(Still)->Arg(10000)->Unit(benchmark::kMillisecond)->UseManualTime()->MeasureProcessCPUTime()->MinTime(1.0);
BENCHMARK(Audit)->Arg(10000)->Unit(benchmark::kMillisecond)->UseManualTime()->MeasureProcessCPUTime()->MinTime(1.0);
BENCHMARK(AuditCpu)->Arg(10000)->Unit(benchmark::kMillisecond)->UseManualTime()->MeasureProcessCPUTime()->MinTime(1.0);
BENCHMARK(Orbit)->Arg(100000)->Unit(benchmark::kMillisecond)->UseManualTime()->MeasureProcessCPUTime()->MinTime(1.0);
BENCHMARK(Still)->Arg(100000)->Unit(benchmark::kMillisecond)->UseManualTime()->MeasureProcessCPUTime()->MinTime(1.0);
BENCHMARK(Audit)->Arg(100000)->Unit(benchmark::kMillisecond)->UseManualTime()->MeasureProcessCPUTime()->MinTime(1.0);
BENCHMARK(AuditCpu)->Arg(100000)->Unit(benchmark::kMillisecond)->UseManualTime()->MeasureProcessCPUTime()->MinTime(1.0);
// At each size the two variants back to back (mesh then analytic, FXAA off then on), so that one
// App serves both and a load on the machine hits both of a pair.
void pairsAt(benchmark::internal::Benchmark* b, std::initializer_list<std::int64_t> sizes) {
    for (const std::int64_t n : sizes) b->Args({n, 0})->Args({n, 1});
    b->Unit(benchmark::kMillisecond)->UseManualTime()->MeasureProcessCPUTime()->MinTime(1.0);
}
void upTo1e5(benchmark::internal::Benchmark* b) { pairsAt(b, {1000, 10000, 100000}); }
BENCHMARK(StillMixed)->Apply(upTo1e5);
BENCHMARK(StillSpheres)->Apply(upTo1e5);
BENCHMARK(StillRounds)->Apply(upTo1e5);
BENCHMARK(StillBoxes)->Apply(upTo1e5);
BENCHMARK(StillFxaa)->Apply([](benchmark::internal::Benchmark* b) { pairsAt(b, {1000, 10000}); });
BENCHMARK(Audit)->Arg(1000)->Unit(benchmark::kMillisecond)->UseManualTime()->MeasureProcessCPUTime()->MinTime(1.0);
BENCHMARK(AuditCpu)->Arg(1000)->Unit(benchmark::kMillisecond)->UseManualTime()->MeasureProcessCPUTime()->MinTime(1.0);

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    if (failed) std::fprintf(stderr, "a frame was not drawn as its benchmark expects (approximate or exact)\n");
    return failed ? 1 : 0;
}

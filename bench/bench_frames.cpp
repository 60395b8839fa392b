// SPDX-License-Identifier: MIT
// Frames of the real demo (issue 24, point 2): the App of `pickray --headless` (SDL's offscreen
// driver, Mesa's llvmpipe here), a generated scene of N objects at 1280x720 with its panels, and a
// right-button drag orbiting the camera. Every iteration is one frame, timed with the GPU waited
// for (glFinish: a software rasteriser draws after the calls return).
//
//   Orbit/N: a frame of the drag (the mouse moved, the camera orbiting): drawn approximate.
//   Still/N: a frame after the camera moved without a drag (as --orbit does): drawn exactly, as
//            every frame was drawn before the approximate view, orbit frames included.
//
// Counters: median_ms, the median frame of the run; triangles and dots of the frame (the last
// iteration's); approximate (1 or 0).
// Time: wall time per frame; CPU: the whole process's (llvmpipe's threads too), which a loaded
// machine inflates less. The median of repetitions, in ms:
//   bench_frames --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <SDL.h>
#include <benchmark/benchmark.h>
#include <glad/gl.h>
#include <glm/trigonometric.hpp>

#include "editor/orbit_camera.hpp"
#include "scene/generate.hpp"
#include "shell/app.hpp"

namespace {

using pickray::app::App;

constexpr glm::ivec2 kSize{1280, 720};

bool failed = false;  ///< a frame was not drawn as its benchmark says: the run fails

// One App at a time, kept while benchmarks of the same size follow (generating 1e5 objects and
// their index takes seconds); its messages go to a string.
App& appFor(std::size_t objects) {
    static std::ostringstream log;  // before the App: it outlives it
    static std::unique_ptr<App> app;
    static std::size_t made = 0;
    if (app && made == objects) return *app;
    app.reset();
    pickray::app::Options options;
    options.headless = true;
    options.size = kSize;
    options.noStats = true;
    const pickray::app::DataPaths data{PICKRAY_BENCH_SHADERS, PICKRAY_BENCH_DEFAULT_SCENE};
    app =
        std::make_unique<App>(options, pickray::scene::generateStressScene(objects), "generated.json", data, log, log);
    made = objects;
    app->frame();  // ImGui lays its windows out
    app->frame();
    return *app;
}

void pushButton(App& app, Uint32 type, glm::ivec2 at) {
    SDL_Event event{};
    event.button.type = type;
    event.button.windowID = SDL_GetWindowID(app.window());
    event.button.button = SDL_BUTTON_RIGHT;
    event.button.state = type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED;
    event.button.clicks = 1;
    event.button.x = at.x;
    event.button.y = at.y;
    SDL_PushEvent(&event);
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
    pushButton(app, SDL_MOUSEBUTTONDOWN, at);
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
    pushButton(app, SDL_MOUSEBUTTONUP, at);
    app.frame();
}

// Exact frames at a new camera each: the camera orbits 1.8 degrees a frame without a drag.
void Still(benchmark::State& state) {
    App& app = appFor(static_cast<std::size_t>(state.range(0)));
    std::vector<double> ms;
    for (auto _ : state) {
        pickray::scene::Camera& camera = app.editor().camera();
        camera = pickray::app::orbit(camera, glm::radians(1.8f), 0.0f);
        ms.push_back(timedFrame(app));
        state.SetIterationTime(ms.back() / 1000.0);
    }
    setCounters(state, app, false, ms);
}

// A median needs repetitions; each repetition is a few frames (a 1e5 frame is a tenth of a second
// or more on llvmpipe).
// Each size's two benchmarks one after the other, so they share one App.
BENCHMARK(Orbit)->Arg(10000)->Unit(benchmark::kMillisecond)->UseManualTime()->MeasureProcessCPUTime()->MinTime(1.0);
BENCHMARK(Still)->Arg(10000)->Unit(benchmark::kMillisecond)->UseManualTime()->MeasureProcessCPUTime()->MinTime(1.0);
BENCHMARK(Orbit)->Arg(100000)->Unit(benchmark::kMillisecond)->UseManualTime()->MeasureProcessCPUTime()->MinTime(1.0);
BENCHMARK(Still)->Arg(100000)->Unit(benchmark::kMillisecond)->UseManualTime()->MeasureProcessCPUTime()->MinTime(1.0);

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    if (failed) std::fprintf(stderr, "a frame was not drawn as its benchmark expects (approximate or exact)\n");
    return failed ? 1 : 0;
}

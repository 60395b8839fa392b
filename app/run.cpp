// SPDX-License-Identifier: MIT
#include "run.hpp"

#include <algorithm>
#include <filesystem>
#include <optional>

#include <glm/common.hpp>
#include <stdexcept>

#include "cli/cli.hpp"
#include "scene/camera_math.hpp"
#include "scene/generate.hpp"
#include "scene/scene_io.hpp"
#include "script/script.hpp"
#include "session/session.hpp"
#include "shell/app.hpp"
#include "shell/platform.hpp"

namespace pickray::app {
namespace {

void applyOverrides(const Options& o, scene::Camera& c) {
    if (o.clipDepth) c.clipDepth = *o.clipDepth;
    if (o.projection) c.projection = *o.projection;
    if (o.eye) c.eye = *o.eye;
    if (o.target) c.target = *o.target;
    if (o.fovYDegrees) c.fovYDegrees = *o.fovYDegrees;
    if (o.orthoHeight) c.orthoHeight = *o.orthoHeight;
    if (o.nearPlane) c.near = *o.nearPlane;
    if (o.farPlane) c.far = *o.farPlane;
}

// Where the first object's interior is drawn (the window centre for an empty scene): the
// fallback clicks there, so its screenshot and report show a pick rather than background.
glm::ivec2 clickOnFirstObject(const scene::Scene& s, glm::ivec2 size) {
    if (s.objects.empty()) return size / 2;
    const glm::vec2 pixels(size);
    const glm::vec3 screen = worldToScreen(scene::interiorPoint(s.objects.front().shape), scene::viewMatrix(s.camera),
                                           scene::projectionMatrix(s.camera, pixels.x / pixels.y),
                                           Viewport{0, 0, pixels.x, pixels.y}, s.camera.clipDepth);
    const glm::ivec2 click(glm::floor(glm::vec2(screen)));
    const bool inside = click.x >= 0 && click.y >= 0 && click.x < size.x && click.y < size.y;
    return inside ? click : size / 2;
}

// No display and no --headless: run the script anyway, with default outputs and a click on the
// first object, so that "pickray" on a server still shows what it does.
void fallBackToScript(Options& o, const scene::Scene& s, std::ostream& out) {
    o.headless = true;
    const auto has = [&](auto kind) {
        return std::any_of(o.script.begin(), o.script.end(),
                           [](const ScriptStep& step) { return std::holds_alternative<decltype(kind)>(step); });
    };
    if (!has(step::Click{})) {  // first: the other steps (--select, --save) come after it
        o.script.emplace_back(step::Click{clickOnFirstObject(s, o.size)});
        std::rotate(o.script.begin(), o.script.end() - 1, o.script.end());
    }
    if (!has(step::Screenshot{})) o.script.push_back(step::Screenshot{"pickray-screenshot.png"});
    if (o.reportPath.empty()) o.reportPath = "pickray-report.json";
    out << "pickray: no display available; running the headless scripted mode instead.\n";
}

// The scene to start with: generated (--generate N), or loaded from a file, with the camera overrides.
scene::LoadResult initialScene(const Options& o, const std::string& scenePath) {
    scene::LoadResult result;
    if (o.generate) result.scene = scene::generateStressScene(*o.generate);
    else result = scene::loadScene(scenePath);
    if (result.scene) applyOverrides(o, result.scene->camera);
    if (result.scene && o.moveAll) result.scene = scene::movedAll(*result.scene, *o.moveAll);
    return result;
}

}  // namespace

int runFromCommandLine(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    const ParseResult parsed = parseCommandLine(args);
    if (const auto* help = std::get_if<HelpRequested>(&parsed)) {
        out << help->text;
        return 0;
    }
    if (const auto* bad = std::get_if<UsageError>(&parsed)) {
        err << "pickray: " << bad->message << "\n" << kHelpHint << "\n";
        return 2;
    }
    Options options = std::get<Options>(parsed);
    // --replay: the session's start is the scene, the document and (unless --size) the window.
    std::optional<Session> replay;
    if (!options.replay.empty()) {
        auto read = readSession(options.replay);
        if (const auto* why = std::get_if<std::string>(&read)) {
            err << "pickray: " << *why << "\n";
            return 1;
        }
        replay = std::get<Session>(std::move(read));
        if (!replay->complete)
            out << "pickray: " << options.replay << ": cut short (the recording did not end normally); "
                << replay->frames.size() << " whole frames are replayed\n";
        if (!options.sizeGiven) options.size = glm::clamp(replay->start.windowSize, glm::ivec2(16), glm::ivec2(8192));
    }
    // A generated scene has no file: the GUI's Load/Save fields start with this name.
    const DataPaths data = findDataPaths();
    const std::string scenePath = replay                      ? replay->start.documentPath
                                  : options.generate          ? "generated.json"
                                  : options.scenePath.empty() ? data.defaultScene.string()
                                                              : options.scenePath;
    bool fallBack = !options.headless && !displayAvailable();
    // Twice at most: where a display was advertised but no window opens, once more headless. Each
    // attempt loads the scene itself (the first gave its copy to the window that failed).
    for (;;) {
        scene::LoadResult loaded =
            replay ? scene::LoadResult{replay->start.scene, {}} : initialScene(options, scenePath);
        // A window (no script) on a scene that will not load opens anyway, on an empty untitled
        // scene, and says why: from a desktop's launcher a message on stderr alone shows nothing.
        // Headless and scripted runs keep their exit code.
        const bool openEmpty = !loaded.scene && !options.headless && !fallBack && options.script.empty();
        if (!loaded.scene && !openEmpty) {
            err << "pickray: " << loaded.error << "\n";
            return 1;
        }
        const std::string loadError = loaded.error;
        if (openEmpty) {
            loaded.scene = scene::Scene{};
            applyOverrides(options, loaded.scene->camera);
            if (options.moveAll) loaded.scene = scene::movedAll(*loaded.scene, *options.moveAll);
        }
        if (auto e = scene::validate(loaded.scene->camera)) {
            err << "pickray: camera override: " << *e << "\n";
            return 2;
        }
        if (fallBack) fallBackToScript(options, *loaded.scene, out);
        try {
            // The bad file is not the document: Save goes to Save as, never over it.
            App app(options, std::move(*loaded.scene), openEmpty ? "" : scenePath, data, out, err);
            if (openEmpty) app.message(loadError + "; an empty, untitled scene instead", true);
            const Session* played = replay ? &*replay : nullptr;
            return options.headless ? runScript(app, options, played) : runInteractive(app, options, played);
        } catch (const std::exception& e) {
            err << "pickray: " << e.what() << "\n";
            if (options.headless) return 1;
        }
        fallBack = true;
    }
}

}  // namespace pickray::app

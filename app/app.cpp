// SPDX-License-Identifier: MIT
#include "app.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <fstream>
#include <iostream>
#include <stdexcept>

#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>

#include "orbit_camera.hpp"
#include "pickray/collision/overlap.hpp"
#include "pickray/collision/ray.hpp"
#include "scene/camera_math.hpp"
#include "scene/generate.hpp"
#include "scene/overloaded.hpp"
#include "scene/scene_io.hpp"
#include "screenshot.hpp"

namespace pickray::app {
namespace {

using scene::Overloaded;

// Debug colours: distinct from every object colour and from the highlight.
constexpr glm::vec3 kRayColor{0.95f, 0.95f, 0.95f};
constexpr glm::vec3 kHitColor{1.0f, 1.0f, 1.0f};
constexpr glm::vec3 kNormalColor{0.2f, 0.9f, 1.0f};
constexpr glm::vec3 kEnterColor{0.25f, 1.0f, 0.35f};
constexpr glm::vec3 kExitColor{1.0f, 0.25f, 0.55f};
constexpr glm::vec3 kProximityColor{1.0f, 0.55f, 0.1f};

constexpr float kOrbitRadiansPerPixel = 0.008f;
constexpr float kZoomPerWheelStep = 0.9f;

const glm::vec3 kPalette[] = {{0.85f, 0.3f, 0.25f}, {0.3f, 0.7f, 0.4f},  {0.3f, 0.45f, 0.85f},
                              {0.65f, 0.4f, 0.8f},  {0.2f, 0.65f, 0.7f}, {0.6f, 0.6f, 0.65f}};

std::string timestampedScreenshotPath() {
    const std::time_t now = std::time(nullptr);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
    return std::string("screenshots/pickray-") + stamp + ".png";
}

}  // namespace

App::App(Options options, scene::Scene scene, std::string scenePath)
    : options_(std::move(options)),
      platform_("pickray", options_.size, options_.headless),
      imgui_(platform_.window(), platform_.context()),
      renderer_(render::defaultShaderDirectory()),
      scene_(std::move(scene)),
      index_(scene_) {
    performance_.glDebugOutput = renderer_.debugOutputInstalled();
    ui_.scenePath = scenePath;
    ui_.savePath = scenePath;
    for (const std::string& name : options_.select) {
        const auto it = std::find_if(scene_.objects.begin(), scene_.objects.end(),
                                     [&](const scene::Object& o) { return o.name == name; });
        if (it == scene_.objects.end()) throw std::runtime_error("--select " + name + ": no object of that name");
        scriptedSelection_.push_back(static_cast<std::size_t>(it - scene_.objects.begin()));
    }
    if (!options_.headless) selection_ = scriptedSelection_;
}

int App::run() {
    if (options_.headless) return runScript();
    int framesLeft = -1;  // frames still to draw after the last awaited click, so its pick shows
    while (running_ && framesLeft != 0) {
        frame();
        if (framesLeft > 0) --framesLeft;
        else if (options_.quitAfterClicks > 0 && clicks_.size() >= static_cast<std::size_t>(options_.quitAfterClicks))
            framesLeft = 2;
    }
    return finish();
}

void App::message(std::string text, bool isError) {
    ui_.message = std::move(text);
    ui_.messageIsError = isError;
    (isError ? std::cerr : std::cout) << "pickray: " << ui_.message << "\n";
}

// ---- the frame ------------------------------------------------------------------------------

void App::frame() {
    const auto frameStart = std::chrono::steady_clock::now();
    input_ = FrameInput{};
    SDL_Event event;
    while (SDL_PollEvent(&event)) {
        imgui_.processEvent(event);
        handleEvent(event);
    }
    imgui_.newFrame(platform_.window());
    const bool mouseOnUi = !options_.hideUi && imgui_.wantsMouse();

    // UI first (it shows last frame's pick), then its commands, then the camera and the mouse in
    // the view: everything below uses the matrices this frame is drawn with.
    if (!options_.hideUi) {
        const UiView view{scene_, selection_, pick_, hover_, platform_.windowSize(), performance_};
        for (const Command& c : buildUi(ui_, view)) apply(c);
    }
    const glm::ivec2 drawable = platform_.drawableSize();
    if (!mouseOnUi && input_.wheel != 0.0f)
        scene_.camera = zoom(scene_.camera, std::pow(kZoomPerWheelStep, input_.wheel));
    if (drag_.mode == Drag::Mode::Orbit && input_.motion != glm::ivec2(0))
        scene_.camera = orbit(scene_.camera, -kOrbitRadiansPerPixel * static_cast<float>(input_.motion.x),
                              kOrbitRadiansPerPixel * static_cast<float>(input_.motion.y));
    const FrameMatrices frame = frameMatrices(scene_.camera, platform_.windowSize(), drawable);
    if (frame.pickable && drag_.mode == Drag::Mode::Pan && input_.motion != glm::ivec2(0))
        scene_.camera =
            pan(scene_.camera, glm::vec2(input_.motion) * frame.pixelsPerWindowUnit, static_cast<float>(drawable.y));
    const FrameMatrices drawn = frameMatrices(scene_.camera, platform_.windowSize(), drawable);
    handleMouse(drawn, mouseOnUi);
    hover_.reset();
    if (drawn.pickable && !mouseOnUi && drag_.mode == Drag::Mode::None && mouse_.x >= 0)
        hover_ = pickAt(index_, drawn, mouse_);
    performance_.hoverMs = hover_ ? hover_->queryMs : 0.0;
    performance_.bvhBuilds = index_.rebuildCount();
    performance_.bvhRefits = index_.refitCount();

    const scene::Camera& cam = scene_.camera;
    render::FrameView view{drawn.drawViewProjection, cam.eye, cam.target, cam.far, drawable};
    render::DrawStyle style;
    if (pick_)
        if (auto n = pick_->nearest()) style.highlighted = n->object;
    if (hover_)
        if (auto n = hover_->nearest()) style.hovered = n->object;
    style.selected = selection_;
    // A window with no pixels (minimised) or more than the driver's largest target: the scene is
    // not redrawn, the last one drawn is shown (so a too-large window keeps the previous size's).
    const bool drawableOk = drawn.pickable && renderer_.canDrawAt(drawable);
    const bool tooLarge = glm::min(drawable.x, drawable.y) > 0 && !renderer_.canDrawAt(drawable);
    if (tooLarge && drawable != refusedDrawable_) {
        const glm::ivec2 max = renderer_.maxTargetSize();
        message("window " + std::to_string(drawable.x) + "x" + std::to_string(drawable.y) +
                    ": larger than the driver's largest render target (" + std::to_string(max.x) + "x" +
                    std::to_string(max.y) + "); the scene is shown at the previous size",
                true);
    }
    refusedDrawable_ = tooLarge ? drawable : glm::ivec2(-1);
    DrawnScene next{sceneRevision_, view, style, drawableOk ? debugDraw(drawn) : render::DebugDraw{}};
    const bool redraw = drawableOk && (forceRedraw_ || !drawn_ || !(*drawn_ == next));
    if (redraw) {
        const render::FrameStats stats = renderer_.draw(scene_, next.view, next.style, next.debug);
        drawn_ = std::move(next);
        performance_.drawCalls = stats.drawCalls;
        performance_.objects = scene_.objects.size();
        performance_.instances = stats.instances;
        performance_.culled = stats.culled;
        performance_.triangles = stats.triangles;
        performance_.dots = stats.dots;
        performance_.levels.assign(std::begin(stats.perLevel), std::end(stats.perLevel));
    } else {
        renderer_.present();
    }
    if (options_.hideUi) imgui_.skipRender();
    else imgui_.render();
    if (screenshot_) saveScreenshot(*screenshot_, drawable);
    screenshot_.reset();
    platform_.swap();
    const render::GlProblems gl = renderer_.takeGlProblems(std::cerr);
    performance_.glErrors += gl.errors;
    performance_.glWarnings += gl.warnings;
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - frameStart).count();
    if (!measured_) {
        performance_.frameMs = ms;
        if (redraw) performance_.redrawMs = ms;
    }
}

void App::handleEvent(const SDL_Event& event) {
    switch (event.type) {
        case SDL_QUIT: running_ = false; break;
        case SDL_WINDOWEVENT:
            if (event.window.event == SDL_WINDOWEVENT_CLOSE) running_ = false;
            if (event.window.event == SDL_WINDOWEVENT_LEAVE) mouse_ = glm::ivec2(-1);
            break;
        case SDL_MOUSEMOTION: {
            // From positions, not xrel: SDL reports xrel = 0 for warped moves (scripted drags).
            const glm::ivec2 position(event.motion.x, event.motion.y);
            if (mouse_.x >= 0) input_.motion += position - mouse_;
            mouse_ = position;
            break;
        }
        case SDL_MOUSEBUTTONDOWN: {
            const SDL_Keymod mod = SDL_GetModState();
            mouse_ = {event.button.x, event.button.y};
            input_.presses.push_back({event.button.button, mouse_, (mod & KMOD_SHIFT) != 0, (mod & KMOD_CTRL) != 0});
            break;
        }
        case SDL_MOUSEBUTTONUP:
            if (input_.presses.empty()) drag_.mode = Drag::Mode::None;
            else input_.releasedAfterPress = true;
            break;
        case SDL_MOUSEWHEEL: input_.wheel += static_cast<float>(event.wheel.y); break;
        case SDL_KEYDOWN:
            if (event.key.keysym.sym == SDLK_F12)
                screenshot_ = ScreenshotRequest{timestampedScreenshotPath(), ui_.screenshotWithUi};
            break;
        default: break;
    }
}

// ---- mouse in the view: pick, select, drag ----------------------------------------------------

void App::handleMouse(const FrameMatrices& frame, bool mouseOnUi) {
    if (!frame.pickable) {
        // No pixels to click on (minimised): a press has no ray; nothing is picked or recorded.
        drag_.mode = Drag::Mode::None;
        return;
    }
    for (const FrameInput::Press& press : input_.presses) {
        if (mouseOnUi) {
            // Recorded so that a script's report has one entry per click; it picks nothing.
            if (press.button == SDL_BUTTON_LEFT)
                clicks_.push_back(makeClickRecord(pickAt(index_, frame, press.position), true, scene_));
            continue;
        }
        if (press.button == SDL_BUTTON_RIGHT) drag_.mode = Drag::Mode::Orbit;
        if (press.button == SDL_BUTTON_MIDDLE || (press.button == SDL_BUTTON_LEFT && press.shift))
            drag_.mode = Drag::Mode::Pan;
        if (press.button != SDL_BUTTON_LEFT || press.shift) continue;

        pick_ = pickAt(index_, frame, press.position);
        performance_.pickMs = pick_->queryMs;
        clicks_.push_back(makeClickRecord(*pick_, false, scene_));
        if (auto hit = pick_->nearest()) {
            select(hit->object, press.ctrl);
            // Grab the object at the hit point; it then follows the cursor in the plane facing the camera.
            drag_ = Drag{Drag::Mode::Move, hit->object, hit->hit.point,
                         glm::normalize(scene_.camera.target - scene_.camera.eye)};
        } else {
            if (!press.ctrl) select(std::nullopt, false);
            drag_.mode = Drag::Mode::Orbit;
        }
    }
    if (input_.releasedAfterPress) drag_.mode = Drag::Mode::None;
    if (drag_.mode == Drag::Mode::Move && input_.motion != glm::ivec2(0)) moveDragged(frame);
}

void App::moveDragged(const FrameMatrices& frame) {
    if (drag_.object >= scene_.objects.size()) return;
    const Ray ray =
        cursorRay(cursorPixel(mouse_, frame), frame.view, frame.projection, frame.viewport, frame.clipDepth);
    const float facing = glm::dot(ray.direction, drag_.planeNormal);
    if (std::abs(facing) < 1e-4f) return;  // ray along the plane: no defined point
    const float t = glm::dot(drag_.planePoint - ray.origin, drag_.planeNormal) / facing;
    const glm::vec3 point = pointAt(ray, t);
    scene::Object& object = scene_.objects[drag_.object];
    object.shape = scene::translated(object.shape, point - drag_.planePoint);
    drag_.planePoint = point;
    objectChanged(drag_.object);
}

void App::select(std::optional<std::size_t> object, bool additive) {
    if (!object) {
        selection_.clear();
        return;
    }
    const auto it = std::find(selection_.begin(), selection_.end(), *object);
    if (additive && it != selection_.end()) {
        selection_.erase(it);
        return;
    }
    if (!additive) selection_.clear();
    else if (it != selection_.end()) selection_.erase(it);
    selection_.push_back(*object);
}

// Every change re-picks: the same ray against the new scene.
void App::objectChanged(std::size_t object) {
    ++sceneRevision_;
    index_.update(scene_, object);
    if (pick_) refresh(*pick_, index_);
}

void App::objectsChanged() {
    ++sceneRevision_;
    index_.rebuild(scene_);
    if (pick_) refresh(*pick_, index_);
}

void App::replaceScene(scene::Scene scene) {
    scene_ = std::move(scene);
    selection_.clear();
    pick_.reset();
    hover_.reset();
    drag_.mode = Drag::Mode::None;
    objectsChanged();
}

// ---- commands from the UI ---------------------------------------------------------------------

void App::apply(const Command& command) {
    std::visit(Overloaded{
                   [&](const command::Select& c) { select(c.object, c.additive); },
                   [&](const command::Add& c) {
                       const std::string name = scene::uniqueName(scene_, scene::typeName(c.kind));
                       const glm::vec3 color = kPalette[scene_.objects.size() % std::size(kPalette)];
                       scene_.objects.push_back({name, color, scene::defaultShape(c.kind, scene_.camera.target)});
                       select(scene_.objects.size() - 1, false);
                       objectsChanged();
                       message("added " + name, false);
                   },
                   [&](const command::Duplicate& c) {
                       scene::Object copy = scene_.objects.at(c.object);
                       copy.name = scene::uniqueName(scene_, copy.name + " copy");
                       copy.shape = scene::translated(copy.shape, glm::vec3(0.6f, 0.0f, 0.6f));
                       scene_.objects.push_back(copy);
                       select(scene_.objects.size() - 1, false);
                       objectsChanged();
                   },
                   [&](const command::Delete& c) {
                       scene_.objects.erase(scene_.objects.begin() + static_cast<std::ptrdiff_t>(c.object));
                       // Indices above the deleted one move down by one.
                       std::erase(selection_, c.object);
                       for (std::size_t& s : selection_)
                           if (s > c.object) --s;
                       drag_.mode = Drag::Mode::None;
                       objectsChanged();
                   },
                   [&](const command::Rename& c) {
                       if (c.name.empty()) return message("rename refused: the name must not be empty", true);
                       for (std::size_t i = 0; i < scene_.objects.size(); ++i)
                           if (i != c.object && scene_.objects[i].name == c.name)
                               return message("rename refused: \"" + c.name + "\" is already used", true);
                       scene_.objects.at(c.object).name = c.name;
                       message("renamed to " + c.name, false);
                   },
                   [&](const command::Edit& c) {
                       if (auto error = scene::validate(c.value))
                           return message("refused: " + c.value.name + ": " + *error, true);
                       scene_.objects.at(c.object) = c.value;
                       ui_.message.clear();
                       objectChanged(c.object);
                   },
                   [&](const command::SetCamera& c) {
                       if (auto error = scene::validate(c.camera)) return message("camera refused: " + *error, true);
                       scene_.camera = c.camera;
                       ui_.message.clear();
                   },
                   [&](const command::Load& c) {
                       scene::LoadResult loaded = scene::loadScene(c.path);
                       if (!loaded.scene) return message("load failed (scene unchanged): " + loaded.error, true);
                       replaceScene(std::move(*loaded.scene));
                       message("loaded " + c.path, false);
                   },
                   [&](const command::Save& c) {
                       if (auto error = scene::saveScene(scene_, c.path))
                           return message("save failed: " + *error, true);
                       message("saved " + c.path, false);
                   },
                   [&](const command::Screenshot& c) {
                       screenshot_ = ScreenshotRequest{timestampedScreenshotPath(), c.withUi};
                   },
                   [&](const command::ClearPick&) { pick_.reset(); },
                   [&](const command::Generate& c) {
                       if (c.count < 1 || c.count > kMaxGenerated)
                           return message(
                               "generate refused: between 1 and " + std::to_string(kMaxGenerated) + " objects", true);
                       replaceScene(scene::generateStressScene(c.count));
                       message("generated " + std::to_string(c.count) + " objects", false);
                   },
               },
               command);
}

// ---- what is drawn over the scene -------------------------------------------------------------

render::DebugDraw App::debugDraw(const FrameMatrices& frame) const {
    render::DebugDraw d;
    const scene::Camera& cam = scene_.camera;
    const float height = frame.viewport.height;
    auto pixels = [&](glm::vec3 at, float n) { return n * scene::worldPerPixel(cam, at, height); };
    if (pick_) {
        const Ray& r = pick_->ray;
        d.lines.push_back({r.origin, pointAt(r, cam.far), kRayColor});
        for (const scene::ObjectSpan& s : pick_->spans)
            for (auto [t, color] : {std::pair{s.span.enter, kEnterColor}, std::pair{s.span.exit, kExitColor}})
                if (std::isfinite(t)) d.markers.push_back({pointAt(r, t), pixels(pointAt(r, t), 4.0f), color});
        if (auto n = pick_->nearest()) {
            const glm::vec3 p = n->hit.point;
            const glm::vec3 tip = p + pixels(p, 60.0f) * n->hit.normal;
            d.markers.push_back({p, pixels(p, 5.0f), kHitColor});
            d.lines.push_back({p, tip, kNormalColor});
            d.markers.push_back({tip, pixels(tip, 2.5f), kNormalColor});
        }
    }
    // Capsule pair: the two last selected capsules' closest points and the segment between them.
    std::vector<const Capsule*> capsules;
    for (std::size_t i : selection_)
        if (const auto* c = std::get_if<Capsule>(&scene_.objects[i].shape)) capsules.push_back(c);
    if (capsules.size() >= 2) {
        const Capsule& c1 = *capsules[capsules.size() - 2];
        const Capsule& c2 = *capsules.back();
        const CapsuleProximity prox = proximity(c1, c2);
        d.lines.push_back({prox.axes.p1, prox.axes.p2, kProximityColor});
        d.markers.push_back({prox.axes.p1, pixels(prox.axes.p1, 3.0f), kProximityColor});
        d.markers.push_back({prox.axes.p2, pixels(prox.axes.p2, 3.0f), kProximityColor});
        if (prox.axes.distance > 0.0f && prox.gap > 0.0f) {
            // The closest points on the surfaces lie on the axis-to-axis segment.
            const glm::vec3 dir = (prox.axes.p2 - prox.axes.p1) / prox.axes.distance;
            const glm::vec3 s1 = prox.axes.p1 + c1.radius * dir;
            const glm::vec3 s2 = prox.axes.p2 - c2.radius * dir;
            d.markers.push_back({s1, pixels(s1, 4.0f), kProximityColor});
            d.markers.push_back({s2, pixels(s2, 4.0f), kProximityColor});
        }
    }
    return d;
}

void App::saveScreenshot(const ScreenshotRequest& request, glm::ivec2 drawable) {
    const auto source = request.withUi ? render::Renderer::Source::Window : render::Renderer::Source::Scene;
    if (auto error = writePng(request.path, renderer_.readPixels(drawable, source), drawable))
        return message("screenshot failed: " + *error, true);
    message("screenshot saved: " + std::filesystem::absolute(request.path).string(), false);
}

// ---- headless script --------------------------------------------------------------------------

void App::pushButton(Uint32 type, glm::ivec2 position) {
    SDL_Event event{};
    event.button.type = type;
    event.button.windowID = SDL_GetWindowID(platform_.window());
    event.button.button = SDL_BUTTON_LEFT;
    event.button.state = type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED;
    event.button.clicks = 1;
    event.button.x = position.x;
    event.button.y = position.y;
    SDL_PushEvent(&event);
}

void App::injectClick(glm::ivec2 position) {
    // The same path as a real mouse: SDL's mouse state is moved by a warp (pushed events do not
    // move it), then button events are pushed for the event loop to find.
    SDL_WarpMouseInWindow(platform_.window(), position.x, position.y);
    pushButton(SDL_MOUSEBUTTONDOWN, position);
    frame();
    pushButton(SDL_MOUSEBUTTONUP, position);
    frame();  // ImGui sees a release in the frame after the press
    frame();
}

void App::injectDrag(glm::ivec2 from, glm::ivec2 to) {
    SDL_WarpMouseInWindow(platform_.window(), from.x, from.y);
    pushButton(SDL_MOUSEBUTTONDOWN, from);
    frame();
    constexpr int kSteps = 4;  // several motion events, as a hand would make
    for (int i = 1; i <= kSteps; ++i) {
        const glm::ivec2 p = from + (to - from) * i / kSteps;
        SDL_WarpMouseInWindow(platform_.window(), p.x, p.y);
        frame();
    }
    pushButton(SDL_MOUSEBUTTONUP, to);
    frame();
    frame();
}

void App::applyWindowStep(const WindowStep& step) {
    SDL_Window* window = platform_.window();
    if (step.minimize) {
        SDL_MinimizeWindow(window);
        frame();
        frame();
        SDL_RestoreWindow(window);
    } else {
        SDL_SetWindowSize(window, step.size.x, step.size.y);  // SDL refuses 0 and clamps to its limits
    }
    frame();
    frame();
    const glm::ivec2 now = platform_.windowSize();
    if (!step.minimize && now != step.size)
        message("--resize " + std::to_string(step.size.x) + "x" + std::to_string(step.size.y) + ": the window is " +
                    std::to_string(now.x) + "x" + std::to_string(now.y),
                false);
}

void App::runScriptRound() {
    for (glm::ivec2 click : options_.clicks) injectClick(click);
    for (const auto& [from, to] : options_.drags) injectDrag(from, to);
    if (!scriptedSelection_.empty()) {
        selection_ = scriptedSelection_;
        // A repeated --delete or --load may have left fewer objects than the names were found among.
        std::erase_if(selection_, [&](std::size_t i) { return i >= scene_.objects.size(); });
        frame();
    }
    // The GUI's Duplicate and Delete buttons act on the primary (last) selection.
    if (options_.duplicate && !selection_.empty()) {
        apply(command::Duplicate{selection_.back()});
        frame();
    }
    if (options_.remove && !selection_.empty()) {
        apply(command::Delete{selection_.back()});
        frame();
    }
    for (const std::string& path : options_.load) {
        apply(command::Load{path});
        frame();
    }
}

int App::runScript() {
    frame();  // let ImGui lay its windows out, so clicks on them are recognised
    frame();
    performance_.rssStartKiB = residentKiB();
    if (options_.provokeGlError) renderer_.provokeGlErrorForTests();
    for (const WindowStep& step : options_.window) applyWindowStep(step);
    for (int round = 0; round < options_.repeat; ++round) {
        runScriptRound();
        if (round == 0) performance_.rssFirstRoundKiB = residentKiB();
    }
    if (options_.orbitDegrees) {
        scene_.camera =
            orbit(scene_.camera, glm::radians(options_.orbitDegrees->x), glm::radians(options_.orbitDegrees->y));
        frame();
    }
    if (options_.hover) {
        SDL_WarpMouseInWindow(platform_.window(), options_.hover->x, options_.hover->y);
        frame();
    }
    if (!options_.reportPath.empty()) measureFrames();
    performance_.rssEndKiB = residentKiB();
    return finish();
}

void App::measureFrames() {
    // The median of a few frames, each waited for: a software rasteriser draws after the frame's
    // calls return, so an unwaited frame would time only the CPU side.
    constexpr int kFrames = 5;
    forceRedraw_ = true;
    std::vector<double> ms;
    for (int i = 0; i < kFrames; ++i) {
        const auto start = std::chrono::steady_clock::now();
        frame();
        renderer_.finish();
        ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    forceRedraw_ = false;
    std::sort(ms.begin(), ms.end());
    performance_.frameMs = performance_.redrawMs = ms[ms.size() / 2];
    measured_ = true;
}

int App::finish() {
    int status = 0;
    if (!options_.screenshotPath.empty()) {
        ui_.messageIsError = false;
        screenshot_ = ScreenshotRequest{options_.screenshotPath, !options_.hideUi};
        frame();
        if (ui_.messageIsError) status = 1;
    }
    if (!options_.savePath.empty()) {
        ui_.messageIsError = false;
        apply(command::Save{options_.savePath});
        if (ui_.messageIsError) status = 1;
    }
    if (!options_.reportPath.empty()) {
        std::ofstream out(options_.reportPath, std::ios::binary | std::ios::trunc);
        out << reportJson(clicks_, performance_);
        out.flush();
        if (!out) {
            std::cerr << "pickray: " << options_.reportPath << ": could not write the report\n";
            return 1;
        }
        std::cout << "pickray: report saved: " << std::filesystem::absolute(options_.reportPath).string() << "\n";
    }
    return status;
}

}  // namespace pickray::app

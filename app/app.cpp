// SPDX-License-Identifier: MIT
#include "app.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>

#include "orbit_camera.hpp"
#include "overlay.hpp"
#include "screenshot.hpp"

namespace pickray::app {
namespace {

constexpr float kOrbitRadiansPerPixel = 0.008f;
constexpr float kZoomPerWheelStep = 0.9f;

std::string timestampedScreenshotPath() {
    const std::time_t now = std::time(nullptr);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
    return std::string("screenshots/pickray-") + stamp + ".png";
}

double millisecondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

App::App(const Options& options, scene::Scene scene, const std::string& scenePath, const DataPaths& data,
         std::ostream& out, std::ostream& err)
    : options_(options),
      out_(out),
      err_(err),
      platform_("pickray", options_.size, options_.headless),
      imgui_(platform_.window(), platform_.context()),
      renderer_(data.shaders),
      editor_(std::move(scene)) {
    performance_.glDebugOutput = renderer_.debugOutputInstalled();
    renderer_.useOwnWindowFramebuffer(options_.headless);
    imgui_.useFixedClock(options_.headless);
    bundledScene_ = data.defaultScene;
    ui_.noStats = options_.noStats;
    ui_.scale = options_.uiScale.value_or(ImGuiLayer::displayScale(platform_.window()));
    if (!options_.generate) editor_.setDocumentPath(scenePath);
    // The recent files are the user's, kept between interactive sessions; a script neither reads
    // nor changes them.
    if (const auto file = recentFilesPath(); file && !options_.headless) recent_.load(*file);
    if (!options_.headless) {  // the command line's --select steps are the starting selection
        for (const ScriptStep& s : options_.script) {
            const auto* select = std::get_if<step::Select>(&s);
            if (!select) continue;
            const auto object = editor_.find(select->name);
            if (!object) throw std::runtime_error("--select " + select->name + ": no object of that name");
            editor_.select(object, true);
        }
    }
}

int App::runInteractive() {
    int framesLeft = -1;  // frames still to draw after the last awaited click, so its pick shows
    while (running_ && framesLeft != 0) {
        frame();
        if (framesLeft > 0) --framesLeft;
        else if (options_.quitAfterClicks > 0 && clicks_.size() >= static_cast<std::size_t>(options_.quitAfterClicks))
            framesLeft = 2;
    }
    int status = 0;
    for (const ScriptStep& s : options_.script) {
        if (const auto* shot = std::get_if<step::Screenshot>(&s); shot && !screenshot(shot->path, !options_.hideUi))
            status = 1;
        if (const auto* save = std::get_if<step::Save>(&s); save && !apply(command::Save{save->path})) status = 1;
    }
    if (!options_.reportPath.empty() && !writeReport(options_.reportPath, {})) status = 1;
    return status;
}

void App::message(std::string text, bool isError) {
    if (text != lastPrinted_) (isError ? err_ : out_) << "pickray: " << text << "\n";
    lastPrinted_ = text;
    postToast(ui_, std::move(text), isError);
}

std::string App::savablePath() const {
    const std::string& path = editor_.documentPath();
    std::error_code error;
    if (path.empty() || std::filesystem::equivalent(path, bundledScene_, error)) return "";
    return path;
}

void App::remember(const std::string& path) {
    recent_.add(path);
    if (const auto file = recentFilesPath(); file && !options_.headless) recent_.save(*file);
}

std::string App::title() const {
    const std::string& path = editor_.documentPath();
    const std::string name = path.empty() ? "generated scene" : std::filesystem::path(path).filename().string();
    return (editor_.unsaved() ? "*" : "") + name + " - pickray";
}

// ---- the frame ------------------------------------------------------------------------------

void App::frame() {
    const auto frameStart = std::chrono::steady_clock::now();
    pollEvents();
    if (ui_.scale != imgui_.scale()) {  // View > UI scale: between frames, as ImGui wants it
        imgui_.setScale(ui_.scale);
        ui_.scale = imgui_.scale();
    }
    imgui_.newFrame(platform_.window());
    // With the panels hidden ImGui still draws what must be answered (the file browser, a
    // question before something is lost), and has the mouse and keys only while it does.
    const bool mouseOnUi = imgui_.wantsMouse();
    // The panels first (they show the last frame's pick), then their commands, then the camera
    // and the mouse in the view: everything below uses the matrices this frame is drawn with.
    runPanels();
    handleKeys();
    const FrameMatrices drawn = moveCamera(mouseOnUi);
    handleMouse(drawn, mouseOnUi);
    updateHover(drawn, mouseOnUi);
    const bool redrawn = drawScene(drawn);
    renderer_.bindWindow(platform_.drawableSize());  // ImGui draws over the scene, in the window's pixels
    imgui_.render();
    saveRequestedScreenshot(platform_.drawableSize());
    platform_.swap();
    if (const std::string now = title(); now != shownTitle_) {
        SDL_SetWindowTitle(platform_.window(), now.c_str());
        shownTitle_ = now;
    }
    const render::GlProblems gl = renderer_.takeGlProblems(err_);
    performance_.glErrors += gl.errors;
    performance_.glWarnings += gl.warnings;
    if (!measured_) {
        performance_.frameMs = millisecondsSince(frameStart);
        if (redrawn) performance_.redrawMs = performance_.frameMs;
    }
}

void App::pollEvents() {
    input_ = FrameInput{};
    SDL_Event event;
    while (SDL_PollEvent(&event)) {
        imgui_.processEvent(event);
        gather(event, input_, mouse_);
    }
    if (input_.quit) apply(command::Quit{});  // the window's close button: asks if there is unsaved work
    if (input_.releasedBeforePress) releasePress();
}

void App::runPanels() {
    if (ui_.fileDialog.mode != FileDialog::Mode::Closed) {
        std::error_code error;
        const auto wanted = std::filesystem::absolute(ui_.fileDialog.directory, error).lexically_normal();
        if (wanted != listing_.directory || ui_.fileDialog.relist) listing_ = listDirectory(wanted);
        ui_.fileDialog.relist = false;
        ui_.fileDialog.directory = listing_.directory.string();
    }
    const auto isDirectory = [](const std::string& path) {
        std::error_code error;
        return std::filesystem::is_directory(path, error);
    };
    const UiView view{editor_.scene(), editor_.selection(), editor_.lastPick(), editor_.hover(), platform_.windowSize(),
                      performance_,    editor_.history(),   editor_.unsaved(),  recent_.items(), savablePath(),
                      &listing_,       input_.keys,         isDirectory};
    for (const Command& c : buildUi(ui_, view, !options_.hideUi)) apply(c);
}

FrameMatrices App::moveCamera(bool mouseOnUi) {
    scene::Camera& camera = editor_.camera();
    const glm::ivec2 drawable = platform_.drawableSize();
    if (!mouseOnUi && input_.wheel != 0.0f) camera = zoom(camera, std::pow(kZoomPerWheelStep, input_.wheel));
    if (drag_.mode == Drag::Mode::Orbit && input_.motion != glm::ivec2(0))
        camera = app::orbit(camera, -kOrbitRadiansPerPixel * static_cast<float>(input_.motion.x),
                            kOrbitRadiansPerPixel * static_cast<float>(input_.motion.y));
    const FrameMatrices before = frameMatrices(camera, platform_.windowSize(), drawable);
    if (before.pickable && drag_.mode == Drag::Mode::Pan && input_.motion != glm::ivec2(0))
        camera = pan(camera, glm::vec2(input_.motion) * before.pixelsPerWindowUnit, static_cast<float>(drawable.y));
    return frameMatrices(camera, platform_.windowSize(), drawable);
}

void App::updateHover(const FrameMatrices& frame, bool mouseOnUi) {
    // The gizmo's handle under the cursor lights up (and stays lit while it is dragged).
    if (drag_.mode != Drag::Mode::Gizmo) {
        litHandle_.reset();
        if (const auto g = gizmo(frame); g && !mouseOnUi && mouse_.x >= 0 && drag_.mode == Drag::Mode::None)
            litHandle_ = pickHandle(*g, cursorRay(cursorPixel(mouse_, frame), frame.view, frame.projection,
                                                  frame.viewport, frame.clipDepth));
    }
    std::optional<Pick> hover;
    if (frame.pickable && !mouseOnUi && drag_.mode == Drag::Mode::None && mouse_.x >= 0 && !litHandle_)
        hover = pickAt(editor_.index(), frame, mouse_);
    performance_.hoverMs = hover ? hover->queryMs : 0.0;
    editor_.setHover(std::move(hover));
    performance_.bvhBuilds = editor_.index().rebuildCount();
    performance_.bvhRefits = editor_.index().refitCount();
}

bool App::drawScene(const FrameMatrices& frame) {
    const scene::Camera& cam = editor_.scene().camera;
    const glm::ivec2 drawable = platform_.drawableSize();
    render::FrameView view{frame.drawViewProjection, cam.eye, cam.target, cam.far, drawable};
    render::DrawStyle style;
    if (const auto& pick = editor_.lastPick())
        if (auto n = pick->nearest()) style.highlighted = n->object;
    if (const auto& hover = editor_.hover())
        if (auto n = hover->nearest()) style.hovered = n->object;
    style.selected = editor_.selection();
    // A window with no pixels (minimised) or more than the driver's largest target: the scene is
    // not redrawn, the last one drawn is shown (so a too-large window keeps the previous size's).
    const bool drawableOk = frame.pickable && renderer_.canDrawAt(drawable);
    const bool tooLarge = glm::min(drawable.x, drawable.y) > 0 && !renderer_.canDrawAt(drawable);
    if (tooLarge && drawable != refusedDrawable_) {
        const glm::ivec2 max = renderer_.maxTargetSize();
        message("window " + std::to_string(drawable.x) + "x" + std::to_string(drawable.y) +
                    ": larger than the driver's largest render target (" + std::to_string(max.x) + "x" +
                    std::to_string(max.y) + "); the scene is shown at the previous size",
                true);
    }
    refusedDrawable_ = tooLarge ? drawable : glm::ivec2(-1);
    render::DebugDraw debug =
        drawableOk ? overlay(editor_.scene(), editor_.selection(), editor_.lastPick(), frame) : render::DebugDraw{};
    if (const auto g = drawableOk ? gizmo(frame) : std::nullopt)
        addGizmo(debug, *g, drag_.mode == Drag::Mode::Gizmo ? drag_.handle : litHandle_, editor_.scene().camera, frame);
    DrawnScene next{editor_.revision(), view, style, debug};
    const bool redraw = drawableOk && (forceRedraw_ || !drawn_ || !(*drawn_ == next));
    if (!redraw) {
        renderer_.present();
        return false;
    }
    const render::FrameStats stats = renderer_.draw(editor_.scene(), next.view, next.style, next.debug);
    drawn_ = std::move(next);
    performance_.drawCalls = stats.drawCalls;
    performance_.objects = editor_.scene().objects.size();
    performance_.instances = stats.instances;
    performance_.culled = stats.culled;
    performance_.triangles = stats.triangles;
    performance_.dots = stats.dots;
    performance_.levels.assign(std::begin(stats.perLevel), std::end(stats.perLevel));
    return true;
}

void App::saveRequestedScreenshot(glm::ivec2 drawable) {
    if (!screenshot_) return;
    const ScreenshotRequest request = *screenshot_;
    screenshot_.reset();
    const auto source = request.withUi ? render::Renderer::Source::Window : render::Renderer::Source::Scene;
    screenshotError_ = writePng(request.path, renderer_.readPixels(drawable, source), drawable);
    if (screenshotError_) return message("screenshot failed: " + *screenshotError_, true);
    std::error_code error;  // a working directory removed under us: the path as given
    const std::filesystem::path shown = std::filesystem::absolute(request.path, error);
    message("screenshot saved: " + (error ? request.path : shown.string()), false);
}

// ---- commands ---------------------------------------------------------------------------------

bool App::apply(const Command& command) {
    // The window's own commands.
    if (const auto* shot = std::get_if<command::Screenshot>(&command)) {
        screenshot_ = ScreenshotRequest{timestampedScreenshotPath(), shot->withUi};
        return true;  // taken at the end of this frame
    }
    if (std::holds_alternative<command::ToggleUi>(command)) {
        options_.hideUi = !options_.hideUi;
        return true;
    }
    if (const auto* quit = std::get_if<command::Quit>(&command)) {
        if (quit->onlyIfSaved && editor_.unsaved()) return false;  // "Save and quit" whose save failed
        if (!quit->force && editor_.unsaved() && !options_.headless) ui_.confirmQuit = true;
        else running_ = false;
        return true;
    }
    if (const auto* load = std::get_if<command::Load>(&command); load && !load->discardUnsaved && editor_.unsaved()) {
        ui_.confirmDiscard = load->path;  // asked first; the answer comes back as a Load that discards
        return true;
    }
    if (const auto* save = std::get_if<command::Save>(&command); save && !save->mayOverwrite) {
        std::error_code error;
        if (std::filesystem::exists(save->path, error)) {
            ui_.confirmOverwrite = save->path;  // asked first; the answer comes back as a Save that may
            return true;
        }
    }
    if (std::holds_alternative<command::ToggleHelp>(command)) {
        ui_.showHelp = !ui_.showHelp;
        return true;
    }
    // A drag holds an object's index: it ends where indices change or the scene is replaced.
    if (std::holds_alternative<command::Delete>(command) || std::holds_alternative<command::DeleteSelection>(command) ||
        std::holds_alternative<command::Load>(command) || std::holds_alternative<command::Generate>(command) ||
        std::holds_alternative<command::Undo>(command) || std::holds_alternative<command::Redo>(command))
        drag_ = Drag{};
    const Editor::Outcome outcome = editor_.apply(command);
    if (!outcome.message.empty()) message(outcome.message, outcome.refused);
    else if (!outcome.refused)
        std::erase_if(ui_.toasts, [](const Toast& t) { return t.isError; });  // a later success clears an old error
    if (!outcome.refused) {
        if (const auto* load = std::get_if<command::Load>(&command)) remember(load->path);
        if (const auto* save = std::get_if<command::Save>(&command)) remember(save->path);
    }
    return !outcome.refused;
}

// ---- what a script does -----------------------------------------------------------------------

void App::pushButton(Uint32 type, glm::ivec2 position, Uint8 button) {
    SDL_Event event{};
    event.button.type = type;
    event.button.windowID = SDL_GetWindowID(platform_.window());
    event.button.button = button;
    event.button.state = type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED;
    event.button.clicks = 1;
    event.button.x = position.x;
    event.button.y = position.y;
    SDL_PushEvent(&event);
}

void App::click(glm::ivec2 at) {
    // The same path as a real mouse: SDL's mouse state is moved by a warp (pushed events do not
    // move it), then button events are pushed for the event loop to find.
    SDL_WarpMouseInWindow(platform_.window(), at.x, at.y);
    pushButton(SDL_MOUSEBUTTONDOWN, at);
    frame();
    pushButton(SDL_MOUSEBUTTONUP, at);
    frame();  // ImGui sees a release in the frame after the press
    frame();
}

void App::drag(glm::ivec2 from, glm::ivec2 to, MouseButton which, bool ctrl) {
    if (ctrl) SDL_SetModState(KMOD_LCTRL);
    const Uint8 button = which == MouseButton::Right    ? SDL_BUTTON_RIGHT
                         : which == MouseButton::Middle ? SDL_BUTTON_MIDDLE
                                                        : SDL_BUTTON_LEFT;
    SDL_WarpMouseInWindow(platform_.window(), from.x, from.y);
    pushButton(SDL_MOUSEBUTTONDOWN, from, button);
    frame();
    constexpr int kSteps = 4;  // several motion events, as a hand would make
    for (int i = 1; i <= kSteps; ++i) {
        const glm::ivec2 p = from + (to - from) * i / kSteps;
        SDL_WarpMouseInWindow(platform_.window(), p.x, p.y);
        frame();
    }
    pushButton(SDL_MOUSEBUTTONUP, to, button);
    frame();
    if (ctrl) SDL_SetModState(KMOD_NONE);
    frame();
}

void App::type(const std::string& text) {
    // SDL's text event holds at most 31 bytes: longer text goes in pieces (cut between UTF-8
    // characters, never inside one).
    constexpr std::size_t kMost = sizeof(SDL_TextInputEvent::text) - 1;
    for (std::size_t at = 0; at < text.size();) {
        std::size_t n = std::min(kMost, text.size() - at);
        while (n > 0 && at + n < text.size() && (static_cast<unsigned char>(text[at + n]) & 0xC0) == 0x80) --n;
        SDL_Event event{};
        event.text.type = SDL_TEXTINPUT;
        event.text.windowID = SDL_GetWindowID(platform_.window());
        text.copy(event.text.text, n, at);
        SDL_PushEvent(&event);
        at += n;
    }
    frame();
    frame();
}

void App::key(const KeyChord& chord) {
    const auto mods = static_cast<SDL_Keymod>((chord.ctrl ? KMOD_LCTRL : 0) | (chord.shift ? KMOD_LSHIFT : 0) |
                                              (chord.alt ? KMOD_LALT : 0));
    SDL_SetModState(mods);
    SDL_Event event{};
    event.key.type = SDL_KEYDOWN;
    event.key.windowID = SDL_GetWindowID(platform_.window());
    event.key.state = SDL_PRESSED;
    event.key.keysym.sym = chord.key;
    event.key.keysym.scancode = SDL_GetScancodeFromKey(chord.key);
    event.key.keysym.mod = static_cast<Uint16>(mods);
    SDL_PushEvent(&event);
    frame();
    event.key.type = SDL_KEYUP;
    event.key.state = SDL_RELEASED;
    SDL_PushEvent(&event);
    frame();
    // The modifiers are let go last, each with its own key-up, as a hand does: ImGui's backend
    // reads the modifier state only on key events, so without them it would think Ctrl still held
    // (and take no typed text).
    SDL_SetModState(KMOD_NONE);
    for (const auto& [held, modifier] :
         {std::pair{chord.ctrl, SDLK_LCTRL}, std::pair{chord.shift, SDLK_LSHIFT}, std::pair{chord.alt, SDLK_LALT}}) {
        if (!held) continue;
        event.key.keysym.sym = modifier;
        event.key.keysym.scancode = SDL_GetScancodeFromKey(modifier);
        event.key.keysym.mod = KMOD_NONE;
        SDL_PushEvent(&event);
    }
    frame();
}

void App::hover(glm::ivec2 at) {
    SDL_WarpMouseInWindow(platform_.window(), at.x, at.y);
    frame();
}

glm::ivec2 App::resize(glm::ivec2 size) {
    SDL_SetWindowSize(platform_.window(), size.x, size.y);  // SDL refuses 0 and clamps to its limits
    frame();
    frame();
    return platform_.windowSize();
}

void App::minimizeAndRestore() {
    SDL_MinimizeWindow(platform_.window());
    frame();
    frame();
    SDL_RestoreWindow(platform_.window());
    frame();
    frame();
}

void App::orbit(glm::vec2 degrees) {
    editor_.camera() = app::orbit(editor_.camera(), glm::radians(degrees.x), glm::radians(degrees.y));
    frame();
}

bool App::screenshot(const std::string& path, bool withUi) {
    screenshot_ = ScreenshotRequest{path, withUi};
    frame();
    return !screenshotError_;
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
        ms.push_back(millisecondsSince(start));
    }
    forceRedraw_ = false;
    std::sort(ms.begin(), ms.end());
    performance_.frameMs = performance_.redrawMs = ms[ms.size() / 2];
    measured_ = true;
}

bool App::writeReport(const std::string& path, const std::vector<std::string>& errors) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    WindowReport window;
    window.size = platform_.windowSize();
    window.title = title();
    window.panels = ui_.panelRects;
    window.menus = ui_.menus;
    window.tooltips = ui_.tooltips;
    window.tooltipShown = ui_.tooltipShown;
    for (const Toast& t : ui_.toasts) window.messages.push_back((t.isError ? "error: " : "") + t.text);
    if (!options_.hideUi) window.outlinerRows = ui_.outlinerShown;
    if (const auto& pick = editor_.lastPick(); pick && pick->nearest())
        window.picked = editor_.scene().objects[pick->nearest()->object].name;
    for (std::size_t i : editor_.selection()) window.selection.push_back(editor_.scene().objects[i].name);
    window.undoSteps = editor_.history().steps();
    window.unsaved = editor_.unsaved();
    constexpr const char* kModes[] = {"move", "rotate", "scale"};
    window.gizmoMode = kModes[static_cast<int>(ui_.gizmoMode)];
    window.gizmoSpace = ui_.gizmoSpace == GizmoSpace::World ? "world" : "local";
    window.uiScale = imgui_.scale();
    out << reportJson(clicks_, performance_, errors, window);
    out.flush();
    if (!out) {
        err_ << "pickray: " << path << ": could not write the report\n";
        return false;
    }
    std::error_code error;
    const std::filesystem::path shown = std::filesystem::absolute(path, error);
    out_ << "pickray: report saved: " << (error ? path : shown.string()) << "\n";
    return true;
}

}  // namespace pickray::app

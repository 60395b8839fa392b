// SPDX-License-Identifier: MIT
#include "shell/app.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>

#include "panels/construction_panel.hpp"
#include "panels/observer_label.hpp"
#include "panels/toasts.hpp"
#include "scene/camera_math.hpp"
#include "scene/overloaded.hpp"
#include "shell/screenshot.hpp"
#include "shell/sdl_events.hpp"
#include "viewport/audit_heat_map.hpp"
#include "viewport/overlay.hpp"

namespace pickray::app {
namespace {

std::string timestampedScreenshotPath() {
    const std::time_t now = std::time(nullptr);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
    return std::string("screenshots/pickray-") + stamp + ".png";
}

// `path` made absolute, as a recording names files (as given when that fails).
std::string absolutePath(const std::string& path) {
    std::error_code error;
    const std::filesystem::path whole = std::filesystem::absolute(path, error);
    return error ? path : whole.lexically_normal().string();
}

// A recorded Load or Save names its file wherever the replay runs from.
EditorCommand withAbsolutePaths(EditorCommand command) {
    if (auto* load = std::get_if<command::Load>(&command)) load->path = absolutePath(load->path);
    if (auto* save = std::get_if<command::Save>(&command)) save->path = absolutePath(save->path);
    return command;
}

double millisecondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

// How long the view stays approximate after the camera stops: a wheel's steps come a few tens of
// milliseconds apart, and an exact frame between two (most of a second at 1e5 objects on
// software GL) would stall the zoom.
constexpr double kSettleSeconds = 0.25;

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
    ui_.analyticRenderer = options_.renderer == RendererKind::Analytic;
    ui_.fxaa = options_.fxaa;
    constexpr ObserverMode kObserverModes[] = {ObserverMode::Off, ObserverMode::Inset, ObserverMode::Main};
    ui_.observer = kObserverModes[static_cast<int>(options_.observer)];
    imgui_.useFixedClock(options_.headless);
    bundledScene_ = data.defaultScene;
    ui_.noStats = options_.noStats;
    ui_.naiveRay = options_.naiveRay;
    ui_.scale = options_.uiScale.value_or(ImGuiLayer::displayScale(platform_.window()));
    if (!options_.generate) editor_.setDocumentPath(scenePath);
    // The recent files are the user's, kept between interactive sessions; a script neither reads
    // nor changes them.
    if (const auto file = recentFilesPath(); file && !options_.headless) recent_.load(*file);
}

App::~App() { auditStop_.request_stop(); }

void App::runUntilClosed() {
    int framesLeft = -1;  // frames still to draw after the last awaited click, so its pick shows
    const auto enoughClicks = [&] {
        return options_.quitAfterClicks > 0 &&
               view_.clicks().size() >= static_cast<std::size_t>(options_.quitAfterClicks);
    };
    while (running_ && framesLeft != 0) {
        const auto frameStart = std::chrono::steady_clock::now();
        frame();
        if (framesLeft > 0) --framesLeft;
        else if (enoughClicks()) framesLeft = 2;
        // Then sleep until something may change the picture (frame_pacing.hpp).
        const FrameActivity activity{hadEvents_, framesLeft > 0, secondsUntilPictureChanges()};
        const double wait = pacer_.waitAfter(activity);
        Platform::waitForEvents(FramePacer::capDelay(millisecondsSince(frameStart) / 1000.0), wait);
    }
}

double App::secondsUntilPictureChanges() const {
    // ImGui's caret blinks (0.8 s shown, 0.4 s hidden): looked at ten times a second while editing.
    constexpr double kCaretStepSeconds = 0.1;
    double soonest = secondsUntilToastsChange(ui_.toasts, imgui_.time());
    if (imgui_.editingText()) soonest = std::min(soonest, kCaretStepSeconds);
    // An audit under way: looked at ten times a second, its heat map shown when it is done.
    constexpr double kAuditPollSeconds = 0.1;
    if (auditJob_.valid()) soonest = std::min(soonest, kAuditPollSeconds);
    // An approximate view once the camera has settled: drawn exactly then.
    if (drawn_ && drawn_->style.approximate && !view_.cameraMoving() && cameraMovedAt_)
        soonest = std::min(soonest, kSettleSeconds - millisecondsSince(*cameraMovedAt_) / 1000.0);
    return soonest;
}

bool App::settling() const {
    // In a window only: a script's frames follow each other at once, and its pictures and report
    // must not depend on the machine's speed.
    return !options_.headless && cameraMovedAt_ && millisecondsSince(*cameraMovedAt_) / 1000.0 < kSettleSeconds;
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
    // No file: a generated scene, or the empty one opened instead of a scene that would not load.
    const std::string name = path.empty() ? "untitled" : std::filesystem::path(path).filename().string();
    return (editor_.unsaved() ? "*" : "") + name + " - pickray";
}

// ---- the frame ------------------------------------------------------------------------------

void App::frame() {
    const auto frameStart = std::chrono::steady_clock::now();
    ++performance_.framesRun;
    beginRecordedFrame();
    const std::vector<InputEvent> events = pollEvents();
    if (ui_.scale != imgui_.scale()) {  // View > UI scale: between frames, as ImGui wants it
        imgui_.setScale(ui_.scale);
        ui_.scale = imgui_.scale();
    }
    imgui_.newFrame(platform_.window());
    // With the panels hidden ImGui still draws what must be answered (the file browser, a
    // question before something is lost), and has the mouse and keys only while it does.
    const bool mouseOnUi = replayed_ ? replayed_->mouseOnUi : imgui_.wantsMouse();
    // The panels first (they show the last frame's pick), then their commands and the keys', then
    // the view: everything below uses the matrices this frame is drawn with. A replayed frame's
    // commands and settings are the recording's, in their place.
    runPanels(events);
    if (!replayed_) {
        applyShortcuts();
    } else {
        for (const EditorCommand& c : replayed_->commands) applyToEditor(c);
        if (replayed_->settings) applySettings(*replayed_->settings);
    }
    ViewFrame view{platform_.windowSize(), platform_.drawableSize(), mouseOnUi, ui_.gizmoMode, ui_.gizmoSpace, {}};
    if (replayed_) view.replayedMove = replayed_->cameraMove.value_or(CameraMove{});
    const SceneView::Update update = view_.update(view, editor_, performance_);
    if (recorded_) {
        recorded_->mouseOnUi = mouseOnUi && !recorded_->events.empty();
        if (!update.cameraMove.none()) recorded_->cameraMove = update.cameraMove;
    }
    for (const std::string& error : update.errors) message(error, true);
    const bool redrawn = drawScene(update.matrices);
    renderer_.bindWindow(platform_.drawableSize());  // ImGui draws over the scene, in the window's pixels
    if (heatMapShown_) renderer_.drawOverScene(viewAudit_->heatMap, platform_.drawableSize());
    // The constructions' names, under the panels: the main view's points, or the observer's when
    // it is the main view (observerView); none over the observer's corner (drawScene).
    drawViewLabels(ui_, constructionLabels_, drawnPanels_);
    observerLabels(observedFrustum_ ? ui_.observer : ObserverMode::Off, insetRect(platform_.windowSize()),
                   observedFrustum_ ? truncationLabel(*observedFrustum_) : "");
    imgui_.render();
    saveRequestedScreenshot(platform_.drawableSize());
    if (recording_)
        addGifFrame(*recording_, renderer_.readPixels(platform_.drawableSize(), render::Renderer::Source::Window),
                    platform_.drawableSize());
    platform_.swap();
    if (const std::string now = title(); now != shownTitle_) {
        SDL_SetWindowTitle(platform_.window(), now.c_str());
        shownTitle_ = now;
    }
    endRecordedFrame();
    const render::GlProblems gl = renderer_.takeGlProblems(err_);
    performance_.glErrors += gl.errors;
    performance_.glWarnings += gl.warnings;
    if (!measured_) {
        performance_.frameMs = millisecondsSince(frameStart);
        if (redrawn) performance_.redrawMs = performance_.frameMs;
    }
}

std::vector<InputEvent> App::pollEvents() {
    std::vector<InputEvent> events;
    SDL_Event event;
    hadEvents_ = false;
    while (SDL_PollEvent(&event)) {
        hadEvents_ = true;  // any event, an expose or a focus change too: draw a few frames
        imgui_.processEvent(event);
        if (auto e = toInputEvent(event)) events.push_back(*e);
    }
    const auto closed = [](const InputEvent& e) { return std::holds_alternative<event::Close>(e); };
    const bool close = std::any_of(events.begin(), events.end(), closed);
    if (replayed_) events = replayed_->events;  // the recording's input, not the window's
    if (recorded_) std::remove_copy_if(events.begin(), events.end(), std::back_inserter(recorded_->events), closed);
    if (close) apply(command::Quit{});  // the window's close button: asks if there is unsaved work
    // The observer's camera starts from the main one's, the first time it is shown; the mouse over
    // it is its own (it never picks).
    if (ui_.observer != ObserverMode::Off && !observerPlaced_) {
        observer_.setCamera(observerCameraFor(editor_.scene().camera));
        observerPlaced_ = true;
    }
    const std::vector<InputEvent> forView = observer_.take(events, ui_.observer, platform_.windowSize());
    if (replayed_ && replayed_->observerCamera) observer_.setCamera(*replayed_->observerCamera);
    if (recorded_ && observerPlaced_ && recordedObserver_ != observer_.camera())
        recordedObserver_ = recorded_->observerCamera = observer_.camera();
    view_.receive(forView, editor_);
    return events;
}

void App::runPanels(const std::vector<InputEvent>& events) {
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
    std::vector<KeyChord> keys;
    for (const InputEvent& e : events)
        if (const auto* key = std::get_if<event::KeyDown>(&e)) keys.push_back(key->chord);
    const UiView view{editor_.scene(), editor_.selection(), editor_.lastPick(), editor_.hover(), platform_.windowSize(),
                      performance_, editor_.history(), editor_.unsaved(), recent_.items(), savablePath(), &listing_,
                      keys, isDirectory, panelsHiddenByUser_, pathExists, editor_.revision(),
                      // The counts of the heat map the last frame showed (none while it is hidden).
                      AuditStatus{heatMapShown_ ? &viewAudit_->counts : nullptr, heatMapShown_ ? viewAudit_->ms : 0.0,
                                  auditJob_.valid()}};
    for (const Command& c : buildUi(ui_, view, !options_.hideUi, drawnPanels_)) apply(c);
}

void App::applyShortcuts() {
    // Keys reach the view only while no ImGui text field or drag has them.
    if (imgui_.wantsKeyboard()) return;
    const glm::ivec2 window = platform_.windowSize();
    const float aspect = window.y > 0 ? static_cast<float>(window.x) / static_cast<float>(window.y) : 1.0f;
    const ShortcutContext context{editor_.documentPath(), savablePath(), aspect};
    for (const Action action : view_.shortcuts())
        if (const std::optional<Command> command = commandFor(action, ui_, context)) apply(*command);
}

bool App::drawScene(const FrameMatrices& frame) {
    const scene::Camera& cam = view_.camera(editor_);
    const glm::ivec2 drawable = platform_.drawableSize();
    render::FrameView view{frame.drawViewProjection, cam.eye, cam.target, cam.far, drawable};
    view.rotationView = frame.rotationView;
    view.projection = scene::glClipRemap(frame.clipDepth) * frame.projection;
    view.nearDistance = cam.near;
    view.pixelScale = render::outputPixelScale(static_cast<float>(drawable.y));
    // View > Analytic renderer may have changed it: the next frame, the audit and the ID buffer use it.
    if (renderer_.analyticSpheres() != ui_.analyticRenderer) renderer_.useAnalyticSpheres(ui_.analyticRenderer);
    renderer_.useFxaa(ui_.fxaa);
    render::DrawStyle style;
    if (const auto& pick = editor_.lastPick())
        if (auto n = pick->nearest()) style.highlighted = n->object;
    if (const auto& hover = editor_.hover())
        if (auto n = hover->nearest()) style.hovered = n->object;
    style.selected = editor_.selection();
    if (view_.cameraMoving()) cameraMovedAt_ = std::chrono::steady_clock::now();
    style.approximate = (view_.cameraMoving() || settling()) && !screenshot_;  // a screenshot is always exact
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
    if (drawableOk && ui_.naiveRay && editor_.lastPick()) addNaiveRay(debug, *editor_.lastPick());
    constructionLabels_.clear();
    if (const auto shown = drawableOk && ui_.constructions
                               ? constructionOf(editor_.scene(), editor_.selection(), editor_.lastPick())
                               : std::nullopt) {
        ConstructionDrawing drawing = drawConstruction(*shown, frame);
        debug.lines.insert(debug.lines.end(), drawing.draw.lines.begin(), drawing.draw.lines.end());
        constructionLabels_ = screenLabels(drawing.labels, frame);
    }
    if (const auto g = drawableOk ? view_.gizmoView(frame, editor_) : std::nullopt)
        addGizmo(debug, g->gizmo, g->lit, cam, frame, editor_.lastPick());
    if (idBuffer_) saveRequestedIdBuffer(drawableOk, view, style);
    if (auditRequested_) runRequestedAudit(drawableOk, view, style, frame);
    updateViewAudit(drawableOk, view, style, frame);
    if (ui_.observer == ObserverMode::Main) heatMapShown_ = false;  // it would lie over the observer's picture
    if (screenshot_) style.supersample = screenshotScale(drawable);
    std::optional<DrawnScene::Second> second = drawableOk ? observerView(frame) : std::nullopt;
    if (second && !second->layout.swapped) {  // no main view's label over the observer's corner
        const WindowRect corner = insetRect(platform_.windowSize());
        std::erase_if(constructionLabels_, [&](const ScreenLabel& l) { return corner.contains(glm::ivec2(l.at)); });
    }
    if (!second) observedFrustum_.reset();
    DrawnScene next{editor_.revision(), view, style, debug, ui_.analyticRenderer, ui_.fxaa, std::move(second)};
    const bool redraw = drawableOk && (forceRedraw_ || !drawn_ || !(*drawn_ == next));
    renderer_.setInset(next.observer ? std::optional(next.observer->layout) : std::nullopt);
    if (!redraw) {
        renderer_.present();
        return false;
    }
    if (next.observer) {
        render::DrawStyle observed = style;
        observed.hovered.reset();
        renderer_.drawSecondView(editor_.scene(), next.observer->view, observed, next.observer->debug);
    }
    const render::FrameStats stats = renderer_.draw(editor_.scene(), next.view, next.style, next.debug);
    drawn_ = std::move(next);
    performance_.drawCalls = stats.drawCalls;
    performance_.objects = editor_.scene().objects.size();
    performance_.instances = stats.instances;
    performance_.rayCast = stats.analyticSpheres + stats.analyticRounds + stats.analyticBoxes;
    performance_.culled = stats.culled;
    performance_.triangles = stats.triangles;
    performance_.dots = stats.dots;
    performance_.levels.assign(std::begin(stats.perLevel), std::end(stats.perLevel));
    performance_.noteRedraw(stats.approximate);
    return true;
}

std::optional<App::DrawnScene::Second> App::observerView(const FrameMatrices& frame) {
    observedFrustum_.reset();
    if (ui_.observer == ObserverMode::Off || !frame.pickable) return std::nullopt;
    const glm::ivec2 window = platform_.windowSize();
    const WindowRect rect = insetRect(window);
    // The corner in drawable pixels; the observer drawn there, or over the whole drawable.
    const glm::vec2 perUnit = frame.pixelsPerWindowUnit;
    const render::InsetLayout layout{glm::ivec2(glm::vec2(rect.min) * perUnit),
                                     glm::ivec2(glm::vec2(rect.size) * perUnit), ui_.observer == ObserverMode::Main};
    const glm::ivec2 drawable = layout.swapped ? platform_.drawableSize() : layout.size;
    const FrameMatrices of = frameMatrices(observer_.camera(), layout.swapped ? window : rect.size, drawable);
    if (!of.pickable || !renderer_.canDrawAt(drawable)) return std::nullopt;
    observedFrustum_ = frustumOutline(frame);
    const scene::Camera& cam = of.camera;
    render::FrameView view{of.drawViewProjection, cam.eye, cam.target, cam.far, drawable};
    view.rotationView = of.rotationView;
    view.projection = scene::glClipRemap(of.clipDepth) * of.projection;
    view.nearDistance = cam.near;
    view.pixelScale = render::outputPixelScale(static_cast<float>(drawable.y));
    render::DebugDraw lines = overlay(editor_.scene(), editor_.selection(), std::nullopt, frame);
    // The constructions too, sized for the observer's pixels; their labels written over the
    // observer's picture when it fills the window (in the corner, the main view keeps them).
    if (const auto shown = ui_.constructions ? constructionOf(editor_.scene(), editor_.selection(), editor_.lastPick())
                                             : std::nullopt) {
        const ConstructionDrawing drawing = drawConstruction(*shown, of);
        lines.lines.insert(lines.lines.end(), drawing.draw.lines.begin(), drawing.draw.lines.end());
        if (layout.swapped) constructionLabels_ = screenLabels(drawing.labels, of);
    }
    return DrawnScene::Second{view, observerDebug(*observedFrustum_, editor_.lastPick(), lines, frame, of), layout};
}

std::optional<std::vector<std::uint32_t>> App::drawObjectIds(bool drawable, const render::FrameView& view,
                                                             render::DrawStyle style,
                                                             std::optional<std::string>& error) {
    if (!drawable) {
        error = "the window has no pixels to draw (minimised, or larger than the driver allows)";
        return std::nullopt;
    }
    // The scene alone, exact, at 1x: no markers, lines or gizmo (they are not objects). The
    // frame's own picture is drawn after it.
    style.approximate = false;
    style.supersample = 1;
    renderer_.draw(editor_.scene(), view, style, render::DebugDraw{});
    drawn_.reset();
    error.reset();
    return renderer_.readObjectIds();
}

void App::saveRequestedIdBuffer(bool drawable, const render::FrameView& view, render::DrawStyle style) {
    const std::string path = *idBuffer_;
    idBuffer_.reset();
    if (const auto ids = drawObjectIds(drawable, view, style, idBufferError_))
        idBufferError_ = writeIdBuffer(path, *ids, renderer_.drawnSize());
    if (idBufferError_) return message("ID buffer not saved: " + *idBufferError_, true);
    std::error_code error;
    const std::filesystem::path shown = std::filesystem::absolute(path, error);
    message("ID buffer saved: " + (error ? path : shown.string()), false);
}

void App::runRequestedAudit(bool drawable, const render::FrameView& view, render::DrawStyle style,
                            const FrameMatrices& frame) {
    auditRequested_ = false;
    audit_.reset();
    std::optional<std::string> error;
    const auto ids = drawObjectIds(drawable, view, style, error);
    const glm::ivec2 size = renderer_.drawnSize();
    if (ids && size != glm::ivec2(frame.viewport.width, frame.viewport.height))
        error = "the drawn target is " + std::to_string(size.x) + "x" + std::to_string(size.y) +
                ", not the frame's viewport";
    if (error) return message("audit not made: " + *error, true);
    audit_ = auditFrame(*ids, editor_.index(), frame);  // no stop: always counts
}

void App::collectViewAudit(bool wait) {
    if (!auditJob_.valid()) return;
    if (!wait && auditJob_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return;
    std::optional<ViewAudit> done = auditJob_.get();
    if (!done) return;  // stopped: its view was no longer shown
    done->heatMap = auditHeatMap(done->counts.classes, done->counts.size);
    viewAudit_ = std::move(done);
}

void App::stopViewAuditUnlessOf(const AuditedView& view) {
    if (auditJob_.valid() && !(ui_.pickAudit && auditJobOf_ == view)) auditStop_.request_stop();
}

void App::updateViewAudit(bool drawable, const render::FrameView& view, const render::DrawStyle& style,
                          const FrameMatrices& frame) {
    heatMapShown_ = false;
    collectViewAudit(false);
    const AuditedView now{editor_.revision(), view, ui_.analyticRenderer};
    // An audit of a view no longer shown (or with the toggle off) could never be shown: it stops
    // within a band of rows (cpuPicks), rather than take all cores to its end.
    stopViewAuditUnlessOf(now);
    if (!ui_.pickAudit) return;
    // The heat map of a moving view (an approximate frame) or of an edited scene would lie over
    // a different picture: not shown until this view's audit is done.
    const bool still = drawable && !style.approximate;
    if (still && !(viewAudit_ && viewAudit_->of == now)) {
        // One audit at a time (they take all cores): a worker on an older view finishes first.
        if (auditJob_.valid() && !(auditJobOf_ == now) && (options_.headless || screenshot_)) collectViewAudit(true);
        if (!auditJob_.valid()) {
            std::optional<std::string> error;
            auto ids = drawObjectIds(true, view, style, error);
            if (!ids || renderer_.drawnSize() != view.drawableSize) return;
            auditJobOf_ = now;
            auditStop_ = std::stop_source();
            auditJob_ = std::async(std::launch::async,
                                   [ids = std::move(*ids), index = editor_.index(), frame, now,
                                    stop = auditStop_.get_token()]() -> std::optional<ViewAudit> {
                                       const auto start = std::chrono::steady_clock::now();
                                       std::optional<AuditCounts> counts = auditFrame(ids, index, frame, stop);
                                       if (!counts) return std::nullopt;
                                       return ViewAudit{now, std::move(*counts), millisecondsSince(start), {}};
                                   });
        }
        // A script's pictures must not depend on the machine's speed, and a screenshot shows the
        // view's heat map: both wait for it.
        if (auditJobOf_ == now && (options_.headless || screenshot_)) collectViewAudit(true);
    }
    heatMapShown_ = still && viewAudit_ && viewAudit_->of == now && !viewAudit_->heatMap.empty();
}

int App::screenshotScale(glm::ivec2 drawable) {
    const int n = options_.supersample;
    if (n <= 1 || renderer_.canDrawAt(drawable * n)) return n;
    // Refused: the screenshot is not saved (the script says so), the program goes on.
    const glm::ivec2 max = renderer_.maxTargetSize();
    const glm::ivec2 wanted = drawable * n;
    screenshotError_ = "--supersample " + std::to_string(n) + " needs a " + std::to_string(wanted.x) + "x" +
                       std::to_string(wanted.y) + " target, larger than the GPU's largest render target (" +
                       std::to_string(max.x) + "x" + std::to_string(max.y) + ")";
    screenshot_.reset();
    message("screenshot not saved: " + *screenshotError_, true);
    return 1;
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
    return std::visit(scene::Overloaded{
                          [&](const EditorCommand& c) { return applyToEditor(c); },
                          [&](const WindowCommand& c) { return std::visit([&](const auto& w) { return run(w); }, c); },
                      },
                      command);
}

bool App::applyToEditor(const EditorCommand& command) {
    // A drag holds an object's index: it ends where indices change or the scene is replaced.
    if (std::holds_alternative<command::Delete>(command) || std::holds_alternative<command::DeleteSelection>(command) ||
        std::holds_alternative<command::Load>(command) || std::holds_alternative<command::Generate>(command) ||
        std::holds_alternative<command::Undo>(command) || std::holds_alternative<command::Redo>(command))
        view_.cancelDrag();
    if (recorded_ && !replayed_) recorded_->commands.push_back(withAbsolutePaths(command));
    const Editor::Outcome outcome = editor_.apply(command);
    if (!outcome.message.empty()) message(outcome.message, outcome.refused);
    else if (!outcome.refused)
        std::erase_if(ui_.toasts, [](const Toast& t) { return t.isError; });  // a later success clears an old error
    if (!outcome.refused) {
        if (const auto* load = std::get_if<command::Load>(&command)) remember(load->path);
        if (const auto* save = std::get_if<command::Save>(&command)) remember(save->path);
    }
    // "Save first" (and Quit's "Save as...") through Save as: what was asked goes on once that save
    // went through; a failed save keeps the scene and asks nothing more.
    if (std::holds_alternative<command::Save>(command) && ui_.afterSave) {
        const Command next = *ui_.afterSave;
        ui_.afterSave.reset();
        if (!outcome.refused) apply(next);
    }
    return !outcome.refused;
}

bool App::run(const command::Open& c) {
    if (c.onlyIfSaved && editor_.unsaved()) return false;  // "Save first" whose save failed
    if (!editor_.unsaved()) return applyToEditor(command::Load{c.path});
    ui_.confirmDiscard = c.path;  // asked first; the answer comes back as a Load
    return true;
}

bool App::run(const command::SaveAs& c) {
    std::error_code error;
    if (!std::filesystem::exists(c.path, error)) return applyToEditor(command::Save{c.path});
    ui_.confirmOverwrite = c.path;  // asked first; the answer comes back as a Save
    return true;
}

bool App::run(const command::Screenshot& c) {
    if (recorded_) recorded_->screenshot = c.withUi;  // a replay takes it too, where it says
    screenshot_ = ScreenshotRequest{timestampedScreenshotPath(), c.withUi};
    return true;  // taken at the end of this frame
}

bool App::run(const command::ToggleUi&) {
    options_.hideUi = !options_.hideUi;
    panelsHiddenByUser_ = options_.hideUi && !options_.headless;  // a script's pictures show no hint
    return true;
}

bool App::run(const command::ToggleHelp&) {
    ui_.showHelp = !ui_.showHelp;
    return true;
}

bool App::run(const command::Quit& c) {
    if (c.onlyIfSaved && editor_.unsaved()) return false;  // "Save and quit" whose save failed
    if (!c.force && editor_.unsaved() && !options_.headless) ui_.confirmQuit = true;
    else running_ = false;
    return true;
}

bool App::run(const command::ForgetMissingRecent&) {
    recent_.removeMissing();
    if (const auto file = recentFilesPath(); file && !options_.headless) recent_.save(*file);
    return true;
}

// ---- recording and replaying a session ----------------------------------------------------------

SessionSettings App::settings() const {
    return SessionSettings{ui_.gizmoMode,     ui_.gizmoSpace,  ui_.pickAudit,        ui_.mathPanel,
                           ui_.constructions, ui_.mathOfHover, ui_.analyticRenderer, ui_.fxaa,
                           ui_.naiveRay,      ui_.showHelp,    options_.hideUi,      ui_.observer};
}

void App::applySettings(const SessionSettings& s) {
    ui_.gizmoMode = s.gizmoMode;
    ui_.gizmoSpace = s.gizmoSpace;
    ui_.pickAudit = s.pickAudit;
    ui_.mathPanel = s.mathPanel;
    ui_.constructions = s.constructions;
    ui_.mathOfHover = s.mathOfHover;
    ui_.analyticRenderer = s.analyticRenderer;
    ui_.fxaa = s.fxaa;
    ui_.naiveRay = s.naiveRay;
    ui_.showHelp = s.showHelp;
    options_.hideUi = s.hideUi || keepUiHidden_;
    ui_.observer = s.observer;
}

SessionStart App::sessionStart() const {
    const std::string& document = editor_.documentPath();
    return SessionStart{editor_.scene(), document.empty() ? "" : absolutePath(document), platform_.windowSize(),
                        editor_.selection(), settings()};
}

void App::startFrom(const SessionStart& start) {
    for (const std::size_t i : start.selection) editor_.select(i, true);
    keepUiHidden_ = options_.hideUi;  // --hide-ui on the replay's command line: pictures of the view alone
    applySettings(start.settings);
}

void App::recordSession(SessionWriter* writer) {
    sessionOut_ = writer;
    recordingStart_ = std::chrono::steady_clock::now();
    recordedWindow_ = platform_.windowSize();
    recordedSettings_ = settings();
    recordedObserver_.reset();
}

void App::beginRecordedFrame() {
    recorded_.reset();
    if (!sessionOut_) return;
    recorded_ = SessionFrame{};
    recorded_->seconds = millisecondsSince(recordingStart_) / 1000.0;
    if (const glm::ivec2 now = platform_.windowSize(); now != recordedWindow_ && glm::min(now.x, now.y) > 0)
        recordedWindow_ = *(recorded_->windowSize = now);
}

void App::endRecordedFrame() {
    if (!recorded_) return;
    if (const SessionSettings now = settings(); now != recordedSettings_)
        recordedSettings_ = *(recorded_->settings = now);
    SessionFrame frame = std::move(*recorded_);
    recorded_.reset();
    const bool happened = frame.windowSize || !frame.events.empty() || frame.cameraMove || !frame.commands.empty() ||
                          frame.settings || frame.observerCamera || frame.screenshot;
    if (!happened || sessionOut_->add(frame)) return;
    message("recording stopped: " + sessionOut_->error().value_or("could not write the session"), true);
    sessionOut_ = nullptr;
}

void App::replayFrame(const SessionFrame& frame) {
    replayed_ = &frame;
    this->frame();
    replayed_ = nullptr;
}

// ---- measuring and pictures ---------------------------------------------------------------------

bool App::screenshot(const std::string& path, bool withUi) {
    screenshot_ = ScreenshotRequest{path, withUi};
    frame();
    return !screenshotError_;
}

bool App::idBuffer(const std::string& path) {
    idBuffer_ = path;
    frame();
    return !idBufferError_;
}

std::optional<AuditCounts> App::audit() {
    auditRequested_ = true;
    frame();
    return audit_;
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

}  // namespace pickray::app

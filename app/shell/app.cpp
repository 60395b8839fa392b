// SPDX-License-Identifier: MIT
#include "shell/app.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>

#include "panels/observer_label.hpp"
#include "shell/sdl_events.hpp"
#include "shell/ui_settings.hpp"

namespace pickray::app {
namespace {

using Clock = std::chrono::steady_clock;

double seconds(Clock::time_point t) { return std::chrono::duration<double>(t.time_since_epoch()).count(); }
double secondsNow() { return seconds(Clock::now()); }

}  // namespace

App::App(const Options& options, scene::Scene scene, const std::string& scenePath, const DataPaths& data,
         std::ostream& out, std::ostream& err)
    : options_(options),
      messages_(out, err),
      platform_("pickray", options_.size, options_.headless),
      imgui_(platform_.window(), platform_.context()),
      renderer_(data.shaders),
      editor_(std::move(scene)),
      painter_({editor_, view_, ui_, drawnPanels_, renderer_, captures_, performance_, say()}, options_.headless),
      captures_(options_.supersample, say()),
      files_(data.defaultScene, options_.headless),
      commands_({editor_, view_, ui_, files_, captures_, recorder_, input_, messages_, options_.hideUi},
                options_.headless),
      sessions_({editor_, ui_, options_.hideUi, recorder_}),
      status_(options_.statusPath, say()) {
    performance_.glDebugOutput = renderer_.debugOutputInstalled();
    renderer_.useOwnWindowFramebuffer(options_.headless);
    applyOptions(ui_, options_, ImGuiLayer::displayScale(platform_.window()));
    painter_.observer().setFraming(observerFraming(options_));
    imgui_.useFixedClock(options_.headless);
    if (!options_.generate) editor_.setDocumentPath(scenePath);
}

void App::runUntilClosed() {
    int framesLeft = -1;  // frames still to draw after the last awaited click, so its pick shows
    const auto enoughClicks = [&] {
        return options_.quitAfterClicks > 0 &&
               view_.clicks().size() >= static_cast<std::size_t>(options_.quitAfterClicks);
    };
    while (commands_.running() && framesLeft != 0) {
        const double start = secondsNow();
        const FrameDone done = runFrame();
        if (framesLeft > 0) --framesLeft;
        else if (enoughClicks()) framesLeft = 2;
        // Then sleep until something may change the picture (frame_pacing.hpp).
        const double wait = pacer_.waitAfter({done.events > 0, framesLeft > 0, secondsUntilPictureChanges()});
        const Redraw& redraw = performance_.lastRedraw;
        status_.frameDone({performance_.framesRun, done.events, wait, title(), done.redrawn, redraw.approximate,
                           redraw.sinceCameraMoved, secondsNow(), done.audit, ui_.gizmoShown});
        Platform::waitForEvents(FramePacer::capDelay(secondsNow() - start), wait);
    }
}

double App::secondsUntilPictureChanges() const {
    // ImGui's caret blinks (0.8 s shown, 0.4 s hidden): looked at ten times a second while editing.
    constexpr double kCaretStepSeconds = 0.1;
    double soonest = std::min(secondsUntilToastsChange(ui_.toasts, imgui_.time()),
                              painter_.secondsUntilChange(view_.cameraMoving()));
    if (imgui_.editingText()) soonest = std::min(soonest, kCaretStepSeconds);
    return soonest;
}

App::FrameDone App::runFrame() {
    const Clock::time_point start = Clock::now();
    ++performance_.framesRun;
    recorder_.beginFrame(start, platform_.windowSize());
    std::size_t delivered = 0;
    const std::vector<InputEvent> events = pollEvents(delivered);
    ui_.scale = imgui_.useScale(ui_.scale);  // View > UI scale
    imgui_.newFrame(platform_.window());
    // With the panels hidden ImGui still draws what must be answered (the file browser, a
    // question before something is lost), and has the mouse and keys only while it does.
    const bool mouseOnUi = input_.mouseOnUi(imgui_.wantsMouse());
    // The panels first (they show the last frame's pick), then their commands and the keys' (a
    // replayed frame's commands and settings in their place), then the view: everything below
    // uses the matrices this frame is drawn with.
    const std::string audit = runPanels(events);
    if (!input_.replaying()) applyShortcuts();
    for (const EditorCommand& c : input_.commands()) commands_.applyToEditor(c);
    sessions_.apply(input_.settings());
    const ViewFrame viewFrame{platform_.windowSize(), platform_.drawableSize(), mouseOnUi,          ui_.gizmoMode,
                              ui_.gizmoSpace,         ui_.gizmoShown,           input_.cameraMove()};
    const SceneView::Update update = view_.update(viewFrame, editor_, performance_);
    recorder_.mouseOnUi(mouseOnUi);
    recorder_.cameraMove(update.cameraMove);
    for (const std::string& error : update.errors) message(error, true);
    const bool redrawn =
        painter_.draw(update.matrices, platform_.windowSize(), platform_.drawableSize(), timing_ == Timing::Measuring);
    painter_.drawOver(platform_.windowSize(), platform_.drawableSize());
    imgui_.renderUnderPanels();
    captures_.takeUnderPanels(renderer_, platform_.drawableSize());
    imgui_.renderPanels();
    present(seconds(start), redrawn);
    return {delivered, redrawn, audit};
}

std::vector<InputEvent> App::pollEvents(std::size_t& delivered) {
    std::vector<InputEvent> window;
    for (SDL_Event event; SDL_PollEvent(&event); ++delivered) {
        imgui_.processEvent(event);
        if (auto e = toInputEvent(event)) window.push_back(*e);
    }
    const auto closed = [](const InputEvent& e) { return std::holds_alternative<event::Close>(e); };
    const bool close = std::any_of(window.begin(), window.end(), closed);
    const std::vector<InputEvent> events = input_.events(std::move(window));
    recorder_.events(events);
    if (close) apply(command::Quit{});  // the window's close button: asks if there is unsaved work
    // The mouse over the observer is its own (it never picks).
    ObserverView& observer = painter_.observer();
    const auto forView = observer.take(events, ui_.observer, observerInset(ui_, platform_.windowSize()),
                                       platform_.windowSize(), editor_.scene());
    if (const auto& camera = input_.observerCamera()) observer.setCamera(*camera);
    if (observer.placed()) recorder_.observerCamera(observer.observer().camera());
    view_.receive(forView, editor_);
    return events;
}

std::string App::runPanels(const std::vector<InputEvent>& events) {
    std::vector<KeyChord> keys;
    for (const InputEvent& e : events)
        if (const auto* key = std::get_if<event::KeyDown>(&e)) keys.push_back(key->chord);
    const auto isDirectory = [](const std::string& path) {
        std::error_code error;
        return std::filesystem::is_directory(path, error);
    };
    // The heat map the last frame showed (none while it is hidden).
    const AuditStatus audit{painter_.audit().counts(), painter_.audit().milliseconds(), painter_.audit().running()};
    const UiView view{editor_.scene(),
                      editor_.selection(),
                      editor_.lastPick(),
                      editor_.hover(),
                      platform_.windowSize(),
                      performance_,
                      editor_.history(),
                      editor_.unsaved(),
                      files_.recent(),
                      files_.savablePath(editor_),
                      files_.listing(ui_.fileDialog),
                      keys,
                      isDirectory,
                      commands_.hiddenByUser(),
                      pathExists,
                      editor_.revision(),
                      audit};
    for (const Command& c : buildUi(ui_, view, !options_.hideUi, drawnPanels_)) apply(c);
    if (!ui_.pickAudit) return "off";
    if (audit.counts) return "shown";
    return audit.running ? "running" : "waiting";
}

void App::applyShortcuts() {
    if (imgui_.wantsKeyboard()) return;  // a text field or a drag of ImGui's has the keys
    const ShortcutContext context{editor_.documentPath(), files_.savablePath(editor_), platform_.windowSize()};
    for (const Action action : view_.shortcuts())
        if (const std::optional<Command> command = commandFor(action, ui_, context)) apply(*command);
}

void App::present(double startSeconds, bool redrawn) {
    captures_.takeWindow(renderer_, platform_.drawableSize());
    platform_.swap();
    files_.showTitle(platform_.window(), editor_);
    if (auto error = recorder_.endFrame(sessions_.settings())) message(*error, true);
    const render::GlProblems gl = renderer_.takeGlProblems(messages_.err());
    performance_.glErrors += gl.errors;
    performance_.glWarnings += gl.warnings;
    if (timing_ == Timing::Measured) return;
    performance_.frameMs = (secondsNow() - startSeconds) * 1000.0;
    if (redrawn) performance_.redrawMs = performance_.frameMs;
}

// ---- a replayed frame, timed frames --------------------------------------------------------------

void App::replayFrame(const SessionFrame& frame) {
    input_.replay(&frame);
    this->frame();
    input_.replay(nullptr);
}

void App::measureFrames() {
    // The median of a few real redraws, each waited for: a software rasteriser draws after the
    // frame's calls return, so an unwaited frame would time only the CPU side.
    constexpr int kFrames = 5;
    timing_ = Timing::Measuring;
    std::vector<double> ms;
    for (int i = 0; i < kFrames; ++i) {
        const double start = secondsNow();
        frame();
        renderer_.finish();
        ms.push_back((secondsNow() - start) * 1000.0);
    }
    std::sort(ms.begin(), ms.end());
    performance_.frameMs = performance_.redrawMs = ms[ms.size() / 2];
    timing_ = Timing::Measured;
}

}  // namespace pickray::app

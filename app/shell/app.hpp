// SPDX-License-Identifier: MIT
#pragma once
// The shell: the window and GL (Platform), the ImGui layer, the renderer, and the parts it runs
// one frame at a time, top to bottom (app.cpp): the document (Editor), the view and the hand on
// it (SceneView), the panels (ui.hpp). It applies the commands they return: the editor's to the
// Editor, the window's itself. Scripts drive it from outside (script.cpp), with SDL events, as a
// hand on the mouse would.

#include <chrono>
#include <filesystem>
#include <future>
#include <optional>
#include <ostream>
#include <stop_token>
#include <string>
#include <vector>

#include <glm/vec2.hpp>

#include "cli/cli.hpp"
#include "editor/audit.hpp"
#include "editor/commands.hpp"
#include "editor/editor.hpp"
#include "editor/files.hpp"
#include "input/input_events.hpp"
#include "panels/ui.hpp"
#include "render/renderer.hpp"
#include "session/session.hpp"
#include "shell/frame_pacing.hpp"
#include "shell/gif.hpp"
#include "shell/imgui_layer.hpp"
#include "shell/platform.hpp"
#include "viewport/constructions.hpp"
#include "viewport/observer.hpp"
#include "viewport/performance.hpp"
#include "viewport/scene_view.hpp"

namespace pickray::app {

class App {
public:
    /// Opens the window, loads the shaders from `data` and takes the scene (throws
    /// std::runtime_error with a message when the window, GL or a shader cannot be had). Messages
    /// for the user go to `out`, errors to `err`.
    App(const Options& options, scene::Scene scene, const std::string& scenePath, const DataPaths& data,
        std::ostream& out, std::ostream& err);
    /// Stops an audit under way on the worker (View > Pick audit) and waits for it: a band of rows.
    ~App();

    /// Frames until the window is closed (or --quit-after-clicks clicks were made), each drawn
    /// only when something may have changed: between them it sleeps (frame_pacing.hpp).
    void runUntilClosed();
    /// One frame: events, panels, keys, the view (camera, mouse, hover), drawing.
    void frame();

    /// Applies `command` as the panels would and tells the user what came of it; false when it
    /// was refused (a question asked first counts as done).
    bool apply(const Command& command);
    /// Saves the next frame as a PNG (with the ImGui windows when `withUi`); false on failure.
    bool screenshot(const std::string& path, bool withUi);
    /// Draws the next frame and saves its scene's object IDs as a PNG (writeIdBuffer); false on
    /// failure.
    bool idBuffer(const std::string& path);
    /// Draws the next frame and audits its object IDs against the CPU's pick (editor/audit.hpp);
    /// nullopt on failure (said in a message).
    std::optional<AuditCounts> audit();
    /// --record-gif: each frame drawn from now on (the window as shown) is added to `frames`
    /// (addGifFrame); nullptr stops.
    void recordFrames(GifFrames* frames) { recording_ = frames; }
    /// --record-input: from now on each frame in which something happens is added to `writer`
    /// (session.hpp); nullptr stops. A writer that fails is said once and dropped.
    void recordSession(SessionWriter* writer);
    /// The document, window and view settings now: where a recording starts.
    [[nodiscard]] SessionStart sessionStart() const;
    /// --replay: the start's selection and view settings (its scene is the App's from the start).
    void startFrom(const SessionStart& start);
    /// --replay: one frame whose input is `frame`'s instead of the window's (its positions already
    /// in this window's pixels): the views get its events, its camera move and its commands, and
    /// the panels' own commands are dropped. The window's close button still quits.
    void replayFrame(const SessionFrame& frame);
    /// False once the window was closed (or Quit applied).
    [[nodiscard]] bool running() const { return running_; }
    /// Renders a few more frames, waiting for each to finish, and keeps their median time.
    void measureFrames();
    void provokeGlErrorForTests() { renderer_.provokeGlErrorForTests(); }
    /// A message for the user: a toast in the window, and a line on `out` (errors on `err`),
    /// unless it is the line printed last (a refused value while a field is dragged).
    void message(std::string text, bool isError);
    /// The window's title: the document's file name, "*" when it has unsaved changes.
    [[nodiscard]] std::string title() const;

    [[nodiscard]] std::ostream& out() { return out_; }
    [[nodiscard]] std::ostream& err() { return err_; }
    [[nodiscard]] SDL_Window* window() const { return platform_.window(); }
    [[nodiscard]] glm::ivec2 windowSize() const { return platform_.windowSize(); }
    [[nodiscard]] Editor& editor() { return editor_; }
    [[nodiscard]] const Editor& editor() const { return editor_; }
    [[nodiscard]] const SceneView& view() const { return view_; }
    [[nodiscard]] const UiState& ui() const { return ui_; }
    /// What the panels drew in the last frame: each window, menu and tooltip, the outliner's rows.
    [[nodiscard]] const DrawnPanels& drawnPanels() const { return drawnPanels_; }
    [[nodiscard]] float uiScale() const { return imgui_.scale(); }
    [[nodiscard]] bool panelsShown() const { return !options_.hideUi; }
    [[nodiscard]] Performance& performance() { return performance_; }
    /// The observer's view (issue 28): its camera, and what the last frame drew of the main
    /// camera's frustum (none while the observer is off).
    [[nodiscard]] const Observer& observer() const { return observer_; }
    [[nodiscard]] const std::optional<FrustumOutline>& observedFrustum() const { return observedFrustum_; }

private:
    struct ScreenshotRequest {
        std::string path;
        bool withUi;
    };
    /// What the scene in the renderer's target was drawn from; a frame with the same inputs only
    /// presents it again (the UI stays responsive while a 100k-object redraw is slow).
    struct DrawnScene {
        std::uint64_t revision = 0;
        render::FrameView view;
        render::DrawStyle style;
        render::DebugDraw debug;
        bool analytic = false;  ///< the renderer (View > Analytic renderer)
        bool fxaa = true;       ///< View > Anti-aliasing (FXAA)
        /// The observer's view drawn with it (Renderer::drawSecondView), and where it is shown.
        struct Second {
            render::FrameView view;
            render::DebugDraw debug;
            render::InsetLayout layout;
            bool operator==(const Second&) const = default;
        };
        std::optional<Second> observer;
        bool operator==(const DrawnScene&) const = default;
    };

    // The steps of frame(), in order.
    [[nodiscard]] std::vector<InputEvent> pollEvents();
    void runPanels(const std::vector<InputEvent>& events);
    void applyShortcuts();
    /// Returns whether the scene was drawn anew (rather than the last one presented again).
    bool drawScene(const FrameMatrices& frame);
    /// The observer's view of this frame (none while it is off or the window has no pixels), and
    /// observedFrustum_ with it.
    [[nodiscard]] std::optional<DrawnScene::Second> observerView(const FrameMatrices& frame);
    /// When the picture changes by itself (a toast's fade, the caret's blink), in seconds.
    [[nodiscard]] double secondsUntilPictureChanges() const;
    /// The camera stopped moving a moment ago (in a window): the view is still drawn approximate.
    [[nodiscard]] bool settling() const;
    void saveRequestedScreenshot(glm::ivec2 drawable);
    /// The screenshot's --supersample factor at this drawable; one the GPU cannot draw refuses the
    /// screenshot (a message, screenshotError_) and gives 1.
    int screenshotScale(glm::ivec2 drawable);
    /// The object IDs of the scene alone, drawn exact (the ID buffer's and the audit's); nullopt
    /// with `error` set when the window has no pixels to draw.
    std::optional<std::vector<std::uint32_t>> drawObjectIds(bool drawable, const render::FrameView& view,
                                                            render::DrawStyle style, std::optional<std::string>& error);
    void saveRequestedIdBuffer(bool drawable, const render::FrameView& view, render::DrawStyle style);
    void runRequestedAudit(bool drawable, const render::FrameView& view, render::DrawStyle style,
                           const FrameMatrices& frame);
    /// View > Pick audit: audits each still, exact view not audited yet (on a worker thread in a
    /// window; waited for headless and before a screenshot), and decides whether this frame shows
    /// the heat map: only over the view it was made of.
    void updateViewAudit(bool drawable, const render::FrameView& view, const render::DrawStyle& style,
                         const FrameMatrices& frame);
    /// Takes the worker's audit when it has finished (`wait`: waits for it); one of a view no
    /// longer shown is dropped.
    void collectViewAudit(bool wait);

    /// The window's commands, one function each; `apply` gives the editor's to the Editor.
    bool run(const command::Open& c);
    bool run(const command::SaveAs& c);
    bool run(const command::Screenshot& c);
    bool run(const command::ToggleUi& c);
    bool run(const command::ToggleHelp& c);
    bool run(const command::Quit& c);
    bool run(const command::ForgetMissingRecent& c);
    bool applyToEditor(const EditorCommand& command);
    [[nodiscard]] SessionSettings settings() const;
    void applySettings(const SessionSettings& settings);
    /// --record-input: the frame's record starts (a resize, the time) and is written if anything happened.
    void beginRecordedFrame();
    void endRecordedFrame();

    /// The file Save writes without asking: the document's, unless it has none (a generated
    /// scene) or it is the scene shipped with pickray, which Save does not overwrite.
    [[nodiscard]] std::string savablePath() const;
    /// A load or a save went through: the recent files learn of it.
    void remember(const std::string& path);

    Options options_;
    std::ostream& out_;
    std::ostream& err_;
    Platform platform_;
    ImGuiLayer imgui_;
    render::Renderer renderer_;
    Editor editor_;
    SceneView view_;
    UiState ui_;
    std::vector<ScreenLabel> constructionLabels_;  ///< View > Constructions: this frame's labels
    DrawnPanels drawnPanels_;                      ///< what the panels drew in the last frame (the report's)
    std::optional<ScreenshotRequest> screenshot_;
    GifFrames* recording_ = nullptr;              ///< where drawn frames go (--record-gif), or none
    std::optional<std::string> screenshotError_;  ///< why the last requested screenshot failed
    std::optional<std::string> idBuffer_;         ///< where the next frame's object IDs go
    std::optional<std::string> idBufferError_;    ///< why the last requested ID buffer failed
    bool auditRequested_ = false;                 ///< the next frame is audited
    std::optional<AuditCounts> audit_;            ///< the last audit's counts (none: it failed)
    std::optional<DrawnScene> drawn_;
    /// View > Pick audit: what an audit of the view was made of (a different one is out of date).
    struct AuditedView {
        std::uint64_t revision = 0;
        render::FrameView view;
        bool analytic = false;  ///< the renderer the ID buffer was drawn with
        bool operator==(const AuditedView&) const = default;
    };
    struct ViewAudit {
        AuditedView of;
        AuditCounts counts;
        double ms = 0.0;
        std::vector<render::ScreenRect> heatMap;  ///< auditHeatMap of its classes
    };
    /// Stops the worker's audit unless it is of `view` with View > Pick audit on (its result could
    /// never be shown): it ends within a band of rows and gives nothing.
    void stopViewAuditUnlessOf(const AuditedView& view);

    std::optional<ViewAudit> viewAudit_;  ///< the last finished audit of the view
    /// The audit under way on a worker thread (its result owns everything it reads: a copy of the
    /// index, the matrices, the ID buffer). A future of std::async: the App's end waits for it,
    /// having stopped it first (~App). Nothing when it was stopped.
    std::future<std::optional<ViewAudit>> auditJob_;
    AuditedView auditJobOf_;
    std::stop_source auditStop_;  ///< the worker's audit's stop (a new one for each)
    bool heatMapShown_ = false;   ///< this frame draws viewAudit_'s heat map over the view
    bool forceRedraw_ = false;    ///< measureFrames: time real redraws
    Performance performance_;
    Observer observer_;                              ///< the observer's camera and the mouse on it
    bool observerPlaced_ = false;                    ///< its camera was placed (the first time it was shown)
    std::optional<FrustumOutline> observedFrustum_;  ///< what the observer drew last frame
    bool measured_ = false;                          ///< performance_.frameMs is a measured median (headless report)
    bool running_ = true;
    bool hadEvents_ = false;  ///< the last frame received an SDL event
    FramePacer pacer_;
    // --record-input and --replay (session.hpp).
    SessionWriter* sessionOut_ = nullptr;   ///< where recorded frames go, or none
    std::optional<SessionFrame> recorded_;  ///< this frame, as it is being recorded
    std::chrono::steady_clock::time_point recordingStart_;
    glm::ivec2 recordedWindow_{0};                   ///< the window size last recorded
    SessionSettings recordedSettings_;               ///< the view settings last recorded
    std::optional<scene::Camera> recordedObserver_;  ///< the observer's camera last recorded
    const SessionFrame* replayed_ = nullptr;         ///< the frame being replayed, or none
    bool keepUiHidden_ = false;                      ///< a replay with --hide-ui: its settings do not show the panels
    std::optional<std::chrono::steady_clock::time_point> cameraMovedAt_;  ///< the last frame the camera moved in
    /// H hid the panels in a window of the user's (not a script): the view says how to get them back.
    bool panelsHiddenByUser_ = false;
    glm::ivec2 refusedDrawable_{-1};      ///< the drawable size last refused as too large (said once)
    std::filesystem::path bundledScene_;  ///< the scene shipped with pickray (Save does not overwrite it)
    RecentFiles recent_;
    Listing listing_;          ///< the file browser's directory, listed when it changes
    std::string lastPrinted_;  ///< the last message printed (not printed twice in a row)
    std::string shownTitle_;   ///< the window title set last
};

}  // namespace pickray::app

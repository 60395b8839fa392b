// SPDX-License-Identifier: MIT
#pragma once
// The frame owner: it holds the window, ImGui, the renderer and one object per feature, and wires
// them one frame at a time (app.cpp). Scripts drive it from outside (script.cpp) with SDL events,
// as a hand on the mouse would.

#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "cli/cli.hpp"
#include "editor/editor.hpp"
#include "panels/ui.hpp"
#include "session/recorder.hpp"
#include "shell/captures.hpp"
#include "shell/command_runner.hpp"
#include "shell/document_files.hpp"
#include "shell/frame_pacing.hpp"
#include "shell/imgui_layer.hpp"
#include "shell/messages.hpp"
#include "shell/platform.hpp"
#include "shell/session_link.hpp"
#include "shell/status_file.hpp"
#include "shell/view_painter.hpp"
#include "viewport/scene_view.hpp"

namespace pickray::app {

class App {
public:
    /// Opens the window, loads the shaders from `data` and takes the scene (std::runtime_error
    /// when the window, GL or a shader cannot be had). Messages go to `out`, errors to `err`.
    App(const Options& options, scene::Scene scene, const std::string& scenePath, const DataPaths& data,
        std::ostream& out, std::ostream& err);

    /// Frames until the window is closed (or --quit-after-clicks clicks were made), sleeping
    /// between them while nothing changes (frame_pacing.hpp).
    void runUntilClosed();
    /// One frame: input, panels, keys, the view (camera, mouse, hover), drawing, captures.
    void frame() { (void)runFrame(); }
    /// Applies `command` as the panels would and says what came of it; false when refused (a
    /// question asked first counts as done).
    bool apply(const Command& command) { return commands_.apply(command); }
    /// A message for the user: a toast, and a line on `out` (errors on `err`) unless it is the
    /// line printed last (a refused value while a field is dragged).
    void message(std::string text, bool isError) { messages_.say(ui_, std::move(text), isError); }
    [[nodiscard]] Messages& messages() { return messages_; }

    /// What the next frames save: screenshots, object IDs, audits, GIF frames.
    [[nodiscard]] Captures& captures() { return captures_; }
    /// Renders a few more frames, waiting for each to finish, and keeps their median time.
    void measureFrames();

    /// --record-input and --replay's start.
    [[nodiscard]] SessionLink& sessions() { return sessions_; }
    /// --replay: one frame whose input is `frame`'s (FrameInput); the close button still quits.
    void replayFrame(const SessionFrame& frame);

    [[nodiscard]] bool running() const { return commands_.running(); }
    [[nodiscard]] std::string title() const { return DocumentFiles::title(editor_); }
    [[nodiscard]] SDL_Window* window() const { return platform_.window(); }
    [[nodiscard]] glm::ivec2 windowSize() const { return platform_.windowSize(); }
    [[nodiscard]] glm::ivec2 drawableSize() const { return platform_.drawableSize(); }
    [[nodiscard]] Editor& editor() { return editor_; }
    [[nodiscard]] const Editor& editor() const { return editor_; }
    [[nodiscard]] const SceneView& view() const { return view_; }
    [[nodiscard]] const UiState& ui() const { return ui_; }
    /// What the panels drew in the last frame: each window, menu and tooltip, the outliner's rows.
    [[nodiscard]] const DrawnPanels& drawnPanels() const { return drawnPanels_; }
    [[nodiscard]] float uiScale() const { return imgui_.scale(); }
    [[nodiscard]] bool panelsShown() const { return !options_.hideUi; }
    [[nodiscard]] Performance& performance() { return performance_; }
    [[nodiscard]] const Observer& observer() const { return painter_.observer().observer(); }
    [[nodiscard]] ObserverView& observerView() { return painter_.observer(); }
    /// What the last frame drew of the main camera's frustum (none while the observer is off).
    [[nodiscard]] const std::optional<FrustumOutline>& observedFrustum() const { return painter_.observer().frustum(); }
    void provokeGlErrorForTests() { renderer_.provokeGlErrorForTests(); }

private:
    /// What a frame did that the pacer and --status need.
    struct FrameDone {
        std::size_t events = 0;  ///< SDL events delivered in it (after any, the pacer draws a few frames more)
        bool redrawn = false;    ///< the scene drawn anew
        std::string audit;       ///< what the Pick audit panel showed (FrameStatus::audit)
    };
    FrameDone runFrame();
    /// The window's events; `delivered` counts them all (an expose or a focus change too).
    [[nodiscard]] std::vector<InputEvent> pollEvents(std::size_t& delivered);
    /// Builds the panels; says what the Pick audit panel showed.
    std::string runPanels(const std::vector<InputEvent>& events);
    void applyShortcuts();
    void present(double startSeconds, bool redrawn);
    /// message(), for the parts that tell the user something.
    [[nodiscard]] Say say() {
        return [this](std::string text, bool e) { message(std::move(text), e); };
    }
    /// When the picture changes by itself (toasts, the caret, an audit's end, the view settling).
    [[nodiscard]] double secondsUntilPictureChanges() const;

    Options options_;
    Messages messages_;
    Platform platform_;
    ImGuiLayer imgui_;
    render::Renderer renderer_;
    Editor editor_;
    SceneView view_;
    UiState ui_;
    DrawnPanels drawnPanels_;
    ViewPainter painter_;
    Captures captures_;
    DocumentFiles files_;
    FrameInput input_;          ///< the window's, or a replayed frame's
    SessionRecorder recorder_;  ///< --record-input
    CommandRunner commands_;
    SessionLink sessions_;
    Performance performance_;
    FramePacer pacer_;
    StatusFile status_;  ///< --status
    /// measureFrames: real redraws are timed, then their median kept as the frame's time.
    enum class Timing { EachFrame, Measuring, Measured } timing_ = Timing::EachFrame;
};

}  // namespace pickray::app

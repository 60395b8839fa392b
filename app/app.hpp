// SPDX-License-Identifier: MIT
#pragma once
// The application: the window and GL (Platform), the ImGui layer, the renderer and the Editor
// (the scene and all that points into it), run one frame at a time. The frame reads top to bottom
// (app.cpp); the mouse in the view is app_mouse.cpp; scripts drive the public operations below
// (script.cpp), through the same paths as a hand on the mouse.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "cli.hpp"
#include "commands.hpp"
#include "editor.hpp"
#include "files.hpp"
#include "imgui_layer.hpp"
#include "input.hpp"
#include "performance.hpp"
#include "pick.hpp"
#include "platform.hpp"
#include "render/renderer.hpp"
#include "report.hpp"
#include "shortcuts.hpp"
#include "ui.hpp"

namespace pickray::app {

/// How far (window pixels, along either axis) the cursor must go from a left press before the
/// press is a drag: within it a release is a click, and nothing moves. Windows' default (SM_CXDRAG).
inline constexpr int kDragThreshold = 4;

class App {
public:
    /// Opens the window, loads the shaders from `data` and takes the scene (throws
    /// std::runtime_error with a message when the window, GL or a shader cannot be had). Messages
    /// for the user go to `out`, errors to `err`.
    App(const Options& options, scene::Scene scene, const std::string& scenePath, const DataPaths& data,
        std::ostream& out, std::ostream& err);

    /// Until the window is closed (or --quit-after-clicks), then the command line's --screenshot,
    /// --save and --report. Returns the exit code.
    int runInteractive();

    // One frame: events, panels, camera, mouse, drawing.
    void frame();

    // What a script does, as a user would.
    void click(glm::ivec2 at);
    /// A button held from one point to the other in four moves (with Ctrl held throughout if `ctrl`).
    void drag(glm::ivec2 from, glm::ivec2 to, MouseButton button = MouseButton::Left, bool ctrl = false);
    /// Presses and releases a key with its modifiers held (SDL's modifier state set, as ImGui's
    /// backend reads it), through SDL's event queue.
    void key(const KeyChord& chord);
    /// Types `text` into whatever has the keyboard (SDL text-input events, as a keyboard makes).
    void type(const std::string& text);
    void hover(glm::ivec2 at);
    /// SDL's window size call, then frames; returns the size the window has then.
    glm::ivec2 resize(glm::ivec2 size);
    void minimizeAndRestore();
    void orbit(glm::vec2 degrees);
    /// Applies `command` as the panels would and tells the user what came of it; false when it
    /// was refused (or, for a screenshot, could not be written).
    bool apply(const Command& command);
    /// Saves the next frame as a PNG (with the ImGui windows when `withUi`); false on failure.
    bool screenshot(const std::string& path, bool withUi);
    /// Renders a few more frames, waiting for each to finish, and keeps their median time.
    void measureFrames();
    /// The report of the clicks so far (report.hpp), with `errors` (the script's failed steps)
    /// and the window as it is now.
    bool writeReport(const std::string& path, const std::vector<std::string>& errors);
    void provokeGlErrorForTests() { renderer_.provokeGlErrorForTests(); }
    /// A message for the user: a toast in the window, and a line on `out` (errors on `err`),
    /// unless it is the line printed last (a refused value while a field is dragged).
    void message(std::string text, bool isError);
    /// The window's title: the document's file name, "*" when it has unsaved changes.
    [[nodiscard]] std::string title() const;

    [[nodiscard]] Editor& editor() { return editor_; }
    [[nodiscard]] Performance& performance() { return performance_; }
    [[nodiscard]] const std::vector<ClickRecord>& clicks() const { return clicks_; }

private:
    /// What a held mouse button is doing (app_mouse.cpp).
    struct Drag {
        /// Pending: a left press not yet kDragThreshold pixels from where it was made.
        enum class Mode { None, Pending, Orbit, Pan, Move, Gizmo } mode = Mode::None;
        glm::ivec2 pressedAt{0};
        bool ctrl = false;
        bool grabbed = false;  ///< pressed on an object: a drag moves it
        /// A Ctrl+press on an object already selected: released in place, it leaves the selection;
        /// dragged, it stays selected and moves.
        bool deselectOnClick = false;
        std::size_t object = 0;
        glm::vec3 planePoint{0.0f};          // the grabbed point, moved with the cursor ...
        glm::vec3 planeNormal{0.0f};         // ... in the plane facing the camera
        std::uint64_t gesture = 0;           ///< the move's undo step
        std::optional<Pick> backgroundPick;  ///< a press on nothing: committed if released in place
        /// A press on a gizmo handle: the gizmo and the ray then, and the selection as it was.
        std::optional<GizmoHandle> handle;
        Gizmo gizmo;
        Ray pressRay;
        std::vector<std::pair<std::size_t, scene::Object>> originals;

        static Drag of(Mode mode) {
            Drag d;
            d.mode = mode;
            return d;
        }
    };
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
        bool operator==(const DrawnScene&) const = default;
    };

    // The steps of frame(), in order.
    void pollEvents();
    void runPanels();
    [[nodiscard]] FrameMatrices moveCamera(bool mouseOnUi);
    /// The file Save writes without asking: the document's, unless it has none (a generated
    /// scene) or it is the scene shipped with pickray, which Save does not overwrite.
    [[nodiscard]] std::string savablePath() const;
    /// A load or a save went through: the recent files learn of it.
    void remember(const std::string& path);
    void handleKeys();                                               // app_keys.cpp
    [[nodiscard]] std::optional<Command> commandFor(Action action);  // app_keys.cpp
    void handleMouse(const FrameMatrices& frame, bool mouseOnUi);    // app_mouse.cpp
    void updateHover(const FrameMatrices& frame, bool mouseOnUi);
    /// Returns whether the scene was drawn anew (rather than the last one presented again).
    bool drawScene(const FrameMatrices& frame);
    void saveRequestedScreenshot(glm::ivec2 drawable);

    void moveDragged(const FrameMatrices& frame);  // app_mouse.cpp
    void dragGizmo(const FrameMatrices& frame);    // app_mouse.cpp
    /// The transform gizmo on the selection in this frame's view (none without a selection).
    [[nodiscard]] std::optional<Gizmo> gizmo(const FrameMatrices& frame) const;  // app_mouse.cpp
    void releasePress();                                                         // app_mouse.cpp
    void pushButton(Uint32 type, glm::ivec2 position, Uint8 button = SDL_BUTTON_LEFT);

    Options options_;
    std::ostream& out_;
    std::ostream& err_;
    Platform platform_;
    ImGuiLayer imgui_;
    render::Renderer renderer_;
    Editor editor_;
    UiState ui_;
    std::vector<ClickRecord> clicks_;
    FrameInput input_;
    glm::ivec2 mouse_{-1};
    Drag drag_;
    std::optional<ScreenshotRequest> screenshot_;
    std::optional<std::string> screenshotError_;  ///< why the last requested screenshot failed
    std::optional<DrawnScene> drawn_;
    bool forceRedraw_ = false;  ///< measureFrames: time real redraws
    Performance performance_;
    bool measured_ = false;  ///< performance_.frameMs is a measured median (headless report)
    bool running_ = true;
    std::optional<GizmoHandle> litHandle_;  ///< the gizmo handle under the cursor (or being dragged)
    glm::ivec2 refusedDrawable_{-1};        ///< the drawable size last refused as too large (said once)
    std::filesystem::path bundledScene_;    ///< the scene shipped with pickray (Save does not overwrite it)
    RecentFiles recent_;
    Listing listing_;          ///< the file browser's directory, listed when it changes
    std::string lastPrinted_;  ///< the last message printed (not printed twice in a row)
    std::string shownTitle_;   ///< the window title set last
};

}  // namespace pickray::app

// SPDX-License-Identifier: MIT
#pragma once
// The application object: owns the platform (window + GL), the ImGui layer, the renderer, the
// scene and all UI/picking state, and runs frames either interactively or from a script.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "cli.hpp"
#include "commands.hpp"
#include "imgui_layer.hpp"
#include "performance.hpp"
#include "pick.hpp"
#include "platform.hpp"
#include "render/renderer.hpp"
#include "report.hpp"
#include "scene/scene.hpp"
#include "scene/scene_index.hpp"
#include "ui.hpp"

namespace pickray::app {

class App {
public:
    /// Opens the window and loads the scene (throws std::runtime_error with a message on failure).
    App(Options options, scene::Scene scene, std::string scenePath);
    /// Interactive loop until the window is closed, or the script of --click/--hover/--screenshot
    /// in headless mode. Returns the process exit code.
    int run();

private:
    /// Mouse input gathered from this frame's events.
    struct FrameInput {
        struct Press {
            Uint8 button;
            glm::ivec2 position;
            bool shift;
            bool ctrl;
        };
        std::vector<Press> presses;
        /// A button came up after this frame's last press: applied after the presses, so a click
        /// whose press and release land in one (slow) frame does not leave a drag going.
        bool releasedAfterPress = false;
        glm::ivec2 motion{0};
        float wheel = 0.0f;
    };
    /// What a held mouse button is doing.
    struct Drag {
        enum class Mode { None, Orbit, Pan, Move } mode = Mode::None;
        std::size_t object = 0;
        glm::vec3 planePoint{0.0f};   // the grabbed point, moved with the cursor ...
        glm::vec3 planeNormal{0.0f};  // ... in the plane facing the camera
    };
    struct ScreenshotRequest {
        std::string path;
        bool withUi;
    };

    void frame();
    void handleEvent(const SDL_Event& event);
    void apply(const Command& command);
    void handleMouse(const FrameMatrices& frame, bool mouseOnUi);
    void moveDragged(const FrameMatrices& frame);
    /// After one object changed: refit the index (no rebuild), then re-pick.
    void objectChanged(std::size_t object);
    /// After objects were added, removed or replaced: rebuild the index, then re-pick.
    void objectsChanged();
    /// Replaces the whole scene (load, generate): clears selection, pick and drag.
    void replaceScene(scene::Scene scene);
    /// Renders a few more frames, waiting for each to finish, and keeps their median time.
    void measureFrames();
    void select(std::optional<std::size_t> object, bool additive);
    [[nodiscard]] render::DebugDraw debugDraw(const FrameMatrices& frame) const;
    void saveScreenshot(const ScreenshotRequest& request, glm::ivec2 drawable);
    void message(std::string text, bool isError);
    int runScript();
    /// Clicks, drags, selection, duplicate/delete and loads: what --repeat repeats.
    void runScriptRound();
    /// --resize / --minimize through SDL's window calls, with frames drawn after each.
    void applyWindowStep(const WindowStep& step);
    /// Writes --screenshot (from one more frame), --save and --report; returns the exit status.
    int finish();
    void injectClick(glm::ivec2 position);
    void injectDrag(glm::ivec2 from, glm::ivec2 to);
    void pushButton(Uint32 type, glm::ivec2 position);

    Options options_;
    Platform platform_;
    ImGuiLayer imgui_;
    render::Renderer renderer_;
    scene::Scene scene_;
    scene::SceneIndex index_;  ///< BVH over scene_'s objects, for every pick
    UiState ui_;
    std::vector<std::size_t> selection_;          ///< last one is the primary (inspector) selection
    std::vector<std::size_t> scriptedSelection_;  ///< --select, applied after the scripted clicks
    std::optional<Pick> pick_;                    ///< last click; its ray stays fixed while the camera moves
    std::optional<Pick> hover_;
    std::vector<ClickRecord> clicks_;
    FrameInput input_;
    glm::ivec2 mouse_{-1};
    Drag drag_;
    std::optional<ScreenshotRequest> screenshot_;
    /// What the scene in the renderer's target was drawn from; a frame with the same inputs
    /// only presents it again (the UI stays responsive while a 100k-object redraw is slow).
    struct DrawnScene {
        std::uint64_t revision = 0;
        render::FrameView view;
        render::DrawStyle style;
        render::DebugDraw debug;
        bool operator==(const DrawnScene&) const = default;
    };
    std::uint64_t sceneRevision_ = 1;  ///< bumped by every change of the objects
    std::optional<DrawnScene> drawn_;
    bool forceRedraw_ = false;  ///< measureFrames: time real redraws
    Performance performance_;
    bool measured_ = false;  ///< performance_.frameMs is a measured median (headless report)
    bool running_ = true;
    glm::ivec2 refusedDrawable_{-1};  ///< the drawable size last refused as too large (said once)
};

}  // namespace pickray::app

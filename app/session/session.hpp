// SPDX-License-Identifier: MIT
#pragma once
// A session recorded as it happens (--record-input) and played back (--replay): the starting
// document, camera, window and view settings, then every frame in which something happened, in
// order. What a frame holds is what the window's parts took in that frame, in the terms a replay at
// another window size needs:
//   * the mouse and key events the views received, the cursor relative to the window (pixel
//     centres over its size), and whether a panel had the mouse;
//   * the main view's camera move: wheel steps, orbit angles, a pan in pixels of a drawable height
//     (CameraMove): the same angles at any size;
//   * the editor commands the panels, the menus and the keys produced (one panel click, one key:
//     the command, never the pixels of the panel);
//   * the view settings when they changed, the observer's camera, a resize, a screenshot.
// The file is JSON: a header line, then a frame per line, each flushed, then "]}" on a normal end;
// a file cut short by a crash or a kill loses at most its last, partly written line, and reads.
// No SDL, no GL, no ImGui.

#include <cstddef>
#include <fstream>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <glm/vec2.hpp>

#include "editor/commands.hpp"
#include "input/input_events.hpp"
#include "scene/scene.hpp"
#include "viewport/gizmo.hpp"
#include "viewport/observer.hpp"
#include "viewport/scene_view.hpp"

namespace pickray::app {

/// The view settings a session keeps (the UiState fields that change what is drawn or picked).
struct SessionSettings {
    GizmoMode gizmoMode = GizmoMode::Move;
    GizmoSpace gizmoSpace = GizmoSpace::World;
    bool pickAudit = false;
    bool mathPanel = false;
    bool constructions = false;
    bool mathOfHover = false;
    bool analyticRenderer = true;
    bool fxaa = true;
    bool naiveRay = false;
    bool showHelp = false;
    bool hideUi = false;
    ObserverMode observer = ObserverMode::Off;
    bool gizmoShown = true;
    bool operator==(const SessionSettings&) const = default;
};

/// One frame of a session in which something happened. Positions are window pixels of the window
/// as it was then (`SessionStart::windowSize`, or the last `windowSize` before it).
struct SessionFrame {
    double seconds = 0.0;                         ///< since the recording began (an interactive replay keeps the pace)
    std::optional<glm::ivec2> windowSize;         ///< the window had become this size (a resize)
    std::vector<InputEvent> events;               ///< what the views received (Close is not kept)
    bool mouseOnUi = false;                       ///< a panel had the mouse: presses picked nothing
    std::optional<CameraMove> cameraMove;         ///< the main view's
    std::vector<EditorCommand> commands;          ///< in the order they were applied
    std::optional<SessionSettings> settings;      ///< they changed to these
    std::optional<scene::Camera> observerCamera;  ///< the observer's camera moved to this
    std::optional<bool> screenshot;               ///< a screenshot was taken (with the panels: true)
};

struct SessionStart {
    scene::Scene scene;
    std::string documentPath;  ///< absolute; "" for a scene with no file (generated)
    glm::ivec2 windowSize{0};
    std::vector<std::size_t> selection;
    SessionSettings settings;
};

struct Session {
    SessionStart start;
    std::vector<SessionFrame> frames;
    /// The file ended as a normal quit ends it; false: cut short (a crash, a kill), its last
    /// partly written line dropped.
    bool complete = true;
};

/// Writes a session as it goes: the start when opened, each frame as it is added (flushed).
class SessionWriter {
public:
    /// Opens `path` (replaced) and writes the start; error() says why when it could not.
    SessionWriter(const std::string& path, const SessionStart& start);
    /// Ends the file ("]}"): valid JSON.
    ~SessionWriter();
    SessionWriter(const SessionWriter&) = delete;
    SessionWriter& operator=(const SessionWriter&) = delete;

    /// Adds a frame (with the window size it was in, for its relative positions). Returns false
    /// once writing has failed (error() says why; nothing more is written).
    bool add(const SessionFrame& frame);
    [[nodiscard]] const std::optional<std::string>& error() const { return error_; }
    [[nodiscard]] std::size_t framesWritten() const { return written_; }

private:
    std::string path_;
    std::ofstream out_;
    glm::ivec2 windowSize_{0};
    std::size_t written_ = 0;
    std::optional<std::string> error_;
};

/// The JSON line of one frame, its positions relative to `windowSize` (the writer's, for tests).
[[nodiscard]] std::string sessionFrameJson(const SessionFrame& frame, glm::ivec2 windowSize);

/// Reads a session file: the session, or a message naming the file, the frame and the field.
[[nodiscard]] std::variant<Session, std::string> readSession(const std::string& path);
/// The same from text; `source` names it in messages.
[[nodiscard]] std::variant<Session, std::string> parseSession(const std::string& text, const std::string& source);

/// A window pixel of a window `from` big, at the same place in one `to` big: the pixel whose
/// centre is nearest the same fraction of the window (the identity when the sizes are equal).
[[nodiscard]] glm::ivec2 scaledPixel(glm::ivec2 pixel, glm::ivec2 from, glm::ivec2 to);
/// `event` with its position moved by scaledPixel.
[[nodiscard]] InputEvent scaledEvent(const InputEvent& event, glm::ivec2 from, glm::ivec2 to);

}  // namespace pickray::app

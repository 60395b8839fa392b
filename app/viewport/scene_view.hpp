// SPDX-License-Identifier: MIT
#pragma once
// One view of the scene and the hand on it: the camera's wheel, orbit and pan, the press that
// picks, selects and grabs, the drag threshold, moving objects and the gizmo's handles, the
// hover, and the keys pressed in it. It takes its input as InputEvents (input_events.hpp) and
// changes the document only through the Editor, so a second view (an observer's) is a second
// SceneView on the same Editor. No SDL, no GL.
//
// The mouse is as docs/DEMO.md ("Using it") describes, as in the three.js editor, Blender and
// Godot. A left press picks, selects and grabs; past kDragThreshold it drags what it pressed (the
// selection, a gizmo handle, or the background: an orbit), within it it is a click. A drag keeps
// the pick on the grabbed object. Right orbits, middle (or shift-left) pans, the wheel zooms.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "editor/editor.hpp"
#include "editor/pick.hpp"
#include "input/input_events.hpp"
#include "input/shortcuts.hpp"
#include "viewport/gizmo.hpp"
#include "viewport/performance.hpp"

namespace pickray::app {

/// How far (window pixels, along either axis) the cursor must go from a left press before the
/// press is a drag: within it a release is a click, and nothing moves. Windows' default (SM_CXDRAG).
inline constexpr int kDragThreshold = 4;

/// How a frame's wheel and drag moved the camera, in the terms each move is made in (a session's
/// recording keeps it so, to replay it at another window size: session.hpp).
struct CameraMove {
    float zoomSteps = 0.0f;          ///< wheel notches: the distance times kZoomPerWheelStep^steps
    glm::vec2 orbitRadians{0.0f};    ///< yaw and pitch, as app::orbit takes them
    glm::vec2 panPixels{0.0f};       ///< drawable pixels the scene followed the cursor by ...
    float panDrawableHeight = 0.0f;  ///< ... in a drawable this high (app::pan)
    [[nodiscard]] bool none() const {
        return zoomSteps == 0.0f && orbitRadians == glm::vec2(0.0f) && panPixels == glm::vec2(0.0f);
    }
    bool operator==(const CameraMove&) const = default;
};

/// What the window says about the frame a viewport is updated in.
struct ViewFrame {
    glm::ivec2 windowSize{0};
    glm::ivec2 drawableSize{0};
    bool mouseOnUi = false;  ///< a panel has the mouse: a press there picks nothing
    GizmoMode gizmoMode = GizmoMode::Move;
    GizmoSpace gizmoSpace = GizmoSpace::World;
    bool gizmoShown = true;  ///< hidden: the gizmo is not drawn and its handles take no presses
    /// A replay's recorded camera move for this frame: made instead of the one the input makes (a pan
    /// scaled to this drawable's height), so that the camera moves by the same angles at any size.
    std::optional<CameraMove> replayedMove;
};

/// The gizmo to draw, and its handle that is lit (under the cursor, or being dragged).
struct GizmoView {
    Gizmo gizmo;
    std::optional<GizmoHandle> lit;
};

class SceneView {
public:
    /// Takes the frame's input, before the panels run: a button released before this frame's
    /// first press ends the drag begun earlier (so the panels show what its click selected).
    void receive(std::span<const InputEvent> events, Editor& editor);
    /// The keys pressed this frame, as the shortcut table's actions (shortcuts.hpp).
    [[nodiscard]] std::vector<Action> shortcuts() const;
    /// After the panels: the camera (wheel, orbit, pan), then the presses, the drag and the hover.
    /// Returns the matrices the frame is drawn and picked with, and the errors to tell the user.
    struct Update {
        FrameMatrices matrices;
        std::vector<std::string> errors;
        CameraMove cameraMove;  ///< how the camera moved (none: it did not)
    };
    Update update(const ViewFrame& frame, Editor& editor, Performance& performance);
    /// Gives this view a camera of its own (an observer's view), instead of the document's.
    void useOwnCamera(const scene::Camera& camera) { ownCamera_ = camera; }
    /// The camera this view looks through: its own, or the document's.
    [[nodiscard]] const scene::Camera& camera(const Editor& editor) const {
        return ownCamera_ ? *ownCamera_ : editor.scene().camera;
    }
    /// The camera is being moved in this frame: an orbit or pan drag is under way, or the wheel
    /// zoomed. Such frames may be drawn approximate (render::DrawStyle::approximate); the first
    /// frame after is not, so it is drawn again exactly.
    [[nodiscard]] bool cameraMoving() const { return cameraMoving_; }
    /// Ends the drag under way: the objects' indices are about to change (delete, load, undo).
    void cancelDrag() { drag_ = Drag{}; }
    /// The gizmo on the selection, as it is drawn in this frame (none without a selection, or hidden).
    [[nodiscard]] std::optional<GizmoView> gizmoView(const FrameMatrices& frame, const Editor& editor) const;

    /// Every left press so far with what it picked (on a panel: nothing), as the report lists them.
    [[nodiscard]] const std::vector<ClickRecord>& clicks() const { return clicks_; }
    /// The cursor in the window, (-1, -1) while it is outside.
    [[nodiscard]] glm::ivec2 cursor() const { return mouse_; }

private:
    /// What a held mouse button is doing.
    struct Drag {
        /// Pending: a left press not yet kDragThreshold pixels from where it was made.
        enum class Mode { None, Pending, Orbit, Pan, Move, Gizmo } mode = Mode::None;
        glm::ivec2 pressedAt{0};
        bool ctrl = false;
        bool grabbed = false;  ///< pressed on an object: a drag moves it
        /// A Ctrl+press on an object already selected: released in place, it leaves the selection;
        /// dragged, it stays selected and moves.
        bool deselectOnClick = false;
        /// A press on one object of a multi-selection: released in place, it alone stays selected;
        /// dragged, the whole selection moves.
        bool selectAloneOnClick = false;
        std::size_t object = 0;
        glm::vec3 grabPoint{0.0f};           // the grabbed point at the press, moved with the cursor ...
        glm::vec3 planeNormal{0.0f};         // ... in the plane facing the camera
        std::uint64_t gesture = 0;           ///< the move's undo step
        std::optional<Pick> backgroundPick;  ///< a press on nothing: a click if released in place
        /// A press on a gizmo handle: the gizmo and the ray then. The selection as it was when a
        /// handle or a grabbed object began to be dragged (`originals`).
        std::optional<GizmoHandle> handle;
        std::optional<ClickRecord> handleClick;  ///< what the report lists if it is released in place
        Gizmo gizmo;
        Ray pressRay;
        std::vector<std::pair<std::size_t, scene::Object>> originals;
        /// A handle's drag of the picked object: its hit at the press, whose point a move or a turn
        /// carries along (the pick follows it and stays on that object).
        std::optional<scene::ObjectHit> pickedHit;

        static Drag of(Mode mode) {
            Drag d;
            d.mode = mode;
            return d;
        }
    };
    /// One frame's input, summed up from its events.
    struct FrameInput {
        std::vector<event::ButtonDown> presses;
        /// A button came up before any press of this frame: it ends a drag begun earlier.
        bool releasedBeforePress = false;
        /// A button came up after this frame's last press: applied after the presses, so a click
        /// whose press and release land in one (slow) frame does not leave a drag going.
        bool releasedAfterPress = false;
        glm::ivec2 motion{0};
        float wheel = 0.0f;
        std::vector<KeyChord> keys;
    };

    [[nodiscard]] FrameMatrices moveCamera(const ViewFrame& frame, Editor& editor, CameraMove& move);
    void press(const event::ButtonDown& press, const FrameMatrices& matrices, Editor& editor, Performance& performance);
    void followCursor(const FrameMatrices& matrices, Editor& editor, std::vector<std::string>& errors);
    void releasePress(Editor& editor);
    void updateHover(const FrameMatrices& matrices, bool mouseOnUi, Editor& editor, Performance& performance);
    void moveDragged(const FrameMatrices& matrices, Editor& editor);
    void dragGizmo(const FrameMatrices& matrices, Editor& editor, std::vector<std::string>& errors);
    [[nodiscard]] std::optional<Gizmo> gizmo(const FrameMatrices& frame, const Editor& editor) const;
    [[nodiscard]] Ray rayAt(glm::ivec2 cursorWindow, const FrameMatrices& frame) const;
    /// Keeps as the pick the ray through where `point` is drawn (a gizmo drag's picked point, moved),
    /// held on `object`.
    static void pickThrough(glm::vec3 point, std::size_t object, const FrameMatrices& frame, Editor& editor);

    FrameInput input_;
    glm::ivec2 mouse_{-1};
    Modifiers held_;  ///< the modifier keys as the last event had them (Ctrl snaps the gizmo)
    Drag drag_;
    GizmoMode gizmoMode_ = GizmoMode::Move;
    GizmoSpace gizmoSpace_ = GizmoSpace::World;
    bool gizmoShown_ = true;
    std::optional<GizmoHandle> litHandle_;  ///< the gizmo handle under the cursor
    std::vector<ClickRecord> clicks_;
    std::optional<scene::Camera> ownCamera_;  ///< none: the document's camera (Editor::camera)
    bool cameraMoving_ = false;               ///< set by update(), see cameraMoving()
};

}  // namespace pickray::app

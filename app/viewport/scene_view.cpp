// SPDX-License-Identifier: MIT
#include "viewport/scene_view.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <variant>

#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/mat3x3.hpp>

#include "editor/orbit_camera.hpp"
#include "pickray/collision/ray.hpp"
#include "scene/camera_math.hpp"
#include "scene/overloaded.hpp"

namespace pickray::app {
namespace {

constexpr float kOrbitRadiansPerPixel = 0.008f;
constexpr float kZoomPerWheelStep = 0.9f;

}  // namespace

void SceneView::receive(std::span<const InputEvent> events, Editor& editor) {
    input_ = FrameInput{};
    for (const InputEvent& e : events)
        std::visit(scene::Overloaded{
                       [&](const event::ButtonDown& d) {
                           mouse_ = d.at;
                           held_ = d.held;
                           input_.presses.push_back(d);
                       },
                       [&](const event::ButtonUp& u) {
                           held_ = u.held;
                           (input_.presses.empty() ? input_.releasedBeforePress : input_.releasedAfterPress) = true;
                       },
                       [&](const event::Motion& m) {
                           held_ = m.held;
                           if (mouse_.x >= 0) input_.motion += m.at - mouse_;
                           mouse_ = m.at;
                       },
                       [&](const event::Leave&) { mouse_ = glm::ivec2(-1); },
                       [&](const event::Wheel& w) { input_.wheel += w.steps; },
                       [&](const event::KeyDown& k) {
                           held_ = Modifiers{k.chord.ctrl, k.chord.shift, k.chord.alt};
                           input_.keys.push_back(k.chord);
                       },
                       [&](const event::KeyUp& k) { held_ = k.held; }, [&](const event::Close&) {},  // the window's
                   },
                   e);
    if (input_.releasedBeforePress) releasePress(editor);
}

std::vector<Action> SceneView::shortcuts() const {
    std::vector<Action> actions;
    for (const KeyChord& chord : input_.keys)
        if (const std::optional<Action> action = actionFor(chord)) actions.push_back(*action);
    return actions;
}

SceneView::Update SceneView::update(const ViewFrame& frame, Editor& editor, Performance& performance) {
    gizmoMode_ = frame.gizmoMode;
    gizmoSpace_ = frame.gizmoSpace;
    gizmoShown_ = frame.gizmoShown;
    Update result;
    result.matrices = moveCamera(frame, editor, result.cameraMove);
    const FrameMatrices& matrices = result.matrices;
    if (!matrices.pickable) {
        // No pixels to click on (minimised): a press has no ray; nothing is picked or recorded.
        drag_ = Drag{};
    } else {
        for (const event::ButtonDown& p : input_.presses) {
            if (frame.mouseOnUi) {
                // Recorded so that a script's report has one entry per click; it picks nothing.
                if (p.button == MouseButton::Left)
                    clicks_.push_back(makeClickRecord(editor.pickAt(matrices, p.at), true, editor.scene()));
                continue;
            }
            press(p, matrices, editor, performance);
        }
        followCursor(matrices, editor, result.errors);
        if (input_.releasedAfterPress) releasePress(editor);
    }
    updateHover(matrices, frame.mouseOnUi, editor, performance);
    cameraMoving_ = matrices.pickable && (drag_.mode == Drag::Mode::Orbit || drag_.mode == Drag::Mode::Pan ||
                                          (!frame.mouseOnUi && input_.wheel != 0.0f));
    return result;
}

FrameMatrices SceneView::moveCamera(const ViewFrame& frame, Editor& editor, CameraMove& move) {
    scene::Camera& camera = ownCamera_ ? *ownCamera_ : editor.camera();
    const float drawableHeight = static_cast<float>(frame.drawableSize.y);
    move = CameraMove{};
    if (!frame.mouseOnUi) move.zoomSteps = input_.wheel;
    if (drag_.mode == Drag::Mode::Orbit && input_.motion != glm::ivec2(0))
        move.orbitRadians = {-kOrbitRadiansPerPixel * static_cast<float>(input_.motion.x),
                             kOrbitRadiansPerPixel * static_cast<float>(input_.motion.y)};
    if (frame.replayedMove) move = *frame.replayedMove;
    if (move.zoomSteps != 0.0f) camera = zoom(camera, std::pow(kZoomPerWheelStep, move.zoomSteps));
    if (move.orbitRadians != glm::vec2(0.0f)) camera = app::orbit(camera, move.orbitRadians.x, move.orbitRadians.y);
    const FrameMatrices before = frameMatrices(camera, frame.windowSize, frame.drawableSize);
    if (!before.pickable) return before;  // no pixels: nothing to pan by
    if (!frame.replayedMove && drag_.mode == Drag::Mode::Pan && input_.motion != glm::ivec2(0)) {
        move.panPixels = glm::vec2(input_.motion) * before.pixelsPerWindowUnit;
        move.panDrawableHeight = drawableHeight;
    }
    if (move.panPixels != glm::vec2(0.0f) && move.panDrawableHeight > 0.0f) {
        // Recorded in a drawable of another height: the same share of the view's height.
        const glm::vec2 pixels = move.panDrawableHeight == drawableHeight
                                     ? move.panPixels
                                     : move.panPixels * (drawableHeight / move.panDrawableHeight);
        camera = pan(camera, pixels, drawableHeight);
    }
    return frameMatrices(camera, frame.windowSize, frame.drawableSize);
}

void SceneView::press(const event::ButtonDown& p, const FrameMatrices& matrices, Editor& editor,
                      Performance& performance) {
    const bool shift = p.held.shift;
    if (p.button == MouseButton::Right) drag_ = Drag::of(Drag::Mode::Orbit);
    if (p.button == MouseButton::Middle || (p.button == MouseButton::Left && shift)) drag_ = Drag::of(Drag::Mode::Pan);
    if (p.button != MouseButton::Left || shift) return;

    drag_ = Drag::of(Drag::Mode::Pending);
    drag_.pressedAt = p.at;
    drag_.ctrl = p.held.ctrl;
    // The gizmo's handles come before the objects: a handle in front of nothing or of another
    // object is still the handle.
    if (const std::optional<Gizmo> g = gizmo(matrices, editor)) {
        const Ray ray = rayAt(p.at, matrices);
        if (const auto handle = pickHandle(*g, ray)) {
            drag_.handle = handle;
            drag_.gizmo = *g;
            drag_.pressRay = ray;
            for (std::size_t i : editor.selection()) drag_.originals.emplace_back(i, editor.scene().objects[i]);
            if (const std::optional<Pick>& picked = editor.lastPick(); picked && picked->picked())
                if (editor.isSelected(picked->picked()->object)) drag_.pickedHit = picked->picked();
            // The press is the handle's: released in place it changes nothing, and the report
            // lists it as a click that picked nothing (its ray, no hits).
            ClickRecord record = makeClickRecord(editor.pickAt(matrices, p.at), true, editor.scene());
            record.onUi = false;
            record.onGizmo = true;
            drag_.handleClick = std::move(record);
            return;
        }
    }
    Pick pick = editor.pickAt(matrices, p.at);
    performance.pickMs = pick.queryMs;
    const auto hit = pick.nearest();
    if (!hit) {
        drag_.backgroundPick = std::move(pick);  // a click only if it is released in place
        return;
    }
    clicks_.push_back(makeClickRecord(pick, false, editor.scene()));
    // A press on an object already selected keeps the selection, so that a drag moves all of it;
    // released in place it is a click after all: Ctrl takes the object out, else it alone stays.
    const bool wasSelected = editor.isSelected(hit->object);
    drag_.deselectOnClick = p.held.ctrl && wasSelected;
    drag_.selectAloneOnClick = !p.held.ctrl && wasSelected && editor.selection().size() > 1;
    if (drag_.deselectOnClick || drag_.selectAloneOnClick) editor.keepPick(std::move(pick));
    else editor.click(std::move(pick), p.held.ctrl);
    const scene::Camera& camera = this->camera(editor);
    drag_.grabbed = true;
    drag_.object = hit->object;
    drag_.grabPoint = hit->hit.point;
    drag_.planeNormal = glm::normalize(camera.target - camera.eye);
}

void SceneView::followCursor(const FrameMatrices& matrices, Editor& editor, std::vector<std::string>& errors) {
    // The cursor left the window (an InputEvent Leave): nothing to follow until it comes back.
    if (mouse_.x < 0) return;
    if (drag_.mode == Drag::Mode::Pending) {
        const glm::ivec2 moved = glm::abs(mouse_ - drag_.pressedAt);
        if (std::max(moved.x, moved.y) <= kDragThreshold) return;
        drag_.backgroundPick.reset();
        if (drag_.handle) {
            drag_.mode = Drag::Mode::Gizmo;
            drag_.gesture = editor.beginGesture();
            dragGizmo(matrices, editor, errors);
        } else if (drag_.grabbed) {
            drag_.mode = Drag::Mode::Move;
            drag_.gesture = editor.beginGesture();
            for (std::size_t i : editor.selection()) drag_.originals.emplace_back(i, editor.scene().objects[i]);
            moveDragged(matrices, editor);  // from the grab point to the cursor, as if it had moved all along
        } else {
            drag_.mode = Drag::Mode::Orbit;
        }
    } else if (drag_.mode == Drag::Mode::Move && input_.motion != glm::ivec2(0)) {
        moveDragged(matrices, editor);
    } else if (drag_.mode == Drag::Mode::Gizmo) {
        dragGizmo(matrices, editor, errors);  // every frame: Ctrl (snapping) may change without the mouse moving
    }
}

void SceneView::releasePress(Editor& editor) {
    // A click on the background, or on a gizmo handle: the pick of what lies there.
    if (drag_.mode == Drag::Mode::Pending && drag_.backgroundPick) {
        clicks_.push_back(makeClickRecord(*drag_.backgroundPick, false, editor.scene()));
        editor.click(std::move(*drag_.backgroundPick), drag_.ctrl);
    }
    if (drag_.mode == Drag::Mode::Pending && drag_.handleClick) clicks_.push_back(std::move(*drag_.handleClick));
    // Only if it is still selected (a key pressed meanwhile may have changed the selection).
    if (drag_.mode == Drag::Mode::Pending && drag_.deselectOnClick && editor.isSelected(drag_.object))
        editor.select(drag_.object, true);
    if (drag_.mode == Drag::Mode::Pending && drag_.selectAloneOnClick && editor.isSelected(drag_.object))
        editor.select(drag_.object, false);
    drag_ = Drag{};
}

void SceneView::updateHover(const FrameMatrices& matrices, bool mouseOnUi, Editor& editor, Performance& performance) {
    // The gizmo's handle under the cursor lights up (and stays lit while it is dragged).
    if (drag_.mode != Drag::Mode::Gizmo) {
        litHandle_.reset();
        if (const auto g = gizmo(matrices, editor); g && !mouseOnUi && mouse_.x >= 0 && drag_.mode == Drag::Mode::None)
            litHandle_ = pickHandle(*g, rayAt(mouse_, matrices));
    }
    std::optional<Pick> hover;
    if (matrices.pickable && !mouseOnUi && drag_.mode == Drag::Mode::None && mouse_.x >= 0 && !litHandle_)
        hover = editor.pickAt(matrices, mouse_);
    performance.hoverMs = hover ? hover->queryMs : 0.0;
    editor.setHover(std::move(hover));
    performance.bvhBuilds = editor.index().rebuildCount();
    performance.bvhRefits = editor.index().refitCount();
}

std::optional<GizmoView> SceneView::gizmoView(const FrameMatrices& frame, const Editor& editor) const {
    const std::optional<Gizmo> g = gizmo(frame, editor);
    if (!g) return std::nullopt;
    return GizmoView{*g, drag_.mode == Drag::Mode::Gizmo ? drag_.handle : litHandle_};
}

std::optional<Gizmo> SceneView::gizmo(const FrameMatrices& frame, const Editor& editor) const {
    if (!gizmoShown_ || editor.selection().empty() || !frame.pickable) return std::nullopt;
    std::vector<const scene::Object*> objects;
    for (std::size_t i : editor.selection()) objects.push_back(&editor.scene().objects[i]);
    Gizmo g = makeGizmo(objects, gizmoMode_, gizmoSpace_, 1.0f);
    // About 90 pixels long wherever it is, as editors keep theirs.
    constexpr float kGizmoPixels = 90.0f;
    g.size = kGizmoPixels * scene::worldPerPixel(camera(editor), g.origin, frame.viewport.height);
    if (!(g.size > 0.0f) || !std::isfinite(g.size)) return std::nullopt;
    // Which handles face the eye (gizmo.hpp): from the origin, or along the view when orthographic.
    const scene::Camera& c = camera(editor);
    const glm::vec3 toEye = c.projection == scene::Projection::Orthographic ? c.eye - c.target : c.eye - g.origin;
    if (glm::length(toEye) > 0.0f) g.toEye = glm::normalize(toEye);
    return g;
}

Ray SceneView::rayAt(glm::ivec2 cursorWindow, const FrameMatrices& frame) const {
    return clickRay(cursorPixel(cursorWindow, frame), frame);
}

void SceneView::dragGizmo(const FrameMatrices& matrices, Editor& editor, std::vector<std::string>& errors) {
    const std::optional<GizmoDrag> drag =
        dragHandle(drag_.gizmo, *drag_.handle, drag_.pressRay, rayAt(mouse_, matrices), held_.ctrl);
    if (!drag) return;  // the ray says nothing this frame (along the axis): the objects stay
    std::vector<std::pair<std::size_t, scene::Object>> changes;
    for (const auto& [index, original] : drag_.originals) {
        const std::optional<scene::Object> moved = applyDrag(original, drag_.gizmo, *drag_.handle, *drag);
        if (!moved) {
            if (std::holds_alternative<Aabb>(original.shape) && drag_.handle->kind == GizmoHandle::Kind::Ring)
                errors.push_back(original.name + " is an axis-aligned box (aabb): it cannot turn; a box can");
            return;
        }
        changes.emplace_back(index, *moved);
    }
    constexpr const char* kVerbs[] = {"move", "rotate", "scale"};
    const std::string verb = kVerbs[static_cast<int>(drag_.gizmo.mode)];
    const Editor::Outcome outcome = editor.replace(
        changes, drag_.gesture,
        verb + " " + (changes.size() == 1 ? changes[0].second.name : std::to_string(changes.size()) + " objects"));
    if (outcome.refused) {
        errors.push_back(outcome.message);
        return;
    }
    // The pick follows the picked object where it moves or turns rigidly (a scale changes sizes, not
    // places: the pick is re-cast along its ray, as after any edit).
    if (!drag_.pickedHit) return;
    const glm::vec3 pickedPoint = drag_.pickedHit->hit.point;
    const std::size_t pickedObject = drag_.pickedHit->object;
    if (drag_.handle->kind == GizmoHandle::Kind::Axis || drag_.handle->kind == GizmoHandle::Kind::Plane)
        pickThrough(pickedPoint + drag->translation, pickedObject, matrices, editor);
    if (drag_.handle->kind == GizmoHandle::Kind::Ring) {
        const glm::mat3 turn(glm::rotate(glm::mat4(1.0f), drag->angle, drag->axis));  // as applyDrag turns
        pickThrough(drag_.gizmo.origin + turn * (pickedPoint - drag_.gizmo.origin), pickedObject, matrices, editor);
    }
}

void SceneView::pickThrough(glm::vec3 point, std::size_t object, const FrameMatrices& frame, Editor& editor) {
    // Relative to the eye, as clickRay builds the ray back (exact far from the world origin too).
    const glm::vec3 s = worldToScreen(glm::vec3(glm::dvec3(point) - glm::dvec3(frame.eye)), frame.rotationView,
                                      frame.projection, frame.viewport, frame.clipDepth);
    // Behind the eye or beyond the far plane, nothing under any cursor: the pick stays as it is.
    if (!(std::isfinite(s.x) && std::isfinite(s.y) && std::isfinite(s.z)) || s.z < frame.viewport.minZ ||
        s.z > frame.viewport.maxZ)
        return;
    Pick pick = pickAtPixel(editor.index(), frame, glm::vec2(s));
    pick.holding = object;
    editor.keepPick(std::move(pick));
}

void SceneView::moveDragged(const FrameMatrices& matrices, Editor& editor) {
    // The selection as it was when the drag began, moved by where the grabbed point is now: the
    // cursor's ray met with the plane through the grabbed point facing the camera.
    const Ray ray = rayAt(mouse_, matrices);
    const float facing = glm::dot(ray.direction, drag_.planeNormal);
    if (std::abs(facing) < 1e-4f) return;  // ray along the plane: no defined point
    const float t = glm::dot(drag_.grabPoint - ray.origin, drag_.planeNormal) / facing;
    const glm::vec3 offset = pointAt(ray, t) - drag_.grabPoint;
    std::vector<std::pair<std::size_t, scene::Object>> changes;
    for (const auto& [index, original] : drag_.originals)
        changes.emplace_back(index, scene::translated(original, offset));
    const std::string what = changes.size() == 1 ? changes[0].second.name : std::to_string(changes.size()) + " objects";
    if (editor.replace(changes, drag_.gesture, "move " + what).refused) return;
    // The pick follows what is dragged: the grabbed point is under the cursor now, so the ray
    // through the cursor meets the moved object there (the press's ray may miss it by now), and the
    // pick stays on that object even where the drag took it behind another.
    Pick pick = editor.pickAt(matrices, mouse_);
    pick.holding = drag_.object;
    editor.keepPick(std::move(pick));
}

}  // namespace pickray::app

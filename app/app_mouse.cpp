// SPDX-License-Identifier: MIT
// The mouse in the view, as editors have it (three.js editor, Blender, Godot):
//   * a left press on an object picks it, selects it (ctrl adds to the selection; a ctrl click on a
//     selected object takes it out, on release, so that a ctrl drag still moves it) and grabs it at
//     the hit point; once the cursor has gone kDragThreshold pixels from the press, the object
//     follows the cursor in the plane facing the camera (one undo step for the whole drag);
//   * a left press on the background that is released within the threshold is a click: it picks
//     nothing and clears the selection (ctrl keeps it); past the threshold it orbits instead and
//     keeps the pick, so the ray can be seen from the side;
//   * a left press on a handle of the transform gizmo (the selection's) drags it past the same
//     threshold: the selected objects move, turn or scale as the handle says (gizmo.hpp); released
//     within it, it is a click on whatever lies under the handle;
//   * a right press orbits, a middle (or shift-left) press pans.
// The threshold is judged here, from SDL's own events (ImGui 1.86's backend reads a mouse state
// that injected events do not move).
#include <cmath>
#include <cstdlib>

#include <glm/geometric.hpp>

#include "app.hpp"
#include "pickray/collision/ray.hpp"
#include "scene/camera_math.hpp"

namespace pickray::app {

void App::handleMouse(const FrameMatrices& frame, bool mouseOnUi) {
    if (!frame.pickable) {
        // No pixels to click on (minimised): a press has no ray; nothing is picked or recorded.
        drag_ = Drag{};
        return;
    }
    for (const FrameInput::Press& press : input_.presses) {
        if (mouseOnUi) {
            // Recorded so that a script's report has one entry per click; it picks nothing.
            if (press.button == SDL_BUTTON_LEFT)
                clicks_.push_back(
                    makeClickRecord(pickAt(editor_.index(), frame, press.position), true, editor_.scene()));
            continue;
        }
        if (press.button == SDL_BUTTON_RIGHT) drag_ = Drag::of(Drag::Mode::Orbit);
        if (press.button == SDL_BUTTON_MIDDLE || (press.button == SDL_BUTTON_LEFT && press.shift))
            drag_ = Drag::of(Drag::Mode::Pan);
        if (press.button != SDL_BUTTON_LEFT || press.shift) continue;

        drag_ = Drag::of(Drag::Mode::Pending);
        drag_.pressedAt = press.position;
        drag_.ctrl = press.ctrl;
        // The gizmo's handles come before the objects: a handle in front of nothing or of another
        // object is still the handle.
        if (const std::optional<Gizmo> g = gizmo(frame)) {
            const Ray ray = cursorRay(cursorPixel(press.position, frame), frame.view, frame.projection, frame.viewport,
                                      frame.clipDepth);
            if (const auto handle = pickHandle(*g, ray)) {
                drag_.handle = handle;
                drag_.gizmo = *g;
                drag_.pressRay = ray;
                for (std::size_t i : editor_.selection()) drag_.originals.emplace_back(i, editor_.scene().objects[i]);
                // Released in place, it is a click after all: the gizmo never hides what picking sees.
                drag_.backgroundPick = pickAt(editor_.index(), frame, press.position);
                continue;
            }
        }
        Pick pick = pickAt(editor_.index(), frame, press.position);
        performance_.pickMs = pick.queryMs;
        if (auto hit = pick.nearest()) {
            clicks_.push_back(makeClickRecord(pick, false, editor_.scene()));
            editor_.commitPick(std::move(pick));
            drag_.deselectOnClick = press.ctrl && editor_.isSelected(hit->object);
            if (!drag_.deselectOnClick) editor_.select(hit->object, press.ctrl);
            const scene::Camera& camera = editor_.scene().camera;
            drag_.grabbed = true;
            drag_.object = hit->object;
            drag_.planePoint = hit->hit.point;
            drag_.planeNormal = glm::normalize(camera.target - camera.eye);
        } else {
            drag_.backgroundPick = std::move(pick);  // a click only if it is released in place
        }
    }
    if (drag_.mode == Drag::Mode::Pending && mouse_.x >= 0) {
        const glm::ivec2 moved = glm::abs(mouse_ - drag_.pressedAt);
        if (std::max(moved.x, moved.y) > kDragThreshold) {
            drag_.backgroundPick.reset();
            if (drag_.handle) {
                drag_.mode = Drag::Mode::Gizmo;
                drag_.gesture = editor_.beginGesture();
                dragGizmo(frame);
            } else if (drag_.grabbed) {
                drag_.mode = Drag::Mode::Move;
                drag_.gesture = editor_.beginGesture();
                moveDragged(frame);  // from the grab point to the cursor, as if it had moved all along
            } else {
                drag_.mode = Drag::Mode::Orbit;
            }
        }
    } else if (drag_.mode == Drag::Mode::Move && input_.motion != glm::ivec2(0)) {
        moveDragged(frame);
    } else if (drag_.mode == Drag::Mode::Gizmo) {
        dragGizmo(frame);  // every frame: Ctrl (snapping) may change without the mouse moving
    }
    if (input_.releasedAfterPress) releasePress();
}

void App::releasePress() {
    // A click on the background, or on a gizmo handle: the pick of what lies there.
    if (drag_.mode == Drag::Mode::Pending && drag_.backgroundPick) {
        const Pick& pick = *drag_.backgroundPick;
        clicks_.push_back(makeClickRecord(pick, false, editor_.scene()));
        if (const auto hit = pick.nearest()) editor_.select(hit->object, drag_.ctrl);
        else if (!drag_.ctrl) editor_.select(std::nullopt, false);
        editor_.commitPick(std::move(*drag_.backgroundPick));
    }
    // Only if it is still selected (a key pressed meanwhile may have changed the selection).
    if (drag_.mode == Drag::Mode::Pending && drag_.deselectOnClick && editor_.isSelected(drag_.object))
        editor_.select(drag_.object, true);
    drag_ = Drag{};
}

std::optional<Gizmo> App::gizmo(const FrameMatrices& frame) const {
    if (editor_.selection().empty() || !frame.pickable) return std::nullopt;
    std::vector<const scene::Object*> objects;
    for (std::size_t i : editor_.selection()) objects.push_back(&editor_.scene().objects[i]);
    Gizmo g = makeGizmo(objects, ui_.gizmoMode, ui_.gizmoSpace, 1.0f);
    // About 90 pixels long wherever it is, as editors keep theirs.
    constexpr float kGizmoPixels = 90.0f;
    g.size = kGizmoPixels * scene::worldPerPixel(editor_.scene().camera, g.origin, frame.viewport.height);
    if (!(g.size > 0.0f) || !std::isfinite(g.size)) return std::nullopt;
    return g;
}

void App::dragGizmo(const FrameMatrices& frame) {
    const Ray ray =
        cursorRay(cursorPixel(mouse_, frame), frame.view, frame.projection, frame.viewport, frame.clipDepth);
    const bool snap = (SDL_GetModState() & KMOD_CTRL) != 0;
    const std::optional<GizmoDrag> drag = dragHandle(drag_.gizmo, *drag_.handle, drag_.pressRay, ray, snap);
    if (!drag) return;  // the ray says nothing this frame (along the axis): the objects stay
    std::vector<std::pair<std::size_t, scene::Object>> changes;
    for (const auto& [index, original] : drag_.originals) {
        const std::optional<scene::Object> moved = applyDrag(original, drag_.gizmo, *drag_.handle, *drag);
        if (!moved) {
            if (std::holds_alternative<Aabb>(original.shape) && drag_.handle->kind == GizmoHandle::Kind::Ring)
                message(original.name + " is an axis-aligned box (aabb): it cannot turn; a box can", true);
            return;
        }
        changes.emplace_back(index, *moved);
    }
    constexpr const char* kVerbs[] = {"move", "rotate", "scale"};
    const std::string verb = kVerbs[static_cast<int>(drag_.gizmo.mode)];
    const Editor::Outcome outcome = editor_.replace(
        changes, drag_.gesture,
        verb + " " + (changes.size() == 1 ? changes[0].second.name : std::to_string(changes.size()) + " objects"));
    if (outcome.refused) message(outcome.message, true);
}

void App::moveDragged(const FrameMatrices& frame) {
    const Ray ray =
        cursorRay(cursorPixel(mouse_, frame), frame.view, frame.projection, frame.viewport, frame.clipDepth);
    const float facing = glm::dot(ray.direction, drag_.planeNormal);
    if (std::abs(facing) < 1e-4f) return;  // ray along the plane: no defined point
    const float t = glm::dot(drag_.planePoint - ray.origin, drag_.planeNormal) / facing;
    const glm::vec3 point = pointAt(ray, t);
    editor_.move(drag_.object, point - drag_.planePoint, drag_.gesture);
    drag_.planePoint = point;
}

}  // namespace pickray::app

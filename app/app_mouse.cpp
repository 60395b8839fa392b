// SPDX-License-Identifier: MIT
// The mouse in the view, as editors have it (three.js editor, Blender, Godot):
//   * a left press on an object picks it, selects it (ctrl adds to the selection) and grabs it at
//     the hit point; once the cursor has gone kDragThreshold pixels from the press, the object
//     follows the cursor in the plane facing the camera (one undo step for the whole drag);
//   * a left press on the background that is released within the threshold is a click: it picks
//     nothing and clears the selection (ctrl keeps it); past the threshold it orbits instead and
//     keeps the pick, so the ray can be seen from the side;
//   * a right press orbits, a middle (or shift-left) press pans.
// The threshold is judged here, from SDL's own events (ImGui 1.86's backend reads a mouse state
// that injected events do not move).
#include <cmath>
#include <cstdlib>

#include <glm/geometric.hpp>

#include "app.hpp"
#include "pickray/collision/ray.hpp"

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

        Pick pick = pickAt(editor_.index(), frame, press.position);
        performance_.pickMs = pick.queryMs;
        drag_ = Drag::of(Drag::Mode::Pending);
        drag_.pressedAt = press.position;
        drag_.ctrl = press.ctrl;
        if (auto hit = pick.nearest()) {
            clicks_.push_back(makeClickRecord(pick, false, editor_.scene()));
            editor_.commitPick(std::move(pick));
            editor_.select(hit->object, press.ctrl);
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
            if (drag_.grabbed) {
                drag_.mode = Drag::Mode::Move;
                drag_.gesture = editor_.beginGesture();
                moveDragged(frame);  // from the grab point to the cursor, as if it had moved all along
            } else {
                drag_.mode = Drag::Mode::Orbit;
            }
        }
    } else if (drag_.mode == Drag::Mode::Move && input_.motion != glm::ivec2(0)) {
        moveDragged(frame);
    }
    if (input_.releasedAfterPress) releasePress();
}

void App::releasePress() {
    if (drag_.mode == Drag::Mode::Pending && drag_.backgroundPick) {  // a click on the background
        clicks_.push_back(makeClickRecord(*drag_.backgroundPick, false, editor_.scene()));
        editor_.commitPick(std::move(*drag_.backgroundPick));
        if (!drag_.ctrl) editor_.select(std::nullopt, false);
    }
    drag_ = Drag{};
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

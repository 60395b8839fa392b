// SPDX-License-Identifier: MIT
// The mouse in the view: a left click picks and selects (ctrl adds to the selection), a left
// press on an object grabs it and a drag moves it in the plane facing the camera, a left press on
// the background or a right press orbits, a middle (or shift-left) press pans.
#include <cmath>

#include <glm/geometric.hpp>

#include "app.hpp"
#include "pickray/collision/ray.hpp"

namespace pickray::app {

void App::handleMouse(const FrameMatrices& frame, bool mouseOnUi) {
    if (!frame.pickable) {
        // No pixels to click on (minimised): a press has no ray; nothing is picked or recorded.
        drag_.mode = Drag::Mode::None;
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
        if (press.button == SDL_BUTTON_RIGHT) drag_.mode = Drag::Mode::Orbit;
        if (press.button == SDL_BUTTON_MIDDLE || (press.button == SDL_BUTTON_LEFT && press.shift))
            drag_.mode = Drag::Mode::Pan;
        if (press.button != SDL_BUTTON_LEFT || press.shift) continue;

        const Pick& pick = editor_.pick(frame, press.position);
        performance_.pickMs = pick.queryMs;
        clicks_.push_back(makeClickRecord(pick, false, editor_.scene()));
        if (auto hit = pick.nearest()) {
            editor_.select(hit->object, press.ctrl);
            const scene::Camera& camera = editor_.scene().camera;
            drag_ = Drag{Drag::Mode::Move, hit->object, hit->hit.point, glm::normalize(camera.target - camera.eye)};
        } else {
            if (!press.ctrl) editor_.select(std::nullopt, false);
            drag_.mode = Drag::Mode::Orbit;
        }
    }
    if (input_.releasedAfterPress) drag_.mode = Drag::Mode::None;
    if (drag_.mode == Drag::Mode::Move && input_.motion != glm::ivec2(0)) moveDragged(frame);
}

void App::moveDragged(const FrameMatrices& frame) {
    const Ray ray =
        cursorRay(cursorPixel(mouse_, frame), frame.view, frame.projection, frame.viewport, frame.clipDepth);
    const float facing = glm::dot(ray.direction, drag_.planeNormal);
    if (std::abs(facing) < 1e-4f) return;  // ray along the plane: no defined point
    const float t = glm::dot(drag_.planePoint - ray.origin, drag_.planeNormal) / facing;
    const glm::vec3 point = pointAt(ray, t);
    editor_.move(drag_.object, point - drag_.planePoint);
    drag_.planePoint = point;
}

}  // namespace pickray::app

// SPDX-License-Identifier: MIT
#include "editor/pick.hpp"

#include <chrono>

#include <glm/common.hpp>

#include "scene/camera_math.hpp"

namespace pickray::app {

FrameMatrices frameMatrices(const scene::Camera& camera, glm::ivec2 windowSize, glm::ivec2 drawableSize) {
    FrameMatrices f;
    if (glm::min(drawableSize.x, drawableSize.y) <= 0) {
        // No pixels (minimised): no aspect ratio, so no projection (GLM asserts on aspect 0 in
        // Debug builds); the frame stays not pickable, with identity matrices and a 0 viewport.
        f.viewport = Viewport{0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 1.0f};
        f.clipDepth = camera.clipDepth;
        return f;
    }
    const glm::vec2 drawable(drawableSize);
    f.view = scene::viewMatrix(camera);
    f.projection = scene::projectionMatrix(camera, drawable.x / drawable.y);
    f.drawViewProjection = scene::glClipRemap(camera.clipDepth) * f.projection * f.view;
    f.viewport = Viewport{0.0f, 0.0f, drawable.x, drawable.y, 0.0f, 1.0f};
    f.clipDepth = camera.clipDepth;
    // A window of 0 units with a drawable of some pixels (seen nowhere yet): no NaN scale either.
    f.pixelsPerWindowUnit =
        glm::min(windowSize.x, windowSize.y) > 0 ? drawable / glm::vec2(windowSize) : glm::vec2(1.0f);
    f.pickable = isValidPickingSetup(f.view, f.projection, f.viewport);
    return f;
}

glm::vec2 cursorPixel(glm::ivec2 window, const FrameMatrices& frame) noexcept {
    return (glm::vec2(window) + 0.5f) * frame.pixelsPerWindowUnit;
}

Pick pickAt(const scene::SceneIndex& index, const FrameMatrices& frame, glm::ivec2 cursorWindow) {
    Pick p;
    p.cursorWindow = cursorWindow;
    p.cursor = cursorPixel(cursorWindow, frame);
    p.ray = cursorRay(p.cursor, frame.view, frame.projection, frame.viewport, frame.clipDepth);
    refresh(p, index);
    return p;
}

void refresh(Pick& pick, const scene::SceneIndex& index) {
    const auto start = std::chrono::steady_clock::now();
    pick.hits = index.allHits(pick.ray);
    pick.spans = index.lineSpans(pick.ray);
    pick.queryMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

ClickRecord makeClickRecord(const Pick& pick, bool onUi, const scene::Scene& scene) {
    ClickRecord record{pick, onUi, false, {}};
    if (onUi) record.pick.hits.clear();
    for (const scene::ObjectHit& h : record.pick.hits) record.hitNames.push_back(scene.objects.at(h.object).name);
    return record;
}

}  // namespace pickray::app

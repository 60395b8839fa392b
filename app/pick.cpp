#include "pick.hpp"

#include <chrono>

#include "pickray/scene/camera_math.hpp"

namespace pickray::app {

FrameMatrices frameMatrices(const scene::Camera& camera, glm::ivec2 windowSize, glm::ivec2 drawableSize) {
    FrameMatrices f;
    const glm::vec2 drawable(drawableSize);
    f.view = scene::viewMatrix(camera);
    f.projection = scene::projectionMatrix(camera, drawable.x / drawable.y);
    f.drawViewProjection = scene::glClipRemap(camera.clipDepth) * f.projection * f.view;
    f.viewport = Viewport{0.0f, 0.0f, drawable.x, drawable.y, 0.0f, 1.0f};
    f.clipDepth = camera.clipDepth;
    f.pixelsPerWindowUnit = drawable / glm::vec2(windowSize);
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

}  // namespace pickray::app

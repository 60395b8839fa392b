// SPDX-License-Identifier: MIT
#include "editor/pick.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include "scene/camera_math.hpp"

namespace pickray::app {

FrameMatrices frameMatrices(const scene::Camera& camera, glm::ivec2 windowSize, glm::ivec2 drawableSize) {
    FrameMatrices f;
    f.camera = camera;
    if (glm::min(drawableSize.x, drawableSize.y) <= 0) {
        // No pixels (minimised): no aspect ratio, so no projection (GLM asserts on aspect 0 in
        // Debug builds); the frame stays not pickable, with identity matrices and a 0 viewport.
        f.viewport = Viewport{0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 1.0f};
        f.clipDepth = camera.clipDepth;
        return f;
    }
    const glm::vec2 drawable(drawableSize);
    f.view = scene::viewMatrix(camera);
    f.rotationView = scene::rotationViewMatrix(camera);
    f.eye = camera.eye;
    f.pixelAtTarget = scene::worldPerPixel(camera, camera.target, drawable.y);
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

Unprojection clickUnprojection(const FrameMatrices& frame) noexcept {
    return Unprojection(frame.rotationView, frame.projection, frame.viewport, frame.clipDepth, glm::dvec3(frame.eye));
}

Ray clickRay(glm::vec2 cursor, const FrameMatrices& frame) noexcept { return clickUnprojection(frame).ray(cursor); }

float farPlaneT(const Ray& ray, glm::vec2 cursor, const FrameMatrices& frame) noexcept {
    // The far plane's point under the cursor relative to the eye, as clickRay builds the ray.
    return farPlaneT(ray, clickUnprojection(frame).screenToWorld(glm::vec3(cursor, frame.viewport.maxZ)),
                     glm::dvec3(frame.eye));
}

float farPlaneT(const Ray& ray, glm::vec3 farFromEye, glm::dvec3 eye) noexcept {
    // t along the ray in double (exact far from the world origin too).
    const auto t =
        static_cast<float>(glm::dot(eye + glm::dvec3(farFromEye) - glm::dvec3(ray.origin), glm::dvec3(ray.direction)));
    // An infinite far plane (or none) puts its point at infinity or NaN: nothing is clipped.
    return std::isfinite(t) ? t : std::numeric_limits<float>::infinity();
}

Pick pickAtPixel(const scene::SceneIndex& index, const FrameMatrices& frame, glm::vec2 cursor) {
    Pick p;
    p.cursor = cursor;
    p.frame = frame;
    p.cursorWindow = glm::ivec2(glm::floor(cursor / frame.pixelsPerWindowUnit));
    p.ray = clickRay(p.cursor, frame);
    p.tFar = farPlaneT(p.ray, p.cursor, frame);
    refresh(p, index);
    return p;
}

Pick pickAt(const scene::SceneIndex& index, const FrameMatrices& frame, glm::ivec2 cursorWindow) {
    Pick p = pickAtPixel(index, frame, cursorPixel(cursorWindow, frame));
    p.cursorWindow = cursorWindow;
    return p;
}

void refresh(Pick& pick, const scene::SceneIndex& index) {
    const auto start = std::chrono::steady_clock::now();
    pick.hits = index.allHits(pick.ray);
    std::erase_if(pick.hits, [&](const scene::ObjectHit& h) { return h.hit.t > pick.tFar; });
    pick.spans = index.lineSpans(pick.ray);
    pick.queryMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

ClickRecord makeClickRecord(const Pick& pick, bool onUi, const scene::Scene& scene) {
    ClickRecord record{pick, onUi, false, {}, {}};
    if (onUi) record.pick.hits.clear();
    for (const scene::ObjectHit& h : record.pick.hits) record.hitNames.push_back(scene.objects.at(h.object).name);
    if (const auto n = record.pick.picked()) record.nearestShape = scene.objects.at(n->object).shape;
    return record;
}

}  // namespace pickray::app
